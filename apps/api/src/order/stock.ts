/**
 * An order's hold on stock: placing an order takes its units (order/service.ts);
 * a payment that is cancelled or fails gives them back, and paying again takes them anew
 * (payment/service.ts). Only stock rows the shop manages move, as when the order was placed.
 * Run inside the caller's transaction, after it locked the order row.
 */
import { stockUnitsOf, type BundleLinePick, type StockLine } from '@vitrina/domain';
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

/**
 * The key of an order line's `product_option` (order_items) that keeps the links its bundle chose,
 * with their quantity per bundle: the server's own check of the line (PricedLine.bundle_picks),
 * never the request's (the request schemas have no such key, and storedProductOption overwrites it).
 * Orders read it back to give the same units back, or take them again.
 */
const BUNDLE_PICKS = 'bundle_picks';

/** the `product_option` an order line is stored with: the line's own, a bundle's with the links it chose */
export function storedProductOption(
  option: object | null,
  bundlePicks: readonly BundleLinePick[] | null,
): Record<string, unknown> | null {
  const { [BUNDLE_PICKS]: _untrusted, ...own } = (option ?? {}) as Record<string, unknown>;
  if (bundlePicks) return { ...own, [BUNDLE_PICKS]: bundlePicks };
  return option ? own : null;
}

/** the links a stored bundle line chose; none for other lines (and for orders placed before they were kept) */
function picksOf(productType: string, option: Record<string, unknown> | null): StockLine['picks'] {
  const picks = productType === 'bundle' ? option?.[BUNDLE_PICKS] : undefined;
  if (!Array.isArray(picks)) return null;
  return picks.flatMap((p: unknown) => {
    const { sku, qty } = (p ?? {}) as { sku?: unknown; qty?: unknown };
    return typeof sku === 'string' && Number.isInteger(qty) && Number(qty) > 0
      ? [{ sku, qty: Number(qty) }]
      : [];
  });
}

async function linesOf(q: Queryable, orderId: number): Promise<StockLine[]> {
  const items = await rows<{
    sku: string;
    name: string;
    qty: number;
    product_type: string;
    product_option: Record<string, unknown> | null;
  }>(
    q,
    'SELECT sku, name, qty, product_type, product_option FROM order_items WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return items.map((i) => ({
    sku: i.sku,
    name: i.name,
    qty: i.qty,
    picks: picksOf(i.product_type, i.product_option),
  }));
}

/** short lines as an order's refusal names them: by sku */
const bySku = <T extends { sku: string }>(lines: T[]): T[] =>
  lines.sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));

/** a stock row as the decrement answers it: the columns the cart service's stock reads answer */
export type TakenStock = {
  product_id: number;
  sku: string;
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
};

/**
 * Who keeps stock rows in memory (the cart service on the embedded database): `writing` before the
 * decrement of `skus` (their kept rows dropped, so a rolled back order leaves them to be read
 * again), and the function it answers keeps the rows the decrement returned once the order has
 * committed. The statement of the decrement is then marked COHERENT_WRITE (stockTaking): it leaves
 * the other kept rows kept.
 */
export type StockKeeper = { writing(skus: readonly string[]): (rows: readonly TakenStock[]) => void };

/**
 * Takes the units `lines` hold (domain stockUnitsOf: a bundle's chosen products too), stock rows in
 * sku order. `force` false: only units that are there are taken; the lines holding a short unit are
 * answered and the caller must refuse (throw, rolling back what was taken). `force` true (the money
 * is already received): taken whatever is left, so a shortfall shows as negative stock for the
 * staff to resolve. Only stock rows the shop manages move; a product without a stock row (a
 * composite keeps none of its own) is never short. An order being placed takes its units with
 * stockTaking (one statement); this takes them again later (a payment after a cancellation).
 */
export async function takeStock(
  q: Queryable,
  lines: readonly StockLine[],
  force: boolean,
): Promise<{ productIds: number[]; short: { sku: string; name: string }[] }> {
  const productIds: number[] = [];
  const short = new Map<string, { sku: string; name: string }>();
  for (const unit of stockUnitsOf(lines)) {
    const taken = await rows<{ product_id: number }>(
      q,
      `UPDATE stock SET qty = qty - $2, is_in_stock = (qty - $2) > 0, updated_at = now()
       WHERE sku = $1 AND manage_stock ${force ? '' : 'AND is_in_stock AND qty >= $2'}
       RETURNING product_id`,
      [unit.sku, unit.qty],
    );
    if (taken.length || force) {
      productIds.push(...taken.map((r) => r.product_id));
      continue;
    }
    const row = await rows<{ manage_stock: boolean; is_in_stock: boolean }>(
      q,
      'SELECT manage_stock, is_in_stock FROM stock WHERE sku = $1',
      [unit.sku],
    );
    if (row.some((r) => r.manage_stock || !r.is_in_stock)) for (const l of unit.lines) short.set(l.sku, l);
  }
  return { productIds, short: bySku([...short.values()]) };
}

/**
 * takeStock's decrement (`force` false) as parts of the placing statement (order/place/write.ts),
 * all or nothing: `lead`, the rows locked first, in sku order as takeStock takes them (a LockRows
 * over the sort), so two orders of the same products never wait for each other crosswise, and
 * `stock_short`, the skus whose locked row cannot give the units (out of stock, or managed and
 * without them; a product without a stock row is never short), each row as it is once locked;
 * `taken`, after the statement's gate (a WITH part answering a row only when nothing is short): every
 * managed unit taken, `qty >= n` checked again on the locked row. `outcome`, given `answer`'s value,
 * names what takeStock names: the product ids taken, the short lines, and `keep`, for once the order
 * is written. A statement with a short unit writes no stock.
 */
export function stockTaking(
  lines: readonly StockLine[],
  keeper: StockKeeper,
): {
  params: readonly unknown[];
  lead: (first: number) => string;
  taken: (first: number, gate: string) => string;
  answer: string;
  outcome: (answer: unknown) => {
    productIds: number[];
    short: { sku: string; name: string }[];
    /** the rows as the decrement left them */
    taken: readonly TakenStock[];
    keep: () => void;
  };
} {
  const units = stockUnitsOf(lines);
  const keep = keeper.writing(units.map((u) => u.sku));
  return {
    params: [units.map((u) => u.sku), units.map((u) => u.qty)],
    lead: (
      first,
    ) => `stock_wanted AS (SELECT * FROM unnest($${first}::text[], $${first + 1}::int[]) AS w (sku, qty)),
       stock_locked AS (SELECT s.sku, s.qty, s.is_in_stock, s.manage_stock FROM stock s WHERE s.sku = ANY($${first}::text[])
         ORDER BY s.sku FOR UPDATE),
       stock_short AS (SELECT l.sku FROM stock_locked l JOIN stock_wanted w ON w.sku = l.sku
         WHERE NOT l.is_in_stock OR (l.manage_stock AND l.qty < w.qty))`,
    taken: (
      _first,
      gate,
    ) => `stock_taken AS (UPDATE stock s SET qty = s.qty - w.qty, is_in_stock = (s.qty - w.qty) > 0, updated_at = now()
         FROM stock_wanted w
         WHERE s.sku = w.sku AND s.manage_stock AND s.is_in_stock AND s.qty >= w.qty AND EXISTS (SELECT 1 FROM ${gate})
         RETURNING s.product_id, s.sku, s.qty, s.is_in_stock, s.manage_stock)`,
    answer: `json_build_object(
         'taken', (SELECT coalesce(json_agg(t), '[]'::json) FROM stock_taken t),
         'short', (SELECT coalesce(json_agg(l.sku), '[]'::json) FROM stock_short l))`,
    outcome: (answer) => {
      const { taken, short } = answer as { taken: TakenStock[]; short: string[] };
      const named = new Map<string, { sku: string; name: string }>();
      for (const unit of units) if (short.includes(unit.sku)) for (const l of unit.lines) named.set(l.sku, l);
      return {
        productIds: taken.map((r) => r.product_id),
        short: bySku([...named.values()]),
        taken,
        keep: () => keep(taken),
      };
    },
  };
}

/** a stock row as the unlocked look reads it */
export type StockLook = { sku: string; qty: number; is_in_stock: boolean; manage_stock: boolean };

/**
 * The lines holding a unit that is short now, as takeStock would refuse it (out of stock, or fewer
 * units than held of a product whose stock the shop manages), without taking anything: from the stock
 * rows `stockOf` answers (the cart service's, kept in memory on the embedded database, one read
 * without a lock on PostgreSQL), for refusing an order at once before its transaction
 * (order/place.ts). takeStock in the transaction still decides.
 */
export async function shortUnits(
  stockOf: (skus: string[]) => Promise<ReadonlyMap<string, StockLook>>,
  lines: readonly StockLine[],
): Promise<{ sku: string; name: string }[]> {
  const units = stockUnitsOf(lines);
  if (units.length === 0) return [];
  const stock = await stockOf(units.map((u) => u.sku));
  const named = new Map<string, { sku: string; name: string }>();
  for (const unit of units) {
    const row = stock.get(unit.sku);
    if (row && (!row.is_in_stock || (row.manage_stock && Number(row.qty) < unit.qty)))
      for (const l of unit.lines) named.set(l.sku, l);
  }
  return bySku([...named.values()]);
}

/** returns the order's units to stock (the units it took: takeStock); the product ids whose stock changed */
export async function releaseOrderStock(q: Queryable, orderId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const unit of stockUnitsOf(await linesOf(q, orderId))) {
    const back = await rows<{ product_id: number }>(
      q,
      `UPDATE stock SET qty = qty + $2, is_in_stock = (qty + $2) > 0, updated_at = now()
       WHERE sku = $1 AND manage_stock RETURNING product_id`,
      [unit.sku, unit.qty],
    );
    ids.push(...back.map((r) => r.product_id));
  }
  return ids;
}

/** Takes the order's units again (takeStock of its stored lines). */
export async function retakeOrderStock(q: Queryable, orderId: number, force: boolean) {
  return takeStock(q, await linesOf(q, orderId), force);
}

/**
 * Returns some units of an order's lines to stock (a return that is restocked): `qty` units of each
 * named line (`itemId`: order_items.id), a bundle's chosen products with it. The caller guarantees
 * once (returns.restocked_at under the return's row lock). The product ids whose stock changed.
 */
export async function releaseLineUnits(
  q: Queryable,
  orderId: number,
  lines: readonly { itemId: number; qty: number }[],
): Promise<number[]> {
  const items = await rows<{
    id: number;
    sku: string;
    name: string;
    product_type: string;
    product_option: Record<string, unknown> | null;
  }>(
    q,
    'SELECT id, sku, name, product_type, product_option FROM order_items WHERE order_id = $1 AND id = ANY($2::int[]) ORDER BY id',
    [orderId, lines.map((l) => l.itemId)],
  );
  const qtyOf = new Map(lines.map((l) => [l.itemId, l.qty]));
  const stockLines: StockLine[] = items.map((i) => ({
    sku: i.sku,
    name: i.name,
    qty: qtyOf.get(i.id) ?? 0,
    picks: picksOf(i.product_type, i.product_option),
  }));
  const ids: number[] = [];
  for (const unit of stockUnitsOf(stockLines)) {
    const back = await rows<{ product_id: number }>(
      q,
      `UPDATE stock SET qty = qty + $2, is_in_stock = (qty + $2) > 0, updated_at = now()
       WHERE sku = $1 AND manage_stock RETURNING product_id`,
      [unit.sku, unit.qty],
    );
    ids.push(...back.map((r) => r.product_id));
  }
  return ids;
}
