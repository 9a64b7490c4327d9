/**
 * Imports never silently undo sales. A file's stock `qty` is what was counted when the file was
 * exported; the shop may have sold (or taken back, or a back-office user changed) units since. So:
 *
 * - a `qty` is applied as written only where the product's stock has not changed since the file's
 *   export time (or already equals it); every other row keeps the shop's stock and is reported in
 *   the import's `stock_conflicts` (sku, the file's qty, the shop's qty, when it changed);
 * - a `qty_delta` is added to the shop's quantity whatever it is (never below 0): the way to say
 *   "5 more arrived" without knowing what was sold meanwhile;
 * - the export time is the caller's (`exportedAt`: the back-office form's opening time), else the
 *   file's `exported_at`, else the time of the last file import (meta `stock_file_imported_at`): a
 *   file that does not say when it was counted is taken as the master file imported last time, so
 *   re-importing it does not put back what was sold since. The first import of a shop (no such time)
 *   applies every qty. A file counted after sales should say `exported_at` (or use `qty_delta`).
 *
 * "Changed" is the stock row's `updated_at`, which every stock write sets (orders, returns,
 * imports, the back office).
 */
import type { Executor } from '../client.ts';

export const STOCK_FILE_IMPORTED_AT = 'stock_file_imported_at';

export interface StockConflict {
  sku: string;
  /** where in the file, e.g. products[3].stock.qty */
  path: string;
  file_qty: number;
  shop_qty: number;
  /** when the shop's stock last changed (ISO) */
  changed_at: string;
}

export interface GuardedStock {
  qty: number;
  isInStock: boolean;
  manageStock: boolean;
  /** given: added to the shop's quantity instead of `qty` */
  qtyDelta?: number | undefined;
  /** the file gave is_in_stock itself (else it follows the quantity for managed stock) */
  inStockGiven?: boolean | undefined;
}

/** the export time the file's quantities are judged against (see the module comment); null: apply all */
export async function stockExportTime(
  tx: Executor,
  given: Date | string | null | undefined,
): Promise<string | null> {
  if (given) return new Date(given).toISOString();
  const [row] = await tx.query<{ at: string | null }>(
    `select value #>> '{}' as at from meta where key = $1`,
    [STOCK_FILE_IMPORTED_AT],
  );
  return row?.at ?? null;
}

/** records the time of this file import (the transaction's now(), as the stock rows it wrote carry) */
export async function markStockFileImported(tx: Executor): Promise<void> {
  await tx.query(
    `insert into meta (key, value) values ($1, to_jsonb(now())) on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [STOCK_FILE_IMPORTED_AT],
  );
}

/**
 * The stock to write for each row (by product id): quantities from deltas, conflicting rows left
 * out (kept as the shop has them) and reported. The rows are locked until the import commits, so a
 * sale cannot slip in between this check and the write.
 */
export async function guardStock<R extends { id: number; sku: string; path: string; stock: GuardedStock }>(
  tx: Executor,
  rows: readonly R[],
  exportedAt: string | null,
): Promise<{ apply: (R & { stock: GuardedStock })[]; conflicts: StockConflict[] }> {
  if (rows.length === 0) return { apply: [], conflicts: [] };
  const current = await tx.query<{ product_id: number; qty: number; updated_at: Date; unmoved: boolean }>(
    `select product_id, qty, updated_at, ($2::timestamptz is null or updated_at <= $2::timestamptz) as unmoved
       from stock where product_id = any($1::int[]) for update`,
    [rows.map((r) => r.id), exportedAt],
  );
  const byId = new Map(current.map((c) => [c.product_id, c]));
  const apply: (R & { stock: GuardedStock })[] = [];
  const conflicts: StockConflict[] = [];
  for (const r of rows) {
    const cur = byId.get(r.id);
    const s = r.stock;
    if (s.qtyDelta !== undefined) {
      const qty = Math.max(0, (cur?.qty ?? 0) + Math.trunc(s.qtyDelta));
      apply.push({
        ...r,
        stock: { ...s, qty, isInStock: s.inStockGiven ? s.isInStock : s.manageStock ? qty > 0 : true },
      });
    } else if (!cur || cur.qty === s.qty || cur.unmoved) {
      apply.push(r);
    } else {
      conflicts.push({
        sku: r.sku,
        path: `${r.path}.qty`,
        file_qty: s.qty,
        shop_qty: cur.qty,
        changed_at: new Date(cur.updated_at).toISOString(),
      });
    }
  }
  return { apply, conflicts };
}
