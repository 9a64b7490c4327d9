import { formatPrice } from '@vitrina/domain';
import { useT } from '../../../i18n';
import type { PaymentMethod } from '../../../lib/types';

/** The payment methods offered, one radio each, with the method's fee when it has one. */
export function PaymentMethodList({
  methods,
  chosen,
  onChoose,
}: {
  methods: PaymentMethod[];
  chosen: string | null;
  onChoose: (code: string) => void;
}) {
  const t = useT();
  return (
    <fieldset className="methods">
      <legend>{t('checkout.paymentMethod')}</legend>
      {methods.map((m) => (
        <div key={m.code} className="method">
          <input
            type="radio"
            id={`pay-${m.code}`}
            name="paymentMethod"
            checked={chosen === m.code}
            onChange={() => onChoose(m.code)}
          />
          <label htmlFor={`pay-${m.code}`}>
            {m.title}
            {m.cost_incl_tax ? (
              <>
                {' '}
                <span className="price">{formatPrice(m.cost_incl_tax, t.storeCode)}</span>
              </>
            ) : null}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
