// What a delivery method asks of the shopper, and the opening hours of a
// pickup point. One rule for the checkout form and the order API: a parcel locker or store pickup
// needs no home address, a courier does.
import {
  addressErrors,
  deliveryPurpose,
  HOME_FIELDS,
  REQUIRED_ADDRESS_FIELDS,
  type AddressField,
} from './address-rules.ts';
import { STORE_PICKUP_CARRIER } from '../order/index.ts';

/**
 * How the parcel reaches the shopper: a courier to a home address, a pickup point the shopper
 * chooses (parcel locker, or the shop's own store), or nothing to ship (a virtual cart).
 */
export type DeliveryKind = 'courier' | 'pickup' | 'none';

export function deliveryKindOf(
  method: { needs_pickup_point?: boolean | undefined; carrier_code?: string | undefined } | undefined | null,
  virtual = false,
): DeliveryKind {
  if (virtual) return 'none';
  if (!method) return 'courier';
  // store pickup is never to a home address, even when a shop's import lists no store point for it
  return method.needs_pickup_point || isStorePickup(method) ? 'pickup' : 'courier';
}

/** store pickup (the shop's own store): the point is the shop, shown with its opening hours */
export const isStorePickup = (method: { carrier_code?: string | undefined } | undefined | null) =>
  method?.carrier_code === STORE_PICKUP_CARRIER;

/** The checkout form's delivery fields (state/checkout.ts AddressDetails' names). */
export type DeliveryField =
  | 'firstName'
  | 'lastName'
  | 'country'
  | 'phoneNumber'
  | 'streetAddress'
  | 'apartmentNumber'
  | 'city'
  | 'zipCode';

/** The checkout form's name of each address field of the delivery step (address-rules.ts fields). */
const DELIVERY_FIELD: Partial<Record<AddressField, DeliveryField>> = {
  firstname: 'firstName',
  lastname: 'lastName',
  countryId: 'country',
  telephone: 'phoneNumber',
  'street.0': 'streetAddress',
  'street.1': 'apartmentNumber',
  city: 'city',
  postcode: 'zipCode',
};

/** the home address: asked only for a courier (and the buyer's address of a cart with nothing to ship) */
export const HOME_ADDRESS_FIELDS: readonly DeliveryField[] = HOME_FIELDS.map((f) => DELIVERY_FIELD[f]!);

/**
 * The fields a delivery kind requires, in the checkout form's names: the address rule's for the
 * kind's purpose (address-rules.ts REQUIRED_ADDRESS_FIELDS, deliveryPurpose). The recipient's name
 * and phone number always, the country; the home address for a courier and for a cart with nothing
 * to ship; never for a parcel locker or store pickup.
 */
export function requiredDeliveryFields(kind: DeliveryKind): readonly DeliveryField[] {
  return REQUIRED_ADDRESS_FIELDS[deliveryPurpose(kind)].flatMap((f) => DELIVERY_FIELD[f] ?? []);
}

/**
 * The home address fields a courier's address lacks (API field names: street, city, postcode),
 * by the courier rule (address-rules.ts; a missing house number counts as a missing street).
 * Empty for pickup and virtual orders.
 */
export function missingHomeAddress(
  kind: DeliveryKind,
  address: {
    street?: readonly string[] | undefined;
    city?: string | undefined;
    postcode?: string | undefined;
  },
): ('street' | 'city' | 'postcode')[] {
  if (kind !== 'courier') return [];
  const errors = addressErrors(address, 'courier');
  const missing = (f: AddressField) => errors[f]?.key === 'validation.required';
  const out: ('street' | 'city' | 'postcode')[] = [];
  if (missing('street.0') || missing('street.1')) out.push('street');
  if (missing('city')) out.push('city');
  if (missing('postcode')) out.push('postcode');
  return out;
}

// ---------------------------------------------------------------- opening hours

/** ISO weekday 1 (Monday) … 7 (Sunday) */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const ISO_WEEKDAYS: readonly IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];

/**
 * A pickup point's opening hours: "HH:MM-HH:MM" per ISO weekday ("1" … "7"); a day that is missing
 * or null is closed. Stored as the pickup point's `opening_hours` (jsonb); null: not known.
 */
export type OpeningHours = Partial<Record<`${IsoWeekday}`, string | null>>;

const RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/** "10:00-19:00" → the same, when it is a valid range (opens before it closes); otherwise null */
export function parseOpeningRange(text: string): { opens: string; closes: string } | null {
  const m = RANGE.exec(text.trim());
  if (!m) return null;
  const opens = `${m[1]}:${m[2]}`;
  const closes = `${m[3]}:${m[4]}`;
  return opens < closes ? { opens, closes } : null;
}

/** The days with equal hours grouped into runs of consecutive days, Monday first: how a shop shows them. */
export interface OpeningRun {
  from: IsoWeekday;
  to: IsoWeekday;
  /** null: closed */
  opens: string | null;
  closes: string | null;
}

export function openingRuns(hours: OpeningHours): OpeningRun[] {
  const runs: OpeningRun[] = [];
  for (const day of ISO_WEEKDAYS) {
    const raw = hours[`${day}`];
    const range = raw ? parseOpeningRange(raw) : null;
    const last = runs[runs.length - 1];
    if (last && last.opens === (range?.opens ?? null) && last.closes === (range?.closes ?? null)) {
      last.to = day;
    } else {
      runs.push({ from: day, to: day, opens: range?.opens ?? null, closes: range?.closes ?? null });
    }
  }
  return runs;
}

/** Whether stored opening hours say anything (some day open): nothing to show otherwise. */
export function hasOpeningHours(hours: OpeningHours | null | undefined): hours is OpeningHours {
  return Boolean(hours && ISO_WEEKDAYS.some((d) => parseOpeningRange(hours[`${d}`] ?? '')));
}
