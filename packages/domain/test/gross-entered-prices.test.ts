/**
 * Prices entered gross (CATALOG_PRICES_INCLUDE_TAX): every gross a Lithuanian shop types, 0,01 € to
 * 1 500,00 €, comes back to the cent on the listing, in the cart of the default country and under
 * cross-border trade; other destinations pay the net at their own rate.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addTax,
  chargedGross,
  netFromGross,
  priceBreakdown,
  storedGross,
  storedPrice,
} from '../src/index.ts';

const NOW = new Date('2026-06-15T10:00:00Z');

describe('a gross price entered round-trips', () => {
  it('every cent 1..150000 at 21 %: stored, listed and charged in LT as typed', () => {
    let unreachableNet = 0;
    for (let gross = 1; gross <= 150_000; gross++) {
      const stored = storedPrice(gross, true, 21);
      const listed = priceBreakdown(
        { price: stored.price, price_incl_tax: stored.price_incl_tax },
        { now: NOW, taxRate: 21 },
      );
      if (listed.price_incl_tax !== gross || listed.final_price_incl_tax !== gross)
        throw new Error(`${gross} listed as ${listed.price_incl_tax}`);
      if (storedGross(stored, 21) !== gross) throw new Error(`${gross} stored as ${storedGross(stored, 21)}`);
      if (chargedGross(listed.final_price, listed.final_price_incl_tax, 21, 21) !== gross)
        throw new Error(`${gross} charged differently`);
      if (addTax(stored.price, 21) !== gross) unreachableNet++;
    }
    // the defect this fixes: a net alone cannot say about 1 in 6 of these grosses
    expect(unreachableNet).toBeGreaterThan(20_000);
  });

  it("the issue's example: 449,00 € stays 449,00 € (a net alone makes it 448,99 €)", () => {
    expect(addTax(netFromGross(44900, 21), 21)).toBe(44899);
    const stored = storedPrice(44900, true, 21);
    expect(priceBreakdown(stored, { now: NOW, taxRate: 21 }).price_incl_tax).toBe(44900);
  });

  it('any rate 0..27 and any gross: the listed gross is the entered one and its net is within half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 27 }), (gross, rate) => {
        const b = priceBreakdown(storedPrice(gross, true, rate), { now: NOW, taxRate: rate });
        expect(b.price_incl_tax).toBe(gross);
        expect(Math.abs(b.price * (100 + rate) - gross * 100)).toBeLessThanOrEqual((100 + rate) / 2);
      }),
    );
  });

  it('a special price entered gross applies in its window and by the grosses (a 1-cent special shows)', () => {
    const p = {
      ...storedPrice(44900, true, 21),
      special_price: netFromGross(44899, 21),
      special_price_incl_tax: 44899,
    };
    // the two nets are equal: only the grosses tell the special is below the price
    expect(p.special_price).toBe(p.price);
    const b = priceBreakdown(p, { now: NOW, taxRate: 21 });
    expect([b.special_price_incl_tax, b.final_price_incl_tax, b.price_incl_tax]).toEqual([
      44899, 44899, 44900,
    ]);
    const outside = priceBreakdown(
      { ...p, special_to_date: '2026-06-01T00:00:00Z' },
      { now: NOW, taxRate: 21 },
    );
    expect([outside.special_price, outside.final_price_incl_tax]).toEqual([null, 44900]);
  });

  it('entered net stays the rule of before (no gross stored)', () => {
    expect(storedPrice(37107, false, 21)).toEqual({ price: 37107, price_incl_tax: null });
    expect(priceBreakdown({ price: 37107 }, { now: NOW, taxRate: 21 }).price_incl_tax).toBe(44899);
  });
});

describe('destinations of a gross-entered price', () => {
  const rows: [string, number, number][] = [
    // country, charged rate, what 449,00 € entered at LT 21 % costs there
    ['LT', 21, 44900],
    ['LV', 21, 44900],
    ['EE', 24, addTax(netFromGross(44900, 21), 24)],
  ];
  it.each(rows)('%s at %i %%: %i cents', (_c, rate, expected) => {
    expect(chargedGross(netFromGross(44900, 21), 44900, 21, rate)).toBe(expected);
  });
  it('cross-border trade charges the listed rate everywhere, so the entered gross', () => {
    expect(chargedGross(netFromGross(44900, 21), 44900, 21, 21)).toBe(44900);
  });
  it('a net-entered product is charged as grossFor always did', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 27 }),
        (net, rate) => chargedGross(net, null, 21, rate) === addTax(net, rate),
      ),
    );
  });
});
