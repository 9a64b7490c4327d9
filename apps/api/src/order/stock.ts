/**
 * An order's hold on stock (issue #5 "Orders"): placing an order takes its units (order/service.ts);
 * a payment that is cancelled or fails gives them back, and paying again takes them anew
 * (payment/service.ts). Only stock rows the shop manages move, as when the order was placed.
 * Run inside the caller's transaction, after it locked the order row.
 */
import { ApiError } from '../http/errors.ts';
import type { Queryable } from '../lib/db.ts';
import { rows } from '../lib/db.ts';

/**
 * "Some of the ordered products are not available!" (catalogue-and-cart.md §8), naming each short
 * product in `errors` (field `products`).
 */
export function productsUnavailable(lines: { sku: string; name: string }[]): ApiError {
  return new ApiError(
    400,
    'order.productsUnavailable',
    undefined,
    lines.map((l) => ({
      field: 'products',
      key: 'order.productUnavailable',
      params: { sku: l.sku, name: l.name },
    })),
    false,
  );
}

type HeldLine = { sku: string; name: string; qty: number };

async function linesOf(q: Queryable, orderId: number): Promise<HeldLine[]> {
  return rows<HeldLine>(
    q,
    // by sku: the order in which order/service.ts takes stock rows (no deadlock between orders)
    'SELECT sku, min(name) AS name, sum(qty)::int AS qty FROM order_items WHERE order_id = $1 GROUP BY sku ORDER BY sku',
    [orderId],
  );
}

/** returns the order's units to stock; the product ids whose stock changed */
export async function releaseOrderStock(q: Queryable, orderId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const l of await linesOf(q, orderId)) {
    const back = await rows<{ product_id: number }>(
      q,
      `UPDATE stock SET qty = qty + $2, is_in_stock = (qty + $2) > 0, updated_at = now()
       WHERE sku = $1 AND manage_stock RETURNING product_id`,
      [l.sku, l.qty],
    );
    ids.push(...back.map((r) => r.product_id));
  }
  return ids;
}

/**
 * Takes the order's units again. `force` false: the short lines are answered and the caller must
 * refuse (throw, rolling back what was taken). `force` true (the money is already
 * received): taken whatever is left, so a shortfall shows as negative stock for the staff to resolve.
 */
export async function retakeOrderStock(
  q: Queryable,
  orderId: number,
  force: boolean,
): Promise<{ productIds: number[]; short: HeldLine[] }> {
  const productIds: number[] = [];
  const short: HeldLine[] = [];
  for (const l of await linesOf(q, orderId)) {
    const taken = await rows<{ product_id: number }>(
      q,
      `UPDATE stock SET qty = qty - $2, is_in_stock = (qty - $2) > 0, updated_at = now()
       WHERE sku = $1 AND manage_stock ${force ? '' : 'AND is_in_stock AND qty >= $2'} RETURNING product_id`,
      [l.sku, l.qty],
    );
    if (taken.length) productIds.push(...taken.map((r) => r.product_id));
    else if (!force) {
      const managed = await rows(q, 'SELECT 1 FROM stock WHERE sku = $1 AND manage_stock', [l.sku]);
      if (managed.length) short.push(l);
    }
  }
  return { productIds, short };
}
