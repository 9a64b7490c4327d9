/**
 * The back office's price and stock CSV (domain shop/price-csv.ts): the export, and an upload
 * imported as partial product records, so the import file's rules apply (validation, gross prices,
 * stock never undoing sales since the file's exported_at).
 */
import { importCatalog, ImportError, loadTaxRules, type Database } from '@vitrina/db';
import { formatDateTime, priceCsv, priceCsvChanges, priceCsvRecords, priceCsvUpdate } from '@vitrina/domain';
import { ApiError } from '../http/errors.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import { productFields } from './admin-product-record.ts';
import { SELECT_PRODUCT, type ProductRow } from './admin-product-rows.ts';
import { afterProductPriceWrite, priceRows, priceWrites, productEvent } from './admin-product-writes.ts';
import type { CatalogService } from './service.ts';

/** what the CSV's export and upload work with */
export interface PriceCsvDeps {
  database: Database;
  pricesIncludeTax: boolean;
  catalog: CatalogService;
}

const day = (d: Date | null) => (d ? formatDateTime(d).slice(0, 10) : null);

/** the price and stock CSV of every product that has a price of its own (not configurables) */
export async function exportPriceCsv({ database, pricesIncludeTax }: PriceCsvDeps): Promise<string> {
  const rules = await loadTaxRules(database);
  const list = await database.query<ProductRow>(
    `${SELECT_PRODUCT} WHERE p.type_id NOT IN ('configurable', 'grouped', 'bundle') ORDER BY p.sku`,
  );
  const [now] = await database.query<{ now: Date }>('SELECT now() AS now');
  return priceCsv(
    list.map((r) => {
      const f = productFields(r, rules, pricesIncludeTax);
      return {
        sku: r.sku,
        price: String(f.price),
        special_price: (f.special_price as string | null) ?? null,
        special_from: day(r.special_from_date),
        special_to: day(r.special_to_date),
        qty: r.manage_stock === false ? null : (r.qty ?? 0),
      };
    }),
    new Date(now!.now).toISOString(),
  );
}

/**
 * An uploaded price and stock CSV: `dryRun` answers what would change (per sku, field: from → to)
 * and writes nothing; otherwise the rows are imported as partial records (the import file's rules:
 * validation, gross prices, stock never undoing sales since the file's exported_at), audited, with
 * the price history call and a product.updated event per changed product. Rows the stock guard
 * kept are in `stock_conflicts`.
 */
export async function importPriceCsv(deps: PriceCsvDeps, actor: StaffActor, text: string, dryRun: boolean) {
  const { records, exportedAt, problems } = priceCsvRecords(text);
  if (problems.length)
    throw new ApiError(
      400,
      'validation.invalid',
      undefined,
      problems.map((p) => ({ field: 'csv', key: p })),
    );
  const rules = await loadTaxRules(deps.database);
  const bySku = await storedProducts(
    deps.database,
    records.map((r) => r.sku),
  );
  const diff = records
    .map((r) => {
      const row = bySku.get(r.sku)!;
      const was = productFields(row, rules, deps.pricesIncludeTax);
      const changes = priceCsvChanges(r, {
        price: was.price as string | null,
        special_price: (was.special_price as string | null) ?? null,
        special_from: day(row.special_from_date),
        special_to: day(row.special_to_date),
        qty: row.qty ?? 0,
      });
      return { sku: r.sku, changes };
    })
    .filter((d) => d.changes.length > 0);
  const answer = {
    rows: records.length,
    changed: diff.length,
    exported_at: exportedAt,
    diff,
  };
  if (dryRun || diff.length === 0) return { ...answer, applied: false, stock_conflicts: [] };
  const ids = diff.map((d) => bySku.get(d.sku)!.id);
  const conflicts = await deps.database.transaction(async (tx) => {
    const before = await priceRows(tx, ids);
    // only the changed fields of the changed rows: an unchanged qty is never written back over a sale
    const updates = diff.map((d) => priceCsvUpdate(d.sku, d.changes));
    let imported;
    try {
      imported = await importCatalog(
        tx,
        { ...(exportedAt ? { exported_at: exportedAt } : {}), products: updates },
        { pricesIncludeTax: deps.pricesIncludeTax, analyze: false },
      );
    } catch (err) {
      if (err instanceof ImportError)
        throw new ApiError(
          400,
          'validation.invalid',
          undefined,
          err.issues.map((i) => ({
            field: i.path.replace(/^products\[(\d+)\]/, (_m, n: string) => `${updates[Number(n)]?.sku ?? n}`),
            key: i.message,
          })),
        );
      throw err;
    }
    const writes = priceWrites(before, await priceRows(tx, ids));
    // the price history (EU Omnibus) hooks in here: after the price write, in its transaction
    if (writes.length) await afterProductPriceWrite(tx, writes);
    await audit(tx, actor, 'product.csv', null, {
      rows: records.length,
      changed: diff.length,
      exported_at: exportedAt,
      stock_conflicts: imported.stock_conflicts.length,
    });
    for (const d of diff)
      await productEvent(tx, 'product.updated', {
        id: bySku.get(d.sku)!.id,
        sku: d.sku,
        action: 'product.csv',
      });
    return imported.stock_conflicts;
  });
  deps.catalog.catalogChanged();
  return { ...answer, applied: true, stock_conflicts: conflicts };
}

/** the stored products of the CSV's skus, by sku; 400 naming those the shop does not have */
async function storedProducts(database: Database, skus: readonly string[]): Promise<Map<string, ProductRow>> {
  const current = await database.query<ProductRow>(`${SELECT_PRODUCT} WHERE p.sku = ANY($1::text[])`, [skus]);
  const bySku = new Map(current.map((r) => [r.sku, r]));
  const unknown = skus
    .filter((sku) => !bySku.has(sku))
    .map((sku) => ({ field: 'csv', key: `Unknown sku "${sku}"` }));
  if (unknown.length) throw new ApiError(400, 'validation.invalid', undefined, unknown);
  return bySku;
}
