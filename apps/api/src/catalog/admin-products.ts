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
 */
import {
  importCatalog,
  ImportError,
  listedRate,
  loadTaxRules,
  type Database,
  type Executor,
} from '@vitrina/db';
import {
  GRADE_ATTRIBUTE_CODE,
  PRODUCT_TYPES,
  centsToDecimalString,
  gradeLadderInversions,
  isSpecialPriceActive,
  ladderSteps,
  type LadderInversion,
  formatDateTime,
  importProductSchema,
  storedGross,
  priceCsv,
  priceCsvRecords,
  type StoreCode,
  type TaxRule,
} from '@vitrina/domain';
import { z } from 'zod';
import type { ApiConfig } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import type { Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import type { CatalogService } from './service.ts';
import { formImages } from './admin-images.ts';
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

type ProductRow = {
  id: number;
  sku: string;
  type_id: string;
  status: number;
  visibility: number;
  parent_id: number | null;
  name: Record<string, string>;
  description: Record<string, string> | null;
  short_description: Record<string, string> | null;
  url_key: string;
  slugs: Record<string, string> | null;
  url_path: Record<string, string> | null;
  brand: string | null;
  mpn: string | null;
  image: string | null;
  media_gallery: { image: string }[];
  price_cents: number;
  special_price_cents: number | null;
  price_incl_tax_cents: number | null;
  special_price_incl_tax_cents: number | null;
  special_from_date: Date | null;
  special_to_date: Date | null;
  tax_class_id: number;
  attributes: Record<string, number | string>;
  configurable_options: {
    attribute_id: number;
    attribute_code: string;
    label: string;
    values: { value_index: number; label?: string }[];
  }[];
  product_links: Record<string, unknown>[];
  bundle_options: {
    option_id: number;
    title: string;
    title_localized?: Record<string, string>;
    type: string;
    required: boolean;
    product_links: Record<string, unknown>[];
  }[];
  is_promoted: number;
  sales_count: number;
  created_at: Date;
  updated_at: Date;
  version: number;
  qty: number | null;
  is_in_stock: boolean | null;
  manage_stock: boolean | null;
};

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

const euros = (cents: number | null) => (cents === null ? null : centsToDecimalString(cents));
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const SELECT_PRODUCT = `SELECT p.*, s.qty, s.is_in_stock, s.manage_stock FROM products p LEFT JOIN stock s ON s.product_id = p.id`;

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
      add((n) => `p.id = ANY(${n}::int[])`, [...(await this.gradeLadders(this.database, null)).keys()]);
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
    const inverted = configurables.length ? await this.gradeLadders(this.database, configurables) : new Map();
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
    const row = await this.row(this.database, sku);
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
          ? ((await this.gradeLadders(this.database, [row.id])).get(row.id) ?? [])
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
        row = await this.row(tx, sku, true);
        if (!row) throw new ApiError(404, 'error.notFound');
        if (body.version === undefined)
          throw new ApiError(400, 'validation.required', undefined, [
            { field: 'version', key: 'validation.required' },
          ]);
        if (row.version !== body.version) throw staleVersion(row);
        current = await this.record(tx, row, rules);
      } else {
        const newSku = typeof body.product.sku === 'string' ? body.product.sku.trim() : '';
        if (newSku && (await this.row(tx, newSku)))
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
      const before = row ? await this.priceRows(tx, [row.id]) : new Map();
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
      const saved = (await this.row(tx, String(record.sku)))!;
      const ids = [
        saved.id,
        ...(await tx.query<{ id: number }>('SELECT id FROM products WHERE parent_id = $1', [saved.id])).map(
          (c) => c.id,
        ),
      ];
      const after = await this.priceRows(tx, ids);
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
    const row = await this.row(this.database, sku);
    if (!row) throw new ApiError(404, 'error.notFound');
    const rules = await loadTaxRules(this.database);
    const source = await this.record(this.database, row, rules);
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

  /** the price and stock CSV of every product that has a price of its own (not configurables) */
  async exportCsv(): Promise<string> {
    const rules = await loadTaxRules(this.database);
    const list = await this.database.query<ProductRow>(
      `${SELECT_PRODUCT} WHERE p.type_id NOT IN ('configurable', 'grouped', 'bundle') ORDER BY p.sku`,
    );
    const [now] = await this.database.query<{ now: Date }>('SELECT now() AS now');
    return priceCsv(
      list.map((r) => {
        const f = this.fields(r, rules);
        return {
          sku: r.sku,
          price: String(f.price),
          special_price: (f.special_price as string | null) ?? null,
          special_from: r.special_from_date ? formatDateTime(r.special_from_date).slice(0, 10) : null,
          special_to: r.special_to_date ? formatDateTime(r.special_to_date).slice(0, 10) : null,
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
  async importCsv(actor: StaffActor, text: string, dryRun: boolean) {
    const { records, exportedAt, problems } = priceCsvRecords(text);
    if (problems.length)
      throw new ApiError(
        400,
        'validation.invalid',
        undefined,
        problems.map((p) => ({ field: 'csv', key: p })),
      );
    const rules = await loadTaxRules(this.database);
    const current = await this.database.query<ProductRow>(`${SELECT_PRODUCT} WHERE p.sku = ANY($1::text[])`, [
      records.map((r) => r.sku),
    ]);
    const bySku = new Map(current.map((r) => [r.sku, r]));
    const unknown = records
      .filter((r) => !bySku.has(r.sku))
      .map((r) => ({ field: 'csv', key: `Unknown sku "${r.sku}"` }));
    if (unknown.length) throw new ApiError(400, 'validation.invalid', undefined, unknown);
    const diff = records
      .map((r) => {
        const row = bySku.get(r.sku)!;
        const was = this.fields(row, rules);
        const day = (d: Date | null) => (d ? formatDateTime(d).slice(0, 10) : null);
        const norm = (v: string | null | undefined) => (v == null || v === '' ? null : Number(v).toFixed(2));
        const changes: { field: string; from: string | number | null; to: string | number | null }[] = [];
        if (r.price !== undefined && norm(r.price) !== norm(was.price as string))
          changes.push({ field: 'price', from: was.price as string, to: norm(r.price) });
        if (
          r.special_price !== undefined &&
          norm(r.special_price) !== norm(was.special_price as string | null)
        )
          changes.push({
            field: 'special_price',
            from: (was.special_price as string | null) ?? null,
            to: norm(r.special_price),
          });
        if (r.special_from_date !== undefined && (r.special_from_date ?? null) !== day(row.special_from_date))
          changes.push({
            field: 'special_from',
            from: day(row.special_from_date),
            to: r.special_from_date ?? null,
          });
        if (r.special_to_date !== undefined && (r.special_to_date ?? null) !== day(row.special_to_date))
          changes.push({
            field: 'special_to',
            from: day(row.special_to_date),
            to: r.special_to_date ?? null,
          });
        if (r.qty !== undefined && Number(r.qty) !== (row.qty ?? 0))
          changes.push({ field: 'qty', from: row.qty ?? 0, to: Number(r.qty) });
        return { sku: r.sku, changes, record: r };
      })
      .filter((d) => d.changes.length > 0);
    const answer = {
      rows: records.length,
      changed: diff.length,
      exported_at: exportedAt,
      diff: diff.map(({ sku, changes }) => ({ sku, changes })),
    };
    if (dryRun || diff.length === 0) return { ...answer, applied: false, stock_conflicts: [] };
    const ids = diff.map((d) => bySku.get(d.sku)!.id);
    const conflicts = await this.database.transaction(async (tx) => {
      const before = await this.priceRows(tx, ids);
      // only the changed fields of the changed rows: an unchanged qty is never written back over a sale
      const updates = diff.map((d) => {
        const out: Record<string, unknown> = { sku: d.sku };
        for (const c of d.changes) {
          const key =
            c.field === 'special_from'
              ? 'special_from_date'
              : c.field === 'special_to'
                ? 'special_to_date'
                : c.field;
          out[key] = c.to;
        }
        return out;
      });
      let imported;
      try {
        imported = await importCatalog(
          tx,
          { ...(exportedAt ? { exported_at: exportedAt } : {}), products: updates },
          { pricesIncludeTax: this.pricesIncludeTax, analyze: false },
        );
      } catch (err) {
        if (err instanceof ImportError)
          throw new ApiError(
            400,
            'validation.invalid',
            undefined,
            err.issues.map((i) => ({
              field: i.path.replace(
                /^products\[(\d+)\]/,
                (_m, n: string) => `${updates[Number(n)]?.sku ?? n}`,
              ),
              key: i.message,
            })),
          );
        throw err;
      }
      const after = await this.priceRows(tx, ids);
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
    this.catalog.catalogChanged();
    return { ...answer, applied: true, stock_conflicts: conflicts };
  }

  /**
   * The configurables (those of `parentIds`, or all) whose grade ladder makes no sense, by id: the
   * pairs where a lower grade costs the same as or more than a higher grade of the same other options,
   * at the gross price the shopper pays now (the special price in its window). Grades are read from
   * the `condition` attribute's option labels (domain gradeKeyOf).
   */
  private async gradeLadders(
    q: Queryable,
    parentIds: readonly number[] | null,
  ): Promise<Map<number, LadderInversion[]>> {
    const out = new Map<number, LadderInversion[]>();
    const [grades] = await q.query<{ options: { value: number; label: Record<string, string> }[] }>(
      'SELECT options FROM attributes WHERE attribute_code = $1',
      [GRADE_ATTRIBUTE_CODE],
    );
    if (!grades) return out;
    const parents = await q.query<{ id: number; configurable_options: { attribute_code: string }[] }>(
      `SELECT id, configurable_options FROM products WHERE type_id = 'configurable'${parentIds ? ' AND id = ANY($1::int[])' : ''}`,
      parentIds ? [parentIds] : [],
    );
    const graded = parents.filter((p) =>
      p.configurable_options.some((o) => o.attribute_code === GRADE_ATTRIBUTE_CODE),
    );
    if (!graded.length) return out;
    const children = await q.query<{
      sku: string;
      parent_id: number;
      status: number;
      attributes: Record<string, unknown>;
      price_cents: number;
      price_incl_tax_cents: number | null;
      special_price_cents: number | null;
      special_price_incl_tax_cents: number | null;
      special_from_date: Date | null;
      special_to_date: Date | null;
      tax_class_id: number;
      is_in_stock: boolean | null;
    }>(
      `SELECT p.sku, p.parent_id, p.status, p.attributes, p.price_cents, p.price_incl_tax_cents, p.special_price_cents,
              p.special_price_incl_tax_cents, p.special_from_date, p.special_to_date, p.tax_class_id, s.is_in_stock
         FROM products p LEFT JOIN stock s ON s.product_id = p.id WHERE p.parent_id = ANY($1::int[]) ORDER BY p.id`,
      [graded.map((p) => p.id)],
    );
    const rules = await loadTaxRules(this.database);
    const now = new Date();
    const values = grades.options.map((o) => ({
      value_index: o.value,
      label: o.label.en ?? o.label.lt ?? Object.values(o.label)[0] ?? '',
    }));
    for (const parent of graded) {
      const kids = children
        .filter((c) => c.parent_id === parent.id)
        .map((c) => {
          const rate = listedRate(rules, c.tax_class_id);
          const special = isSpecialPriceActive(
            {
              price: c.price_cents,
              special_price: c.special_price_cents,
              special_from_date: c.special_from_date,
              special_to_date: c.special_to_date,
            },
            now,
          );
          const gross = special
            ? storedGross(
                { price: c.special_price_cents!, price_incl_tax: c.special_price_incl_tax_cents },
                rate,
              )
            : storedGross({ price: c.price_cents, price_incl_tax: c.price_incl_tax_cents }, rate);
          return {
            ...c.attributes,
            sku: c.sku,
            status: c.status,
            stock: { is_in_stock: c.is_in_stock ?? false },
            gross,
          };
        });
      const options = [
        { attribute_code: GRADE_ATTRIBUTE_CODE, values },
        ...parent.configurable_options
          .filter((o) => o.attribute_code !== GRADE_ATTRIBUTE_CODE)
          .map((o) => ({ attribute_code: o.attribute_code, values: [] })),
      ];
      const pairs = gradeLadderInversions(
        ladderSteps({ configurable_options: options, configurable_children: kids }, (c) => c.gross),
      );
      if (pairs.length) out.set(parent.id, pairs);
    }
    return out;
  }

  /** a product and the stock of it, locked for the save with `forUpdate` */
  private async row(q: Queryable, sku: string, forUpdate = false): Promise<ProductRow | null> {
    const [r] = await q.query<ProductRow>(
      `${SELECT_PRODUCT} WHERE p.sku = $1${forUpdate ? ' FOR UPDATE OF p' : ''}`,
      [sku],
    );
    return r ?? null;
  }

  private async priceRows(q: Queryable, ids: readonly number[]) {
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

  /**
   * The stored product as the import file's record: every field the importer would otherwise reset,
   * prices in the shop's mode (gross typed under CATALOG_PRICES_INCLUDE_TAX, else net).
   */
  private async record(
    q: Queryable,
    row: ProductRow,
    rules: readonly TaxRule[],
  ): Promise<Record<string, unknown>> {
    const categories = await q.query<{ category_id: number }>(
      'SELECT category_id FROM product_categories WHERE product_id = $1 ORDER BY position',
      [row.id],
    );
    const children = await q.query<ProductRow>(`${SELECT_PRODUCT} WHERE p.parent_id = $1 ORDER BY p.id`, [
      row.id,
    ]);
    return {
      ...this.fields(row, rules),
      description: row.description,
      short_description: row.short_description,
      ...(row.slugs ? { slug: row.slugs } : {}),
      ...(row.url_path ? { url_path: row.url_path } : {}),
      brand: row.brand,
      is_promoted: row.is_promoted,
      sales_count: row.sales_count,
      created_at: iso(row.created_at),
      category_ids: categories.map((c) => c.category_id),
      configurable_options: row.configurable_options.map((o) => ({
        attribute_id: o.attribute_id,
        attribute_code: o.attribute_code,
        label: o.label,
        values: o.values,
      })),
      product_links: row.product_links,
      bundle_options: row.bundle_options.map((o) => ({
        ...o,
        title: o.title_localized ?? o.title,
        title_localized: undefined,
      })),
      ...(children.length ? { configurable_children: children.map((c) => this.fields(c, rules)) } : {}),
    };
  }

  /** the fields a product and a configurable child share in the import record */
  private fields(r: ProductRow, rules: readonly TaxRule[]): Record<string, unknown> {
    const rate = listedRate(rules, r.tax_class_id);
    const gross = this.pricesIncludeTax;
    const price = gross
      ? storedGross({ price: r.price_cents, price_incl_tax: r.price_incl_tax_cents }, rate)
      : r.price_cents;
    const special =
      r.special_price_cents === null
        ? null
        : gross
          ? storedGross(
              { price: r.special_price_cents, price_incl_tax: r.special_price_incl_tax_cents },
              rate,
            )
          : r.special_price_cents;
    return {
      ...r.attributes,
      id: r.id,
      sku: r.sku,
      type_id: r.type_id,
      status: r.status,
      visibility: r.visibility,
      name: r.name,
      url_key: r.url_key,
      mpn: r.mpn,
      image: r.image,
      media_gallery: r.media_gallery,
      price: euros(price),
      special_price: euros(special),
      special_from_date: iso(r.special_from_date),
      special_to_date: iso(r.special_to_date),
      tax_class_id: r.tax_class_id,
      stock: { qty: r.qty ?? 0, is_in_stock: r.is_in_stock ?? false, manage_stock: r.manage_stock ?? true },
    };
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

/**
 * The stored record with the form's changes: top-level fields replace; `stock` is merged; the
 * children listed (by sku) take their changes, the others stay as they are.
 */
export function mergeRecord(
  current: Record<string, unknown>,
  changes: Record<string, unknown>,
  row: ProductRow | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'id' && row) continue; // an existing product keeps its id
    if (key === 'sku' && row) continue; // renaming a sku is not a save: the sku is the product's key
    if (key === 'stock' && value && typeof value === 'object')
      out.stock = { ...(current.stock as object | undefined), ...value };
    else if (key === 'attributes' && value && typeof value === 'object') {
      for (const [code, v] of Object.entries(value)) out[code] = v === '' ? null : v;
    } else if (
      key === 'configurable_children' &&
      Array.isArray(value) &&
      Array.isArray(current.configurable_children)
    ) {
      const bySku = new Map(
        value.map((c) => [String((c as { sku?: unknown }).sku), c as Record<string, unknown>]),
      );
      const known = new Set((current.configurable_children as { sku?: unknown }[]).map((c) => String(c.sku)));
      // a child the product does not have yet is added (admin-product-parts.ts checks its options first)
      const added = value.filter((c) => !known.has(String((c as { sku?: unknown }).sku))) as Record<
        string,
        unknown
      >[];
      out.configurable_children = (current.configurable_children as Record<string, unknown>[]).map((c) => {
        const change = bySku.get(String(c.sku));
        if (!change) return c;
        const { sku: _s, id: _i, stock, ...rest } = change;
        void _s;
        void _i;
        return {
          ...c,
          ...rest,
          ...(stock && typeof stock === 'object' ? { stock: { ...(c.stock as object), ...stock } } : {}),
        };
      });
      if (added.length) (out.configurable_children as Record<string, unknown>[]).push(...added);
    } else out[key] = value;
  }
  // attribute values cleared in the form are left out (the importer keeps only given codes)
  for (const [k, v] of Object.entries(out)) if (v === null && !NULLABLE_FIELDS.has(k)) delete out[k];
  return out;
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

/** fields of the import record that take null for "none" */
const NULLABLE_FIELDS = new Set([
  'description',
  'short_description',
  'brand',
  'mpn',
  'image',
  'special_price',
  'special_from_date',
  'special_to_date',
  'parent_sku',
]);

/** a `product.updated` event for the signed webhooks (integration/webhooks.ts), in the save's transaction */
async function productEvent(tx: Queryable, type: string, payload: Record<string, unknown>): Promise<void> {
  await tx.query('INSERT INTO order_events (type, order_id, payload) VALUES ($1, NULL, $2::jsonb)', [
    type,
    JSON.stringify(payload),
  ]);
}
