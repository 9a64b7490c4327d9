import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  importedInclTax,
  offlineEstimate,
  rowTotalInclTax,
  subtotalOfLines,
} from '../src/index.ts';

const line = fc.record({
  price_incl_tax: fc.integer({ min: 0, max: 1_000_000 }),
  qty: fc.integer({ min: 1, max: 99 }),
});

describe('rowTotalInclTax and subtotalOfLines (one subtotal for the cart, the order and the storefront)', () => {
  it.each([
    [1999, 1, 1999],
    [1999, 3, 5997],
    [0, 5, 0],
    [399, 10, 3990],
    [1_000_000, 99, 99_000_000],
  ])('a unit of %i cents × %i is %i', (unit, qty, row) => {
    expect(rowTotalInclTax(unit, qty)).toBe(row);
  });

  it.each([
    ['no lines', [], 0],
    ['one line', [{ price_incl_tax: 2999, qty: 2 }], 5998],
    [
      'several lines',
      [
        { price_incl_tax: 1999, qty: 2 },
        { price_incl_tax: 50000, qty: 1 },
        { price_incl_tax: 1, qty: 7 },
      ],
      54_005,
    ],
  ])('the subtotal of %s', (_name, lines, subtotal) => {
    expect(subtotalOfLines(lines)).toBe(subtotal);
  });

  it('rounds the tax per unit, not per row: a row is the rounded gross unit × qty', () => {
    // 1 cent net at 21 %: the unit is 1 cent gross (0.21 rounds away), so 3 units are 3 cents,
    // where grossing the row's 3 cents net would give 4
    const unit = importedInclTax(1, 21);
    expect(rowTotalInclTax(unit, 3)).toBe(3);
    expect(importedInclTax(3, 21)).toBe(4);
  });

  it('property: the subtotal of two carts together is the sum of their subtotals, in any order', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.array(line, { maxLength: 8 }), (a, b) => {
        expect(subtotalOfLines([...a, ...b])).toBe(subtotalOfLines(a) + subtotalOfLines(b));
        expect(subtotalOfLines([...b, ...a])).toBe(subtotalOfLines([...a, ...b]));
      }),
    );
  });

  it('property: computeTotals and the offline estimate give the same rows and subtotal', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const totals = computeTotals({
          lines: lines.map((l, i) => ({ item_id: i, sku: `s${i}`, name: `n${i}`, ...l })),
          shippingInclTax: 0,
          paymentFeeInclTax: 0,
          taxRatePercent: 21,
        });
        expect(totals.items.map((i) => i.row_total_incl_tax)).toEqual(
          lines.map((l) => rowTotalInclTax(l.price_incl_tax, l.qty)),
        );
        expect(totals.subtotal_incl_tax).toBe(subtotalOfLines(lines));
        const estimate = offlineEstimate(
          lines.map((l) => ({ price: l.price_incl_tax, qty: l.qty })),
          null,
          0,
        );
        expect(estimate.subtotal_incl_tax).toBe(subtotalOfLines(lines));
      }),
    );
  });
});
