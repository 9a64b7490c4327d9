import { useAccountT } from '../i18n/account';
import { useApi } from '../lib/use-api';
import { useUser } from '../state/user';
import { FormAlert, emailRules } from './account/forms';
import { useForm } from './account/use-form';
import { Field } from './Field';

interface StockAlertValues extends Record<string, string> {
  email: string;
}

/**
 * The stock notification request (issue #6; a screen of the spec's dictionaries): an e-mail address
 * for an out-of-stock sku; the shop writes when it is back (`POST /stock-alert/create`).
 */
export function StockAlertForm({ sku }: { sku: string }) {
  const t = useAccountT();
  const api = useApi();
  const profile = useUser((s) => s.current);
  const f = useForm<StockAlertValues, never, string>({
    t,
    initial: () => ({ email: profile?.email ?? '' }),
    rules: { email: emailRules },
    submit: async (v) => {
      const email = v.email.trim();
      await api.stockAlert.create(email, sku);
      return email;
    },
  });
  const id = `stock-alert-${sku.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <section aria-labelledby={`${id}-title`} className="stock-alert">
      <h2 id={`${id}-title`}>{t('stockAlert.title')}</h2>
      {f.done ? (
        <p role="status">{t('stockAlert.done', { email: f.result ?? '' })}</p>
      ) : (
        <form ref={f.form} noValidate onSubmit={f.onSubmit}>
          <p>{t('stockAlert.intro')}</p>
          <FormAlert>{f.alert}</FormAlert>
          <Field
            id={`${id}-email`}
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...f.bind('email')}
          />
          <button type="submit" className="btn" disabled={f.busy}>
            {f.busy ? t('auth.wait') : t('stockAlert.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
