import { localizedPath } from '@vitrina/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../../../api-client/use-api';
import { useAfterSaleT } from '../../../i18n/after-sale';
import { user } from '../../../state/user';

/**
 * The customer's personal data (GDPR art. 15, 17, 20): a download of everything the shop holds about
 * them (JSON, the API's export) and the deletion of the account, confirmed by the password.
 */
export function PrivacySection() {
  const t = useAfterSaleT();
  const api = useApi();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const download = async () => {
    setMessage(null);
    try {
      const data = await api.afterSale.exportMyData();
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      const a = document.createElement('a');
      a.href = url;
      a.download = `my-data-${new Date().toISOString().slice(0, 10)}.json`;
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      setMessage(t('privacy.failed'));
    }
  };

  return (
    <section className="account-privacy" aria-labelledby="privacy-title">
      <h2 id="privacy-title">{t('privacy.title')}</h2>
      <p>{t('privacy.intro')}</p>
      <p>
        <button type="button" className="btn" onClick={download} data-testid="privacy-download">
          {t('privacy.download')}
        </button>
      </p>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setMessage(null);
          try {
            await api.afterSale.eraseMe(password);
            await user.logout({ silent: true, remote: false });
            await navigate(localizedPath(t.storeCode, '/'));
          } catch (err) {
            setMessage(err instanceof Error && err.message ? err.message : t('privacy.failed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <h3>{t('privacy.deleteTitle')}</h3>
        <p>{t('privacy.deleteText')}</p>
        <div className="field">
          <label htmlFor="privacy-password">{t('privacy.password')}</label>
          <input
            id="privacy-password"
            type="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {message ? (
          <p className="field-error" role="alert">
            {message}
          </p>
        ) : null}
        <p>
          <button type="submit" className="btn" disabled={busy}>
            {t('privacy.delete')}
          </button>
        </p>
      </form>
    </section>
  );
}
