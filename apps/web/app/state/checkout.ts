import { DEFAULT_COUNTRY, IN_CHECKOUT_WINDOW_MS, ISO_WEEKDAYS, type OpeningHours } from '@vitrina/domain';
import { CHECKOUT_KEY, detailsRestorable, followCheckout } from './delivery-country-view';
import { createStore, useStore } from './store';

export interface PersonalDetails {
  firstName: string;
  lastName: string;
  emailAddress: string;
  /** kept in memory only: never written to the device (see `serialize` below) */
  password: string;
  createAccount: boolean;
}

/** An address as the checkout form keeps it (spec §3: shippingDetails' and paymentDetails' fields). */
export interface AddressDetails {
  firstName: string;
  lastName: string;
  country: string;
  streetAddress: string;
  /** the house (and flat) number: the street's second line */
  apartmentNumber: string;
  city: string;
  /** the region's name (unused by the Baltic stores, sent when given) */
  state: string;
  region_id: number | null;
  zipCode: string;
  phoneNumber: string;
}

export interface ChosenShippingMethod {
  carrier_code: string;
  method_code: string;
}

/**
 * spec §3 shippingDetails: the delivery address and the chosen shipping method. The names default
 * to the personal details' and follow them until the shopper edits them (`setPersonalDetails`).
 */
export interface ShippingDetails extends AddressDetails {
  shippingMethod: ChosenShippingMethod | null;
}

/**
 * spec §3 paymentDetails: the billing address ("the same address fields"), the legal person's
 * fields, the payment method and the provider's extras.
 */
export interface PaymentDetails extends AddressDetails {
  company: string;
  /** the VAT code (optional; sent as the billing address' vat_id) */
  vatCode: string;
  /** the spec's Tax ID (optional; validateTaxId) */
  taxId: string;
  companyCode: string;
  paymentMethod: string | null;
  /** e.g. the NEOPAY bank (BIC) */
  paymentMethodAdditional: { bank?: string };
  /** the app's own: a natural or a legal person (company fields required for the latter) */
  buyerType: 'natural' | 'legal';
  /**
   * The app's own: the billing address is the shipping address (the default checkbox). When true,
   * the address fields above are copied from shippingDetails as the payment step is confirmed.
   */
  sameAsShipping: boolean;
}

export interface ChosenPickupPoint {
  id: string;
  name: string;
  address: string;
  city: string;
  /** the store's opening hours, shown at review (null: not known, e.g. a parcel locker) */
  openingHours?: OpeningHours | null;
}

/** spec §3 "Checkout" (personalDetails, shippingDetails, paymentDetails, isThankYouPage, modifiedAt) and the app's own fields. */
export interface CheckoutState {
  personalDetails: PersonalDetails;
  shippingDetails: ShippingDetails;
  paymentDetails: PaymentDetails;
  /** the checkout shows its thank-you state (an order placed, or queued on the device) */
  isThankYouPage: boolean;
  modifiedAt: number;
  pickupPoint: ChosenPickupPoint | null;
  /**
   * The idempotency key of the order being placed, with the cart hash it was made for: a retry of
   * the same cart reuses it (the server answers the first order), a changed cart gets a new one.
   */
  idempotency: { key: string; cartHash: string } | null;
  /** when the last order was placed (spec §4: "the order timestamp is stored") */
  orderTimestamp: number | null;
  /**
   * The order queued on the device while offline (its sync task id = its idempotency key,
   * sync/offline-orders.ts): while set, /checkout shows it as queued (isThankYouPage is true).
   */
  queuedOrderId: string | null;
}

const emptyAddress: AddressDetails = {
  firstName: '',
  lastName: '',
  country: DEFAULT_COUNTRY,
  streetAddress: '',
  apartmentNumber: '',
  city: '',
  state: '',
  region_id: null,
  zipCode: '',
  phoneNumber: '',
};

export const initialCheckout: CheckoutState = {
  personalDetails: { firstName: '', lastName: '', emailAddress: '', password: '', createAccount: false },
  shippingDetails: { ...emptyAddress, shippingMethod: null },
  paymentDetails: {
    ...emptyAddress,
    company: '',
    vatCode: '',
    taxId: '',
    companyCode: '',
    paymentMethod: null,
    paymentMethodAdditional: {},
    buyerType: 'natural',
    sameAsShipping: true,
  },
  isThankYouPage: false,
  modifiedAt: 0,
  pickupPoint: null,
  idempotency: null,
  orderTimestamp: null,
  queuedOrderId: null,
};

/** The address fields of shipping or payment details. */
export function addressOf(d: AddressDetails): AddressDetails {
  return {
    firstName: d.firstName,
    lastName: d.lastName,
    country: d.country,
    streetAddress: d.streetAddress,
    apartmentNumber: d.apartmentNumber,
    city: d.city,
    state: d.state,
    region_id: d.region_id,
    zipCode: d.zipCode,
    phoneNumber: d.phoneNumber,
  };
}

/** The billing address of the order: the shipping address unless the shopper gave another one. */
export function billingAddressOf(
  s: Pick<CheckoutState, 'shippingDetails' | 'paymentDetails'>,
): AddressDetails {
  return addressOf(s.paymentDetails.sameAsShipping ? s.shippingDetails : s.paymentDetails);
}

/** What is written to the device (and shared with other tabs): everything but the password. */
export function serializeCheckout(s: CheckoutState): unknown {
  return { ...s, personalDetails: { ...s.personalDetails, password: '' } };
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : {});
const strOr = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
const method = (v: unknown): ChosenShippingMethod | null => {
  const m = obj(v);
  return typeof m.carrier_code === 'string' && typeof m.method_code === 'string'
    ? { carrier_code: m.carrier_code, method_code: m.method_code }
    : null;
};
/** opening hours as stored: day "1" … "7" → a string or null; anything else is dropped */
function hoursOf(v: unknown): OpeningHours | null {
  const raw = obj(v);
  const out: OpeningHours = {};
  for (const d of ISO_WEEKDAYS) {
    const h = raw[`${d}`];
    if (typeof h === 'string' || h === null) out[`${d}`] = h;
  }
  return Object.keys(out).length ? out : null;
}
function address(raw: Raw, fallback: AddressDetails): AddressDetails {
  const out = { ...fallback };
  for (const k of Object.keys(fallback) as (keyof AddressDetails)[]) {
    if (k === 'region_id') {
      const v = raw.region_id;
      out.region_id = typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
    } else out[k] = strOr(raw[k], fallback[k]);
  }
  return out;
}

/**
 * A stored (or another tab's) checkout read into the current shape. A checkout stored before the
 * spec's shape (shippingMethod, paymentMethod at the top level, no names in shippingDetails, no
 * billing address, no isThankYouPage) is migrated, so a half-filled checkout survives an upgrade.
 * The password is never taken from the device or another tab: the one typed in this tab is kept.
 */
export function readStoredCheckout(value: unknown, current: CheckoutState): CheckoutState {
  const raw = obj(value);
  const personal = obj(raw.personalDetails);
  const shipping = obj(raw.shippingDetails);
  const payment = obj(raw.paymentDetails);
  const personalDetails: PersonalDetails = {
    firstName: strOr(personal.firstName, ''),
    lastName: strOr(personal.lastName, ''),
    emailAddress: strOr(personal.emailAddress, ''),
    password: current.personalDetails.password,
    createAccount: personal.createAccount === true,
  };
  const shippingDetails: ShippingDetails = {
    // the old shape had no names in shippingDetails: the personal details' are the default
    ...address(shipping, {
      ...initialCheckout.shippingDetails,
      firstName: personalDetails.firstName,
      lastName: personalDetails.lastName,
    }),
    shippingMethod: method('shippingMethod' in shipping ? shipping.shippingMethod : raw.shippingMethod),
  };
  const additional = obj(payment.paymentMethodAdditional);
  const paymentMethod = 'paymentMethod' in payment ? payment.paymentMethod : raw.paymentMethod;
  const paymentDetails: PaymentDetails = {
    ...address(payment, initialCheckout.paymentDetails),
    company: strOr(payment.company, ''),
    // before the VAT code had its own field, `taxId` held it
    vatCode: 'vatCode' in payment ? strOr(payment.vatCode, '') : strOr(payment.taxId, ''),
    taxId: 'vatCode' in payment ? strOr(payment.taxId, '') : '',
    companyCode: strOr(payment.companyCode, ''),
    paymentMethod: typeof paymentMethod === 'string' ? paymentMethod : null,
    paymentMethodAdditional: typeof additional.bank === 'string' ? { bank: additional.bank } : {},
    buyerType: payment.buyerType === 'legal' ? 'legal' : 'natural',
    // the old shape had no billing address: it was the shipping one
    sameAsShipping: payment.sameAsShipping !== false,
  };
  const point = obj(raw.pickupPoint);
  const idempotency = obj(raw.idempotency);
  const queuedOrderId = typeof raw.queuedOrderId === 'string' ? raw.queuedOrderId : null;
  const restored: CheckoutState = {
    personalDetails,
    shippingDetails,
    paymentDetails,
    isThankYouPage: typeof raw.isThankYouPage === 'boolean' ? raw.isThankYouPage : queuedOrderId !== null,
    modifiedAt: typeof raw.modifiedAt === 'number' ? raw.modifiedAt : 0,
    pickupPoint:
      typeof point.id === 'string'
        ? {
            id: point.id,
            name: strOr(point.name, ''),
            address: strOr(point.address, ''),
            city: strOr(point.city, ''),
            openingHours: hoursOf(point.openingHours),
          }
        : null,
    idempotency:
      typeof idempotency.key === 'string' && typeof idempotency.cartHash === 'string'
        ? { key: idempotency.key, cartHash: idempotency.cartHash }
        : null,
    orderTimestamp: typeof raw.orderTimestamp === 'number' ? raw.orderTimestamp : null,
    queuedOrderId,
  };
  return restorable(restored, typeof raw.modifiedAt === 'number' ? raw.modifiedAt : null);
}

/**
 * Spec §4 "Checkout": a shopper counts as in checkout for 30 minutes after the last change; details
 * saved longer ago are not restored: the form starts empty. What an order placed
 * or queued needs (its key, the queued order, the thank-you page) is kept. A stored state without a
 * time (written before modifiedAt existed) is restored as it is.
 */
function restorable(restored: CheckoutState, modifiedAt: number | null, now = Date.now()): CheckoutState {
  if (detailsRestorable(modifiedAt, now)) return restored;
  return {
    ...restored,
    personalDetails: initialCheckout.personalDetails,
    shippingDetails: initialCheckout.shippingDetails,
    paymentDetails: initialCheckout.paymentDetails,
    pickupPoint: null,
  };
}

/**
 * Checkout details: saved locally on change and restored at start (spec §4 "Checkout"). The
 * password of "create an account" stays in memory only.
 */
export const checkout = createStore<CheckoutState>(initialCheckout, {
  persistKey: CHECKOUT_KEY,
  serialize: serializeCheckout,
  deserialize: readStoredCheckout,
});
// the pages that only read the delivery country follow this tab's checkout without loading it
const tellDeliveryCountry = () => followCheckout(checkout.get().shippingDetails);
void checkout.whenRead.then(tellDeliveryCountry);
checkout.subscribe(tellDeliveryCountry);

export function updateCheckout(patch: Partial<CheckoutState>) {
  checkout.set((s) => ({ ...s, ...patch, modifiedAt: Date.now() }));
}

/** A change computed from the whole state (e.g. `withPersonalDetails`), stamped like `updateCheckout`. */
export function changeCheckout(change: (s: CheckoutState) => CheckoutState) {
  checkout.set((s) => ({ ...change(s), modifiedAt: Date.now() }));
}

/**
 * New personal details. The shipping names default to the personal ones (prefilled, editable): a
 * shipping name that is empty or still equal to the personal one follows the change; one the
 * shopper edited stays.
 */
export function withPersonalDetails(s: CheckoutState, patch: Partial<PersonalDetails>): CheckoutState {
  const p = s.personalDetails;
  const sd = s.shippingDetails;
  const next = { ...p, ...patch };
  const follows = (shipping: string, personal: string) => !shipping || shipping === personal;
  return {
    ...s,
    personalDetails: next,
    shippingDetails: {
      ...sd,
      firstName: follows(sd.firstName, p.firstName) ? next.firstName : sd.firstName,
      lastName: follows(sd.lastName, p.lastName) ? next.lastName : sd.lastName,
    },
  };
}

/** A customer's saved address as the API gives it (lib/types CustomerAddress: street[0] street, street[1] house). */
export interface SavedAddress {
  street: string[];
  city: string;
  postcode: string;
  countryId: string;
  telephone?: string | undefined;
  /** the spec's "state" */
  region?: string | undefined;
  /** the spec's Tax ID of a legal person */
  tax_id?: string | undefined;
}

/**
 * After a login from checkout: the customer's saved delivery address fills
 * the delivery fields the shopper has not filled yet, so the checkout goes on with their details.
 * A street, city or phone the shopper already typed is kept; the country and the region are taken
 * only with the street (they belong together); the saved Tax ID fills an empty Tax ID.
 */
export function withSavedAddress(s: CheckoutState, saved: SavedAddress | undefined): CheckoutState {
  if (!saved) return s;
  const sd = s.shippingDetails;
  const takeAddress = !sd.streetAddress.trim();
  return {
    ...s,
    shippingDetails: {
      ...sd,
      ...(takeAddress
        ? {
            streetAddress: saved.street[0] ?? '',
            apartmentNumber: saved.street[1] ?? '',
            city: sd.city || saved.city,
            zipCode: sd.zipCode || saved.postcode,
            country: saved.countryId || sd.country,
            state: sd.state || (saved.region ?? ''),
          }
        : {}),
      phoneNumber: sd.phoneNumber || (saved.telephone ?? ''),
    },
    // sent only for a legal person (checkout.tsx): filled for when the shopper buys as one
    paymentDetails: { ...s.paymentDetails, taxId: s.paymentDetails.taxId || (saved.tax_id ?? '') },
  };
}

/**
 * The "billing address is the same as the shipping address" checkbox. Unchecked, the billing
 * address starts from the shipping names and country (where the shopper has not filled them).
 */
export function withBillingSameAsShipping(s: CheckoutState, same: boolean): CheckoutState {
  const pd = s.paymentDetails;
  const sd = s.shippingDetails;
  if (same) return { ...s, paymentDetails: { ...pd, sameAsShipping: true } };
  return {
    ...s,
    paymentDetails: {
      ...pd,
      sameAsShipping: false,
      firstName: pd.firstName || sd.firstName,
      lastName: pd.lastName || sd.lastName,
      country: pd.streetAddress ? pd.country : sd.country,
    },
  };
}

/** The payment step confirmed: with "same as shipping", paymentDetails holds the shipping address. */
export function withConfirmedBilling(s: CheckoutState): CheckoutState {
  if (!s.paymentDetails.sameAsShipping) return s;
  return { ...s, paymentDetails: { ...s.paymentDetails, ...addressOf(s.shippingDetails) } };
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
 * the order counts as placed. The checkout is then in its thank-you state (isThankYouPage) when the
 * shopper is shown the order's thank-you page; /checkout leaves that state on the next visit.
 */
export function afterOrderPlaced(
  code: number | undefined,
  clearCart: () => void,
  now = Date.now(),
  /** the shopper is taken to the order's thank-you page (false: placed from elsewhere, e.g. "Order waiting!") */
  showsThankYou = true,
): boolean {
  if (code !== undefined && code !== 200) return false;
  clearCart();
  checkout.set((s) => ({
    ...s,
    orderTimestamp: now,
    idempotency: null,
    isThankYouPage: showsThankYou || s.isThankYouPage,
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
