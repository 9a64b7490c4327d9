// What a delivery method asks of the shopper (issue #13 "Paying"), and the opening hours of a
// pickup point. One rule for the checkout form and the order API: a parcel locker or store pickup
// needs no home address, a courier does.
import { STORE_PICKUP_CARRIER } from './order-lifecycle.ts';

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

/** the home address: asked only for a courier */
export const HOME_ADDRESS_FIELDS: readonly DeliveryField[] = [
  'streetAddress',
  'apartmentNumber',
  'city',
  'zipCode',
];

/**
 * The fields a delivery kind requires. The recipient's name and phone number always (a carrier
 * texts the locker code or calls the courier's recipient; the e-mail is the buyer's own), the
 * country (it decides the methods and the VAT); the home address for a courier, and for a cart
 * with nothing to ship (there the address given is the buyer's, the billing address); never for
 * a parcel locker or store pickup.
 */
export function requiredDeliveryFields(kind: DeliveryKind): readonly DeliveryField[] {
  const contact: DeliveryField[] = ['firstName', 'lastName', 'country', 'phoneNumber'];
  return kind === 'pickup' ? contact : [...contact, ...HOME_ADDRESS_FIELDS];
}

/**
 * The home address fields an order's shipping address lacks for its delivery kind (API field
 * names: street's first line, city, postcode). Empty for pickup and virtual orders.
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
  const missing: ('street' | 'city' | 'postcode')[] = [];
  if (!address.street?.[0]?.trim()) missing.push('street');
  if (!address.city?.trim()) missing.push('city');
  if (!address.postcode?.trim()) missing.push('postcode');
  return missing;
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
