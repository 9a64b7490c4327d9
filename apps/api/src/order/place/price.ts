/** Step 5: the order's totals by the cart's own rules (cart/pricing.ts totalsOf). */
import { totalsOf } from '../../cart/pricing.ts';
import { checkStock } from './look-at-stock.ts';
import type { CheckedOrder, PlaceOrderDeps, Priced } from './types.ts';

/** step 5: the totals the cart showed for these lines, methods and coupon; a bundle's chosen products' stock */
export async function price(deps: PlaceOrderDeps, o: CheckedOrder): Promise<Priced> {
  if (o.priced.some((l) => l.bundle_picks?.length)) await checkStock(deps, o);
  const [config, settings] = await Promise.all([deps.carts.pricingConfig(), deps.carts.settingsNow()]);
  const totals = totalsOf(config, o.tax, {
    lines: o.priced,
    coupon: o.coupon,
    shippingMethod: o.shipping,
    paymentMethod: o.payment,
    storeCode: o.store,
    now: new Date(),
  });
  return { totals, settings };
}
