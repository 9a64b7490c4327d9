// Dates: catalogue-and-cart.md §9 "Date format: YYYY-MM-DD HH:mm", shown in the shop's time zone.
import { STORE_TIME_ZONE } from './constants.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Parses a Date or a date string. ISO strings with a zone are instants; "YYYY-MM-DD HH:mm[:ss]"
 * and "YYYY-MM-DDTHH:mm[:ss]" without a zone are taken as UTC (how the back end stores them), a
 * bare "YYYY-MM-DD" is UTC midnight. Throws RangeError when the date is invalid.
 */
export function toDate(date: Date | string): Date {
  let d: Date;
  if (typeof date === 'string') {
    const s = date.trim();
    const naive = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s);
    d = new Date(naive ? `${s.replace(' ', 'T')}Z` : s);
  } else {
    d = date;
  }
  if (Number.isNaN(d.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  return d;
}

function parts(date: Date | string, timeZone: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(toDate(date))) out[p.type] = p.value;
  return out;
}

/** `YYYY-MM-DD HH:mm` in the given time zone (default Europe/Vilnius). */
export function formatDateTime(date: Date | string, timeZone: string = STORE_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** `YYYY-MM-DD` (the calendar day) in the given time zone (default Europe/Vilnius). */
export function formatDate(date: Date | string, timeZone: string = STORE_TIME_ZONE): string {
  const p = parts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * The calendar day a date value names: a string that starts with "YYYY-MM-DD" and has no zone and
 * a midnight (or no) time is that literal day (how catalogue dates such as special_from_date are
 * written); any other value is the day of that instant in the time zone.
 */
export function calendarDay(value: Date | string, timeZone: string = STORE_TIME_ZONE): string {
  if (typeof value === 'string') {
    const m = /^(\d{4}-\d{2}-\d{2})(?:[ T]00:00(?::00(?:\.0+)?)?)?$/.exec(value.trim());
    if (m?.[1]) return m[1];
  }
  return formatDate(value, timeZone);
}
