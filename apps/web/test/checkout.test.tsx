import { cartHash } from '@vitrina/domain';
import { describe, expect, it } from 'vitest';
import {
  checkout,
  idempotencyKeyFor,
  initialCheckout,
  isInCheckout,
  updateCheckout,
} from '../app/state/checkout';

describe('checkout state', () => {
  it('keeps one idempotency key per cart until the order is confirmed', () => {
    checkout.set(initialCheckout);
    const items = [{ sku: 'A', qty: 1 }];
    const hash = cartHash(items, 'cart-1');
    const key = idempotencyKeyFor(hash);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // A retry of the same cart (e.g. after a network error) sends the same key.
    expect(idempotencyKeyFor(hash)).toBe(key);
    // A changed cart is another order.
    const other = idempotencyKeyFor(cartHash([{ sku: 'A', qty: 2 }], 'cart-1'));
    expect(other).not.toBe(key);
    // After a 200 the key is spent.
    updateCheckout({ idempotency: null });
    expect(idempotencyKeyFor(hash)).not.toBe(key);
  });

  it('counts as in checkout for 30 minutes after the last change', () => {
    const now = Date.now();
    expect(isInCheckout({ ...initialCheckout, modifiedAt: now - 29 * 60_000 }, now)).toBe(true);
    expect(isInCheckout({ ...initialCheckout, modifiedAt: now - 30 * 60_000 }, now)).toBe(false);
  });
});
