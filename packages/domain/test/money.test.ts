import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToDecimalString,
  centsToEuros,
  formatPrice,
  parsePrice,
  parsePriceRangeKey,
  priceRangeKey,
  priceRangeLabel,
  PRICE_RANGES,
  toCents,
} from '../src/index.ts';

const NB = '\u00A0';

describe('toCents (CONTRACTS.md "Money": import files carry decimal euros)', () => {
  it.each([
    [0, 0],
    [12.34, 1234],
    ['12.34', 1234],
    [0.1 + 0.2, 30],
    ['1.005', 101],
    [1.005, 101],
    ['1.004', 100],
    ['-1.005', -101],
    ['-0.004', 0],
    ['  7 ', 700],
    ['.5', 50],
    ['3.', 300],
    ['1e3', 100000],
    ['1.5e-1', 15],
    [19.99, 1999],
    [1234567.89, 123456789],
  ])('%s → %i', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it.each([NaN, Infinity, -Infinity, '', 'abc', '1,5', '1.2.3', '--1', '1e400', 1e300])(
    'rejects %s with a RangeError',
    (bad) => {
      expect(() => toCents(bad)).toThrow(RangeError);
    },
  );

  it('never drifts: an integer cent amount written with 2 decimals converts back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        expect(toCents(centsToDecimalString(c))).toBe(c);
        expect(toCents(c / 100)).toBe(c);
      }),
    );
  });
});

describe('formatPrice (catalogue-and-cart.md §1: amount then sign, 2 decimals, leading minus)', () => {
  it.each([
    [123456, 'lt', `1${NB}234,56${NB}€`],
    [123456, 'ru', `1${NB}234,56${NB}€`],
    [123456, 'en', `1,234.56${NB}€`],
    [-123456, 'lt', `-1${NB}234,56${NB}€`],
    [-123456, 'en', `-1,234.56${NB}€`],
    [0, 'lt', `0,00${NB}€`],
    [5, 'en', `0.05${NB}€`],
    [-5, 'en', `-0.05${NB}€`],
    [99, 'lt', `0,99${NB}€`],
    [100000000, 'en', `1,000,000.00${NB}€`],
    [99999, 'ru', `999,99${NB}€`],
  ] as const)('%i in %s → %s', (cents, store, out) => {
    expect(formatPrice(cents, store)).toBe(out);
  });

  it('uses an ASCII minus and no minus for zero', () => {
    expect(formatPrice(-1, 'lt').charCodeAt(0)).toBe(45);
    expect(formatPrice(-0, 'lt')).toBe(`0,00${NB}€`);
  });

  it('rejects non-finite amounts', () => {
    expect(() => formatPrice(NaN, 'lt')).toThrow(RangeError);
  });

  const store = fc.constantFrom('lt' as const, 'en' as const, 'ru' as const);
  const cents = fc.integer({ min: -1e13, max: 1e13 });

  it('round-trips through parsePrice', () => {
    fc.assert(
      fc.property(cents, store, (c, s) => {
        expect(parsePrice(formatPrice(c, s), s)).toBe(c);
      }),
    );
  });

  it('has a leading minus exactly for negative amounts, and ends with " €"', () => {
    fc.assert(
      fc.property(cents, store, (c, s) => {
        const out = formatPrice(c, s);
        expect(out.startsWith('-')).toBe(c < 0);
        expect(out.endsWith(`${NB}€`)).toBe(true);
        expect(out).toMatch(
          s === 'en' ? /^-?\d{1,3}(,\d{3})*\.\d{2}\u00A0€$/ : /^-?\d{1,3}(\u00A0\d{3})*,\d{2}\u00A0€$/,
        );
      }),
    );
  });

  it('groups digits in threes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (c) => {
        const units = formatPrice(c, 'en').split('.')[0] as string;
        expect(units.replace(/,/g, '')).toBe(String(Math.floor(c / 100)));
        for (const g of units.split(',').slice(1)) expect(g).toHaveLength(3);
      }),
    );
  });
});

describe('structured data and price ranges', () => {
  it('divides by 100 (§9 "Unit price in structured data")', () => {
    expect(centsToEuros(1999)).toBe(19.99);
    expect(centsToDecimalString(1999)).toBe('19.99');
    expect(centsToDecimalString(-5)).toBe('-0.05');
    expect(centsToDecimalString(100)).toBe('1.00');
  });

  it('parsePrice refuses non-prices', () => {
    expect(parsePrice('abc', 'lt')).toBeNull();
    expect(parsePrice('12,5 €', 'lt')).toBe(1250);
    expect(parsePrice('1,234.5', 'en')).toBe(123450);
  });

  it('labels buckets ("< sign to" first/last, otherwise "from - to")', () => {
    expect(PRICE_RANGES.map((r) => priceRangeLabel(r, 'lt'))).toEqual([
      `< 50,00${NB}€`,
      `50,00${NB}€ - 100,00${NB}€`,
      `100,00${NB}€ - 150,00${NB}€`,
      `> 150,00${NB}€`,
    ]);
    expect(PRICE_RANGES.map(priceRangeKey)).toEqual(['0.0-50.0', '50.0-100.0', '100.0-150.0', '150.0-*']);
  });
});

describe('parsePriceRangeKey: the ranges the API answers, whichever they are', () => {
  it.each([
    ['0.0-50.0', { from: 0, to: 50 }],
    ['150.0-*', { from: 150, to: null }],
    ['650.0-800.0', { from: 650, to: 800 }],
    ['12.5-20.5', { from: 12.5, to: 20.5 }],
    // a shopper's own range (listing.ts parsePriceBoundsParam), not a bucket
    ['100-500', null],
    ['12.5-20.25', null],
    ['50.0-50.0', null],
    ['100.0-50.0', null],
    ['-5.0-10.0', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('%s → %o', (key, range) => {
    expect(parsePriceRangeKey(key)).toEqual(range);
  });

  it("is the inverse of priceRangeKey for every range the API's setting can name", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.option(fc.integer({ min: 1, max: 100_000 })),
        (from, width) => {
          const range = { from, to: width === null ? null : from + width };
          expect(parsePriceRangeKey(priceRangeKey(range))).toEqual(range);
        },
      ),
    );
  });
});
