import { useAccountT } from '../i18n/account';
import { useApi } from '../api-client/use-api';
import { useUser } from '../state/user';
import { emailField, emailRules } from './account/forms';
import { useForm } from './account/use-form';
import { FieldForm } from './FieldForm';

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
      <FieldForm
        form={f}
        idPrefix={id}
        intro={<p>{t('stockAlert.intro')}</p>}
        fields={[emailField(t('auth.email'))]}
        submitLabel={t('stockAlert.submit')}
        buttonClassName="btn"
        done={<p role="status">{t('stockAlert.done', { email: f.result ?? '' })}</p>}
      />
    </section>
  );
}
