/** Step 6's lines: the order's lines as charged, one INSERT. */
import { rowTotalInclTax } from '@vitrina/domain';
import type { PricedLine } from '../../cart/pricing.ts';
import type { Queryable } from '../../lib/db.ts';
import { storedProductOption } from '../stock.ts';
import type { OrderItemRow } from '../rows.ts';

/** the order's lines as they were charged, in one statement that answers them as a read of them would */
export async function writeLines(
  tx: Queryable,
  orderId: number,
  priced: readonly PricedLine[],
): Promise<OrderItemRow[]> {
  const values: string[] = [];
  const params: unknown[] = [];
  for (const l of priced) {
    const base = params.length;
    const option = storedProductOption(l.product_option, l.bundle_picks);
    params.push(
      orderId,
      l.product_id,
      l.sku,
      l.name,
      l.qty,
      l.product_type,
      option ? JSON.stringify(option) : null,
    );
    params.push(l.price_incl_tax, rowTotalInclTax(l.price_incl_tax, l.qty), Math.round(l.tax_rate_percent));
    values.push(
      `(${Array.from({ length: 10 }, (_, i) => `$${base + i + 1}${i === 6 ? '::jsonb' : ''}`).join(', ')})`,
    );
  }
  const written = await tx.query<OrderItemRow & { id: number }>(
    `INSERT INTO order_items (order_id, product_id, sku, name, qty, product_type, product_option, price_incl_tax,
       row_total_incl_tax, tax_percent) VALUES ${values.join(', ')}
     RETURNING id, sku, name, qty, product_type, product_option, price_incl_tax, row_total_incl_tax, tax_percent`,
    params,
  );
  // in line order, as the order's reads answer them (ORDER BY id)
  return written.sort((a, b) => a.id - b.id).map(({ id: _id, ...item }) => item);
}
