/**
 * The back office's overview: which orders a period counts, and how its figures are rounded.
 *
 * A period is whole calendar days in the shop's time zone (Europe/Vilnius), ending with today:
 * `today` is today alone, `7d` today and the 6 days before, `30d` today and the 29 before. Day
 * boundaries are local midnights, so a period around a daylight-saving change is 23 or 25 hours
 * longer or shorter than a multiple of 24 h, and an order placed at 00:30 Vilnius time counts for
 * that Vilnius day even though it is the previous day in UTC.
 *
 * The figures come from the orders' stored amounts in cents (what the buyer was charged), never from
 * today's catalogue: gross = grand_total, VAT = tax_amount, net = gross - VAT. Cancelled orders are
 * no sale and count nowhere (neither orders nor revenue).
 */
import { STORE_TIME_ZONE } from '../base/index.ts';
import { formatDate, nextCalendarDay, startOfDay } from '../base/index.ts';

export const DASHBOARD_PERIODS = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

const DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

/** the calendar day `n` days before `day` (YYYY-MM-DD) */
function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instants a period covers at `now`: from the first instant of its first day (inclusive) to the
 * first instant of tomorrow (exclusive), and its first and last calendar days (for the orders list's
 * date filter, which takes days in the same zone).
 */
export function dashboardPeriodRange(
  period: DashboardPeriod,
  now: Date,
  timeZone: string = STORE_TIME_ZONE,
): { from: Date; to: Date; firstDay: string; lastDay: string } {
  const today = formatDate(now, timeZone);
  const firstDay = daysBefore(today, DAYS[period] - 1);
  return {
    from: new Date(startOfDay(firstDay, timeZone)),
    to: new Date(startOfDay(nextCalendarDay(today), timeZone)),
    firstDay,
    lastDay: today,
  };
}

/** the orders a period counts: placed within it and not cancelled */
export function dashboardCounts(
  order: { status: string; createdAt: Date },
  range: { from: Date; to: Date },
): boolean {
  const t = order.createdAt.getTime();
  return order.status !== 'cancelled' && t >= range.from.getTime() && t < range.to.getTime();
}

/**
 * The average order in whole cents: total / count rounded half up (a half cent goes up, as a
 * person rounding money would); 0 when there are no orders.
 */
export function averageOrderCents(totalCents: number, count: number): number {
  if (!Number.isSafeInteger(totalCents) || !Number.isSafeInteger(count) || count < 0)
    throw new RangeError('cents and count must be whole numbers');
  if (count === 0) return 0;
  // integer arithmetic: no binary-fraction surprises at .5
  const q = Math.floor(totalCents / count);
  const r = totalCents - q * count;
  return 2 * r >= count ? q + 1 : q;
}

/** gross, VAT and net of a sum of orders, all in cents: net is what is left of the gross after VAT */
export function revenueSplit(
  grossCents: number,
  vatCents: number,
): { gross: number; vat: number; net: number } {
  return { gross: grossCents, vat: vatCents, net: grossCents - vatCents };
}
