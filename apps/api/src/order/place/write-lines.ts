/** Step 6's lines: the order's lines as charged, one INSERT, sent inside the history's statement. */
import { rowTotalInclTax } from '@vitrina/domain';
import type { PricedLine } from '../../cart/pricing.ts';
import { storedProductOption } from '../stock.ts';
import type { OrderItemRow } from '../rows.ts';
import type { RowsBeside } from '../lifecycle.ts';

/** order_items' types, in the order linesInsert writes its columns */
const COLUMN_TYPES = ['int', 'int', 'text', 'text', 'int', 'text', 'jsonb', 'int', 'int', 'int'];

/**
 * The order's lines as they were charged: one INSERT, a part of the placing statement (write.ts, a
 * data-modifying WITH), written only when its `gate` answers a row. It answers the columns a read of
 * the lines answers, all integers, text and jsonb, which JSON carries as a read would answer them.
 */
export function linesInsert(orderId: number, priced: readonly PricedLine[], gate: string): RowsBeside {
  const params: unknown[] = [];
  for (const l of priced) {
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
  }
  return {
    params,
    ctes: (first) => {
      // typed: a SELECT's values do not take the columns' types as an INSERT's VALUES do
      const values = priced.map(
        (_, line) => `(${COLUMN_TYPES.map((type, i) => `$${first + line * 10 + i}::${type}`).join(', ')})`,
      );
      return `order_lines AS (INSERT INTO order_items (order_id, product_id, sku, name, qty, product_type, product_option,
       price_incl_tax, row_total_incl_tax, tax_percent) SELECT v.* FROM (VALUES ${values.join(', ')}) AS v
       WHERE EXISTS (SELECT 1 FROM ${gate})
     RETURNING id, sku, name, qty, product_type, product_option, price_incl_tax, row_total_incl_tax, tax_percent)`;
    },
    answer: `(SELECT coalesce(json_agg(l), '[]'::json) FROM order_lines l)`,
  };
}

/** the lines as the shop's notice of a new order names them (lifecycle.ts orderPlacedWrites) */
export const noticeLines = (priced: readonly PricedLine[]) =>
  priced.map((l) => ({
    sku: l.sku,
    name: l.name,
    qty: l.qty,
    row_total_incl_tax: rowTotalInclTax(l.price_incl_tax, l.qty),
  }));

/** the lines linesInsert wrote, in line order, as the order's reads answer them (ORDER BY id) */
export function itemsOf(written: readonly unknown[]): OrderItemRow[] {
  return (written as (OrderItemRow & { id: number })[])
    .slice()
    .sort((a, b) => a.id - b.id)
    .map(({ id: _id, ...item }) => item);
}
