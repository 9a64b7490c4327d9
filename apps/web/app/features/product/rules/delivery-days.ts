import { estimatedDelivery } from '@vitrina/domain';

/** one formatter per locale: making one costs about a millisecond, a server render calls this each time */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "November 27 – 30" in the store view's language (calendar days: formatted in UTC). The loader
 * formats it, so the server render and the hydration show the same text (ICU versions differ).
 */
export function deliveryDays(now: Date, locale: string): string {
  const days = estimatedDelivery(now);
  let f = dayFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
    dayFormats.set(locale, f);
  }
  return f.formatRange(new Date(`${days.from}T00:00:00Z`), new Date(`${days.to}T00:00:00Z`));
}
