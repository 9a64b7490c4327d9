/**
 * A VAT rate change scheduled for a date: what the form may send, and when a change is due (from
 * 00:00 of its day in shop time, Europe/Vilnius, across daylight saving time).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkScheduledTaxRate,
  dueScheduledTaxRates,
  scheduledTaxRateSchema,
  scheduledTaxRateStart,
  type TaxRuleWithId,
} from '../src/index.ts';

const rules: TaxRuleWithId[] = [
  {
    id: 1,
    product_tax_class_ids: [2],
    customer_tax_class_ids: [3],
    rates: [
      { rate: 21, tax_country_id: 'LT', tax_region_id: 0, region_name: '' },
      { rate: 22, tax_country_id: 'EE', tax_region_id: 0, region_name: '' },
    ],
  },
];

const body = { rule_id: 1, country: 'EE', rate: 24, effective_on: '2025-07-01' };

describe('the body of a scheduled change', () => {
  it.each([
    ['a good one', body, null],
    ['two decimals', { ...body, rate: 5.25 }, null],
    ['rate 0', { ...body, rate: 0 }, null],
    ['rate above 50', { ...body, rate: 50.01 }, 'rate'],
    ['three decimals', { ...body, rate: 21.005 }, 'rate'],
    ['a negative rate', { ...body, rate: -1 }, 'rate'],
    ['a lower-case country', { ...body, country: 'ee' }, 'country'],
    ['no such day', { ...body, effective_on: '2025-02-30' }, 'effective_on'],
    ['a date with a time', { ...body, effective_on: '2025-07-01T00:00' }, 'effective_on'],
    ['rule 0', { ...body, rule_id: 0 }, 'rule_id'],
    ['an extra key', { ...body, from: 22 }, ''],
  ])('%s', (_, input, field) => {
    const r = scheduledTaxRateSchema.safeParse(input);
    expect(r.success).toBe(field === null);
    if (!r.success) expect(r.error.issues[0]?.path.join('.') ?? '').toBe(field);
  });
});

describe('checkScheduledTaxRate', () => {
  // 2025-06-30 23:59 in Vilnius (UTC+3 in summer)
  const lateOn30June = Date.parse('2025-06-30T20:59:00Z');
  it.each([
    ['tomorrow in shop time', body, lateOn30June, { ok: true }],
    [
      'today in shop time (already 1 July in Vilnius, 30 June in UTC)',
      body,
      Date.parse('2025-06-30T21:00:00Z'),
      { ok: false, field: 'effective_on', reason: 'notFuture' },
    ],
    [
      'a past day',
      { ...body, effective_on: '2024-01-01' },
      lateOn30June,
      { ok: false, field: 'effective_on', reason: 'notFuture' },
    ],
    [
      'an unknown rule',
      { ...body, rule_id: 9 },
      lateOn30June,
      { ok: false, field: 'rule_id', reason: 'unknownRule' },
    ],
    [
      'a country the rule lacks',
      { ...body, country: 'LV' },
      lateOn30June,
      { ok: false, field: 'country', reason: 'unknownRate' },
    ],
  ])('%s', (_, input, now, expected) => {
    expect(checkScheduledTaxRate(rules, input, now)).toEqual(expected);
  });
});

describe('dueScheduledTaxRates', () => {
  it.each([
    // summer (UTC+3), winter (UTC+2), and the days the clocks move
    ['2025-07-01', '2025-06-30T21:00:00Z'],
    ['2025-01-01', '2024-12-31T22:00:00Z'],
    ['2025-03-30', '2025-03-29T22:00:00Z'],
    ['2025-03-31', '2025-03-30T21:00:00Z'],
    ['2025-10-26', '2025-10-25T21:00:00Z'],
    ['2025-10-27', '2025-10-26T22:00:00Z'],
  ])('a change for %s is due from %s, not a millisecond before', (day, utc) => {
    const start = Date.parse(utc);
    expect(scheduledTaxRateStart(day)).toBe(start);
    const pending = [{ id: 1, effective_on: day }];
    expect(dueScheduledTaxRates(pending, start - 1)).toEqual([]);
    expect(dueScheduledTaxRates(pending, start)).toEqual(pending);
    expect(dueScheduledTaxRates(pending, new Date(start + 86_400_000 * 40))).toEqual(pending);
  });

  it('answers the due ones by day, a later one for the same day after', () => {
    const pending = [
      { id: 1, effective_on: '2025-07-01' },
      { id: 2, effective_on: '2025-01-01' },
      { id: 3, effective_on: '2030-01-01' },
      { id: 4, effective_on: '2025-01-01' },
    ];
    expect(dueScheduledTaxRates(pending, Date.parse('2026-01-01T00:00:00Z')).map((p) => p.id)).toEqual([
      2, 4, 1,
    ]);
  });

  it('property: due exactly when the instant is on or after the day in shop time, and tomorrow is never due', () => {
    const day = fc
      .integer({
        min: Date.parse('2000-01-01T00:00:00Z') / 86_400_000,
        max: Date.parse('2060-12-31T00:00:00Z') / 86_400_000,
      })
      .map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10));
    const instant = fc.integer({
      min: Date.parse('1999-12-01T00:00:00Z'),
      max: Date.parse('2061-02-01T00:00:00Z'),
    });
    fc.assert(
      fc.property(day, instant, (d, at) => {
        const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vilnius' }).format(new Date(at));
        const due = dueScheduledTaxRates([{ effective_on: d }], at).length === 1;
        // the shop's calendar day at that instant has reached `d`
        expect(due).toBe(today >= d);
        // a day that may be scheduled at `at` is not yet due at `at`
        if (checkScheduledTaxRate(rules, { rule_id: 1, country: 'LT', effective_on: d }, at).ok)
          expect(due).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
