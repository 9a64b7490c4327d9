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

const dayStarts = new Map<string, number>();

/**
 * The first instant (ms since the epoch) of a calendar day (YYYY-MM-DD) in a time zone: its
 * midnight, or the first minute of the day where the zone skips midnight. Cached per zone and day
 * (a catalogue names few days).
 */
export function startOfDay(day: string, timeZone: string = STORE_TIME_ZONE): number {
  const key = `${timeZone} ${day}`;
  const cached = dayStarts.get(key);
  if (cached !== undefined) return cached;
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utcMidnight)) throw new RangeError(`Invalid day: ${day}`);
  // a zone's offset is within ±14 h: binary search (minute steps) for the first instant of `day`
  let lo = (utcMidnight - 14 * 3600_000) / 60_000;
  let hi = (utcMidnight + 14 * 3600_000) / 60_000;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (formatDate(new Date(mid * 60_000), timeZone) >= day) hi = mid;
    else lo = mid + 1;
  }
  const start = lo * 60_000;
  dayStarts.set(key, start);
  return start;
}

/** The calendar day (YYYY-MM-DD) after `day`. */
export function nextCalendarDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
