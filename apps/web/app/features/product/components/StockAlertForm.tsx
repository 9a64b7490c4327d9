import { emailField } from '../../../components/account/forms';
import { FieldForm } from '../../../components/FieldForm';
import { useStockAlertForm } from '../hooks/use-stock-alert-form';

/**
 * The stock notification request (a screen of the spec's dictionaries): an e-mail address
 * for an out-of-stock sku; the shop writes when it is back (hooks/use-stock-alert-form.ts).
 */
export function StockAlertForm({ sku }: { sku: string }) {
  const { t, form: f } = useStockAlertForm(sku);
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
