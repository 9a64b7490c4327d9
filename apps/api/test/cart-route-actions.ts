/**
 * Random writes of a cart through its routes, for the cart's property tests: lines added, changed
 * and removed, coupons, shipping and payment methods (catalogue-and-cart.md §7 "Cart").
 */
import fc from 'fast-check';
import { address, type TestApi } from './helpers.ts';

export const CART_TEST_SKUS = ['PHN-2001', 'ACC-3001', 'ACC-3002', 'LAP-1002', 'SW-5001'] as const;

export type CartRouteAction =
  | { kind: 'add'; sku: string; qty: number }
  | { kind: 'change'; pick: number; qty: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'coupon'; code: string }
  | { kind: 'deleteCoupon' }
  | { kind: 'shipping'; country: string; method: string; payment: string | undefined };

/** the route writes, weighted for `fc.oneof` (a test adds its own kinds beside them) */
export const cartRouteActions = [
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      sku: fc.constantFrom(...CART_TEST_SKUS),
      qty: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      pick: fc.nat(5),
      qty: fc.integer({ min: 1, max: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(5) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('coupon' as const),
      code: fc.constantFrom('SAVE10', 'FIXED5', 'save10', 'BIGSPENDER'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'deleteCoupon' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('shipping' as const),
      country: fc.constantFrom('LT', 'LV', 'EE'),
      method: fc.constantFrom('courier', 'omniva'),
      payment: fc.constantFrom(undefined, 'cashondelivery', 'banktransfer'),
    }),
  },
] satisfies { weight: number; arbitrary: fc.Arbitrary<CartRouteAction> }[];

export const cartUrl = (path: string, cart: string, extra = '') =>
  `/vsbridge/cart/${path}?cartId=${encodeURIComponent(cart)}&storeCode=en${extra}`;

export async function createCart(api: TestApi): Promise<string> {
  return (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
}

/**
 * Makes `a` through its route; `extra` is added to the address (`&withTotals=1`). Answers the route's
 * answer, or undefined for a change or removal of a cart without lines (nothing to pick).
 */
export async function writeCart(api: TestApi, cart: string, a: CartRouteAction, extra = '') {
  const url = (path: string, more = '') => cartUrl(path, cart, more + extra);
  if (a.kind === 'add')
    return api.call({
      method: 'POST',
      url: url('update'),
      payload: { cartItem: { sku: a.sku, qty: a.qty } },
    });
  if (a.kind === 'change' || a.kind === 'delete') {
    const lines = (await api.call(cartUrl('pull', cart))).body.result as { item_id: number; sku: string }[];
    const line = lines[a.pick % Math.max(1, lines.length)];
    if (!line) return undefined;
    const cartItem = { sku: line.sku, item_id: line.item_id, ...(a.kind === 'change' ? { qty: a.qty } : {}) };
    return api.call({
      method: 'POST',
      url: url(a.kind === 'change' ? 'update' : 'delete'),
      payload: { cartItem },
    });
  }
  if (a.kind === 'coupon') return api.call({ method: 'POST', url: url('apply-coupon', `&coupon=${a.code}`) });
  if (a.kind === 'deleteCoupon') return api.call({ method: 'POST', url: url('delete-coupon') });
  // the shipping write answers its totals in its result, with or without `extra`
  return api.call({
    method: 'POST',
    url: cartUrl('shipping-information', cart),
    payload: {
      addressInformation: {
        shippingAddress: address({ countryId: a.country }),
        shippingCarrierCode: a.method,
        shippingMethodCode: a.method,
        ...(a.payment ? { paymentMethodCode: a.payment } : {}),
      },
    },
  });
}
