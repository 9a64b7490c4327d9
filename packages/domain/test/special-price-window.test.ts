import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  formatDate,
  formatDateTime,
  isSpecialPriceActive,
  specialPriceWindow,
  type SpecialPriceInput,
} from '../src/index.ts';

const VILNIUS = 'Europe/Vilnius';
const at = (iso: string) => new Date(iso);
const offer = (from: string | Date | null, to: string | Date | null): SpecialPriceInput => ({
  price: 10000,
  special_price: 8000,
  special_from_date: from,
  special_to_date: to,
});

/** The rule as the spec words it: the calendar day of `now` in the zone lies within from-day..to-day. */
function activeByCalendarDay(p: SpecialPriceInput, now: Date, timeZone: string): boolean {
  const sp = p.special_price;
  if (sp == null || !(sp > 0) || sp >= p.price) return false;
  const today = formatDate(now, timeZone);
  if (p.special_from_date && calendarDay(p.special_from_date, timeZone) > today) return false;
  if (p.special_to_date && calendarDay(p.special_to_date, timeZone) < today) return false;
  return true;
}

describe('specialPriceWindow (catalogue-and-cart.md §4: inside its date window, by calendar day in Vilnius)', () => {
  it.each([
    // winter, UTC+2: 1 March 00:00 local is 28 February 22:00 UTC
    [
      'winter days',
      offer('2024-03-01', '2024-03-10'),
      '2024-02-29T22:00:00.000Z',
      '2024-03-10T22:00:00.000Z',
    ],
    // summer, UTC+3
    [
      'summer days',
      offer('2024-06-01', '2024-06-30'),
      '2024-05-31T21:00:00.000Z',
      '2024-06-30T21:00:00.000Z',
    ],
    // 31 March 2024 has 23 hours in Vilnius (03:00 → 04:00): it opens at UTC+2 and closes at UTC+3
    [
      'the day clocks go forward',
      offer('2024-03-31', '2024-03-31'),
      '2024-03-30T22:00:00.000Z',
      '2024-03-31T21:00:00.000Z',
    ],
    // 27 October 2024 has 25 hours (04:00 → 03:00)
    [
      'the day clocks go back',
      offer('2024-10-27', '2024-10-27'),
      '2024-10-26T21:00:00.000Z',
      '2024-10-27T22:00:00.000Z',
    ],
    // an instant names the day it falls on in Vilnius: 23:30 UTC on the 10th is 01:30 on the 11th there
    [
      'instants as dates',
      offer(at('2024-03-10T23:30:00Z'), at('2024-03-20T12:00:00Z')),
      '2024-03-10T22:00:00.000Z',
      '2024-03-20T22:00:00.000Z',
    ],
    ['a zoned string is an instant', offer('2024-03-10T23:30:00Z', null), '2024-03-10T22:00:00.000Z', null],
    [
      'a midnight string without a zone is that day',
      offer('2024-03-10 00:00:00', null),
      '2024-03-09T22:00:00.000Z',
      null,
    ],
    ['only an end', offer(null, '2024-03-10'), null, '2024-03-10T22:00:00.000Z'],
    ['no dates: always', offer(null, null), null, null],
  ])('%s', (_name, p, opens, closes) => {
    const w = specialPriceWindow(p, VILNIUS);
    expect(
      w && {
        opens: w.opensAt && new Date(w.opensAt).toISOString(),
        closes: w.closesAt && new Date(w.closesAt).toISOString(),
      },
    ).toEqual({ opens, closes });
  });

  it.each([
    ['no special price', { price: 10000, special_price: null }],
    ['a zeroed special price', { price: 10000, special_price: 0 }],
    ['a negative special price', { price: 10000, special_price: -1 }],
    ['a special price equal to the price', { price: 10000, special_price: 10000 }],
    ['a special price above the price', { price: 10000, special_price: 12000 }],
  ])('none for %s', (_name, p) => {
    expect(specialPriceWindow({ ...p, special_from_date: '2024-03-01' }, VILNIUS)).toBeNull();
    expect(isSpecialPriceActive(p, at('2024-03-05T12:00:00Z'), VILNIUS)).toBe(false);
  });

  it.each([
    ['the last millisecond before the from-day', '2024-02-29T21:59:59.999Z', false],
    ['the first instant of the from-day', '2024-02-29T22:00:00.000Z', true],
    ['the last millisecond of the to-day', '2024-03-10T21:59:59.999Z', true],
    ['the first instant of the day after', '2024-03-10T22:00:00.000Z', false],
  ])('at %s: active %s', (_name, now, active) => {
    expect(isSpecialPriceActive(offer('2024-03-01', '2024-03-10'), at(now), VILNIUS)).toBe(active);
  });

  const day = fc
    .date({ min: at('2020-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const dateValue = fc.oneof(
    day,
    fc.date({ min: at('2020-01-01T00:00:00Z'), max: at('2030-12-31T00:00:00Z'), noInvalidDate: true }),
  );
  const instant = fc.date({
    min: at('2019-12-25T00:00:00Z'),
    max: at('2031-01-05T00:00:00Z'),
    noInvalidDate: true,
  });
  const zone = fc.constantFrom(
    VILNIUS,
    'America/New_York',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'Pacific/Kiritimati',
    'Pacific/Pago_Pago',
  );

  it('property: active at an instant exactly when that instant is on a day of the window, in any zone', () => {
    fc.assert(
      fc.property(fc.option(dateValue), fc.option(dateValue), instant, zone, (from, to, now, tz) => {
        const p = offer(from, to);
        expect(isSpecialPriceActive(p, now, tz)).toBe(activeByCalendarDay(p, now, tz));
      }),
      { numRuns: 500 },
    );
  });

  it('property: the window opens at 00:00 of the from-day and closes at 00:00 of the day after the to-day', () => {
    fc.assert(
      fc.property(day, day, zone, (from, to, tz) => {
        const w = specialPriceWindow(offer(from, to), tz)!;
        expect(formatDateTime(new Date(w.opensAt!), tz)).toBe(`${from} 00:00`);
        expect(formatDateTime(new Date(w.opensAt! - 1), tz) < `${from} 00:00`).toBe(true);
        expect(formatDateTime(new Date(w.closesAt!), tz) > `${to} 23:59`).toBe(true);
        expect(formatDateTime(new Date(w.closesAt! - 1), tz)).toBe(`${to} 23:59`);
      }),
      { numRuns: 300 },
    );
  });
});
