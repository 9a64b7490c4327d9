import { formatPrice } from '@vitrina/domain';
import { useOtherPagesT } from '../i18n/other-pages';
import { forCountry } from '../lib/for-country';
import type { DeliveryOptions } from '../lib/types';
import { useDeliveryOptionsFor } from '../state/delivery-country';

/**
 * The delivery page's prices: every shipping method with its fee and free-shipping threshold, as the
 * server charges them for the shopper's delivery country once it is known (its VAT), else for the
 * shop's own country, which the heading names ("Delivery prices for Lithuania").
 */
export function DeliveryFees({ given }: { given: DeliveryOptions | null }) {
  const t = useOtherPagesT();
  const delivery = useDeliveryOptionsFor(given);
  if (!delivery || delivery.shipping_methods.length === 0) return null;
  const ownCountry = delivery.country_id === given?.country_id;
  return (
    <section className="delivery-fees" aria-labelledby="delivery-fees-heading">
      <h2 id="delivery-fees-heading">
        {t('delivery.feesHeading', { forCountry: forCountry(t, delivery.country_id) })}
      </h2>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">{t('delivery.method')}</th>
              <th scope="col">{t('delivery.price')}</th>
              <th scope="col">{t('delivery.freeFrom')}</th>
            </tr>
          </thead>
          <tbody>
            {delivery.shipping_methods.map((m) => (
              <tr key={m.code}>
                <th scope="row">{m.title}</th>
                <td>
                  {m.price_incl_tax === 0 ? t('delivery.free') : formatPrice(m.price_incl_tax, t.storeCode)}
                </td>
                <td>
                  {m.price_incl_tax === 0
                    ? '—'
                    : m.free_from_incl_tax === null
                      ? t('delivery.notFree')
                      : formatPrice(m.free_from_incl_tax, t.storeCode)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('delivery.vatNote')}</p>
      {ownCountry ? <p className="muted">{t('delivery.otherCountry')}</p> : null}
    </section>
  );
}
