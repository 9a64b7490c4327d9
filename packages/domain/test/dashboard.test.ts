import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  averageOrderCents,
  dashboardCounts,
  dashboardPeriodRange,
  revenueSplit,
  type DashboardPeriod,
} from '../src/index.ts';

describe('dashboardPeriodRange: whole Europe/Vilnius days ending today', () => {
  it.each<[DashboardPeriod, string, string, string, string]>([
    // summer (UTC+3)
    ['today', '2026-06-15T12:00:00Z', '2026-06-14T21:00:00.000Z', '2026-06-15T21:00:00.000Z', '2026-06-15'],
    // 01:30 in Vilnius is already the 15th, though still the 14th in UTC
    ['today', '2026-06-14T22:30:00Z', '2026-06-14T21:00:00.000Z', '2026-06-15T21:00:00.000Z', '2026-06-15'],
    // 23:59 in Vilnius is still the 14th
    ['today', '2026-06-14T20:59:00Z', '2026-06-13T21:00:00.000Z', '2026-06-14T21:00:00.000Z', '2026-06-14'],
    // winter (UTC+2)
    ['today', '2026-01-10T10:00:00Z', '2026-01-09T22:00:00.000Z', '2026-01-10T22:00:00.000Z', '2026-01-10'],
    // the spring change (29 March 2026): a 23-hour day
    ['today', '2026-03-29T12:00:00Z', '2026-03-28T22:00:00.000Z', '2026-03-29T21:00:00.000Z', '2026-03-29'],
    // the autumn change (25 October 2026): a 25-hour day
    ['today', '2026-10-25T12:00:00Z', '2026-10-24T21:00:00.000Z', '2026-10-25T22:00:00.000Z', '2026-10-25'],
    // 7 days across the spring change start at a winter midnight and end at a summer one
    ['7d', '2026-03-31T10:00:00Z', '2026-03-24T22:00:00.000Z', '2026-03-31T21:00:00.000Z', '2026-03-25'],
    // 30 days across a year end
    ['30d', '2026-01-10T10:00:00Z', '2025-12-11T22:00:00.000Z', '2026-01-10T22:00:00.000Z', '2025-12-12'],
  ])('%s at %s: %s to %s', (period, now, from, to, firstDay) => {
    const r = dashboardPeriodRange(period, new Date(now));
    expect(r.from.toISOString()).toBe(from);
    expect(r.to.toISOString()).toBe(to);
    expect(r.firstDay).toBe(firstDay);
  });

  it('always holds now, lasts 23 to 25 hours a day, and the longer periods end where today ends', () => {
    const instant = fc.date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2035-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, (now) => {
        const today = dashboardPeriodRange('today', now);
        expect(today.from.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(today.to.getTime()).toBeGreaterThan(now.getTime());
        const hours = (today.to.getTime() - today.from.getTime()) / 3_600_000;
        expect([23, 24, 25]).toContain(hours);
        for (const [period, days] of [
          ['7d', 7],
          ['30d', 30],
        ] as const) {
          const r = dashboardPeriodRange(period, now);
          expect(r.to.getTime()).toBe(today.to.getTime());
          const span = (r.to.getTime() - r.from.getTime()) / 3_600_000;
          expect(Math.abs(span - days * 24)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});

describe('dashboardCounts', () => {
  const range = dashboardPeriodRange('today', new Date('2026-06-15T12:00:00Z'));
  it.each([
    ['new', '2026-06-14T21:00:00Z', true], // the first instant of the day
    ['complete', '2026-06-15T20:59:59Z', true],
    ['new', '2026-06-15T21:00:00Z', false], // tomorrow
    ['new', '2026-06-14T20:59:59Z', false], // yesterday
    ['cancelled', '2026-06-15T10:00:00Z', false], // no sale
    ['refunded', '2026-06-15T10:00:00Z', true], // a sale that happened (money back is shown as a to-do, not unsold)
  ])('%s at %s: %s', (status, at, counted) => {
    expect(dashboardCounts({ status, createdAt: new Date(at) }, range)).toBe(counted);
  });
});

describe('averageOrderCents: half a cent rounds up', () => {
  it.each([
    [0, 0, 0],
    [12345, 0, 0],
    [100, 3, 33],
    [200, 3, 67],
    [50, 100, 1],
    [49, 100, 0],
    [150, 100, 2],
    [250, 100, 3],
    [1001, 2, 501],
    [2_000_000_01, 1, 2_000_000_01],
  ])('%i cents / %i orders = %i', (total, count, avg) => {
    expect(averageOrderCents(total, count)).toBe(avg);
  });

  it('refuses fractions of a cent', () => {
    expect(() => averageOrderCents(10.5, 2)).toThrow(RangeError);
  });

  it('is within half a cent of the exact average, exact when it divides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (total, count) => {
        const avg = averageOrderCents(total, count);
        expect(Number.isInteger(avg)).toBe(true);
        expect(Math.abs(avg * count - total) * 2).toBeLessThanOrEqual(count);
        expect(averageOrderCents(avg * count, count)).toBe(avg);
      }),
    );
  });
});

describe('revenueSplit', () => {
  it.each([
    [12100, 2100, 10000],
    [0, 0, 0],
    [999, 173, 826],
  ])('gross %i, VAT %i: net %i', (gross, vat, net) => {
    expect(revenueSplit(gross, vat)).toEqual({ gross, vat, net });
  });
});
