/**
 * The steps (decision): who buys (name, e-mail; an account can log in here),
 * then delivery, then payment, then review. The delivery step asks the method first (country, then
 * courier / parcel locker / store pickup, as the big Baltic shops do) and only then the fields that
 * method needs (domain address-rules.ts REQUIRED_ADDRESS_FIELDS): a courier asks the home address and
 * phone; a parcel locker or the store asks the pickup point and the phone only, with the store's
 * address and opening hours shown. The order API takes a pickup order without a street and refuses
 * a courier one without it (lib/home-address.ts).
 */
export const STEPS = ['personal', 'shipping', 'payment', 'review'] as const;
export type Step = (typeof STEPS)[number];

/**
 * What /checkout shows instead of the steps, or 'steps':
 * - 'queued': an order queued on the device while offline: shown as queued;
 * - 'loading': the cart is still read from the device;
 * - 'unconnected': a cart with no server id yet: online it is being connected;
 *   offline it goes on with the cached methods, unless the device has none (or the shop refused
 *   the cart: sync disabled);
 * - 'empty': nothing to buy.
 */
export type CheckoutScreen = 'queued' | 'loading' | 'unconnected' | 'empty' | 'steps';

export function checkoutScreen(c: {
  queuedOrderId: string | null;
  cartLoaded: boolean;
  itemCount: number;
  cartToken: string | null;
  online: boolean;
  syncDisabled: boolean;
  /** the checkout options cached on the device (null: none; undefined: not read yet) */
  hasCachedOptions: boolean;
}): CheckoutScreen {
  if (c.queuedOrderId) return 'queued';
  if (!c.cartLoaded) return 'loading';
  if (c.itemCount && !c.cartToken && (c.online || c.syncDisabled || !c.hasCachedOptions))
    return 'unconnected';
  if (!c.itemCount) return 'empty';
  return 'steps';
}
