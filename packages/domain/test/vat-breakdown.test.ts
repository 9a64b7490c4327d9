// The order's VAT as the back office shows it (vat-breakdown.ts): per rate of the lines, the rest of
// the order as one row, and the columns adding up to the stored grand total and tax to the cent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderVatBreakdown, taxContained } from '../src/index.ts';

describe('orderVatBreakdown', () => {
  it.each([
    {
      name: 'one rate, a discount and shipping in the rest',
      lines: [{ rate: 21, gross: 100000 }],
      totals: { grandTotal: 95700, taxAmount: 16609 },
      byRate: [{ rate: 21, gross: 100000, net: 82645, vat: 17355 }],
      other: { gross: -4300, net: -3554, vat: -746 },
    },
    {
      name: 'two rates, highest first, lines of a rate summed before the VAT is taken',
      lines: [
        { rate: 9, gross: 1090 },
        { rate: 21, gross: 1210 },
        { rate: 9, gross: 1090 },
      ],
      totals: { grandTotal: 3390, taxAmount: 390 },
      byRate: [
        { rate: 21, gross: 1210, net: 1000, vat: 210 },
        { rate: 9, gross: 2180, net: 2000, vat: 180 },
      ],
      other: { gross: 0, net: 0, vat: 0 },
    },
    {
      name: 'no lines: everything is the rest',
      lines: [],
      totals: { grandTotal: 499, taxAmount: 87 },
      byRate: [],
      other: { gross: 499, net: 412, vat: 87 },
    },
  ])('$name', ({ lines, totals, byRate, other }) => {
    const b = orderVatBreakdown(lines, totals);
    expect(b.byRate).toEqual(byRate);
    expect(b.other).toEqual(other);
    expect(b.total).toEqual({
      gross: totals.grandTotal,
      net: totals.grandTotal - totals.taxAmount,
      vat: totals.taxAmount,
    });
  });

  const line = fc.record({
    rate: fc.constantFrom(0, 5, 9, 21),
    gross: fc.integer({ min: 0, max: 5_000_000 }),
  });

  it('adds up to the grand total and the tax to the cent, each row net + VAT = gross', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (lines, grandTotal, taxAmount) => {
          const b = orderVatBreakdown(lines, { grandTotal, taxAmount });
          const rows = [...b.byRate, b.other];
          expect(rows.reduce((s, r) => s + r.gross, 0)).toBe(grandTotal);
          expect(rows.reduce((s, r) => s + r.vat, 0)).toBe(taxAmount);
          for (const r of [...rows, b.total]) expect(r.net + r.vat).toBe(r.gross);
          for (const r of b.byRate) expect(r.vat).toBe(taxContained(r.gross, r.rate));
        },
      ),
    );
  });

  it('takes the same VAT per rate as the staff page rounded it before, at the shop’s rates', () => {
    // VAT rounded on its own (Math.round of gross × rate / (100 + rate)) and taxContained (gross less
    // its rounded net) differ only at an exact half cent, which an odd 100 + rate never gives
    fc.assert(
      fc.property(fc.constantFrom(0, 5, 9, 21), fc.integer({ min: 0, max: 100_000_000 }), (rate, gross) => {
        expect(taxContained(gross, rate)).toBe(Math.round((gross * rate) / (100 + rate)));
      }),
    );
  });
});
