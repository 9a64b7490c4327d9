import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offlineEstimate, offlineTotalDiffers } from '../src/checkout/offline-estimate.ts';

const courier = { cost_incl_tax: 399, free_from_incl_tax: 9900 };

describe('offlineEstimate (what an offline checkout tells the shopper to expect)', () => {
  it.each([
    ['one line, courier, no fee', [{ price: 2999, qty: 1 }], courier, 0, [2999, 399, 0, 3398]],
    [
      'two units reach the free-shipping threshold',
      [{ price: 4950, qty: 2 }],
      courier,
      0,
      [9900, 0, 0, 9900],
    ],
    ['one cent below the threshold pays', [{ price: 9899, qty: 1 }], courier, 0, [9899, 399, 0, 10298]],
    ['cash on delivery fee added', [{ price: 1000, qty: 3 }], courier, 150, [3000, 399, 150, 3549]],
    [
      'a method that is never free',
      [{ price: 50000, qty: 1 }],
      { cost_incl_tax: 500, free_from_incl_tax: null },
      0,
      [50000, 500, 0, 50500],
    ],
    ['nothing to ship (virtual cart)', [{ price: 1999, qty: 1 }], null, 0, [1999, 0, 0, 1999]],
  ])('%s', (_name, lines, shipping, fee, [subtotal, ship, payment, grand]) => {
    expect(offlineEstimate(lines, shipping, fee)).toEqual({
      subtotal_incl_tax: subtotal,
      shipping_incl_tax: ship,
      payment_fee: payment,
      grand_total: grand,
    });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => offlineEstimate([{ price: 10.5, qty: 1 }], courier, 0)).toThrow(RangeError);
    expect(() => offlineEstimate([{ price: 1000, qty: 1 }], courier, 1.5)).toThrow(RangeError);
  });

  it('property: the grand total is the sum of its parts, and shipping is either free or the fee', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ price: fc.integer({ min: 0, max: 1_000_000 }), qty: fc.integer({ min: 1, max: 20 }) }),
          {
            maxLength: 8,
          },
        ),
        fc.integer({ min: 0, max: 5000 }),
        fc.option(fc.integer({ min: 0, max: 200_000 })),
        fc.integer({ min: 0, max: 1000 }),
        (lines, fee, threshold, paymentFee) => {
          const e = offlineEstimate(lines, { cost_incl_tax: fee, free_from_incl_tax: threshold }, paymentFee);
          expect(e.grand_total).toBe(e.subtotal_incl_tax + e.shipping_incl_tax + e.payment_fee);
          expect([0, fee]).toContain(e.shipping_incl_tax);
          expect(e.subtotal_incl_tax).toBe(lines.reduce((s, l) => s + l.price * l.qty, 0));
        },
      ),
    );
  });
});

describe('offlineTotalDiffers', () => {
  it.each([
    [3398, 3398, false],
    [3398, 3399, true],
    [null, 3398, false],
    [undefined, 3398, false],
  ])('estimate %s, charged %s → %s', (estimate, charged, differs) => {
    expect(offlineTotalDiffers(estimate, charged)).toBe(differs);
  });
});
