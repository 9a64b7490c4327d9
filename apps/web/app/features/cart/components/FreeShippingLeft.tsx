import { formatPrice } from '@vitrina/domain';
import { useCartT } from '../../../i18n/cart';
import type { Totals } from '../../../lib/types';

/**
 * "Add 38,50 € more for free delivery", from the server's totals answer
 * (free_shipping_remaining); nothing when no paid method of the cart's country has a threshold.
 */
export function FreeShippingLeft({ totals }: { totals: Totals }) {
  const t = useCartT();
  const from = totals.free_shipping_from;
  const left = totals.free_shipping_remaining;
  if (from == null || left == null) return null;
  const reached = left === 0;
  return (
    <div className={`free-shipping${reached ? ' reached' : ''}`} data-testid="free-shipping">
      <p>
        {reached
          ? t('cart.freeShippingReached')
          : t('cart.freeShippingLeft', { amount: formatPrice(left, t.storeCode) })}
      </p>
      {/* decorative: the sentence above says it */}
      <progress max={from} value={Math.min(from, from - left)} aria-hidden="true" />
    </div>
  );
}
