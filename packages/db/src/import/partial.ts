/**
 * Partial product updates through the import: a record of
 * `products` with only `sku` and some of `qty`, `price`, `special_price`, `special_from_date`,
 * `special_to_date` (format.ts PRODUCT_UPDATE_FIELDS) updates those fields of the existing product
 * with that sku and nothing else: no other field is reset, nothing else is required. A stock feed
 * (`{sku, qty}`) or a price feed (`{sku, price, special_price, ...}`) is such a file.
 *
 * - Such a record is told from a full one by its keys alone: any other key (`id`, `name`, ...) makes it
 *   a full product record, validated as before.
 * - An unknown sku is an error naming it; the whole file is refused (nothing written).
 * - `qty` sets the stock quantity (unless the shop's stock changed since the file was counted:
 *   stock-guard.ts), `qty_delta` adds to it; the in-stock flag follows it (qty > 0) for a product whose
 *   stock is managed, as a full record's stock does. Prices are decimal euros net of VAT, as everywhere in
 *   the file (gross under CATALOG_PRICES_INCLUDE_TAX: kept as typed, gross-prices.ts); `null` clears
 *   a special price or date.
 * - Written in the import's transaction, after the full records; the updated products are re-indexed.
 */
import type { Executor } from '../client.ts';
import { deriveNetPrices } from '../gross-prices.ts';
import { guardStock, type StockConflict } from './stock-guard.ts';
import { ImportError, IssueList, formatPath, type ImportIssue } from './errors.ts';
import {
  PRODUCT_UPDATE_FIELDS,
  importProductUpdateSchema,
  toCents,
  toDate,
  type ImportProductUpdate,
} from '@vitrina/domain';

export type ProductUpdate = ImportProductUpdate & { index: number };

const UPDATE_KEYS = new Set(PRODUCT_UPDATE_FIELDS);

/** a `products` record that only updates (see the module comment) */
export function isProductUpdate(record: unknown): boolean {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return false;
  const keys = Object.keys(record);
  return keys.includes('sku') && keys.length > 1 && keys.every((k) => UPDATE_KEYS.has(k));
}

/**
 * The file without its update records (validated and written as before), the update records with
 * their index in the file, and for each remaining product its index in the file (error paths).
 */
export function splitProductUpdates(data: unknown): { rest: unknown; updates: { index: number; record: unknown }[]; fullIndex: number[] } {
  const products = (data as { products?: unknown } | null)?.products;
  if (typeof data !== 'object' || data === null || !Array.isArray(products)) return { rest: data, updates: [], fullIndex: [] };
  const updates: { index: number; record: unknown }[] = [];
  const full: unknown[] = [];
  const fullIndex: number[] = [];
  products.forEach((record, index) => {
    if (isProductUpdate(record)) updates.push({ index, record });
    else {
      full.push(record);
      fullIndex.push(index);
    }
  });
  if (updates.length === 0) return { rest: data, updates, fullIndex };
  return { rest: { ...data, products: full }, updates, fullIndex };
}

/** an ImportError about the file without its updates, its `products[i]` paths pointing into the whole file */
export function remapProductPaths(err: unknown, fullIndex: readonly number[]): unknown {
  if (!(err instanceof ImportError) || fullIndex.length === 0) return err;
  const issues: ImportIssue[] = err.issues.map((i) => ({
    ...i,
    path: i.path.replace(/^products\[(\d+)\]/, (m, n: string) => (fullIndex[Number(n)] === undefined ? m : `products[${fullIndex[Number(n)]}]`)),
  }));
  return new ImportError(issues, err.more, { cause: err });
}

export function validateProductUpdates(updates: readonly { index: number; record: unknown }[]): ProductUpdate[] {
  const issues = new IssueList();
  const out: ProductUpdate[] = [];
  const seen = new Map<string, number>();
  for (const { index, record } of updates) {
    const parsed = importProductUpdateSchema.safeParse(record);
    const sku = String((record as { sku?: unknown }).sku ?? '');
    if (!parsed.success) {
      for (const i of parsed.error.issues)
        issues.add({ path: formatPath(['products', index, ...i.path]), message: i.message, record: `sku "${sku}"` });
      continue;
    }
    const first = seen.get(parsed.data.sku);
    if (first !== undefined)
      issues.add({ path: formatPath(['products', index, 'sku']), message: `Duplicate sku "${parsed.data.sku}" (also products[${first}])` });
    seen.set(parsed.data.sku, index);
    out.push({ ...parsed.data, index });
  }
  issues.throwIfAny();
  return out;
}

const has = (u: ProductUpdate, key: keyof ImportProductUpdate) => Object.prototype.hasOwnProperty.call(u, key);
const isoOrNull = (s: string | null | undefined) => (s ? toDate(s).toISOString() : null);

/** writes the updates (inside the import's transaction); the ids of the products updated */
export async function applyProductUpdates(
  tx: Executor,
  updates: readonly ProductUpdate[],
  pricesIncludeTax = false,
  exportedAt: string | null = null,
  conflicts: StockConflict[] = [],
): Promise<number[]> {
  if (updates.length === 0) return [];
  const known = await tx.query<{ id: number; sku: string }>('select id, sku from products where sku = any($1::text[])', [
    updates.map((u) => u.sku),
  ]);
  const ids = new Map(known.map((k) => [k.sku, k.id]));
  const issues = new IssueList();
  for (const u of updates)
    if (!ids.has(u.sku))
      issues.add({
        path: formatPath(['products', u.index, 'sku']),
        message: `Unknown sku "${u.sku}": a record of only ${PRODUCT_UPDATE_FIELDS.join(', ')} updates an existing product (a new product needs its id and name)`,
      });
  issues.throwIfAny();

  const prices = updates
    .filter((u) => has(u, 'price') || has(u, 'special_price') || has(u, 'special_from_date') || has(u, 'special_to_date'))
    .map((u) => ({
      sku: u.sku,
      has_price: has(u, 'price'),
      price_cents: u.price === undefined ? null : toCents(u.price),
      has_special: has(u, 'special_price'),
      special_price_cents: u.special_price == null ? null : toCents(u.special_price),
      has_from: has(u, 'special_from_date'),
      special_from_date: isoOrNull(u.special_from_date),
      has_to: has(u, 'special_to_date'),
      special_to_date: isoOrNull(u.special_to_date),
    }));
  if (prices.length)
    await tx.query(
      `update products p set
         price_cents = case when r.has_price then r.price_cents else p.price_cents end,
         special_price_cents = case when r.has_special then r.special_price_cents else p.special_price_cents end,
         price_incl_tax_cents = case when r.has_price then (case when $2 then r.price_cents end) else p.price_incl_tax_cents end,
         special_price_incl_tax_cents = case when r.has_special then (case when $2 then r.special_price_cents end) else p.special_price_incl_tax_cents end,
         special_from_date = case when r.has_from then r.special_from_date else p.special_from_date end,
         special_to_date = case when r.has_to then r.special_to_date else p.special_to_date end,
         updated_at = now(), version = p.version + 1
       from jsonb_to_recordset($1::jsonb) as r(sku text, has_price boolean, price_cents integer, has_special boolean,
         special_price_cents integer, has_from boolean, special_from_date timestamptz, has_to boolean, special_to_date timestamptz)
       where p.sku = r.sku`,
      [JSON.stringify(prices), pricesIncludeTax],
    );
  // typed gross: the nets made from the grosses (gross-prices.ts)
  if (prices.length && pricesIncludeTax) await deriveNetPrices(tx, [...new Set(prices.map((p) => ids.get(p.sku)!))]);

  // a qty never undoes what was sold since the file was counted; a qty_delta adds (stock-guard.ts)
  const guarded = await guardStock(
    tx,
    updates
      .filter((u) => u.qty !== undefined || u.qty_delta !== undefined)
      .map((u) => ({
        id: ids.get(u.sku)!,
        sku: u.sku,
        path: formatPath(['products', u.index]),
        stock: { qty: u.qty ?? 0, qtyDelta: u.qty_delta, isInStock: false, manageStock: true },
      })),
    exportedAt,
  );
  conflicts.push(...guarded.conflicts);
  const stock = guarded.apply.map((g) => ({ product_id: g.id, sku: g.sku, qty: g.stock.qty }));
  if (stock.length)
    await tx.query(
      `insert into stock (product_id, sku, qty, is_in_stock, manage_stock)
       select r.product_id, r.sku, r.qty, r.qty > 0, true from jsonb_to_recordset($1::jsonb) as r(product_id integer, sku text, qty integer)
       on conflict (product_id) do update set qty = excluded.qty,
         is_in_stock = case when stock.manage_stock then excluded.qty > 0 else stock.is_in_stock end,
         updated_at = now()`,
      [JSON.stringify(stock)],
    );
  return [...new Set(updates.map((u) => ids.get(u.sku)!))];
}
