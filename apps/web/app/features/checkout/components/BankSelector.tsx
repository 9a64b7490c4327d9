import { useCheckoutT } from '../../../i18n/checkout';
import type { Bank } from '../../../lib/types';

/**
 * The NEOPAY bank selector (accounts-checkout-routes.md §4 "Bank payment"): one radio per bank of
 * `GET /neopay/payment/banks/{clientId}`, plus "choose at NEOPAY" (no bank: the provider's own list).
 */
export function BankSelector({
  banks,
  value,
  onChange,
  loading,
}: {
  banks: Bank[] | null;
  value: string | undefined;
  onChange: (bic: string | undefined) => void;
  loading?: boolean;
}) {
  const t = useCheckoutT();
  return (
    <fieldset className="methods banks">
      <legend>{t('checkout.bank')}</legend>
      {loading ? <p>{t('common.loading')}</p> : null}
      {banks?.some((b) => b.sandbox) ? <p className="sandbox-note">{t('checkout.bankSandbox')}</p> : null}
      {(banks ?? []).map((b) => (
        <div key={b.bic} className="method">
          <input
            type="radio"
            id={`bank-${b.bic}`}
            name="bank"
            checked={value === b.bic}
            onChange={() => onChange(b.bic)}
          />
          <label htmlFor={`bank-${b.bic}`}>{b.name}</label>
        </div>
      ))}
      <div className="method">
        <input
          type="radio"
          id="bank-none"
          name="bank"
          checked={!value}
          onChange={() => onChange(undefined)}
        />
        <label htmlFor="bank-none">{t('checkout.bankLater')}</label>
      </div>
    </fieldset>
  );
}
