// The cart: an item's identity and merge, the money of a cart and of the order placed from it, coupon
// limits, the wish list and compare lists.
export * from './cart-identity.ts';
export * from './cart-money.ts';
export * from './coupon-limits.ts';
export * from './saved-lists.ts';
export * from './concurrent-edits.ts';
