import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  STANDARD_PRODUCT_TAX_CLASS_ID,
  importedInclTax,
  importedTaxRate,
  priceBreakdown,
  taxContained,
  toCents,
  type TaxRule,
} from '../src/index.ts';

// One rule for every amount of the shop data import file (docs/CONTRACTS.md
// "Shop data import file"): euros net of VAT in the file, shown and charged net + tax rounded half up.

const rules: TaxRule[] = [
  { product_tax_class_ids: [2], customer_tax_class_ids: [3], rates: [{ rate: 21, tax_country_id: 'LT' }, { rate: 24, tax_country_id: 'EE' }] },
  { product_tax_class_ids: [5], customer_tax_class_ids: [3], rates: [{ rate: 9, tax_country_id: 'LT' }] },
];

describe('importedInclTax: an import amount as the shopper pays it', () => {
  it.each([
    ['demo courier', '3.30', 21, 399],
    ['demo parcel locker', '2.47', 21, 299],
    ['demo free-shipping threshold', '81.82', 21, 9900],
    ['demo cash-on-delivery fee', '2.48', 21, 300],
    ['demo coupon minimum', '413.22', 21, 50000],
    ['free pickup', '0', 21, 0],
    ['no VAT rule', '3.30', 0, 330],
    ['Estonian rate', '3.30', 24, 409],
    ['half a cent of tax rounds up', '0.50', 21, 61], // 10.5 → 11
  ])('%s: %s € net at %d %% → %d cents', (_, euros, rate, cents) => {
    expect(importedInclTax(toCents(euros), rate)).toBe(cents);
  });

  it('refuses amounts that are not whole non-negative cents', () => {
    expect(() => importedInclTax(3.3, 21)).toThrow(RangeError);
    expect(() => importedInclTax(-1, 21)).toThrow(RangeError);
  });

  it('is the rule products follow: a fee imported like a product costs what that product would', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(0, 5, 9, 21, 24, 25), (net, rate) => {
        const product = priceBreakdown({ price: net }, { now: new Date(0), taxRate: rate });
        expect(importedInclTax(net, rate)).toBe(product.final_price_incl_tax);
      }),
    );
  });

  it('the VAT the totals find in the gross amount is exactly the VAT added to the net one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(0, 5, 9, 21, 24, 25), (net, rate) => {
        const gross = importedInclTax(net, rate);
        expect(gross - taxContained(gross, rate)).toBe(net);
      }),
    );
  });

  it('keeps the order of amounts (a higher net never shows lower)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(importedInclTax(lo, 21)).toBeLessThanOrEqual(importedInclTax(hi, 21));
      }),
    );
  });
});

describe('importedTaxRate: the rate of the store view country', () => {
  it.each([
    ['standard class in LT (shipping, fees, coupons, thresholds)', 'LT', undefined, 21],
    ['standard class named', 'LT', STANDARD_PRODUCT_TAX_CLASS_ID, 21],
    ['a reduced class', 'LT', 5, 9],
    ['a country without a rule', 'LV', undefined, 0],
    ['a product without a class', 'LT', null, 0],
  ])('%s', (_, country, taxClass, rate) => {
    expect(importedTaxRate(rules, country, taxClass)).toBe(rate);
  });
});
