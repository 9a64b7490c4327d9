/**
 * An order's use of its coupon. The cart checked the coupon when it was applied,
 * but many carts may carry one single-use coupon (the newsletter's 10 %): the use is counted inside
 * the order's transaction by a conditional update, which PostgreSQL re-checks on the row it locked, so
 * of concurrent orders only those within the cap count a use; the others are refused and their
 * transaction rolls back (stock, order, e-mail). The CHECK `coupons_times_used_within_limit`
 * (migration 0008) is the backstop for any other writer.
 */
import type { CouponRow } from '../cart/pricing.ts';
import { ruleError, type ApiError } from '../http/errors.ts';
import { one, type Queryable } from '../lib/db.ts';

/**
 * "You've entered an incorrect coupon code. Please try again." (accounts-checkout-routes.md §8), the
 * message the cart answers for a coupon that does not apply, naming the cart's `coupon`
 */
export const couponRefused = (): ApiError => ruleError('coupon.incorrect', undefined, 'coupon');

/** true: the coupon's uses reached its cap (another order took the last one) */
export function couponUsedUp(c: Pick<CouponRow, 'uses_per_coupon' | 'times_used'>): boolean {
  return c.uses_per_coupon !== null && c.times_used >= c.uses_per_coupon;
}

/** counts one use of `code` inside the order's transaction; refused (throws) when none is left */
export async function redeemCoupon(tx: Queryable, code: string): Promise<void> {
  const counted = await one<{ code: string }>(
    tx,
    `UPDATE coupons SET times_used = times_used + 1
     WHERE code = $1 AND (uses_per_coupon IS NULL OR times_used < uses_per_coupon) RETURNING code`,
    [code],
  );
  if (!counted) throw couponRefused();
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
