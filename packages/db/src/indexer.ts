/**
 * The product indexer: builds `product_index`, one row per product and store view (lt, en, ru), with
 * the product document of docs/CONTRACTS.md as `doc` and the filterable/sortable values as columns.
 *
 * Every product gets rows (children of configurables and disabled products too): the search layer
 * filters by visibility and status. Prices come from the domain's pricing rules (special-price window
 * at `now`, tax of the store view's default country for the product's tax class and the retail
 * customer tax class 3); a row's `valid_until` is the next instant a special-price window of the
 * product (or of its children or linked products) opens or closes, when the row must be rebuilt:
 * refreshExpiredIndexRows() does that.
 *
 * Work is done in batches of products: a few set-based reads per batch and one INSERT ... SELECT from
 * jsonb_to_recordset per batch, so large catalogues index in minutes.
 */
import {
  STORE_CODES,
  STORE_VIEWS,
  bundleStockQty,
  configurableStockQty,
  displayVariant,
  dominatedSteps,
  finalPrice,
  groupedStockQty,
  compositeHeadlinePicks,
  sumPriceBreakdowns,
  isLinkedChildShown,
  importedTaxRate,
  ladderSteps,
  LOW_STOCK_DISPLAY_QTY,
  partUnits,
  priceBreakdown,
  shownStockQty,
  specialPriceWindow,
  type PartUnits,
  type PriceBreakdown,
  type StoreCode,
  type TaxRule,
  type ProductDocument,
} from '@vitrina/domain';
import { createHash } from 'node:crypto';
import { asc, gt, inArray } from 'drizzle-orm';
import { COHERENT_WRITE, PREPARED, type Database, type Executor } from './client.ts';
import { bumpCatalogVersion } from './meta.ts';
import { recordComputedPrices, referenceKey, type ComputedPrice, type ReferenceFigures } from './price-history.ts';
import { pick } from './localized.ts';
import { attributes, categories, productCategories, products, stock, taxRules, type Localized } from './schema.ts';

type ProductRow = typeof products.$inferSelect;
type StockRow = typeof stock.$inferSelect;
type AttributeRow = typeof attributes.$inferSelect;

/** The customer tax class of retail shoppers (the spec ecosystem's "Retail Customer"): the domain's. */
export { RETAIL_CUSTOMER_TAX_CLASS_ID } from '@vitrina/domain';
/** total_qty of products whose stock is not managed (always in stock). */
export const UNMANAGED_STOCK_QTY = 99_999;
const DEFAULT_BATCH = 500;

export interface ReindexOptions {
  /** only these products (plus the configurable parents and grouped/bundle products that show them) */
  productIds?: readonly number[];
  /** only these store views (default: all) */
  storeCodes?: readonly StoreCode[];
  /** the instant prices are computed for (default: now) */
  now?: Date;
  /** products per batch (default 500) */
  batchSize?: number;
  /**
   * when a product's price change took effect, for the price history (default: `now`); the
   * special-price refresh passes the window boundary a product's rows waited for
   */
  changedAtOf?: (productId: number) => Date | undefined;
  onProgress?: (done: number, total: number) => void;
}

export interface ReindexResult {
  /** products indexed */
  products: number;
  /** index rows written */
  rows: number;
  /** index rows removed (products that no longer exist) */
  deleted: number;
  /** price history rows written (prices that changed) */
  priceChanges: number;
}

interface CategoryInfo {
  id: number;
  level: number;
  position: number;
  name: Localized;
  slug: Localized;
  /** ancestors below the root (level 2 and deeper), top first */
  ancestors: number[];
}

interface Context {
  now: Date;
  changedAtOf?: ((productId: number) => Date | undefined) | undefined;
  stores: readonly StoreCode[];
  categories: Map<number, CategoryInfo>;
  attributes: Map<string, AttributeRow>;
  taxRules: TaxRule[];
}

/** Builds the index rows of the given products (default: all) in the given store views. */
export async function reindexProducts(database: Executor, options: ReindexOptions = {}): Promise<ReindexResult> {
  const ctx = await loadContext(database, options);
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
  const result: ReindexResult = { products: 0, rows: 0, deleted: 0, priceChanges: 0 };

  if (options.productIds) {
    const ids = await expandAffected(database, options.productIds);
    const existing = new Set<number>();
    for (let i = 0; i < ids.length; i += batchSize) {
      const batch = ids.slice(i, i + batchSize);
      const r = await indexBatch(database, ctx, batch);
      r.ids.forEach((id) => existing.add(id));
      result.products += r.ids.length;
      result.rows += r.rows;
      result.priceChanges += r.priceChanges;
      options.onProgress?.(Math.min(i + batchSize, ids.length), ids.length);
    }
    const gone = ids.filter((id) => !existing.has(id));
    if (gone.length > 0) {
      const del = await database.query<{ n: number }>(
        'with d as (delete from product_index where product_id = any($1::int[]) returning 1) select count(*)::int as n from d',
        [gone],
      );
      result.deleted += del[0]?.n ?? 0;
    }
    return result;
  }

  // everything, in id order (keyset pagination)
  const [countRow] = await database.query<{ n: number }>('select count(*)::int as n from products');
  const total = countRow?.n ?? 0;
  let lastId = 0;
  for (;;) {
    const rows = await database.db
      .select({ id: products.id })
      .from(products)
      .where(gt(products.id, lastId))
      .orderBy(asc(products.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    const batch = rows.map((r) => r.id);
    lastId = batch[batch.length - 1] as number;
    const r = await indexBatch(database, ctx, batch);
    result.products += r.ids.length;
    result.rows += r.rows;
    result.priceChanges += r.priceChanges;
    options.onProgress?.(result.products, total);
  }
  const del = await database.query<{ n: number }>(
    `with d as (
       delete from product_index pi
       where not exists (select 1 from products p where p.id = pi.product_id)
          or not (pi.store_code = any($1::text[]))
       returning 1)
     select count(*)::int as n from d`,
    [STORE_CODES as string[]],
  );
  result.deleted = del[0]?.n ?? 0;
  return result;
}

/**
 * Re-indexes the products whose rows passed their `valid_until` (a special-price window opened or
 * closed) and bumps the catalogue version when any did. Returns how many products were re-indexed.
 * Run it periodically (e.g. every minute) and when the process starts. It works batch by batch (no
 * long transaction: on PGlite other requests run between batches); if it stops half-way, the rows
 * left still have a past valid_until and the next run takes them.
 */
export async function refreshExpiredIndexRows(database: Executor, now: Date = new Date()): Promise<number> {
  const rows = await database.query<{ product_id: number; boundary: Date | string }>(
    `select product_id, min(valid_until) as boundary from product_index
     where valid_until is not null and valid_until <= $1 group by product_id`,
    [now],
  );
  if (rows.length === 0) return 0;
  const productIds = rows.map((r) => r.product_id);
  // the price changed at the boundary, not when this refresh came round to it
  const boundaries = new Map(rows.map((r) => [r.product_id, new Date(r.boundary)]));
  await reindexProducts(database, { productIds, now, changedAtOf: (id) => boundaries.get(id) });
  await bumpCatalogVersion(database);
  return productIds.length;
}

/**
 * Call after writing product prices (a back-office product form, any writer besides the importer,
 * which does this itself): re-indexes the products with these skus (and the configurables, grouped
 * and bundle products that show them), records each changed effective price in the price history
 * per store view as in force from `now`, and puts the reference price of an announced reduction
 * (the lowest price of the 30 days before it) in their documents. Run it in the writer's transaction.
 * Answers how many history rows were written; unknown skus are ignored. Bump the catalogue version
 * afterwards as after any product write, so caches follow.
 */
export async function recordPriceChanges(
  database: Executor,
  skus: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  if (skus.length === 0) return 0;
  const found = await database.query<{ id: number }>('select id from products where sku = any($1::text[])', [
    [...skus],
  ]);
  if (found.length === 0) return 0;
  const r = await reindexProducts(database, { productIds: found.map((f) => f.id), now });
  return r.priceChanges;
}

// ------------------------------------------------------------------------------------------------

async function loadContext(database: Executor, options: ReindexOptions): Promise<Context> {
  // one after the other: inside a transaction they share one connection
  const cats = await database.db.select().from(categories);
  const attrs = await database.db.select().from(attributes);
  const rules = await database.db.select().from(taxRules);
  const catMap = new Map<number, CategoryInfo>();
  for (const c of cats) {
    catMap.set(c.id, { id: c.id, level: c.level, position: c.position, name: c.name, slug: c.slug, ancestors: [] });
  }
  for (const c of cats) {
    const info = catMap.get(c.id) as CategoryInfo;
    info.ancestors = c.path
      .split('/')
      .map(Number)
      .filter((id) => id !== c.id && (catMap.get(id)?.level ?? 0) >= 2);
  }
  const stores = (options.storeCodes ?? STORE_CODES).filter((s) => (STORE_CODES as readonly string[]).includes(s));
  return {
    now: options.now ?? new Date(),
    changedAtOf: options.changedAtOf,
    stores,
    categories: catMap,
    attributes: new Map(attrs.map((a) => [a.attributeCode, a])),
    taxRules: rules.map((r) => ({
      id: r.id,
      product_tax_class_ids: r.productTaxClassIds,
      customer_tax_class_ids: r.customerTaxClassIds,
      rates: r.rates,
    })),
  };
}

/** the given products plus their configurable parents and the grouped/bundle products linking them */
async function expandAffected(database: Executor, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)].filter((n) => Number.isInteger(n));
  if (unique.length === 0) return [];
  const rows = await database.query<{ id: number }>(
    `with given as (select id, sku, parent_id from products where id = any($1::int[])),
     skus as (select sku from given
              union select p.sku from products p join given g on p.id = g.parent_id)
     select parent_id as id from given where parent_id is not null
     union
     select p.id from products p
       cross join lateral jsonb_array_elements(p.product_links) l
       where p.type_id = 'grouped' and l->>'linked_product_sku' in (select sku from skus)
     union
     select p.id from products p
       cross join lateral jsonb_array_elements(p.bundle_options) o
       cross join lateral jsonb_array_elements(o->'product_links') l
       where p.type_id = 'bundle' and l->>'sku' in (select sku from skus)`,
    [unique],
  );
  const all = new Set(unique);
  for (const r of rows) all.add(r.id);
  return [...all].sort((a, b) => a - b);
}

interface Related {
  children: Map<number, ProductRow[]>;
  bySku: Map<string, ProductRow>;
  stock: Map<number, StockRow>;
  categoryIds: Map<number, number[]>;
}

async function indexBatch(
  database: Executor,
  ctx: Context,
  ids: number[],
): Promise<{ ids: number[]; rows: number; priceChanges: number }> {
  const batch = await database.db.select().from(products).where(inArray(products.id, ids));
  if (batch.length === 0) return { ids: [], rows: 0, priceChanges: 0 };
  const related = await loadRelated(database, batch);
  const built: { row: IndexRow; pricedId: number }[] = [];
  for (const p of batch) {
    for (const store of ctx.stores) built.push(buildRow(p, store, ctx, related));
  }
  const { recorded, references } = await recordComputedPrices(
    database,
    computedPrices(built),
    ctx.now,
    ctx.changedAtOf,
  );
  for (const b of built) addReferences(b.row, b.pricedId, references);
  const rows = built.map((b) => b.row);
  await writeRows(database, rows, batch);
  return { ids: batch.map((p) => p.id), rows: rows.length, priceChanges: recorded };
}

/** the prices the rows show: each product's own, and each configurable child's (as its parent lists it) */
function computedPrices(built: readonly { row: IndexRow }[]): ComputedPrice[] {
  const out: ComputedPrice[] = [];
  for (const { row } of built) {
    const doc = row.doc;
    out.push({
      productId: row.product_id,
      sku: row.sku,
      storeCode: row.store_code,
      net: doc.final_price as number,
      gross: doc.final_price_incl_tax as number,
      reduced: doc.special_price != null,
    });
    for (const c of doc.configurable_children as Record<string, unknown>[]) {
      out.push({
        productId: c.id as number,
        sku: c.sku as string,
        storeCode: row.store_code,
        net: c.final_price as number,
        gross: c.final_price_incl_tax as number,
        reduced: c.special_price != null,
      });
    }
  }
  return out;
}

/**
 * The reference price of an announced reduction (domain referencePrice: the lowest price charged in
 * the 30 days before it), on the document and on each configurable child: `reference_price`,
 * `reference_price_incl_tax`, `reduction_since`. Absent when no reduction may be announced, so the
 * documents of products without one stay as small as before. A configurable shows its shown child's
 * price, so its reference is that child's.
 */
function addReferences(row: IndexRow, pricedId: number, references: Map<string, ReferenceFigures>): void {
  const own = references.get(referenceKey(pricedId, row.store_code));
  if (own) {
    row.doc.reference_price = own.net;
    row.doc.reference_price_incl_tax = own.gross;
    row.doc.reduction_since = own.since.toISOString();
  }
  for (const c of row.doc.configurable_children as Record<string, unknown>[]) {
    const ref = references.get(referenceKey(c.id as number, row.store_code));
    if (ref) {
      c.reference_price = ref.net;
      c.reference_price_incl_tax = ref.gross;
    }
  }
}

async function loadRelated(database: Executor, batch: ProductRow[]): Promise<Related> {
  const parentIds = batch.filter((p) => p.typeId === 'configurable').map((p) => p.id);
  const linkSkus = new Set<string>();
  for (const p of batch) {
    if (p.typeId === 'grouped') p.productLinks.forEach((l) => linkSkus.add(l.linked_product_sku));
    if (p.typeId === 'bundle') p.bundleOptions.forEach((o) => o.product_links.forEach((l) => linkSkus.add(l.sku)));
  }
  const children = parentIds.length
    ? await database.db.select().from(products).where(inArray(products.parentId, parentIds))
    : [];
  const linked = linkSkus.size ? await database.db.select().from(products).where(inArray(products.sku, [...linkSkus])) : [];
  const cats = await database.db
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(
      inArray(
        productCategories.productId,
        batch.map((p) => p.id),
      ),
    )
    .orderBy(asc(productCategories.position), asc(productCategories.categoryId));
  const childMap = new Map<number, ProductRow[]>();
  for (const c of children.sort((a, b) => a.id - b.id)) {
    const list = childMap.get(c.parentId as number) ?? [];
    list.push(c);
    childMap.set(c.parentId as number, list);
  }
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  const stockIds = [...new Set([...batch, ...children, ...linked].map((p) => p.id))];
  const stockRows = await database.db.select().from(stock).where(inArray(stock.productId, stockIds));
  const categoryIds = new Map<number, number[]>();
  for (const r of cats) {
    const list = categoryIds.get(r.productId) ?? [];
    list.push(r.categoryId);
    categoryIds.set(r.productId, list);
  }
  return { children: childMap, bySku, stock: new Map(stockRows.map((s) => [s.productId, s])), categoryIds };
}

// ---------------------------------------------------------------- documents

interface IndexRow {
  store_code: StoreCode;
  product_id: number;
  sku: string;
  type_id: string;
  status: number;
  visibility: number;
  slug: string;
  url_path: string;
  name: string;
  category_ids: number[];
  attrs: Record<string, (number | string)[]>;
  child_skus: string[];
  final_price_incl_tax: number;
  total_qty: number;
  is_in_stock: boolean;
  is_promoted: number;
  sales_count: number;
  created_at: string;
  updated_at: string;
  valid_until: string | null;
  search_a: string;
  search_b: string;
  search_c: string;
  search_text: string;
  /** what listings, search and product pages read (domain contracts/catalog-documents.ts) */
  doc: ProductDocument;
}

interface StockInfo {
  is_in_stock: boolean;
  qty: number;
  product_id: number;
  manage_stock: boolean;
  /** what the product contributes to totals: its qty, 0 when out of stock, a large qty when unmanaged */
  available: number;
}

function stockInfo(p: ProductRow, related: Related): StockInfo {
  const s = related.stock.get(p.id);
  const manage = s?.manageStock ?? true;
  const inStock = manage ? (s?.isInStock ?? false) : true;
  const qty = s?.qty ?? 0;
  return {
    is_in_stock: inStock,
    qty,
    product_id: p.id,
    manage_stock: manage,
    available: partUnits({ is_in_stock: inStock, qty, manage_stock: manage }) ?? UNMANAGED_STOCK_QTY,
  };
}

const enabled = (p: ProductRow) => p.status < 2;

/** the import file's one rule for net amounts (domain importedTaxRate): shipping and fees are made gross alike */
function taxRate(p: ProductRow, store: StoreCode, ctx: Context): number {
  return importedTaxRate(ctx.taxRules, STORE_VIEWS[store].defaultCountry, p.taxClassId);
}

function specialInput(p: ProductRow) {
  return {
    price: p.priceCents,
    special_price: p.specialPriceCents,
    // a price entered gross is listed at that gross (domain priceBreakdown)
    price_incl_tax: p.priceInclTaxCents,
    special_price_incl_tax: p.specialPriceInclTaxCents,
    special_from_date: p.specialFromDate,
    special_to_date: p.specialToDate,
  };
}

function linkedOf(p: ProductRow, related: Related): ProductRow[] {
  const skus =
    p.typeId === 'grouped'
      ? p.productLinks.map((l) => l.linked_product_sku)
      : p.typeId === 'bundle'
        ? p.bundleOptions.flatMap((o) => o.product_links.map((l) => l.sku))
        : [];
  return skus.map((s) => related.bySku.get(s)).filter((x): x is ProductRow => x !== undefined);
}

/**
 * The child whose prices a configurable shows with no option chosen (domain displayVariant), else null;
 * never one of `hidden`, the children the product page does not offer.
 */
function shownChild(
  p: ProductRow,
  ctx: Context,
  related: Related,
  hidden: ReadonlySet<string>,
): ProductRow | null {
  if (p.typeId !== 'configurable') return null;
  const shown = displayVariant(
    (related.children.get(p.id) ?? []).filter((c) => !hidden.has(c.sku)).map((c) => ({
      row: c,
      sku: c.sku,
      status: c.status,
      final_price: finalPrice(specialInput(c), ctx.now),
      stock: { is_in_stock: stockInfo(c, related).is_in_stock },
    })),
  );
  return shown?.row ?? null;
}

/** a linked product as the domain's composite rules read it */
function compositePart(sku: string, related: Related) {
  const l = related.bySku.get(sku);
  return l ? { sku, status: l.status, stock: stockInfo(l, related) } : null;
}

function compositeShape(p: ProductRow) {
  return { type_id: p.typeId, product_links: p.productLinks, bundle_options: p.bundleOptions };
}

/** a linked product's own price fields, at its own tax class (as the cart charges it) */
function partPrices(l: ProductRow, store: StoreCode, ctx: Context): PriceBreakdown {
  return priceBreakdown(specialInput(l), { now: ctx.now, taxRate: taxRate(l, store, ctx) });
}

/**
 * Price fields of a product: its own; computed from its links for grouped and bundle products; for a
 * configurable, those of the child the domain shows with no option chosen (displayVariant: the
 * cheapest available child), so the card, search, price sort and filters, the URL map answer and the
 * product page's first render agree on one figure. The parent's own price is the import's figure and
 * nothing can be bought at it. Stock changes of a child re-index its parent (expandAffected).
 */
function productPrices(
  p: ProductRow,
  shown: ProductRow | null,
  store: StoreCode,
  ctx: Context,
  related: Related,
): PriceBreakdown {
  // the child's own tax class, as its entry in configurable_children is priced
  if (shown) return priceBreakdown(specialInput(shown), { now: ctx.now, taxRate: taxRate(shown, store, ctx) });
  const rate = taxRate(p, store, ctx);
  if (p.typeId === 'grouped' || p.typeId === 'bundle') {
    // the one headline rule (domain compositeHeadlinePicks): the default parts a shopper can buy with
    // it (status 1, in stock, any visibility), each at its own gross, as the page and the cart count them
    const picks = compositeHeadlinePicks(compositeShape(p), (sku) => compositePart(sku, related));
    const parts = picks.flatMap((pick) => {
      const l = related.bySku.get(pick.sku);
      return l ? [{ prices: partPrices(l, store, ctx), qty: pick.qty }] : [];
    });
    const sum = sumPriceBreakdowns(parts);
    if (sum.price_incl_tax > 0) return sum;
  }
  return priceBreakdown(specialInput(p), { now: ctx.now, taxRate: rate });
}

/**
 * A product's total_qty and whether it is in stock: its own, or for composites counted from their
 * children or linked products by the domain's rules (composite-stock.ts), a linked product that is
 * not shown (§5) counting 0; the composite's own row still says whether it is sold at all.
 */
function totalStock(p: ProductRow, own: StockInfo, related: Related): { qty: number; inStock: boolean } {
  const avail = (sku: string) => {
    const l = related.bySku.get(sku);
    return l && isLinkedChildShown(l) ? stockInfo(l, related).available : 0;
  };
  const counted = (units: PartUnits) => {
    const qty = units ?? UNMANAGED_STOCK_QTY;
    return { qty, inStock: own.is_in_stock && qty > 0 };
  };
  if (p.typeId === 'configurable') {
    const children = (related.children.get(p.id) ?? []).filter(enabled);
    if (children.length === 0) return { qty: own.available, inStock: own.is_in_stock };
    const sum = configurableStockQty(children.map((c) => stockInfo(c, related).available));
    return counted(sum === null ? null : Math.min(UNMANAGED_STOCK_QTY, sum));
  }
  if (p.typeId === 'grouped' && p.productLinks.length > 0) return counted(groupedStockQty(p.productLinks, avail));
  if (p.typeId === 'bundle' && p.bundleOptions.length > 0) return counted(bundleStockQty(p.bundleOptions, avail));
  return { qty: own.available, inStock: own.is_in_stock };
}

function optionLabel(attr: AttributeRow | undefined, value: number | string, store: StoreCode): string | undefined {
  const option = attr?.options.find((o) => String(o.value) === String(value));
  return option ? pick(option.label, store) : undefined;
}

/**
 * The display fields of a composite's parts (status 1, any visibility), carried by the composite's own
 * document: the product page shows every part the headline counts, parts "not visible individually"
 * too, without widening the public catalogue search (docs/decisions/0055-one-headline-price-for-grouped-and-bundle-products.md).
 * A part's change re-indexes its composites (expandAffected), so they stay as fresh as the headline.
 */
function compositeParts(p: ProductRow, store: StoreCode, ctx: Context, related: Related) {
  const seen = new Set<number>();
  return linkedOf(p, related)
    .filter((l) => isLinkedChildShown(l) && !seen.has(l.id) && seen.add(l.id))
    .map((l) => {
      const s = stockInfo(l, related);
      return {
        id: l.id,
        sku: l.sku,
        type_id: l.typeId,
        name: pick(l.name, store),
        slug: (l.slugs && pick(l.slugs, store)) || l.urlKey,
        image: l.image,
        status: l.status,
        visibility: l.visibility,
        final_price_incl_tax: partPrices(l, store, ctx).final_price_incl_tax,
        stock: { is_in_stock: s.is_in_stock, qty: s.qty, product_id: l.id, manage_stock: s.manage_stock },
      };
    });
}

function buildRow(
  p: ProductRow,
  store: StoreCode,
  ctx: Context,
  related: Related,
): { row: IndexRow; pricedId: number } {
  const rate = taxRate(p, store, ctx);
  const own = stockInfo(p, related);
  const total = totalStock(p, own, related);
  const children = p.typeId === 'configurable' ? (related.children.get(p.id) ?? []) : [];
  const name = pick(p.name, store);
  // per store view slugs; the file's url_path is kept
  const slug = (p.slugs && pick(p.slugs, store)) || p.urlKey;
  const urlPath = (p.urlPath && pick(p.urlPath, store).replace(/^\/+|\/+$/g, '')) || `p/${p.sku}/${slug}`;

  // categories: the assigned ones and their ancestors below the root
  const assigned = related.categoryIds.get(p.id) ?? [];
  const categoryIds: number[] = [];
  for (const id of assigned) {
    for (const a of [...(ctx.categories.get(id)?.ancestors ?? []), id]) if (!categoryIds.includes(a)) categoryIds.push(a);
  }
  const categoryDocs = categoryIds
    .map((id) => ctx.categories.get(id))
    .filter((c): c is CategoryInfo => c !== undefined)
    .sort((a, b) => a.level - b.level || a.position - b.position || a.id - b.id)
    .map((c) => ({ category_id: c.id, name: pick(c.name, store), slug: pick(c.slug, store) }));

  // attribute values (own, and the children's for configurables)
  const attrs: Record<string, (number | string)[]> = {};
  const addAttrs = (values: Record<string, number | string>) => {
    for (const [code, value] of Object.entries(values)) {
      if (value === null || value === undefined || value === '') continue;
      const list = (attrs[code] ??= []);
      if (!list.includes(value)) list.push(value);
    }
  };
  addAttrs(p.attributes);
  for (const c of children) addAttrs(c.attributes);

  const childDocs = children.map((c) => {
    const cp = priceBreakdown(specialInput(c), { now: ctx.now, taxRate: taxRate(c, store, ctx) });
    const cs = stockInfo(c, related);
    return {
      id: c.id,
      sku: c.sku,
      name: pick(c.name, store),
      image: c.image,
      // the variant's own photos (a condition grade's), shown when it is chosen (domain variant-images.ts);
      // only when it has some: most variants have none, and every listing carries its children
      ...(c.mediaGallery.length ? { media_gallery: galleryDoc(c.mediaGallery, store) } : {}),
      price: cp.price,
      price_incl_tax: cp.price_incl_tax,
      final_price: cp.final_price,
      final_price_incl_tax: cp.final_price_incl_tax,
      special_price: cp.special_price,
      special_price_incl_tax: cp.special_price_incl_tax,
      status: c.status,
      stock: { is_in_stock: cs.is_in_stock, qty: cs.qty, product_id: c.id, manage_stock: cs.manage_stock },
      ...c.attributes,
    };
  });

  const configurableOptions = p.configurableOptions.map((o) => {
    const attr = ctx.attributes.get(o.attribute_code);
    let values = o.values.map((v) => v.value_index);
    if (values.length === 0) {
      values = [...new Set(children.map((c) => c.attributes[o.attribute_code]).filter((v) => typeof v === 'number'))];
    }
    return {
      attribute_id: o.attribute_id ?? attr?.attributeId ?? null,
      attribute_code: o.attribute_code,
      label: attr ? pick(attr.frontendLabel, store) || o.label : o.label,
      values: values.map((value_index) => ({
        value_index,
        label:
          optionLabel(attr, value_index, store) ??
          o.values.find((v) => v.value_index === value_index)?.label ??
          String(value_index),
      })),
    };
  });
  // a worse grade that costs what a better one of the same variant costs is never offered, so its
  // price is not the card's "from" either: the card names the grade the product page opens on
  // (domain grade-ladder.ts, docs/decisions/0051-a-lower-grade-never-costs-as-much-as-a-higher-one.md)
  const hidden = dominatedSteps(
    ladderSteps({ configurable_options: configurableOptions, configurable_children: childDocs }),
  );
  const shown = shownChild(p, ctx, related, hidden);
  const prices = productPrices(p, shown, store, ctx, related);
  const priced = shown ?? p;

  const linkedFinal = (sku: string) => {
    const l = related.bySku.get(sku);
    return l ? finalPrice(specialInput(l), ctx.now) : null;
  };
  const bundleOptions = p.bundleOptions.map((o) => ({
    option_id: o.option_id,
    title: o.title_localized ? pick(o.title_localized, store) : o.title,
    type: o.type,
    required: o.required,
    product_links: o.product_links
      .filter((l) => isLinkedChildShown(related.bySku.get(l.sku)))
      .map((l) => ({
        sku: l.sku,
        qty: l.qty,
        is_default: l.is_default,
        can_change_quantity: l.can_change_quantity ?? false,
        price: linkedFinal(l.sku),
      })),
  }));

  const doc: ProductDocument = {
    id: p.id,
    sku: p.sku,
    type_id: p.typeId,
    name,
    slug,
    url_key: p.urlKey,
    url_path: urlPath,
    image: p.image,
    media_gallery: galleryDoc(p.mediaGallery, store),
    description: p.description ? pick(p.description, store) : null,
    short_description: p.shortDescription ? pick(p.shortDescription, store) : null,
    brand: p.brand,
    mpn: p.mpn,
    status: p.status,
    visibility: p.visibility,
    parent_id: p.parentId,
    category_ids: categoryIds,
    category: categoryDocs,
    ...prices,
    // the window of the special price shown: a configurable's shown child's
    special_from_date: priced.specialFromDate?.toISOString() ?? null,
    special_to_date: priced.specialToDate?.toISOString() ?? null,
    tax_class_id: p.taxClassId,
    tax: rate,
    stock: {
      is_in_stock: total.inStock,
      qty: p.typeId === 'simple' || p.typeId === 'virtual' || p.typeId === 'downloadable' ? own.qty : total.qty,
      product_id: p.id,
      manage_stock: own.manage_stock,
    },
    total_qty: total.qty,
    configurable_options: configurableOptions,
    configurable_children: childDocs,
    // only the linked products with status 1 (catalogue-and-cart.md §5)
    product_links: p.productLinks.filter((l) => isLinkedChildShown(related.bySku.get(l.linked_product_sku))),
    bundle_options: bundleOptions,
    ...(p.typeId === 'grouped' || p.typeId === 'bundle' ? { composite_parts: compositeParts(p, store, ctx, related) } : {}),
    is_promoted: p.isPromoted,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    sales_count: p.salesCount,
  };
  // attribute values by code, unless the code names a field of the document
  for (const [code, value] of Object.entries(p.attributes)) {
    if (!(code in doc)) doc[code] = value;
  }
  if (p.attributes.condition !== undefined) {
    const label = optionLabel(ctx.attributes.get('condition'), p.attributes.condition, store);
    if (label !== undefined) doc.condition_label = label;
  }
  // the grade the document's price is for (a configurable's shown child's): a card's "from 759,99 € · C+"
  if (shown && shown.attributes.condition !== undefined) {
    const label = optionLabel(ctx.attributes.get('condition'), shown.attributes.condition, store);
    if (label !== undefined) doc.price_condition_label = label;
  }

  const childSkus = children.map((c) => c.sku);
  const validUntil = nextBoundary([p, ...children, ...linkedOf(p, related)], ctx.now);
  const brand = p.brand ?? '';
  const row: IndexRow = {
    store_code: store,
    product_id: p.id,
    sku: p.sku,
    type_id: p.typeId,
    status: p.status,
    visibility: p.visibility,
    slug,
    url_path: urlPath,
    name,
    category_ids: categoryIds,
    attrs,
    child_skus: childSkus,
    final_price_incl_tax: prices.final_price_incl_tax,
    total_qty: total.qty,
    is_in_stock: total.inStock,
    is_promoted: p.isPromoted,
    sales_count: p.salesCount,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    valid_until: validUntil?.toISOString() ?? null,
    search_a: [name, p.sku, p.mpn ?? '', ...childSkus, ...children.map((c) => c.mpn ?? '')].join(' '),
    search_b: brand,
    search_c: categoryDocs.map((c) => c.name).join(' '),
    search_text: [name, brand, p.sku, p.mpn ?? ''].join(' ').toLowerCase().replace(/\s+/g, ' ').trim(),
    doc,
  };
  return { row, pricedId: priced.id };
}

// ---------------------------------------------------------------- special-price boundaries

/**
 * The next instant after `now` at which a special price of these products starts or stops applying:
 * the nearest edge of their windows (domain specialPriceWindow, the rule isSpecialPriceActive
 * applies), when the rows built from them must be rebuilt.
 */
export function nextBoundary(items: readonly ProductRow[], now: Date): Date | null {
  let best = Number.POSITIVE_INFINITY;
  const t = now.getTime();
  for (const p of items) {
    const window = specialPriceWindow(specialInput(p));
    for (const edge of [window?.opensAt, window?.closesAt]) {
      if (edge != null && edge > t && edge < best) best = edge;
    }
  }
  return Number.isFinite(best) ? new Date(best) : null;
}

// ---------------------------------------------------------------- writing

const ROW_COLUMNS = `store_code text, product_id int, sku text, type_id text, status int, visibility int,
  slug text, url_path text, name text, category_ids int[], attrs jsonb, child_skus text[],
  final_price_incl_tax int, total_qty int, is_in_stock boolean, is_promoted int, sales_count int,
  created_at timestamptz, updated_at timestamptz, valid_until timestamptz,
  search_a text, search_b text, search_c text, search_text text, doc jsonb, page_key text`;

/** the stock counts of a row and its document: `total_qty`, and `qty` and `available` beside `is_in_stock` */
const COUNT_KEYS = new Set(['qty', 'available']);

/**
 * The row as the storefront's pages show it, hashed: stock counts above the "Only N left" threshold
 * read alike (domain shownStockQty). The upsert moves a row's page_rev only when this changes, and
 * the page cache's data stamp reads page_rev (apps/server/src/page-cache.ts): an order that leaves
 * a product well stocked re-renders no page, where each order's re-index used to drop every product
 * page of every store view. `rev` still moves on every write: the search index reads the new counts.
 *
 * In two parts, `hash.stock`: the hash of everything but the row's own stock (its `is_in_stock` and
 * `total_qty`, the document's `stock` and `total_qty`), and those as shown (stockKeyOf). The stock
 * refresh (refreshStockRows) writes the second part in SQL and keeps the first, so both writers give
 * a row the same key.
 */
function pageKeyOf(row: IndexRow): string {
  const { total_qty: _total, is_in_stock: _inStock, doc, ...rest } = row;
  const { stock: _stock, total_qty: _docTotal, ...docRest } = doc;
  const shown = JSON.stringify({ ...rest, doc: docRest }, function (this: object, key: string, value: unknown) {
    const count = key === 'total_qty' || (COUNT_KEYS.has(key) && 'is_in_stock' in this);
    return count && typeof value === 'number' ? shownStockQty(value) : value;
  });
  const stock = doc.stock as { qty: number; manage_stock: boolean };
  const hash = createHash('sha256').update(shown).digest('base64url');
  return `${hash}.${stockKeyOf(row.is_in_stock, stock.manage_stock, row.total_qty, stock.qty)}`;
}

/** a row's own stock as pages show it; STOCK_KEY_SQL says the same in SQL */
function stockKeyOf(inStock: boolean, manageStock: boolean, totalQty: number, qty: number): string {
  return `${inStock ? 1 : 0}${manageStock ? 1 : 0}:${shownStockQty(totalQty)}:${shownStockQty(qty)}`;
}

const shownSql = (qty: string) => `case when ${qty} > ${LOW_STOCK_DISPLAY_QTY} then 'more' else (${qty})::text end`;
/** stockKeyOf over the columns `in_stock`, `manage_stock`, `avail`, `qty` of the refresh's `y` */
const STOCK_KEY_SQL = `(case when y.in_stock then '1' else '0' end) || (case when y.manage_stock then '1' else '0' end)
  || ':' || ${shownSql('y.avail')} || ':' || ${shownSql('y.qty')}`;

/** the product types whose row's stock is their own stock row's (no children, no parts) */
const OWN_STOCK_TYPES = ['simple', 'virtual', 'downloadable'];

/**
 * The stock of these products' listings refreshed in place, in one statement, when only their stock
 * moved (after an order, a payment's cancellation...): the row's `is_in_stock` and `total_qty`, the
 * document's `stock` and `total_qty`, the stock half of `page_key` (and `page_rev` when it changes)
 * and `rev`, exactly what reindexProducts would write then. Answers the products it did not refresh,
 * which need reindexProducts: those whose stock shows elsewhere or counts otherwise (configurable
 * parents and children, grouped and bundle products and their parts), whose other fields may have
 * moved (a row past its `valid_until`, a row not written by this indexer's page key), or with no
 * stock row or not all of their rows.
 */
export async function refreshStockRows(
  database: Executor,
  productIds: readonly number[],
  now: Date = new Date(),
): Promise<number[]> {
  const ids = [...new Set(productIds)].filter((n) => Number.isInteger(n));
  if (ids.length === 0) return [];
  const done = await database.query<{ product_id: number }>(REFRESH_STOCK_ROWS, [
    ids,
    OWN_STOCK_TYPES,
    UNMANAGED_STOCK_QTY,
    now,
    STORE_CODES,
  ]);
  const rows = new Map<number, number>();
  for (const r of done) rows.set(r.product_id, (rows.get(r.product_id) ?? 0) + 1);
  return ids.filter((id) => rows.get(id) !== STORE_CODES.length);
}

// domain partUnits and stockInfo, in SQL: unmanaged is always in stock with UNMANAGED_STOCK_QTY units.
// COHERENT_WRITE: it writes product_index only, yet names the stock table, and any statement that
// does and writes would drop the stock rows the carts keep (Database.watchWrites) after every order.
// A part of a grouped or bundle product is left out once per product, in `c`: asked in `y`, the
// planner tested the parts beside each of the product's rows (one per store view). The rows are
// found by their primary key (store view, product id): by the product id alone it read the whole key
// index, a third of a refresh's buffers (record 0110).
const REFRESH_STOCK_ROWS = `${COHERENT_WRITE} with c as materialized (
    select p.id from products p
    where p.id = any($1::int[]) and p.type_id = any($2::text[]) and p.parent_id is null
      and not exists (select 1 from products g where g.type_id = 'grouped'
                        and g.product_links @> jsonb_build_array(jsonb_build_object('linked_product_sku', p.sku)))
      and not exists (select 1 from products b where b.type_id = 'bundle'
                        and b.bundle_options @> jsonb_build_array(jsonb_build_object('product_links',
                              jsonb_build_array(jsonb_build_object('sku', p.sku)))))),
  y as (
    select s.product_id, s.qty, s.manage_stock, (not s.manage_stock or s.is_in_stock) as in_stock,
      case when not s.manage_stock then $3::int when not s.is_in_stock or s.qty <= 0 then 0 else s.qty end as avail
    from c join stock s on s.product_id = c.id)
  update product_index pi set
    is_in_stock = y.in_stock,
    total_qty = y.avail,
    doc = pi.doc || jsonb_build_object(
      'stock', jsonb_build_object('is_in_stock', y.in_stock, 'qty', y.qty, 'product_id', y.product_id,
                                  'manage_stock', y.manage_stock),
      'total_qty', y.avail),
    rev = nextval('product_index_rev_seq'),
    page_rev = case when pi.page_key is distinct from split_part(pi.page_key, '.', 1) || '.' || ${STOCK_KEY_SQL}
      then nextval('product_index_rev_seq') else pi.page_rev end,
    page_key = split_part(pi.page_key, '.', 1) || '.' || ${STOCK_KEY_SQL}
  from y
  where pi.store_code = any($5::text[]) and pi.product_id = y.product_id and position('.' in pi.page_key) > 0
    and (pi.valid_until is null or pi.valid_until > $4::timestamptz)
  returning pi.product_id ${PREPARED}`;

/** the database itself (it can be closed), not a transaction on it */
const isDatabase = (e: Executor): e is Database => typeof (e as Partial<Database>).close === 'function';

async function writeRows(database: Executor, rows: IndexRow[], batch: ProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(rows.map((r) => ({ ...r, page_key: pageKeyOf(r) })));
  try {
    // a savepoint inside a caller's transaction, so the slow path below can run after a conflict; on
    // the database itself the one statement is its own transaction (BEGIN and COMMIT would be two
    // statements more for each order's refresh of its products)
    if (isDatabase(database)) await database.query(UPSERT_ROWS, [json]);
    else await database.transaction((tx) => tx.query(UPSERT_ROWS, [json]));
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
    // a sku now belongs to another product id (a product deleted and its sku reused): drop the old rows
    await database.query(
      `delete from product_index pi
       using (select s.store_code, u.sku, u.id
              from unnest($3::text[]) as s(store_code), unnest($1::text[], $2::int[]) as u(sku, id)) x
       where pi.store_code = x.store_code and pi.sku = x.sku and pi.product_id <> x.id`,
      [batch.map((p) => p.sku), batch.map((p) => p.id), [...new Set(rows.map((r) => r.store_code))]],
    );
    await database.query(UPSERT_ROWS, [json]);
  }
}

const UPSERT_ROWS = `insert into product_index (store_code, product_id, sku, type_id, status, visibility, slug, url_path, name,
     category_ids, attrs, child_skus, final_price_incl_tax, total_qty, is_in_stock, is_promoted, sales_count,
     created_at, updated_at, valid_until, search, search_text, doc, page_key)
   select r.store_code, r.product_id, r.sku, r.type_id, r.status, r.visibility, r.slug, r.url_path, r.name,
     r.category_ids, r.attrs, r.child_skus, r.final_price_incl_tax, r.total_qty, r.is_in_stock, r.is_promoted,
     r.sales_count, r.created_at, r.updated_at, r.valid_until,
     setweight(to_tsvector('simple', coalesce(r.search_a, '')), 'A')
       || setweight(to_tsvector('simple', coalesce(r.search_b, '')), 'B')
       || setweight(to_tsvector('simple', coalesce(r.search_c, '')), 'C'),
     r.search_text, r.doc, r.page_key
   from jsonb_to_recordset($1::jsonb) as r(${ROW_COLUMNS})
   on conflict (store_code, product_id) do update set
     sku = excluded.sku, type_id = excluded.type_id, status = excluded.status, visibility = excluded.visibility,
     slug = excluded.slug, url_path = excluded.url_path, name = excluded.name,
     category_ids = excluded.category_ids, attrs = excluded.attrs, child_skus = excluded.child_skus,
     final_price_incl_tax = excluded.final_price_incl_tax, total_qty = excluded.total_qty,
     is_in_stock = excluded.is_in_stock, is_promoted = excluded.is_promoted, sales_count = excluded.sales_count,
     created_at = excluded.created_at, updated_at = excluded.updated_at, valid_until = excluded.valid_until,
     search = excluded.search, search_text = excluded.search_text, doc = excluded.doc,
     rev = nextval('product_index_rev_seq'),
     page_rev = case when product_index.page_key is distinct from excluded.page_key
       then nextval('product_index_rev_seq') else product_index.page_rev end,
     page_key = excluded.page_key`;

/** a stored gallery in a store view: the image and its alt text there (Lithuanian when it has none) */
function galleryDoc(list: readonly { image: string; label?: Partial<Record<StoreCode, string>> }[], store: StoreCode) {
  return list.map((m) => {
    const label = m.label ? m.label[store] || m.label.lt || '' : '';
    return label ? { image: m.image, label } : { image: m.image };
  });
}
