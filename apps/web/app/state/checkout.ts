import { DEFAULT_COUNTRY, IN_CHECKOUT_WINDOW_MS } from '@vitrina/domain';
import { createStore, useStore } from './store';

export interface PersonalDetails {
  firstName: string;
  lastName: string;
  emailAddress: string;
}

export interface ShippingDetails {
  streetAddress: string;
  apartmentNumber: string;
  city: string;
  zipCode: string;
  country: string;
  phoneNumber: string;
}

export interface CheckoutState {
  personalDetails: PersonalDetails;
  shippingDetails: ShippingDetails;
  shippingMethod: { carrier_code: string; method_code: string } | null;
  paymentMethod: string | null;
  /**
   * The idempotency key of the order being placed, with the cart hash it was made for: a retry of
   * the same cart reuses it (the server answers the first order), a changed cart gets a new one.
   */
  idempotency: { key: string; cartHash: string } | null;
  modifiedAt: number;
}

export const initialCheckout: CheckoutState = {
  personalDetails: { firstName: '', lastName: '', emailAddress: '' },
  shippingDetails: {
    streetAddress: '',
    apartmentNumber: '',
    city: '',
    zipCode: '',
    country: DEFAULT_COUNTRY,
    phoneNumber: '',
  },
  shippingMethod: null,
  paymentMethod: null,
  idempotency: null,
  modifiedAt: 0,
};

/** Checkout details: saved locally on change and restored at start (spec §4 "Checkout"). */
export const checkout = createStore<CheckoutState>(initialCheckout, {
  persistKey: 'checkout',
  deserialize: (raw, init) => {
    const r = (raw ?? {}) as Partial<CheckoutState>;
    return {
      ...init,
      ...r,
      personalDetails: { ...init.personalDetails, ...r.personalDetails },
      shippingDetails: { ...init.shippingDetails, ...r.shippingDetails },
    };
  },
});

export function updateCheckout(patch: Partial<CheckoutState>) {
  checkout.set((s) => ({ ...s, ...patch, modifiedAt: Date.now() }));
}

/** The key for placing this cart's order (new when the cart changed since the last attempt). */
export function idempotencyKeyFor(cartHash: string): string {
  const current = checkout.get().idempotency;
  if (current && current.cartHash === cartHash) return current.key;
  const key = crypto.randomUUID();
  updateCheckout({ idempotency: { key, cartHash } });
  return key;
}

/** "A user counts as in checkout if the last modification was within 30 minutes." */
export function isInCheckout(state: CheckoutState, now = Date.now()): boolean {
  return now - state.modifiedAt < IN_CHECKOUT_WINDOW_MS;
}

export function useCheckout(): CheckoutState {
  return useStore(checkout);
}
