// @vitest-environment jsdom
// Checkout client rules (accounts-checkout-routes.md §4 "Checkout"): details kept on the device on
// change and restored at start, without the password; "in checkout" for 30 minutes after the last
// change; after placement with no result code or 200 the order timestamp is stored, the cart cleared
// (without server sync: the caller's clearCart) and a chosen "create account" reset; any other code
// clears nothing. (Prefill after login: user.test.tsx "logs in: ... prefills checkout".)
import 'fake-indexeddb/auto';
import { IN_CHECKOUT_WINDOW_MS } from '@vitrina/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { idbGet } from '../app/state/idb';
import {
  afterOrderPlaced,
  checkout,
  initialCheckout,
  isInCheckout,
  updateCheckout,
  type CheckoutState,
} from '../app/state/checkout';

type Stored = Partial<CheckoutState> | undefined;

/** what the device holds, once the store's write has landed */
async function stored(expect: (s: Stored) => boolean): Promise<Stored> {
  for (let i = 0; i < 100; i++) {
    const value = (await idbGet('checkout')) as Stored;
    if (expect(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the checkout was not written to the device');
}

const details = {
  personalDetails: {
    firstName: 'Ona',
    lastName: 'Jonaitė',
    emailAddress: 'ona@example.com',
    password: 'slaptas-123',
    createAccount: true,
  },
  shippingDetails: {
    streetAddress: 'Gedimino pr. 1',
    apartmentNumber: '2',
    city: 'Vilnius',
    zipCode: 'LT-01103',
    country: 'LT',
    phoneNumber: '+37060000000',
  },
};

describe('checkout state on the device', () => {
  beforeEach(async () => {
    checkout.set(initialCheckout);
    await stored((s) => s === undefined || s.personalDetails?.firstName === '');
  });

  it('keeps the details on change and restores them at start, never the password', async () => {
    await checkout.ready;
    const before = Date.now();
    updateCheckout(details);
    expect(checkout.get().modifiedAt).toBeGreaterThanOrEqual(before);
    const onDevice = await stored((s) => s?.personalDetails?.firstName === 'Ona');
    expect(onDevice?.shippingDetails).toEqual(details.shippingDetails);
    expect(onDevice?.personalDetails).toEqual({ ...details.personalDetails, password: '' });
    expect(JSON.stringify(onDevice)).not.toContain('slaptas-123');

    // a new page load: a fresh store reads the device
    vi.resetModules();
    const fresh = await import('../app/state/checkout');
    expect(fresh.checkout.get().shippingDetails.city).toBe(''); // the server-rendered initial state
    await fresh.checkout.ready;
    expect(fresh.checkout.get().shippingDetails).toEqual(details.shippingDetails);
    expect(fresh.checkout.get().personalDetails).toEqual({ ...details.personalDetails, password: '' });
    expect(fresh.isInCheckout(fresh.checkout.get())).toBe(true);
  });

  it('counts as in checkout until 30 minutes after the last change', () => {
    updateCheckout({ paymentMethod: 'cashondelivery' });
    const last = checkout.get().modifiedAt;
    expect(isInCheckout(checkout.get(), last + IN_CHECKOUT_WINDOW_MS - 1)).toBe(true);
    expect(isInCheckout(checkout.get(), last + IN_CHECKOUT_WINDOW_MS)).toBe(false);
    expect(IN_CHECKOUT_WINDOW_MS).toBe(1_800_000);
    expect(isInCheckout(initialCheckout)).toBe(false);
  });

  it.each([undefined, 200])(
    'after placement with code %s: timestamp stored, cart cleared, "create account" reset',
    async (code) => {
      updateCheckout({ ...details, idempotency: { key: 'k-1', cartHash: 'h' } });
      const clearCart = vi.fn();
      expect(afterOrderPlaced(code, clearCart, 1_700_000_000_000)).toBe(true);
      expect(clearCart).toHaveBeenCalledTimes(1);
      const s = checkout.get();
      expect(s.orderTimestamp).toBe(1_700_000_000_000);
      expect(s.idempotency).toBeNull();
      expect(s.personalDetails).toEqual({ ...details.personalDetails, password: '', createAccount: false });
      // the rest of the details stay for the next order
      expect(s.shippingDetails).toEqual(details.shippingDetails);
      const onDevice = await stored((v) => v?.orderTimestamp === 1_700_000_000_000);
      expect(onDevice?.personalDetails?.password).toBe('');
      expect(onDevice?.personalDetails?.createAccount).toBe(false);
    },
  );

  it('a chosen "create account" is left alone when it was not chosen', () => {
    updateCheckout({
      ...details,
      personalDetails: { ...details.personalDetails, createAccount: false, password: '' },
    });
    afterOrderPlaced(200, () => undefined, 1);
    expect(checkout.get().personalDetails.emailAddress).toBe('ona@example.com');
    expect(checkout.get().orderTimestamp).toBe(1);
  });

  it.each([400, 401, 500, 503])('after placement with code %s nothing is cleared', (code) => {
    updateCheckout({ ...details, idempotency: { key: 'k-2', cartHash: 'h' } });
    const before = checkout.get();
    const clearCart = vi.fn();
    expect(afterOrderPlaced(code, clearCart, 1_700_000_000_000)).toBe(false);
    expect(clearCart).not.toHaveBeenCalled();
    expect(checkout.get()).toBe(before);
    expect(checkout.get().personalDetails.password).toBe('slaptas-123'); // kept in memory for the retry
    expect(checkout.get().idempotency?.key).toBe('k-2'); // the retry sends the same key
  });
});
