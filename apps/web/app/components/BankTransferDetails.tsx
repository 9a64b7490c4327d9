import { formatPrice } from '@vitrina/domain';
import { useCheckoutT } from '../i18n/checkout';
import { Badge } from './ui/Badge';
import type { OrderSummary } from '../lib/types';

type Instructions = NonNullable<OrderSummary['bank_transfer']>;

/**
 * Where an unpaid bank transfer goes (the shop's account from its settings): recipient, bank, IBAN,
 * amount, payment reference and the last day to pay. The thank-you page and the account's order page.
 */
export function BankTransferDetails({ bank }: { bank: Instructions }) {
  const t = useCheckoutT();
  return (
    <>
      {bank.demo ? (
        <p data-testid="bank-demo">
          <Badge tone="demo">{t('footer.demoCompany')}</Badge> {t('thankYou.bankDemo')}
        </p>
      ) : null}
      <dl className="bank-details" data-testid="bank-details">
        <div>
          <dt>{t('thankYou.beneficiary')}</dt>
          <dd>{bank.beneficiary}</dd>
        </div>
        <div>
          <dt>{t('thankYou.bank')}</dt>
          <dd>{bank.bank_name}</dd>
        </div>
        <div>
          <dt>{t('thankYou.iban')}</dt>
          <dd className="iban">{bank.iban}</dd>
        </div>
        <div>
          <dt>{t('thankYou.amount')}</dt>
          <dd>{formatPrice(bank.amount, t.storeCode)}</dd>
        </div>
        <div>
          <dt>{t('thankYou.reference')}</dt>
          <dd>{bank.reference}</dd>
        </div>
        <div>
          <dt>{t('thankYou.dueDate')}</dt>
          <dd>
            <time dateTime={bank.due_date}>{bank.due_date}</time>
          </dd>
        </div>
      </dl>
    </>
  );
}
