import { deliveryWindow, storeViewByCode, type StoreCode } from '@vitrina/domain';

/** one formatter per locale: making one costs about a millisecond, a server render calls this each time */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "November 27 – 30" in the store view's language (calendar days: formatted in UTC): when a
 * carrier delivers an order placed at `now`, in the working days the shop's settings promise. The
 * product page's loader formats it, so the server render and the hydration show the same text (ICU
 * versions differ).
 */
export function deliveryDays(now: Date, locale: string, workdays: { min: number; max: number }): string {
  const days = deliveryWindow(now, false, workdays);
  return dayRange(locale, days.from, days.to);
}

/** A range of calendar days (YYYY-MM-DD) in the locale's words; one day reads as that day alone. */
export function dayRange(locale: string, from: string, to: string): string {
  // the same range all day long: formatting it (ICU's formatRange) cost more than the rest
  const key = `${locale} ${from} ${to}`;
  let text = rangeTexts.get(key);
  if (text === undefined) {
    const format = formatOf(locale);
    const start = new Date(`${from}T00:00:00Z`);
    text = from === to ? format.format(start) : format.formatRange(start, new Date(`${to}T00:00:00Z`));
    if (rangeTexts.size >= 64) rangeTexts.clear();
    rangeTexts.set(key, text);
  }
  return text;
}

/** the last ranges formatted (a handful a day: three languages, a range that moves at the cut-off) */
const rangeTexts = new Map<string, string>();

function formatOf(locale: string): Intl.DateTimeFormat {
  let f = dayFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
    dayFormats.set(locale, f);
  }
  return f;
}

/**
 * When an order placed at `placedAt` is the shopper's, in the store view's words:
 * `{ kind: 'delivery', days: "December 2 – 3" }` or `{ kind: 'collect', days: "December 1" }`
 * (delivery-estimate.ts deliveryWindow, with the working days of the shop's settings). The checkout's
 * delivery tiles and the order pages say it.
 */
export function deliveryPromise(
  placedAt: Date,
  storePickup: boolean,
  workdays: { min: number; max: number },
  storeCode: StoreCode,
): { kind: 'delivery' | 'collect'; days: string } {
  const window = deliveryWindow(placedAt, storePickup, workdays);
  return { kind: window.kind, days: dayRange(storeViewByCode(storeCode).locale, window.from, window.to) };
}
