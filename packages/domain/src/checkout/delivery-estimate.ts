// The product page's delivery line: what delivery costs and when it arrives.
// The rule (docs/decisions/): an order placed on a working day before the dispatch cut-off (14:00
// shop time, Europe/Vilnius) leaves that day; later, or on a weekend or public holiday, it leaves on
// the next working day. Carriers deliver DELIVERY_WORKDAYS (2–3) working days after dispatch.
// Working days are Monday to Friday except Lithuanian public holidays (the shop ships from Vilnius).
import { DELIVERY_WORKDAYS, STORE_TIME_ZONE } from '../base/index.ts';
import { formatDateTime } from '../base/index.ts';

export interface DeliveryRule {
  /** hour (0–23, shop time) from which an order leaves the next working day */
  cutoffHour: number;
  minWorkdays: number;
  maxWorkdays: number;
  timeZone: string;
}

export const DELIVERY_RULE: DeliveryRule = {
  cutoffHour: 14,
  minWorkdays: DELIVERY_WORKDAYS.min,
  maxWorkdays: DELIVERY_WORKDAYS.max,
  timeZone: STORE_TIME_ZONE,
};

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Easter Sunday (Gregorian, the anonymous algorithm) as a UTC midnight timestamp. */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** Lithuanian public holidays that can fall on a weekday (Labour Code art. 123), as YYYY-MM-DD. */
export function lithuanianHolidays(year: number): Set<string> {
  const fixed = [
    '01-01',
    '02-16',
    '03-11',
    '05-01',
    '06-24',
    '07-06',
    '08-15',
    '11-01',
    '11-02',
    '12-24',
    '12-25',
    '12-26',
  ];
  // Easter Monday is a day off; Easter Sunday, Mother's and Father's Day are Sundays anyway
  return new Set([...fixed.map((d) => `${year}-${d}`), iso(easterSunday(year) + DAY)]);
}

/** each year's holidays, built once: a product page asks for several days of the same year */
const holidaysByYear = new Map<number, ReadonlySet<string>>();

function holidaysOf(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    days = lithuanianHolidays(year);
    holidaysByYear.set(year, days);
  }
  return days;
}

export function isWorkingDay(dayIso: string): boolean {
  const t = Date.parse(`${dayIso}T00:00:00Z`);
  const weekday = new Date(t).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(Number(dayIso.slice(0, 4))).has(dayIso);
}

function nextWorkingDay(dayIso: string): string {
  let t = Date.parse(`${dayIso}T00:00:00Z`) + DAY;
  while (!isWorkingDay(iso(t))) t += DAY;
  return iso(t);
}

/** The day an order placed at `now` leaves the warehouse (YYYY-MM-DD, shop time). */
export function dispatchDay(now: Date, rule: DeliveryRule = DELIVERY_RULE): string {
  const [day = '', time = '00:00'] = formatDateTime(now, rule.timeZone).split(' ');
  const hour = Number(time.slice(0, 2));
  return isWorkingDay(day) && hour < rule.cutoffHour ? day : nextWorkingDay(day);
}

/** The earliest and latest delivery day (YYYY-MM-DD) of an order placed at `now`. */
export function estimatedDelivery(
  now: Date,
  rule: DeliveryRule = DELIVERY_RULE,
): { from: string; to: string } {
  let day = dispatchDay(now, rule);
  let from = day;
  for (let n = 1; n <= rule.maxWorkdays; n++) {
    day = nextWorkingDay(day);
    if (n === rule.minWorkdays) from = day;
  }
  return { from, to: day };
}

export interface QuotedShippingMethod {
  code: string;
  needs_pickup_point?: boolean;
  /** fee incl. VAT, cents */
  price_incl_tax: number;
  /** order value incl. VAT from which it is free, cents (null: never) */
  free_from_incl_tax: number | null;
}

/**
 * What delivery of one item at `priceCents` costs: the cheapest method that delivers (a method with a
 * zero fee and no threshold is a pickup: left out unless it is all there is), its fee for this price
 * (0 from its free threshold), and the lowest threshold still ahead (to say "free from 99 €").
 */
export function deliveryQuote(
  methods: readonly QuotedShippingMethod[],
  priceCents: number,
): { fee: number; methodCode: string; freeFrom: number | null } | null {
  const delivering = methods.filter((m) => m.price_incl_tax > 0 || m.free_from_incl_tax !== null);
  const list = delivering.length ? delivering : methods;
  let best: { fee: number; methodCode: string } | null = null;
  for (const m of list) {
    const fee = m.free_from_incl_tax !== null && priceCents >= m.free_from_incl_tax ? 0 : m.price_incl_tax;
    if (!best || fee < best.fee) best = { fee, methodCode: m.code };
  }
  if (!best) return null;
  const ahead = list
    .map((m) => m.free_from_incl_tax)
    .filter((f): f is number => f !== null && f > priceCents);
  return { ...best, freeFrom: best.fee > 0 && ahead.length ? Math.min(...ahead) : null };
}

/**
 * The days an order placed at `placedAt` is the shopper's, as the checkout promises them per method
 * and the thank-you page repeats them: a carrier (courier or parcel locker) delivers `workdays`
 * working days after dispatch (the shop's settings); the shop's own store has the order ready to
 * collect from the working day after it leaves the warehouse (the store is a short drive from it,
 * and a promise for the same afternoon would be broken by any late pick).
 */
export function deliveryWindow(
  placedAt: Date,
  storePickup: boolean,
  workdays: { min: number; max: number },
  rule: DeliveryRule = DELIVERY_RULE,
): { from: string; to: string; kind: 'delivery' | 'collect' } {
  if (storePickup) {
    const ready = nextWorkingDay(dispatchDay(placedAt, rule));
    return { from: ready, to: ready, kind: 'collect' };
  }
  const days = estimatedDelivery(placedAt, { ...rule, minWorkdays: workdays.min, maxWorkdays: workdays.max });
  return { ...days, kind: 'delivery' };
}
