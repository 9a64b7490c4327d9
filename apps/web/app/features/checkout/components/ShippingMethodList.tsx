import { formatPrice } from '@vitrina/domain';
import { useT } from '../../../i18n';
import type { ShippingMethod } from '../../../lib/types';
import type { ChosenShippingMethod } from '../../../state/checkout';
import { isChosenMethod, methodLabel, methodPrice } from '../rules/shipping-methods';

/**
 * The delivery methods of the country, one radio each with its price ("Free" at 0); "Loading…"
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
  const t = useT();
  if (!methods) return <p className="muted">{t('common.loading')}</p>;
  if (!methods.length) return <p className="field-error">{t('checkout.noShippingMethods')}</p>;
  return (
    <fieldset
      className="methods"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'shipping-method-error' : undefined}
    >
      <legend>{t('checkout.shippingMethod')}</legend>
      {methods.map((m) => {
        const id = `ship-${m.carrier_code}-${m.method_code}`;
        return (
          <div key={id} className="method">
            <input
              type="radio"
              id={id}
              name="shippingMethod"
              checked={isChosenMethod(m, chosen)}
              onChange={() => onChoose(m)}
            />
            <label htmlFor={id}>
              {methodLabel(m)}{' '}
              <span className="price">
                {methodPrice(m) > 0 ? formatPrice(methodPrice(m), t.storeCode) : t('checkout.free')}
              </span>
            </label>
          </div>
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
