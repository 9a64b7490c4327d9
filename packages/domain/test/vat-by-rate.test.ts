// The VAT summary of an invoice: vatByRate is the split computeTotals sums.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, vatByRate } from '../src/index.ts';

describe('vatByRate', () => {
  it.each([
    // one rate: the VAT contained in the grand total
    { rows: [[12100, 21]], discount: 0, fees: 0, want: [{ rate: 21, gross: 12100, net: 10000, vat: 2100 }] },
    // two rates, a discount shared 2:1 and a fee shared by what is left
    {
      rows: [[2000, 21], [1000, 9]],
      discount: 300,
      fees: 600,
      want: [
        { rate: 21, gross: 2200, net: 1818, vat: 382 },
        { rate: 9, gross: 1100, net: 1009, vat: 91 },
      ],
    },
    // no lines: fees at the default rate
    { rows: [], discount: 0, fees: 363, want: [{ rate: 21, gross: 363, net: 300, vat: 63 }] },
  ])('$rows − $discount + $fees', ({ rows, discount, fees, want }) => {
    const items = rows.map(([row, rate]) => ({ row_total_incl_tax: row!, tax_rate_percent: rate }));
    expect(vatByRate(items, discount, fees, 21)).toEqual(want);
  });

  it('adds up to the grand total and to the tax_amount of computeTotals', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.integer({ min: 0, max: 500_000 }), qty: fc.integer({ min: 1, max: 5 }), rate: fc.constantFrom(0, 5, 9, 12, 21, 24) }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 500 }),
        (lines, percent, shipping, fee) => {
          const totals = computeTotals({
            lines: lines.map((l, i) => ({ item_id: i, sku: `S${i}`, name: 'x', qty: l.qty, price_incl_tax: l.price, tax_rate_percent: l.rate })),
            coupon: { code: 'C', type: 'percent', value: percent },
            shippingInclTax: shipping,
            paymentFeeInclTax: fee,
            taxRatePercent: 21,
          });
          const shares = vatByRate(totals.items, totals.discount_amount, shipping + fee, 21);
          expect(shares.reduce((s, r) => s + r.gross, 0)).toBe(totals.grand_total);
          expect(shares.reduce((s, r) => s + r.vat, 0)).toBe(totals.tax_amount);
          for (const r of shares) expect(r.net + r.vat).toBe(r.gross);
        },
      ),
    );
  });
});
