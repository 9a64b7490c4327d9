import { DELIVERY_RULE, estimatedDelivery } from '@vitrina/domain';

/** one formatter per locale: making one costs about a millisecond, a server render calls this each time */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "November 27 – 30" in the store view's language (calendar days: formatted in UTC). The loader
 * formats it, so the server render and the hydration show the same text (ICU versions differ).
 */
export function deliveryDays(now: Date, locale: string, workdays: { min: number; max: number }): string {
  // the working days the shop's settings promise, counted by the shop's dispatch rule
  const days = estimatedDelivery(now, {
    ...DELIVERY_RULE,
    minWorkdays: workdays.min,
    maxWorkdays: workdays.max,
  });
  // the same range all day long: formatting it (ICU's formatRange) cost more than the rest
  const key = `${locale} ${days.from} ${days.to}`;
  let text = rangeTexts.get(key);
  if (text === undefined) {
    text = formatOf(locale).formatRange(new Date(`${days.from}T00:00:00Z`), new Date(`${days.to}T00:00:00Z`));
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
