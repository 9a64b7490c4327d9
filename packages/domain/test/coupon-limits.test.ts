import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { couponUseAllowed, couponUsesLeft, importCouponSchema } from '../src/index.ts';

const limits = (usesPerCoupon: number | null, timesUsed: number, usesPerCustomer: number | null) => ({
  usesPerCoupon,
  timesUsed,
  usesPerCustomer,
});

describe('couponUseAllowed', () => {
  it.each([
    [limits(null, 0, null), 0, true],
    [limits(null, 99, null), 99, true],
    [limits(1, 0, null), null, true],
    [limits(1, 1, null), null, false],
    [limits(5, 4, 1), 0, true],
    [limits(5, 4, 1), 1, false],
    [limits(5, 5, 1), 0, false],
    [limits(null, 3, 2), 1, true],
    [limits(null, 3, 2), 2, false],
    // a guest's cart: the customer's uses are not known, the order checks them
    [limits(null, 3, 1), null, true],
    [limits(0, 0, null), 0, false],
  ])('%j with %s uses by the customer: %s', (l, used, expected) => {
    expect(couponUseAllowed(l, used)).toBe(expected);
  });

  it('allows a use exactly when some use is left', () => {
    fc.assert(
      fc.property(
        fc.option(fc.nat(20), { nil: null }),
        fc.nat(25),
        fc.option(fc.nat(20), { nil: null }),
        fc.nat(25),
        (cap, used, perCustomer, byCustomer) => {
          const l = limits(cap, used, perCustomer);
          const left = couponUsesLeft(l, byCustomer);
          expect(couponUseAllowed(l, byCustomer)).toBe(left === null || left > 0);
          // not knowing the customer never refuses more than knowing them
          if (couponUseAllowed(l, byCustomer)) expect(couponUseAllowed(l, null)).toBe(true);
        },
      ),
    );
  });
});

describe('importCouponSchema (the import file and the back office)', () => {
  const ok = { code: 'X', type: 'fixed', value: 5 };
  it.each([
    [{ ...ok, uses_per_customer: 1 }, null],
    [{ ...ok, uses_per_customer: -1 }, 'uses_per_customer'],
    [{ ...ok, uses_per_coupon: -2 }, 'uses_per_coupon'],
    [{ ...ok, from_date: '2026-12-01', to_date: '2026-11-01' }, 'to_date'],
    [{ ...ok, type: 'percent', value: 101 }, 'value'],
    [{ ...ok, value: -1 }, 'value'],
  ])('%j: refused on %s', (input, field) => {
    const r = importCouponSchema.safeParse(input);
    if (field === null) expect(r.success).toBe(true);
    else expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(field);
  });
});
