import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyTaxRateChanges,
  importedTaxRate,
  taxRateChangesSchema,
  type TaxRuleWithId,
} from '../src/index.ts';

const rule = (id: number, country: string, rate: number): TaxRuleWithId => ({
  id,
  product_tax_class_ids: [2],
  customer_tax_class_ids: [3],
  rates: [{ rate, tax_country_id: country, tax_region_id: 0, region_name: '' }],
});
const RULES = [rule(1, 'LT', 21), rule(2, 'LV', 21), rule(3, 'EE', 22)];

describe('applyTaxRateChanges', () => {
  it.each([
    [
      'a new rate',
      [{ rule: 3, country: 'EE', from: 22, to: 24 }],
      { ok: true, changed: [{ rule: 3, country: 'EE', from: 22, to: 24 }] },
    ],
    [
      'the same rate: nothing changed',
      [{ rule: 1, country: 'LT', from: 21, to: 21 }],
      { ok: true, changed: [] },
    ],
    [
      'a stale form',
      [{ rule: 3, country: 'EE', from: 24, to: 25 }],
      { ok: false, field: 'changes.0.from', reason: 'stale' },
    ],
    [
      'a country the rule lacks',
      [{ rule: 1, country: 'EE', from: 22, to: 24 }],
      { ok: false, field: 'changes.0.country', reason: 'unknownRate' },
    ],
    [
      'no such rule',
      [{ rule: 9, country: 'LT', from: 21, to: 22 }],
      { ok: false, field: 'changes.0.country', reason: 'unknownRate' },
    ],
    [
      'a rate named twice',
      [
        { rule: 3, country: 'EE', from: 22, to: 24 },
        { rule: 3, country: 'EE', from: 22, to: 23 },
      ],
      { ok: false, field: 'changes.1', reason: 'twice' },
    ],
  ])('%s', (_, changes, expected) => {
    expect(applyTaxRateChanges(RULES, changes)).toMatchObject(expected);
  });

  it('changes the rate the prices are made with, and leaves the rules it was given as they were', () => {
    const result = applyTaxRateChanges(RULES, [{ rule: 3, country: 'EE', from: 22, to: 24 }]);
    if (!result.ok) throw new Error(result.reason);
    expect(importedTaxRate(result.rules, 'EE')).toBe(24);
    expect(importedTaxRate(result.rules, 'LT')).toBe(21);
    expect(importedTaxRate(RULES, 'EE')).toBe(22);
  });

  it('for any set of valid changes, every other rate stays and each changed one is its `to`', () => {
    const change = fc.record({
      rule: fc.constantFrom(1, 2, 3),
      to: fc.integer({ min: 0, max: 5000 }).map((c) => c / 100),
    });
    fc.assert(
      fc.property(fc.uniqueArray(change, { selector: (c) => c.rule }), (picked) => {
        const changes = picked.map((c) => {
          const r = RULES.find((x) => x.id === c.rule)!;
          return { rule: c.rule, country: r.rates[0]!.tax_country_id, from: r.rates[0]!.rate, to: c.to };
        });
        const result = applyTaxRateChanges(RULES, changes);
        if (!result.ok) return false;
        return result.rules.every((r) => {
          const c = changes.find((x) => x.rule === r.id);
          return r.rates[0]!.rate === (c ? c.to : RULES.find((x) => x.id === r.id)!.rates[0]!.rate);
        });
      }),
    );
  });
});

describe('taxRateChangesSchema', () => {
  it.each([
    [{ changes: [{ rule: 1, country: 'LT', from: 21, to: 5.5 }] }, true],
    [{ changes: [{ rule: 1, country: 'LT', from: 21, to: 21.155 }] }, false],
    [{ changes: [{ rule: 1, country: 'LT', from: 21, to: 51 }] }, false],
    [{ changes: [{ rule: 1, country: 'LT', from: 21, to: -1 }] }, false],
    [{ changes: [{ rule: 1, country: 'lt', from: 21, to: 22 }] }, false],
    [{ changes: [] }, false],
    [{ changes: [{ rule: 1, country: 'LT', from: 21, to: 22, extra: 1 }] }, false],
  ])('%j valid: %s', (body, valid) => {
    expect(taxRateChangesSchema.safeParse(body).success).toBe(valid);
  });
});
