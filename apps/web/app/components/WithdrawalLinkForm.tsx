import { validateRequired } from '@vitrina/domain';
import { useT } from '../i18n';
import { useAfterSaleT } from '../i18n/after-sale';
import { useApi } from '../api-client/use-api';
import { emailField, emailRules } from './account/forms';
import { useForm } from './account/use-form';
import { FieldForm } from './FieldForm';

interface LinkValues extends Record<string, string> {
  number: string;
  email: string;
}

/**
 * The withdrawal page without an order (`/withdrawal`, the address the terms PDF names): a buyer
 * without the confirmation e-mail at hand types the order's number and the e-mail address it was
 * placed with, and the shop e-mails the order's own withdrawal link to the ORDER's address
 * (`POST /withdrawal/link`). The answer is the server's, the same whether or not an order matched.
 */
export function WithdrawalLinkForm() {
  const t = useAfterSaleT();
  const api = useApi();
  const f = useForm<LinkValues, never, string>({
    t: useT(),
    initial: { number: '', email: '' },
    rules: { number: [validateRequired], email: emailRules },
    submit: (v) => api.afterSale.withdrawalLink({ number: v.number.trim(), email: v.email.trim() }),
  });
  return (
    <section aria-labelledby="withdrawal-link-title" className="withdrawal-link">
      <h2 id="withdrawal-link-title">{t('withdrawalLink.title')}</h2>
      <FieldForm
        form={f}
        idPrefix="withdrawal-link"
        labelledBy="withdrawal-link-title"
        intro={<p>{t('withdrawalLink.intro')}</p>}
        fields={[
          {
            name: 'number',
            label: t('withdrawalLink.number'),
            autoComplete: 'off',
            required: true,
          },
          emailField(t('withdrawalLink.email')),
        ]}
        submitLabel={t('withdrawalLink.send')}
        done={
          <p role="status" data-testid="withdrawal-link-sent">
            {f.result}
          </p>
        }
      />
    </section>
  );
}
