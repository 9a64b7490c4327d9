/**
 * The back office's products (role `catalog` or `admin`): the list with its search and filters, a
 * product's form data, and its saves: create, update, duplicate, disable.
 *
 * One rule for a product, whoever writes it: a save is the product's import record (the one the
 * import file would carry, made from the stored product with the form's changes on top), validated
 * by the import file's zod schema and written by the importer, inside one transaction with the
 * version check, the audit row and the `product.updated` webhook event. The importer re-indexes only
 * that product (and the configurable, grouped and bundle products that show it) and bumps the
 * catalogue version, so the storefront's caches and pages show the change at once in this process
 * and within CATALOG_VERSION_TTL_MS in others.
 *
 * Optimistic concurrency: every product has a `version`, bumped by each save and each import that
 * rewrites it; a save names the version its form was opened at and is refused (409) when it is old.
 *
 * Beside it: admin-product-rows.ts (the stored row), admin-product-record.ts (the row as the import
 * record, and the form's changes merged into it), admin-product-writes.ts (the price history's hook,
 * the webhook event), admin-price-csv.ts (the price and stock CSV), admin-grade-ladders.ts.
 */
import { importCatalog, ImportError, listedRate, loadTaxRules, type Database } from '@vitrina/db';
import {
  PRODUCT_TYPES,
  formatDateTime,
  importProductSchema,
  storedGross,
  type StoreCode,
} from '@vitrina/domain';
import { z } from 'zod';
import type { ApiConfig } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import type { CatalogService } from './service.ts';
import { formImages } from './admin-images.ts';
import { gradeLadders } from './admin-grade-ladders.ts';
import { exportPriceCsv, importPriceCsv } from './admin-price-csv.ts';
import { mergeRecord, productRecord } from './admin-product-record.ts';
import { SELECT_PRODUCT, iso, productRow, type ProductRow } from './admin-product-rows.ts';
import { afterProductPriceWrite, priceRows, priceWrites, productEvent } from './admin-product-writes.ts';

// the price history's hook keeps its name here, where the saves are (admin-product-writes.ts)
export { afterProductPriceWrite, type PriceWrite } from './admin-product-writes.ts';
import { importRecordErrors, recordFieldErrors } from '../http/record-errors.ts';

/** at or below this many units a managed, in-stock product is "low" in the list's stock filter */
export const LOW_STOCK_QTY = 5;

const optionalInt = z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().optional());

export const productListQuery = z.object({
  storeCode: z.string().optional(),
  /** sku, name (any store view), brand, EAN or MPN; part of it */
  q: z.string().trim().max(200).optional(),
  category: optionalInt,
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(PRODUCT_TYPES).optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['enabled', 'disabled']).optional()),
  visibility: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(4).optional(),
  ),
  stock: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['in', 'low', 'out']).optional()),
  /** an option value of the `condition` attribute */
  grade: optionalInt,
  /** `inverted`: configurables where a lower grade costs the same as or more than a higher one */
  ladder: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['inverted']).optional()),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type ProductListQuery = z.output<typeof productListQuery>;

/**
 * A save: the version the form was opened at (required for an existing product) and the fields it
 * changes, as an import record's (`name`, `price`, `stock`, `configurable_children` by sku, ...).
 * The fields are checked with the import file's schema once merged (saveProduct).
 */
export const productSaveBody = z.object({
  version: z.number().int().min(1).optional(),
  /**
   * when the form was opened (its GET's `opened_at`): a stock quantity it sends is applied only if
   * the shop's stock has not changed since (a sale meanwhile is never undone: 409)
   */
  opened_at: z.iso.datetime({ offset: true }).optional(),
  product: z.record(z.string(), z.unknown()),
});
export const productDuplicateBody = z.object({
  version: z.number().int().min(1).optional(),
  sku: z.string().trim().min(1).max(64),
});

export type ProductListItem = {
  id: number;
  sku: string;
  name: string;
  brand: string | null;
  type_id: string;
  status: number;
  visibility: number;
  parent_sku: string | null;
  price: number;
  price_incl_tax: number;
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean;
  grade: number | null;
  /** a configurable whose grade ladder makes no sense (domain grade-ladder.ts) */
  grade_ladder_inverted: boolean;
  updated_at: string;
};

export class ProductAdmin {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly catalog: CatalogService,
  ) {}

  private get pricesIncludeTax(): boolean {
    return this.config.catalogPricesIncludeTax;
  }

  /** the list: search and filters, newest change first, a page of it */
  async list(
    f: ProductListQuery,
  ): Promise<{ items: ProductListItem[]; total: number; page: number; size: number }> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    const add = (sql: (n: string) => string, value: unknown) => {
      params.push(value);
      clauses.push(sql(`$${params.length}`));
    };
    const q = f.q?.trim();
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      add(
        (
          n,
        ) => `(p.sku ILIKE ${n} OR p.name->>'lt' ILIKE ${n} OR p.name->>'en' ILIKE ${n} OR p.name->>'ru' ILIKE ${n}
          OR p.brand ILIKE ${n} OR p.mpn ILIKE ${n} OR p.attributes->>'ean' ILIKE ${n} OR p.attributes->>'gtin' ILIKE ${n})`,
        like,
      );
    }
    if (f.category !== undefined)
      add(
        (n) =>
          `EXISTS (SELECT 1 FROM product_categories pc WHERE pc.product_id = p.id AND pc.category_id = ${n})`,
        f.category,
      );
    if (f.type) add((n) => `p.type_id = ${n}`, f.type);
    if (f.status === 'enabled') clauses.push('p.status < 2');
    if (f.status === 'disabled') clauses.push('p.status >= 2');
    if (f.visibility !== undefined) add((n) => `p.visibility = ${n}`, f.visibility);
    if (f.stock === 'out')
      clauses.push('(s.product_id IS NOT NULL AND (NOT s.is_in_stock OR (s.manage_stock AND s.qty <= 0)))');
    if (f.stock === 'in')
      clauses.push('(s.product_id IS NULL OR (s.is_in_stock AND (NOT s.manage_stock OR s.qty > 0)))');
    if (f.stock === 'low')
      add((n) => `(s.is_in_stock AND s.manage_stock AND s.qty > 0 AND s.qty <= ${n})`, LOW_STOCK_QTY);
    if (f.grade !== undefined)
      add(
        (n) =>
          `((p.attributes->>'condition') = ${n}::text OR EXISTS (SELECT 1 FROM products c WHERE c.parent_id = p.id AND (c.attributes->>'condition') = ${n}::text))`,
        f.grade,
      );
    if (f.ladder === 'inverted')
      add((n) => `p.id = ANY(${n}::int[])`, [...(await gradeLadders(this.database, null)).keys()]);
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const from = `FROM products p LEFT JOIN stock s ON s.product_id = p.id LEFT JOIN products parent ON parent.id = p.parent_id ${where}`;
    const [count] = await this.database.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
    const list = await this.database.query<{
      id: number;
      sku: string;
      name: Record<string, string>;
      brand: string | null;
      type_id: string;
      status: number;
      visibility: number;
      parent_sku: string | null;
      price_cents: number;
      price_incl_tax_cents: number | null;
      tax_class_id: number;
      qty: number | null;
      is_in_stock: boolean | null;
      manage_stock: boolean | null;
      grade: string | null;
      updated_at: Date;
    }>(
      `SELECT p.id, p.sku, p.name, p.brand, p.type_id, p.status, p.visibility, parent.sku AS parent_sku, p.price_cents,
              p.price_incl_tax_cents, p.tax_class_id, s.qty, s.is_in_stock, s.manage_stock, p.attributes->>'condition' AS grade, p.updated_at
         ${from} ORDER BY p.updated_at DESC, p.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, f.size, (f.page - 1) * f.size],
    );
    const rules = await loadTaxRules(this.database);
    const lang = f.storeCode === 'en' ? 'en' : 'lt';
    const configurables = list.filter((r) => r.type_id === 'configurable').map((r) => r.id);
    const inverted = configurables.length ? await gradeLadders(this.database, configurables) : new Map();
    return {
      items: list.map((r) => ({
        id: r.id,
        sku: r.sku,
        name: r.name[lang] ?? r.name.lt ?? r.sku,
        brand: r.brand,
        type_id: r.type_id,
        status: r.status,
        visibility: r.visibility,
        parent_sku: r.parent_sku,
        price: r.price_cents,
        price_incl_tax: storedGross(
          { price: r.price_cents, price_incl_tax: r.price_incl_tax_cents },
          listedRate(rules, r.tax_class_id),
        ),
        qty: r.qty ?? 0,
        is_in_stock: r.is_in_stock ?? false,
        manage_stock: r.manage_stock ?? true,
        grade: r.grade === null || r.grade === '' ? null : Number(r.grade),
        grade_ladder_inverted: inverted.has(r.id),
        updated_at: new Date(r.updated_at).toISOString(),
      })),
      total: count?.n ?? 0,
      page: f.page,
      size: f.size,
    };
  }

  /** what the list's filters and the form choose from: categories, attributes with their options, tax rate */
  async options(): Promise<{
    categories: { id: number; name: Record<string, string>; level: number; path: string }[];
    attributes: {
      code: string;
      label: Record<string, string>;
      input: string;
      options: { value: number; label: Record<string, string> }[];
    }[];
    prices_include_tax: boolean;
  }> {
    const categories = await this.database.query<{
      id: number;
      name: Record<string, string>;
      level: number;
      path: string;
    }>('SELECT id, name, level, path FROM categories WHERE level >= 2 ORDER BY path');
    const attributes = await this.database.query<{
      attribute_code: string;
      frontend_label: Record<string, string>;
      frontend_input: string;
      options: { value: number; label: Record<string, string> }[];
    }>(
      'SELECT attribute_code, frontend_label, frontend_input, options FROM attributes ORDER BY position, attribute_code',
    );
    return {
      categories,
      attributes: attributes.map((a) => ({
        code: a.attribute_code,
        label: a.frontend_label,
        input: a.frontend_input,
        options: a.options,
      })),
      prices_include_tax: this.pricesIncludeTax,
    };
  }

  /** a product's whole form: its fields, stock, categories, children, version; null when there is none */
  async get(sku: string): Promise<Record<string, unknown> | null> {
    const row = await productRow(this.database, sku);
    if (!row) return null;
    const rules = await loadTaxRules(this.database);
    const children = await this.database.query<ProductRow>(
      `${SELECT_PRODUCT} WHERE p.parent_id = $1 ORDER BY p.id`,
      [row.id],
    );
    const categories = await this.database.query<{ category_id: number }>(
      'SELECT category_id FROM product_categories WHERE product_id = $1 ORDER BY position',
      [row.id],
    );
    const prices = (r: ProductRow) => {
      const rate = listedRate(rules, r.tax_class_id);
      return {
        tax_rate: rate,
        price: r.price_cents,
        price_incl_tax: storedGross({ price: r.price_cents, price_incl_tax: r.price_incl_tax_cents }, rate),
        special_price: r.special_price_cents,
        special_price_incl_tax:
          r.special_price_cents === null
            ? null
            : storedGross(
                { price: r.special_price_cents, price_incl_tax: r.special_price_incl_tax_cents },
                rate,
              ),
        special_from_date: iso(r.special_from_date),
        special_to_date: iso(r.special_to_date),
      };
    };
    return {
      id: row.id,
      sku: row.sku,
      type_id: row.type_id,
      version: row.version,
      status: row.status,
      visibility: row.visibility,
      name: row.name,
      description: row.description ?? {},
      url_key: row.url_key,
      slug: row.slugs ?? {},
      brand: row.brand,
      mpn: row.mpn,
      tax_class_id: row.tax_class_id,
      attributes: row.attributes,
      category_ids: categories.map((c) => c.category_id),
      ...prices(row),
      stock: {
        qty: row.qty ?? 0,
        is_in_stock: row.is_in_stock ?? false,
        manage_stock: row.manage_stock ?? true,
      },
      images: formImages(row),
      /** IMAGE_UPLOAD_MAX_MB in bytes: what the images section says it takes */
      image_upload_max_bytes: this.config.imageUploadMaxBytes,
      children: children.map((c) => ({
        id: c.id,
        sku: c.sku,
        images: formImages(c, row),
        name: c.name,
        status: c.status,
        attributes: c.attributes,
        ...prices(c),
        stock: { qty: c.qty ?? 0, is_in_stock: c.is_in_stock ?? false, manage_stock: c.manage_stock ?? true },
      })),
      // a lower grade priced at or above a higher one: the form warns (the storefront hides it)
      grade_ladder:
        row.type_id === 'configurable'
          ? ((await gradeLadders(this.database, [row.id])).get(row.id) ?? [])
          : [],
      updated_at: new Date(row.updated_at).toISOString(),
      opened_at: (await this.database.query<{ now: Date }>('SELECT now() AS now'))[0]!.now.toISOString(),
      prices_include_tax: this.pricesIncludeTax,
    };
  }

  /**
   * Creates (`sku` null: the record's own sku) or updates the product `sku` with the form's fields;
   * answers its form again. 404 unknown product, 409 stale version or taken sku, 400 invalid fields.
   */
  async save(
    actor: StaffActor,
    sku: string | null,
    body: z.output<typeof productSaveBody>,
    store: StoreCode = 'lt',
    action = sku ? 'product.update' : 'product.create',
  ) {
    const done = await this.database.transaction(async (tx) => {
      const rules = await loadTaxRules(tx);
      let current: Record<string, unknown> | null = null;
      let row: ProductRow | null = null;
      if (sku !== null) {
        row = await productRow(tx, sku, true);
        if (!row) throw new ApiError(404, 'error.notFound');
        if (body.version === undefined)
          throw new ApiError(400, 'validation.required', undefined, [
            { field: 'version', key: 'validation.required' },
          ]);
        if (row.version !== body.version) throw staleVersion(row);
        current = await productRecord(tx, row, rules, this.pricesIncludeTax);
      } else {
        const newSku = typeof body.product.sku === 'string' ? body.product.sku.trim() : '';
        if (newSku && (await productRow(tx, newSku)))
          throw new ApiError(409, 'catalog.skuTaken', { sku: newSku }, [
            { field: 'sku', key: 'catalog.skuTaken' },
          ]);
        const [next] = await tx.query<{ id: number }>('SELECT coalesce(max(id), 0) + 1 AS id FROM products');
        current = {
          id: next?.id ?? 1,
          type_id: 'simple',
          status: 2,
          visibility: 4,
          tax_class_id: 2,
          stock: { qty: 0, is_in_stock: false, manage_stock: true },
        };
      }
      // a quantity is judged against the time its form was opened: without it, it cannot be
      if (row && !body.opened_at && sendsQuantity(body.product))
        throw new ApiError(400, 'validation.required', undefined, [
          { field: 'opened_at', key: 'validation.required' },
        ]);
      const record = mergeRecord(current, body.product, row);
      // a child added by this save gets the next free id, read in this transaction
      const newChildren = Array.isArray(record.configurable_children)
        ? (record.configurable_children as Record<string, unknown>[]).filter((c) => c.id === undefined)
        : [];
      if (newChildren.length) {
        const [next] = await tx.query<{ id: number }>('SELECT coalesce(max(id), 0) + 1 AS id FROM products');
        newChildren.forEach((c, i) => (c.id = (next?.id ?? 1) + i));
      }
      // the import file's own schema: one rule for a product whoever writes it
      const parsed = importProductSchema.safeParse(record);
      if (!parsed.success) throw fieldErrors(parsed.error.issues, store);
      const before = row ? await priceRows(tx, [row.id]) : new Map();
      try {
        const imported = await importCatalog(
          tx,
          { products: [record] },
          {
            pricesIncludeTax: this.pricesIncludeTax,
            analyze: false,
            // the stock the form showed was counted when it was opened (packages/db stock-guard.ts)
            // (no quantity sent: the record's are the shop's own, read in this transaction)
            exportedAt: body.opened_at ?? new Date(),
          },
        );
        if (imported.stock_conflicts.length) {
          const c = imported.stock_conflicts[0]!;
          const params = { sku: c.sku, qty: c.shop_qty, at: formatDateTime(c.changed_at) };
          throw new ApiError(409, 'catalog.stockChanged', params, [
            { field: c.path.replace(/^products\[0\]\.?/, ''), key: 'catalog.stockChanged', params },
          ]);
        }
      } catch (err) {
        if (err instanceof ImportError) throw importRecordErrors(err, 'products', '(product)');
        throw err;
      }
      const saved = (await productRow(tx, String(record.sku)))!;
      const ids = [
        saved.id,
        ...(await tx.query<{ id: number }>('SELECT id FROM products WHERE parent_id = $1', [saved.id])).map(
          (c) => c.id,
        ),
      ];
      const writes = priceWrites(before, await priceRows(tx, ids));
      // the price history (EU Omnibus) hooks in here: after the price write, in its transaction
      if (writes.length) await afterProductPriceWrite(tx, writes);
      await audit(tx, actor, action, `product:${saved.sku}`, {
        fields: Object.keys(body.product).sort(),
        version: saved.version,
        prices: writes.length ? writes : undefined,
      });
      await productEvent(tx, 'product.updated', {
        id: saved.id,
        sku: saved.sku,
        version: saved.version,
        action,
      });
      return saved.sku;
    });
    // this process's catalogue answers forget the old version at once (others within CATALOG_VERSION_TTL_MS)
    this.catalog.catalogChanged();
    return (await this.get(done))!;
  }

  /** a copy under a new sku, disabled (so it is finished before it is shown), without stock */
  async duplicate(actor: StaffActor, sku: string, newSku: string, store: StoreCode = 'lt') {
    const row = await productRow(this.database, sku);
    if (!row) throw new ApiError(404, 'error.notFound');
    const rules = await loadTaxRules(this.database);
    const source = await productRecord(this.database, row, rules, this.pricesIncludeTax);
    const {
      id: _id,
      configurable_children: _children,
      created_at: _created,
      url_path: _path,
      slug: _slug,
      ...rest
    } = source;
    void _id;
    void _children;
    void _created;
    void _path;
    void _slug;
    const copy = {
      ...rest,
      sku: newSku,
      url_key: `${row.url_key}-${newSku.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      status: 2,
      sales_count: 0,
      stock: { qty: 0, is_in_stock: false, manage_stock: row.manage_stock ?? true },
    };
    return this.save(actor, null, { product: copy }, store, 'product.duplicate');
  }

  /** the price and stock CSV of every product that has a price of its own (admin-price-csv.ts) */
  async exportCsv(): Promise<string> {
    return exportPriceCsv(this.priceCsv);
  }

  /** an uploaded price and stock CSV, `dryRun` answering what would change (admin-price-csv.ts) */
  async importCsv(actor: StaffActor, text: string, dryRun: boolean) {
    return importPriceCsv(this.priceCsv, actor, text, dryRun);
  }

  private get priceCsv() {
    return { database: this.database, pricesIncludeTax: this.pricesIncludeTax, catalog: this.catalog };
  }
}

const fieldErrors = (issues: readonly z.core.$ZodIssue[], store: StoreCode): ApiError =>
  recordFieldErrors(issues, store, '(product)');

/** 409: the product was saved (or imported) after this form was opened */
function staleVersion(row: ProductRow): ApiError {
  return new ApiError(409, 'catalog.staleVersion', {
    version: row.version,
    at: formatDateTime(row.updated_at),
  });
}

/** does a save set a stock quantity (its own or a variant's)? */
function sendsQuantity(changes: Record<string, unknown>): boolean {
  const hasQty = (stock: unknown) => typeof stock === 'object' && stock !== null && 'qty' in stock;
  return (
    hasQty(changes.stock) ||
    (Array.isArray(changes.configurable_children) &&
      changes.configurable_children.some((c) => hasQty((c as { stock?: unknown } | null)?.stock)))
  );
}
