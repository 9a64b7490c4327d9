/**
 * What every product write does besides the importer's, in the write's transaction: the price
 * changes for the price history (`afterProductPriceWrite`), and the `product.updated` webhook event.
 */
import type { Executor } from '@vitrina/db';
import type { Queryable } from '../lib/db.ts';
import { iso } from './admin-product-rows.ts';

/** a price change a save made, for the price history (afterProductPriceWrite) */
export type PriceWrite = {
  productId: number;
  sku: string;
  before: {
    price: number;
    special_price: number | null;
    price_incl_tax: number | null;
    special_price_incl_tax: number | null;
  } | null;
  after: {
    price: number;
    special_price: number | null;
    price_incl_tax: number | null;
    special_price_incl_tax: number | null;
  };
  special_from_date: string | null;
  special_to_date: string | null;
};

/**
 * THE single call site after a back-office save wrote products' prices, inside the save's
 * transaction (so a recorder's rows commit or roll back with the price). The EU Omnibus price
 * history recorder hooks in here: it gets every product whose price or special price changed.
 * Until it is merged nothing is recorded.
 */
export async function afterProductPriceWrite(tx: Executor, writes: readonly PriceWrite[]): Promise<void> {
  void tx;
  void writes;
}

/** the prices of products `ids` as stored, by id, to tell what a write changed (`priceWrites`) */
export type PriceRow = Awaited<ReturnType<typeof priceRows>> extends Map<number, infer R> ? R : never;

export async function priceRows(q: Queryable, ids: readonly number[]) {
  const list = await q.query<{
    id: number;
    sku: string;
    price_cents: number;
    special_price_cents: number | null;
    price_incl_tax_cents: number | null;
    special_price_incl_tax_cents: number | null;
    special_from_date: Date | null;
    special_to_date: Date | null;
  }>(
    'SELECT id, sku, price_cents, special_price_cents, price_incl_tax_cents, special_price_incl_tax_cents, special_from_date, special_to_date FROM products WHERE id = ANY($1::int[])',
    [ids],
  );
  return new Map(
    list.map((r) => [
      r.id,
      {
        sku: r.sku,
        from: iso(r.special_from_date),
        to: iso(r.special_to_date),
        prices: {
          price: r.price_cents,
          special_price: r.special_price_cents,
          price_incl_tax: r.price_incl_tax_cents,
          special_price_incl_tax: r.special_price_incl_tax_cents,
          special_from_date: iso(r.special_from_date),
          special_to_date: iso(r.special_to_date),
        },
      },
    ]),
  );
}

/** the products whose price or special price (or its window) a write changed, from their prices before and after it */
export function priceWrites(
  before: ReadonlyMap<number, PriceRow>,
  after: ReadonlyMap<number, PriceRow>,
): PriceWrite[] {
  const writes: PriceWrite[] = [];
  for (const [id, a] of after) {
    const b = before.get(id) ?? null;
    if (!b || JSON.stringify(b.prices) !== JSON.stringify(a.prices))
      writes.push({
        productId: id,
        sku: a.sku,
        before: b?.prices ?? null,
        after: a.prices,
        special_from_date: a.from,
        special_to_date: a.to,
      });
  }
  return writes;
}

/** a `product.updated` event for the signed webhooks (integration/webhooks.ts), in the save's transaction */
export async function productEvent(
  tx: Queryable,
  type: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await tx.query('INSERT INTO order_events (type, order_id, payload) VALUES ($1, NULL, $2::jsonb)', [
    type,
    JSON.stringify(payload),
  ]);
}
