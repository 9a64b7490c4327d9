import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  STANDARD_PRODUCT_TAX_CLASS_ID,
  chargedTaxRate,
  containedTaxRate,
  grossFor,
  taxContained,
  type TaxDestination,
  type TaxRule,
} from '../src/index.ts';

// VAT by destination country. Imported amounts are net; the delivery country's rate
// makes them gross, unless CROSS_BORDER_TRADE keeps the store country's gross everywhere.
// A customer group's own tax class selects the rules listing it.

const WHOLESALE = 7;
const rules: TaxRule[] = [
  {
    product_tax_class_ids: [2],
    customer_tax_class_ids: [3],
    rates: [
      { rate: 21, tax_country_id: 'LT' },
      { rate: 21, tax_country_id: 'LV' },
      { rate: 24, tax_country_id: 'EE' },
    ],
  },
  { product_tax_class_ids: [5], customer_tax_class_ids: [3], rates: [{ rate: 9, tax_country_id: 'LT' }, { rate: 13, tax_country_id: 'EE' }] },
  // a reverse-charge class: VAT-registered business customers pay none
  { product_tax_class_ids: [2, 5], customer_tax_class_ids: [WHOLESALE], rates: [{ rate: 0, tax_country_id: 'LT' }, { rate: 0, tax_country_id: 'EE' }] },
];

const to = (countryId: string, crossBorderTrade = false, customerTaxClassId?: number): TaxDestination => ({
  countryId,
  storeCountryId: 'LT',
  crossBorderTrade,
  customerTaxClassId,
});

describe('grossFor: what a destination pays for a net amount', () => {
  it.each([
    ['LT, standard', 10000, 2, to('LT'), 12100],
    ['EE, standard: net × 1.24', 10000, 2, to('EE'), 12400],
    ['LV, standard', 10000, 2, to('LV'), 12100],
    ['EE, reduced class', 10000, 5, to('EE'), 11300],
    ['EE, the tax rounded half up', 8182, 2, to('EE'), 10146],
    ['a country without a rule: no VAT', 10000, 2, to('PL'), 10000],
    ['cross-border trade: the store country gross in EE', 10000, 2, to('EE', true), 12100],
    ['cross-border trade: reduced class', 10000, 5, to('EE', true), 10900],
    ['a group tax class: its own rules (reverse charge)', 10000, 2, to('EE', false, WHOLESALE), 10000],
    ['no class: no VAT', 10000, null, to('LT'), 10000],
  ])('%s', (_name, net, cls, dest, gross) => {
    expect(grossFor(net, rules, cls, dest)).toBe(gross);
  });

  it('the VAT contained is always taken at the delivery country, cross-border trade or not', () => {
    expect(containedTaxRate(rules, 2, to('EE', true))).toBe(24);
    expect(chargedTaxRate(rules, 2, to('EE', true))).toBe(21);
    expect(containedTaxRate(rules, 2, to('EE'))).toBe(24);
    expect(chargedTaxRate(rules, 2, to('EE'))).toBe(24);
  });

  it('property: without cross-border trade, gross ≥ net and the contained VAT + net = gross', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom('LT', 'LV', 'EE', 'PL'),
        fc.constantFrom(STANDARD_PRODUCT_TAX_CLASS_ID, 5),
        (net, country, cls) => {
          const dest = to(country);
          const gross = grossFor(net, rules, cls, dest);
          expect(gross).toBeGreaterThanOrEqual(net);
          expect(net + taxContained(gross, containedTaxRate(rules, cls, dest))).toBe(gross);
        },
      ),
    );
  });

  it('property: with cross-border trade the gross is the same in every country', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom('LV', 'EE', 'PL'), (net, country) => {
        expect(grossFor(net, rules, 2, to(country, true))).toBe(grossFor(net, rules, 2, to('LT')));
      }),
    );
  });
});
