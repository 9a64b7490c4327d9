/**
 * An order's use of its coupon. The cart checked the coupon when it was applied,
 * but many carts may carry one single-use coupon (the newsletter's 10 %): the use is counted inside
 * the order's transaction by a conditional update, which PostgreSQL re-checks on the row it locked, so
 * of concurrent orders only those within the cap count a use; the others are refused and their
 * transaction rolls back (stock, order, e-mail). The CHECK `coupons_times_used_within_limit`
 * (migration 0008) is the backstop for any other writer.
 */
import { couponUseAllowed } from '@vitrina/domain';
import { ruleError, type ApiError } from '../http/errors.ts';
import { one, type Queryable } from '../lib/db.ts';

/**
 * "You've entered an incorrect coupon code. Please try again." (accounts-checkout-routes.md §8), the
 * message the cart answers for a coupon that does not apply, naming the cart's `coupon`
 */
export const couponRefused = (): ApiError => ruleError('coupon.incorrect', undefined, 'coupon');

/** true: the coupon's uses reached its cap (another order took the last one): the domain's rule */
export { couponUsedUp } from '@vitrina/domain';

/** who uses a coupon: a customer's account and/or the e-mail an order is placed with */
export type CouponUser = { customerId?: number | null; email?: string | null };

/**
 * the uses of `code` by one customer: their orders with it that are not cancelled, matched by account
 * or by e-mail (so a guest cannot renew a per-customer coupon by signing out); `exceptOrderId`: the
 * order being placed
 */
export async function couponUsesBy(
  q: Queryable,
  code: string,
  who: CouponUser,
  exceptOrderId = 0,
): Promise<number> {
  if (!who.customerId && !who.email) return 0;
  const found = await one<{ n: number }>(
    q,
    `SELECT count(*)::int AS n FROM orders
     WHERE coupon_code = $1 AND status <> 'cancelled' AND id <> $4
       AND ((customer_id IS NOT NULL AND customer_id = $2) OR ($3::text IS NOT NULL AND lower(email) = lower($3)))`,
    [code, who.customerId ?? null, who.email ?? null, exceptOrderId],
  );
  return found?.n ?? 0;
}

/**
 * counts one use of `code` inside the order's transaction; refused (throws) when none is left, for
 * all or for this customer. The update locks the coupon's row first, so concurrent orders of one
 * customer are counted one after the other (each statement sees the orders committed before it).
 */
export async function redeemCoupon(
  tx: Queryable,
  code: string,
  who: CouponUser = {},
  orderId = 0,
): Promise<void> {
  const counted = await one<{
    code: string;
    uses_per_customer: number | null;
    times_used: number;
    uses_per_coupon: number | null;
  }>(
    tx,
    `UPDATE coupons SET times_used = times_used + 1
     WHERE code = $1 AND (uses_per_coupon IS NULL OR times_used < uses_per_coupon)
     RETURNING code, uses_per_customer, times_used, uses_per_coupon`,
    [code],
  );
  if (!counted) throw couponRefused();
  if (counted.uses_per_customer !== null && counted.uses_per_customer !== undefined) {
    const used = await couponUsesBy(tx, code, who, orderId);
    const limits = { usesPerCoupon: null, timesUsed: 0, usesPerCustomer: counted.uses_per_customer };
    if (!couponUseAllowed(limits, used)) throw couponRefused();
  }
}

/**
 * A cancelled order gives its coupon's use back, so a single-use coupon (the newsletter's) is not
 * lost with an order the shop or the shopper cancelled (Magento does the same on cancel). An order
 * revived by a late payment (lifecycle.ts) takes the use again while one is left; when another order
 * took it meanwhile, the revived order keeps the discount it was placed and paid with.
 */
export async function settleCouponUse(
  tx: Queryable,
  orderId: number,
  change: { wasCancelled: boolean; isCancelled: boolean },
): Promise<void> {
  if (change.wasCancelled === change.isCancelled) return;
  await tx.query(
    change.isCancelled
      ? `UPDATE coupons c SET times_used = c.times_used - 1 FROM orders o
         WHERE o.id = $1 AND c.code = o.coupon_code AND c.times_used > 0`
      : `UPDATE coupons c SET times_used = c.times_used + 1 FROM orders o
         WHERE o.id = $1 AND c.code = o.coupon_code AND (c.uses_per_coupon IS NULL OR c.times_used < c.uses_per_coupon)`,
    [orderId],
  );
}
