import { formatPrice, isStorePickup } from '@vitrina/domain';
import { shopDeliveryDays } from '../../../i18n';
import { useCheckoutT } from '../../../i18n/checkout';
import type { ShippingMethod } from '../../../lib/types';
import type { ChosenShippingMethod } from '../../../state/checkout';
import { deliveryPromise } from '../../../lib/delivery-days';
import { shippingMark } from '../rules/method-marks';
import { isChosenMethod, methodLabel, methodPrice } from '../rules/shipping-methods';
import { MethodTile } from './MethodTile';

/**
 * The delivery methods of the country as tiles: the method's mark and name, when an order placed now
 * arrives (or can be collected) by the shop's settings, and its price ("Free" at 0); "Loading…"
 * while they are asked (`methods` null), a refusal when the country has none.
 */
export function ShippingMethodList({
  methods,
  chosen,
  error,
  onChoose,
}: {
  methods: ShippingMethod[] | null;
  chosen: ChosenShippingMethod | null;
  error: string | null;
  onChoose: (m: ShippingMethod) => void;
}) {
  const t = useCheckoutT();
  if (!methods) return <p className="muted">{t('common.loading')}</p>;
  if (!methods.length) return <p className="field-error">{t('checkout.noShippingMethods')}</p>;
  const now = new Date();
  return (
    <fieldset
      className="methods method-tiles"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'shipping-method-error' : undefined}
    >
      <legend>{t('checkout.shippingMethod')}</legend>
      {methods.map((m) => {
        const id = `ship-${m.carrier_code}-${m.method_code}`;
        // the working days of the shop's settings, as the footer and the product page promise them
        const when = deliveryPromise(now, isStorePickup(m), shopDeliveryDays(t.storeCode), t.storeCode);
        return (
          <MethodTile
            key={id}
            id={id}
            name="shippingMethod"
            checked={isChosenMethod(m, chosen)}
            onChoose={() => onChoose(m)}
            mark={shippingMark(m)}
            title={methodLabel(m)}
            note={
              when.kind === 'collect'
                ? t('checkout.collectWhen', { day: when.days })
                : t('checkout.deliveryWhen', { days: when.days })
            }
            price={methodPrice(m) > 0 ? formatPrice(methodPrice(m), t.storeCode) : t('checkout.free')}
          />
        );
      })}
      {error ? (
        <p id="shipping-method-error" className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
