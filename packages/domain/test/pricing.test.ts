import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_TAX_COUNTRY_FALLBACK,
  addTax,
  bundlePrice,
  finalPrice,
  groupedPrice,
  isSpecialPriceActive,
  priceBreakdown,
  resolveTaxCountry,
  taxContained,
  taxOn,
  taxRateFor,
  type TaxRule,
} from '../src/index.ts';

const at = (iso: string) => new Date(iso);

describe('special price (catalogue-and-cart.md §4 "Price rules")', () => {
  const base = {
    price: 10000,
    special_price: 8000,
    special_from_date: '2024-05-01',
    special_to_date: '2024-05-31',
  };
  it.each([
    ['inside the window', base, '2024-05-15T12:00:00Z', true],
    ['first day, just after Vilnius midnight', base, '2024-04-30T21:30:00Z', true],
    ['day before the window (Vilnius time)', base, '2024-04-30T20:30:00Z', false],
    ['last day, late evening in Vilnius', base, '2024-05-31T20:59:00Z', true],
    ['day after the window', base, '2024-05-31T21:01:00Z', false],
    ['no dates', { price: 10000, special_price: 8000 }, '2030-01-01T00:00:00Z', true],
    [
      'only a start date, after it',
      { price: 10000, special_price: 8000, special_from_date: '2024-01-01' },
      '2030-01-01T00:00:00Z',
      true,
    ],
    [
      'only an end date, after it',
      { price: 10000, special_price: 8000, special_to_date: '2024-01-01' },
      '2030-01-01T00:00:00Z',
      false,
    ],
    ['equal to the price', { price: 10000, special_price: 10000 }, '2024-05-15T00:00:00Z', false],
    ['above the price', { price: 10000, special_price: 12000 }, '2024-05-15T00:00:00Z', false],
    ['zeroed', { price: 10000, special_price: 0 }, '2024-05-15T00:00:00Z', false],
    ['null', { price: 10000, special_price: null }, '2024-05-15T00:00:00Z', false],
  ])('%s', (_name, p, now, active) => {
    expect(isSpecialPriceActive(p, at(now))).toBe(active);
    expect(finalPrice(p, at(now))).toBe(active ? p.special_price : p.price);
  });

  it('final price is never above the price and is the special price or the price', () => {
    fc.assert(
      fc.property(
        fc.nat(1e8),
        fc.option(fc.integer({ min: -10, max: 1e8 })),
        fc.date({ noInvalidDate: true }),
        (price, sp, now) => {
          const f = finalPrice({ price, special_price: sp }, now);
          expect(f).toBeLessThanOrEqual(price);
          expect([price, sp]).toContain(f);
        },
      ),
    );
  });
});

describe('tax (catalogue-and-cart.md §4 "Tax rate is divided by 100", "default tax country")', () => {
  const rules: TaxRule[] = [
    {
      id: 1,
      product_tax_class_ids: [2],
      customer_tax_class_ids: [3],
      rates: [
        { rate: 21, tax_country_id: 'LT' },
        { rate: 21, tax_country_id: 'LV' },
        { rate: 22, tax_country_id: 'EE' },
        { rate: 23, tax_country_id: 'PL' },
      ],
    },
    {
      id: 2,
      product_tax_class_ids: [2],
      customer_tax_class_ids: [5],
      rates: [{ rate: 0, tax_country_id: 'LT' }],
    },
    {
      id: 3,
      product_tax_class_ids: [7],
      customer_tax_class_ids: [3],
      rates: [{ rate: 5.5, tax_country_id: 'LT' }],
    },
  ];
  it.each([
    [2, undefined, undefined, 21],
    [2, 'EE', undefined, 22],
    [2, 'PL', undefined, 23],
    [2, 'DE', undefined, 0],
    [2, 'LT', 5, 0],
    [2, 'LT', 3, 21],
    [7, 'LT', undefined, 5.5],
    [99, 'LT', undefined, 0],
  ])('class %s in %s (customer class %s) → %s %%', (cls, country, customer, rate) => {
    expect(taxRateFor(rules, cls, country, customer)).toBe(rate);
  });

  it('resolves the tax country: given, else configured, else PL', () => {
    expect(resolveTaxCountry('EE', 'LT')).toBe('EE');
    expect(resolveTaxCountry(undefined, 'LT')).toBe('LT');
    expect(resolveTaxCountry(undefined, undefined)).toBe(DEFAULT_TAX_COUNTRY_FALLBACK);
    expect(DEFAULT_TAX_COUNTRY_FALLBACK).toBe('PL');
  });

  it.each([
    [1999, 21, 2419], // 419.79 → 420
    [1000, 21, 1210],
    [50, 21, 61], // 10.5 → 11 (half up)
    [10000, 5.5, 10550],
    [1, 21, 1],
    [0, 21, 0],
  ])('addTax(%i, %s) → %i', (net, rate, gross) => {
    expect(addTax(net, rate)).toBe(gross);
  });

  it('tax contained in a gross amount inverts addTax within a cent', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.constantFrom(0, 5, 9, 21, 22, 5.5), (net, rate) => {
        const gross = addTax(net, rate);
        expect(Number.isInteger(gross)).toBe(true);
        expect(Math.abs(taxContained(gross, rate) - taxOn(net, rate))).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('priceBreakdown', () => {
  it('fills every price field in cents', () => {
    const now = at('2024-05-15T10:00:00Z');
    expect(priceBreakdown({ price: 10000, special_price: 8000 }, { now, taxRate: 21 })).toEqual({
      price: 10000,
      price_incl_tax: 12100,
      price_tax: 2100,
      original_price: 10000,
      original_price_incl_tax: 12100,
      original_price_tax: 2100,
      special_price: 8000,
      special_price_incl_tax: 9680,
      special_price_tax: 1680,
      final_price: 8000,
      final_price_incl_tax: 9680,
      final_price_tax: 1680,
    });
    expect(priceBreakdown({ price: 10000, special_price: 12000 }, { now, taxRate: 21 })).toMatchObject({
      special_price: null,
      special_price_incl_tax: null,
      special_price_tax: null,
      final_price: 10000,
      final_price_incl_tax: 12100,
      final_price_tax: 2100,
    });
  });

  it('keeps every _incl_tax field equal to the net field plus its _tax field (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 })),
        fc.integer({ min: 0, max: 30 }),
        (price, special, rate) => {
          const b = priceBreakdown(
            { price, special_price: special },
            { now: at('2024-05-15T10:00:00Z'), taxRate: rate },
          );
          for (const f of ['price', 'original_price', 'final_price'] as const)
            expect(b[`${f}_incl_tax`]).toBe(b[f] + b[`${f}_tax`]);
          if (b.special_price !== null)
            expect(b.special_price_incl_tax).toBe(b.special_price + (b.special_price_tax as number));
          else expect(b.special_price_tax).toBeNull();
        },
      ),
    );
  });
});

describe('grouped and bundle prices (§4 "Price rules")', () => {
  const prices = { a: 1000, b: 2500, c: 300 };
  it('grouped: sum of linked price × qty', () => {
    expect(
      groupedPrice(
        [
          { link_type: 'associated', linked_product_sku: 'a', qty: 2 },
          { link_type: 'associated', linked_product_sku: 'b', qty: 1 },
          { link_type: 'related', linked_product_sku: 'c', qty: 5 },
          { link_type: 'associated', linked_product_sku: 'missing', qty: 1 },
          { link_type: 'associated', linked_product_sku: 'c', qty: 0 },
        ],
        prices,
      ),
    ).toBe(2 * 1000 + 2500 + 300);
    expect(groupedPrice([{ linked_product_sku: 'b', qty: 3 }], new Map([['b', 100]]))).toBe(300);
  });

  const options = [
    {
      option_id: 1,
      product_links: [
        { sku: 'a', qty: 1, is_default: true },
        { sku: 'b', qty: 1 },
      ],
    },
    { option_id: 2, product_links: [{ sku: 'c', qty: 2, is_default: true, price: 500 }] },
  ];
  it('bundle: default options', () => {
    expect(bundlePrice(options, prices)).toBe(1000 + 2 * 500);
  });
  it('bundle: selected options override defaults per option', () => {
    expect(bundlePrice(options, prices, { 1: 'b' })).toBe(2500 + 1000);
    expect(bundlePrice(options, prices, { 1: ['a', 'b'], 2: [] })).toBe(3500);
  });
});
