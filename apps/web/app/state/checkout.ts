import { DEFAULT_COUNTRY, IN_CHECKOUT_WINDOW_MS } from '@vitrina/domain';
import { createStore, useStore } from './store';

export interface PersonalDetails {
  firstName: string;
  lastName: string;
  emailAddress: string;
  /** kept in memory only: never written to the device (see `serialize` below) */
  password: string;
  createAccount: boolean;
}

export interface ShippingDetails {
  streetAddress: string;
  apartmentNumber: string;
  city: string;
  zipCode: string;
  country: string;
  phoneNumber: string;
}

/** spec §3 paymentDetails: the buyer type and the legal person's fields, the provider's extras */
export interface PaymentDetails {
  buyerType: 'natural' | 'legal';
  company: string;
  companyCode: string;
  /** the VAT code (optional) */
  taxId: string;
  /** e.g. the NEOPAY bank (BIC) */
  paymentMethodAdditional: { bank?: string };
}

export interface ChosenPickupPoint {
  id: string;
  name: string;
  address: string;
  city: string;
}

export interface CheckoutState {
  personalDetails: PersonalDetails;
  shippingDetails: ShippingDetails;
  paymentDetails: PaymentDetails;
  shippingMethod: { carrier_code: string; method_code: string } | null;
  pickupPoint: ChosenPickupPoint | null;
  paymentMethod: string | null;
  /**
   * The idempotency key of the order being placed, with the cart hash it was made for: a retry of
   * the same cart reuses it (the server answers the first order), a changed cart gets a new one.
   */
  idempotency: { key: string; cartHash: string } | null;
  /** when the last order was placed (spec §4: "the order timestamp is stored") */
  orderTimestamp: number | null;
  /**
   * The order queued on the device while offline (its sync task id = its idempotency key,
   * sync/offline-orders.ts): while set, /checkout shows it as queued (the spec's isThankYouPage).
   */
  queuedOrderId: string | null;
  modifiedAt: number;
}

export const initialCheckout: CheckoutState = {
  personalDetails: { firstName: '', lastName: '', emailAddress: '', password: '', createAccount: false },
  shippingDetails: {
    streetAddress: '',
    apartmentNumber: '',
    city: '',
    zipCode: '',
    country: DEFAULT_COUNTRY,
    phoneNumber: '',
  },
  paymentDetails: {
    buyerType: 'natural',
    company: '',
    companyCode: '',
    taxId: '',
    paymentMethodAdditional: {},
  },
  shippingMethod: null,
  pickupPoint: null,
  paymentMethod: null,
  idempotency: null,
  orderTimestamp: null,
  queuedOrderId: null,
  modifiedAt: 0,
};

/** What is written to the device (and shared with other tabs): everything but the password. */
export function serializeCheckout(s: CheckoutState): unknown {
  return { ...s, personalDetails: { ...s.personalDetails, password: '' } };
}

/**
 * Checkout details: saved locally on change and restored at start (spec §4 "Checkout"). The
 * password of "create an account" stays in memory only.
 */
export const checkout = createStore<CheckoutState>(initialCheckout, {
  persistKey: 'checkout',
  serialize: serializeCheckout,
  deserialize: (raw, current) => {
    const r = (raw ?? {}) as Partial<CheckoutState>;
    return {
      ...initialCheckout,
      ...r,
      // a password typed in this tab is kept; one from the device or another tab is never taken
      personalDetails: {
        ...initialCheckout.personalDetails,
        ...r.personalDetails,
        password: current.personalDetails.password,
      },
      shippingDetails: { ...initialCheckout.shippingDetails, ...r.shippingDetails },
      paymentDetails: {
        ...initialCheckout.paymentDetails,
        ...r.paymentDetails,
        paymentMethodAdditional: { ...r.paymentDetails?.paymentMethodAdditional },
      },
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

/**
 * Spec §4 "Checkout": after placement, when the result code is absent or 200, the order timestamp is
 * stored, the cart is cleared without server sync (`clearCart`), and a chosen "create account" has
 * its password emptied and createAccount set false. Any other code clears nothing. Answers whether
 * the order counts as placed.
 */
export function afterOrderPlaced(code: number | undefined, clearCart: () => void, now = Date.now()): boolean {
  if (code !== undefined && code !== 200) return false;
  clearCart();
  checkout.set((s) => ({
    ...s,
    orderTimestamp: now,
    idempotency: null,
    personalDetails: s.personalDetails.createAccount
      ? { ...s.personalDetails, password: '', createAccount: false }
      : s.personalDetails,
    modifiedAt: now,
  }));
  return true;
}

/** "A user counts as in checkout if the last modification was within 30 minutes." */
export function isInCheckout(state: CheckoutState, now = Date.now()): boolean {
  return now - state.modifiedAt < IN_CHECKOUT_WINDOW_MS;
}

export function useCheckout(): CheckoutState {
  return useStore(checkout);
}
