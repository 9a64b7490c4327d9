import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateCents,
  computeTotals,
  couponDiscount,
  totalSegments,
  type TotalsInput,
} from '../src/index.ts';

const lines = [
  { item_id: 1, sku: 'a', name: 'A', qty: 2, price_incl_tax: 1999 },
  { item_id: 2, sku: 'b', name: 'B', qty: 1, price_incl_tax: 50000 },
];

describe('computeTotals (CONTRACTS.md "Totals")', () => {
  it('sums rows, shipping and payment, and takes a percent coupon off the subtotal', () => {
    const t = computeTotals({
      lines,
      coupon: { code: 'NEWS10', type: 'percent', value: 10 },
      shippingInclTax: 299,
      paymentFeeInclTax: 300,
      taxRatePercent: 21,
      storeCode: 'en',
    });
    expect(t.items.map((i) => i.row_total_incl_tax)).toEqual([3998, 50000]);
    expect(t.subtotal_incl_tax).toBe(53998);
    expect(t.discount_amount).toBe(5400); // 5399.8 → 5400
    expect(t.grand_total).toBe(53998 + 299 + 300 - 5400);
    expect(t.tax_amount).toBe(t.grand_total - Math.round((t.grand_total * 100) / 121));
    expect(t.coupon_code).toBe('NEWS10');
    expect(t.total_segments).toEqual([
      { code: 'subtotal_incl_tax', title: 'Subtotal', value: 53998 },
      { code: 'shipping', title: 'Shipping', value: 299 },
      { code: 'payment', title: 'Payment fee', value: 300 },
      { code: 'discount', title: 'Discount (NEWS10)', value: -5400 },
      { code: 'tax', title: 'Including VAT', value: t.tax_amount },
      { code: 'grand_total', title: 'Grand total', value: t.grand_total },
    ]);
  });

  it('has no discount segment without a discount; titles follow the store view', () => {
    const t = computeTotals({ lines, shippingInclTax: 0, paymentFeeInclTax: 0, taxRatePercent: 21 });
    expect(t.total_segments.map((s) => s.code)).toEqual([
      'subtotal_incl_tax',
      'shipping',
      'payment',
      'tax',
      'grand_total',
    ]);
    expect(t.total_segments[0]?.title).toBe('Tarpinė suma');
    expect(t.coupon_code).toBeNull();
    expect(t.discount_amount).toBe(0);
  });

  it('caps a fixed coupon at the subtotal', () => {
    expect(couponDiscount(1000, { code: 'X', type: 'fixed', value: 5000 })).toBe(1000);
    expect(couponDiscount(1000, { code: 'X', type: 'percent', value: 150 })).toBe(1000);
    expect(couponDiscount(1000, { code: 'X', type: 'fixed', value: -5 })).toBe(0);
    expect(couponDiscount(0, { code: 'X', type: 'fixed', value: 5 })).toBe(0);
    const t = computeTotals({
      lines: [],
      coupon: { code: 'X', type: 'fixed', value: 500 },
      shippingInclTax: 300,
      paymentFeeInclTax: 0,
      taxRatePercent: 21,
    });
    expect(t.grand_total).toBe(300);
  });

  it('refuses non-integer cents and bad quantities', () => {
    const base: TotalsInput = { lines: [], shippingInclTax: 0, paymentFeeInclTax: 0, taxRatePercent: 21 };
    expect(() => computeTotals({ ...base, shippingInclTax: 1.5 })).toThrow(RangeError);
    expect(() =>
      computeTotals({ ...base, lines: [{ item_id: 1, sku: 'a', name: 'A', qty: 0, price_incl_tax: 1 }] }),
    ).toThrow(RangeError);
    expect(() =>
      computeTotals({ ...base, lines: [{ item_id: 1, sku: 'a', name: 'A', qty: 1, price_incl_tax: 1.2 }] }),
    ).toThrow(RangeError);
  });

  const inputArb = fc.record({
    lines: fc.array(
      fc.record({
        item_id: fc.nat(),
        sku: fc.string({ minLength: 1 }),
        name: fc.string(),
        qty: fc.integer({ min: 1, max: 9999 }),
        price_incl_tax: fc.integer({ min: 0, max: 10_000_000 }),
      }),
      { maxLength: 10 },
    ),
    coupon: fc.option(
      fc.oneof(
        fc.record({
          code: fc.constant('P'),
          type: fc.constant('percent' as const),
          value: fc.integer({ min: 0, max: 100 }),
        }),
        fc.record({
          code: fc.constant('F'),
          type: fc.constant('fixed' as const),
          value: fc.integer({ min: 0, max: 100_000_000 }),
        }),
      ),
      { nil: undefined },
    ),
    shippingInclTax: fc.integer({ min: 0, max: 100_000 }),
    paymentFeeInclTax: fc.integer({ min: 0, max: 10_000 }),
    taxRatePercent: fc.constantFrom(0, 5, 9, 21),
  });

  it('totals equal the sum of their parts, are integers and never negative', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = computeTotals(input);
        const seg = (code: string) => t.total_segments.find((s) => s.code === code)?.value ?? 0;
        expect(t.subtotal_incl_tax).toBe(t.items.reduce((n, i) => n + i.row_total_incl_tax, 0));
        expect(t.grand_total).toBe(
          t.subtotal_incl_tax + t.shipping_incl_tax + t.payment_fee - t.discount_amount,
        );
        expect(seg('grand_total')).toBe(
          seg('subtotal_incl_tax') + seg('shipping') + seg('payment') + seg('discount'),
        );
        expect(t.discount_amount).toBeLessThanOrEqual(t.subtotal_incl_tax);
        for (const v of [t.grand_total, t.discount_amount, t.tax_amount, t.subtotal_incl_tax]) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(t.tax_amount).toBeLessThanOrEqual(t.grand_total);
      }),
    );
  });

  it('the amounts an order stores give back the very segments the checkout showed, in every language', () => {
    fc.assert(
      fc.property(
        inputArb,
        fc.constantFrom('lt', 'en', 'ru') as fc.Arbitrary<'lt' | 'en' | 'ru'>,
        (input, store) => {
          const { items: _items, total_segments, ...stored } = computeTotals({ ...input, storeCode: store });
          expect(totalSegments(stored, store)).toEqual(total_segments);
        },
      ),
    );
  });
});

describe('VAT of a cart whose lines have different rates', () => {
  // hand-worked: A 2 × 12.10 € at 21 %, B 1 × 10.90 € at 9 %; coupon 10 %; shipping 3.50 €.
  // subtotal 3510; discount 351 → shared 242 (A, 2420/3510) and 109 (B); net rows 2178 and 981;
  // shipping 350 → 241 (A, 2178/3159 = 241.3) and 109 (B, 108.7 → largest remainder);
  // A: 2178 + 241 = 2419 at 21 % → 2419 − round(2419/1.21 = 1999.17) = 420
  // B: 981 + 109 = 1090 at 9 % → 1090 − round(1090/1.09 = 1000) = 90
  it('takes the tax per rate, with discount and fees apportioned by value', () => {
    const t = computeTotals({
      lines: [
        { item_id: 1, sku: 'a', name: 'A', qty: 2, price_incl_tax: 1210, tax_rate_percent: 21 },
        { item_id: 2, sku: 'b', name: 'B', qty: 1, price_incl_tax: 1090, tax_rate_percent: 9 },
      ],
      coupon: { code: 'P10', type: 'percent', value: 10 },
      shippingInclTax: 350,
      paymentFeeInclTax: 0,
      taxRatePercent: 21,
    });
    expect(t.grand_total).toBe(3510 - 351 + 350);
    expect(t.tax_amount).toBe(420 + 90);
  });

  it('equals the single-rate tax when every line has the same rate', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ qty: fc.integer({ min: 1, max: 20 }), price: fc.integer({ min: 0, max: 500_000 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom(0, 5, 9, 21, 22, 24),
        (rows, shipping, rate) => {
          const input: TotalsInput = {
            lines: rows.map((r, i) => ({
              item_id: i,
              sku: `s${i}`,
              name: 'n',
              qty: r.qty,
              price_incl_tax: r.price,
              tax_rate_percent: rate,
            })),
            shippingInclTax: shipping,
            paymentFeeInclTax: 300,
            taxRatePercent: 0,
          };
          const t = computeTotals(input);
          expect(t.tax_amount).toBe(t.grand_total - Math.round((t.grand_total * 100) / (100 + rate)));
        },
      ),
    );
  });
});

describe('allocateCents', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [0, [5, 5], [0, 0]],
    [7, [0, 0], [7, 0]],
    [10, [3, 0, 7], [3, 0, 7]],
  ])('splits %i over %j as %j', (amount, weights, shares) => {
    expect(allocateCents(amount, weights)).toEqual(shares);
  });

  it('adds up exactly and stays within a cent of the proportional share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (amount, weights) => {
          const shares = allocateCents(amount, weights);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
          const total = weights.reduce((s, w) => s + w, 0);
          if (total > 0)
            shares.forEach((s, i) => expect(Math.abs(s - (amount * weights[i]!) / total)).toBeLessThan(1));
        },
      ),
    );
  });
});
