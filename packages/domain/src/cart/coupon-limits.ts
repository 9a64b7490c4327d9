/**
 * The limits of a coupon's uses: a cap on all uses (`uses_per_coupon`, counted in `times_used`) and a
 * cap per customer (`uses_per_customer`, counted as the customer's orders with the coupon that are
 * not cancelled). The cart checks them when a coupon is applied, the order again inside its
 * transaction (apps/api order/coupon.ts), so a limit the back office sets is the one both enforce.
 */
export interface CouponUseLimits {
  /** null: no cap */
  usesPerCoupon: number | null;
  timesUsed: number;
  /** null: no cap per customer */
  usesPerCustomer: number | null;
}

/**
 * true when one more use is allowed. `usesByCustomer` is the customer's uses so far, or null when
 * the customer is not known yet (a guest's cart before checkout: only the coupon's cap is checked
 * then; the order checks the customer's by e-mail).
 */
export function couponUseAllowed(limits: CouponUseLimits, usesByCustomer: number | null): boolean {
  if (limits.usesPerCoupon !== null && limits.timesUsed >= limits.usesPerCoupon) return false;
  if (limits.usesPerCustomer !== null && usesByCustomer !== null && usesByCustomer >= limits.usesPerCustomer)
    return false;
  return true;
}

/** the uses left to a customer (null: unlimited) */
export function couponUsesLeft(limits: CouponUseLimits, usesByCustomer: number): number | null {
  const forCoupon =
    limits.usesPerCoupon === null ? null : Math.max(limits.usesPerCoupon - limits.timesUsed, 0);
  const forCustomer =
    limits.usesPerCustomer === null ? null : Math.max(limits.usesPerCustomer - usesByCustomer, 0);
  if (forCoupon === null) return forCustomer;
  if (forCustomer === null) return forCoupon;
  return Math.min(forCoupon, forCustomer);
}
