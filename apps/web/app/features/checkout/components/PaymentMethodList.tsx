import { formatPrice } from '@vitrina/domain';
import { useCheckoutT } from '../../../i18n/checkout';
import type { PaymentMethod } from '../../../lib/types';
import { paymentMark, paymentNoteKey } from '../rules/method-marks';
import { MethodTile } from './MethodTile';

/** The payment methods offered as tiles: mark, name, how paying with it works, its fee when it has one. */
export function PaymentMethodList({
  methods,
  chosen,
  onChoose,
}: {
  methods: PaymentMethod[];
  chosen: string | null;
  onChoose: (code: string) => void;
}) {
  const t = useCheckoutT();
  return (
    <fieldset className="methods method-tiles">
      <legend>{t('checkout.paymentMethod')}</legend>
      {methods.map((m) => {
        const note = paymentNoteKey(m);
        return (
          <MethodTile
            key={m.code}
            id={`pay-${m.code}`}
            name="paymentMethod"
            checked={chosen === m.code}
            onChoose={() => onChoose(m.code)}
            mark={paymentMark(m)}
            title={m.title}
            note={note ? t(note) : null}
            price={m.cost_incl_tax ? formatPrice(m.cost_incl_tax, t.storeCode) : null}
          />
        );
      })}
    </fieldset>
  );
}
