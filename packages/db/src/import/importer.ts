/**
 * The shop data importer (docs/CONTRACTS.md "Shop data import file").
 *
 * 1. The whole file is validated first (zod, then cross-record checks); every problem is reported as
 *    `products[12].price: Expected number (sku "LAP-1001")` in an ImportError, and nothing is written.
 * 2. Then ONE transaction upserts attributes, categories (level and path computed from the tree; root id
 *    2), products (children of `configurable_children` become visibility-1 products with parent_id;
 *    products with `parent_sku` are linked too), category links, stock, tax rules, customer groups, coupons, CMS pages and
 *    blocks, shipping and payment methods, pickup points, banners and shop configuration; re-indexes the
 *    affected products and bumps the catalogue version. A failure anywhere rolls everything back.
 *
 * Upsert rules: products by sku (an existing product keeps its id), categories, CMS, tax rules and customer groups by id,
 * attributes by attribute_id, coupons and methods by code, pickup points by id, shop_config by code.
 * A product record replaces the product's fields, except: no `stock` keeps the current stock, no
 * `category_ids` keeps the current category links, no `created_at` keeps the creation date. `banners`,
 * when present, replace all banners (they have no key of their own). A `products` record of only `sku`
 * and some of `qty`, `price`, `special_price`, `special_from_date`, `special_to_date` updates those
 * fields of the existing product and nothing else (partial.ts: stock and price feeds).
 *
 * With `removeDemo` the demo data goes in the same transaction (demo/lifecycle.ts): the file's own records
 * are kept, so a shop swaps the demo for its catalogue in one step.
 *
 * On PGlite the transaction holds the only connection: a large import stalls the shop while it runs.
 */
import { liftTimeLimits, type Executor } from '../client.ts';
import { reindexProducts } from '../indexer.ts';
import { recordGroupTiers } from '../price-history.ts';
import { slugify, slugifyLocalized, toLocalized, toLocalizedOrNull, type Text } from '../localized.ts';
import { removeDemoData, type DemoRemovalResult } from '../demo/lifecycle.ts';
import { bumpCatalogVersion } from '../meta.ts';
import { deriveNetPrices } from '../gross-prices.ts';
import { guardStock, markStockFileImported, stockExportTime, type StockConflict } from './stock-guard.ts';
import type { BundleOption, ConfigurableOption, Localized, ProductLink } from '../schema.ts';
import { ImportError, IssueList, formatPath, type ImportIssue } from './errors.ts';
import { writeContent } from './content.ts';
import { cents, isoDate } from './values.ts';
import { ATTRIBUTES, CATEGORIES, PRODUCTS, PRODUCT_CATEGORIES, STOCK, STOCK_IF_NEW } from './tables.ts';
import { writeRows, type TableWrite } from './upsert.ts';
import {
  applyProductUpdates,
  remapProductPaths,
  splitProductUpdates,
  validateProductUpdates,
} from './partial.ts';
import {
  STORE_CODES,
  WHOLE_NUMBER_TEXT,
  importFileSchema,
  type StoreCode,
  toCents,
  type ImportCategory,
  type ImportChild,
  type ImportFile,
  type ImportProduct,
  type ProductType,
} from '@vitrina/domain';
import { CHILD_FIELDS, PRODUCT_FIELDS } from './format.ts';

export type ImportPhase =
  'validate' | 'attributes' | 'categories' | 'products' | 'stock' | 'content' | 'index' | 'done';

export interface ImportOptions {
  /** progress: `done` of `total` in the phase */
  onProgress?: (done: number, total: number, phase: ImportPhase) => void;
  /** the instant prices are indexed for (default: now) */
  now?: Date;
  /** records per INSERT statement (default 1000) */
  chunkSize?: number;
  /**
   * also remove the demo data, in the same transaction, keeping the records of this file
   * (demo/lifecycle.ts); ignored in a shop that is not the demo
   */
  removeDemo?: boolean;
  /**
   * when the stock of this write was counted (the back-office form's opening time): wins over the
   * file's `exported_at`; and this is then no file import (stock-guard.ts)
   */
  exportedAt?: Date | string;
  /**
   * CATALOG_PRICES_INCLUDE_TAX: the products' `price` and `special_price` are gross at the default
   * country's rate; each is kept as typed and its net made from it (gross-prices.ts). Default false:
   * net, as the file format has always said.
   */
  pricesIncludeTax?: boolean;
  /** refresh the planner statistics afterwards (default true; a one-product save skips it) */
  analyze?: boolean;
}

export interface ImportResult {
  attributes: number;
  categories: number;
  /** products written, configurable children included */
  products: number;
  /** existing products updated by records of only sku + qty/prices (partial.ts) */
  product_updates: number;
  /** of which children from `configurable_children` */
  children: number;
  taxrules: number;
  customer_groups: number;
  coupons: number;
  cms_pages: number;
  cms_blocks: number;
  shipping_methods: number;
  payment_methods: number;
  pickup_points: number;
  banners: number;
  shop_config: number;
  /** products re-indexed (imported ones, and those whose documents show changed data) */
  indexed: number;
  catalogVersion: number;
  /** things worth knowing that did not stop the import (ignored fields, kept ids) */
  warnings: string[];
  /** stock rows not applied: the shop's stock changed since the file's export time (stock-guard.ts) */
  stock_conflicts: StockConflict[];
  ms: number;
  /** with `removeDemo`: what was removed; null when the shop was not the demo */
  demo_removed?: DemoRemovalResult | null;
}

// ---------------------------------------------------------------- validation

const KEY_FIELDS: Record<string, readonly string[]> = {
  attributes: ['attribute_code', 'attribute_id'],
  categories: ['id'],
  products: ['sku', 'id'],
  taxrules: ['id', 'code'],
  customer_groups: ['id', 'code'],
  coupons: ['code'],
  cms_pages: ['id', 'identifier'],
  cms_blocks: ['id', 'identifier'],
  shipping_methods: ['code'],
  payment_methods: ['code'],
  pickup_points: ['id'],
  banners: ['kind', 'position'],
  shop_config: ['code'],
};

function describeKey(record: unknown, fields: readonly string[]): string | undefined {
  if (typeof record !== 'object' || record === null) return undefined;
  for (const f of fields) {
    const v = (record as Record<string, unknown>)[f];
    if (typeof v === 'string' || typeof v === 'number') return `${f} ${JSON.stringify(v)}`;
  }
  return undefined;
}

/** 'sku "LAP-1001"', and for a child 'sku "LAP-1001", child sku "LAP-1001-A"' */
function recordOf(data: unknown, path: readonly PropertyKey[]): string | undefined {
  const [section, index, sub, subIndex] = path;
  if (typeof section !== 'string' || typeof index !== 'number') return undefined;
  const list = (data as Record<string, unknown> | null)?.[section];
  if (!Array.isArray(list)) return undefined;
  const record = list[index];
  const own = describeKey(record, KEY_FIELDS[section] ?? ['id', 'code']);
  if (section === 'products' && sub === 'configurable_children' && typeof subIndex === 'number') {
    const child = (record as Record<string, unknown[]> | undefined)?.configurable_children?.[subIndex];
    const c = describeKey(child, ['sku', 'id']);
    return [own, c && `child ${c}`].filter(Boolean).join(', ') || undefined;
  }
  return own;
}

function describeInput(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'string')
    return `string ${JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input)}`;
  return typeof input;
}

function issue(data: unknown, path: readonly PropertyKey[], message: string): ImportIssue {
  const record = recordOf(data, path);
  return { path: formatPath(path), message, ...(record ? { record } : {}) };
}

/**
 * Validates an import file (parsed JSON) without touching the database: the format, then duplicate keys
 * and references inside the file. Throws ImportError listing every problem (up to 100).
 */
export function validateImportFile(data: unknown): ImportFile {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ImportError([
      { path: '(file)', message: `Expected a JSON object, received ${describeInput(data)}` },
    ]);
  }
  const parsed = importFileSchema.safeParse(data, {
    error: (iss) => {
      if (iss.code === 'invalid_type') {
        const expected = iss.expected === 'int' ? 'integer' : iss.expected;
        return iss.input === undefined
          ? `Expected ${expected} (required)`
          : `Expected ${expected}, received ${describeInput(iss.input)}`;
      }
      if (iss.code === 'invalid_value' && 'values' in iss) {
        return `Expected one of ${(iss.values as unknown[]).map((v) => JSON.stringify(v)).join(', ')}, received ${describeInput(iss.input)}`;
      }
      if (iss.code === 'unrecognized_keys') {
        const keys = `Unknown key${iss.keys.length > 1 ? 's' : ''} ${iss.keys.map((k) => `"${k}"`).join(', ')}`;
        return iss.input === data
          ? `${keys} (expected: ${Object.keys(importFileSchema.shape).join(', ')})`
          : `${keys} (a text is a string or { "lt": ..., "en": ..., "ru": ... })`;
      }
      return undefined;
    },
  });
  const issues = new IssueList();
  if (!parsed.success) {
    for (const i of parsed.error.issues) issues.add(issue(data, i.path, i.message));
    issues.throwIfAny();
  }
  const file = (parsed as { data: ImportFile }).data;
  checkDuplicates(data, file, issues);
  issues.throwIfAny();
  return file;
}

function checkDuplicates(data: unknown, file: ImportFile, issues: IssueList): void {
  const unique = <T>(
    section: string,
    list: readonly T[] | undefined,
    key: (r: T) => unknown,
    field: string,
  ) => {
    const seen = new Map<string, number>();
    list?.forEach((r, i) => {
      const k = String(key(r));
      const first = seen.get(k);
      if (first !== undefined) {
        issues.add(
          issue(
            data,
            [section, i, field],
            `Duplicate ${field} ${JSON.stringify(key(r))} (also ${section}[${first}])`,
          ),
        );
      } else seen.set(k, i);
    });
  };
  unique('attributes', file.attributes, (a) => a.attribute_id, 'attribute_id');
  unique('attributes', file.attributes, (a) => a.attribute_code, 'attribute_code');
  unique('categories', file.categories, (c) => c.id, 'id');
  unique('taxrules', file.taxrules, (t) => t.id, 'id');
  unique('customer_groups', file.customer_groups, (g) => g.id, 'id');
  unique('customer_groups', file.customer_groups, (g) => g.code, 'code');
  unique('coupons', file.coupons, (c) => c.code, 'code');
  unique('cms_pages', file.cms_pages, (c) => c.id, 'id');
  unique('cms_pages', file.cms_pages, (c) => c.identifier, 'identifier');
  unique('cms_blocks', file.cms_blocks, (c) => c.id, 'id');
  unique('cms_blocks', file.cms_blocks, (c) => c.identifier, 'identifier');
  unique('shipping_methods', file.shipping_methods, (m) => m.code, 'code');
  unique('payment_methods', file.payment_methods, (m) => m.code, 'code');
  unique('pickup_points', file.pickup_points, (p) => p.id, 'id');
  unique('shop_config', file.shop_config, (c) => c.code, 'code');

  // products: skus and ids across products and their configurable children
  const skus = new Map<string, string>();
  const ids = new Map<number, string>();
  file.products?.forEach((p, i) => {
    const seeSku = (sku: string, path: PropertyKey[]) => {
      const first = skus.get(sku);
      if (first) issues.add(issue(data, path, `Duplicate sku ${JSON.stringify(sku)} (also ${first})`));
      else skus.set(sku, formatPath(path.slice(0, -1)));
    };
    const seeId = (id: number, path: PropertyKey[]) => {
      const first = ids.get(id);
      if (first) issues.add(issue(data, path, `Duplicate id ${id} (also ${first})`));
      else ids.set(id, formatPath(path.slice(0, -1)));
    };
    seeSku(p.sku, ['products', i, 'sku']);
    seeId(p.id, ['products', i, 'id']);
    if (p.configurable_children?.length && p.type_id !== 'configurable') {
      issues.add(
        issue(
          data,
          ['products', i, 'configurable_children'],
          'Only a configurable product has configurable_children',
        ),
      );
    }
    if (p.parent_sku && p.parent_sku === p.sku) {
      issues.add(issue(data, ['products', i, 'parent_sku'], 'A product cannot be its own parent'));
    }
  });
  // children: a child listed by its parent may also come as its own record (same sku and id): that is fine
  const standalone = new Map(file.products?.map((p) => [p.sku, p]) ?? []);
  const childOf = new Map<string, string>();
  file.products?.forEach((p, i) =>
    p.configurable_children?.forEach((c, j) => {
      const path = ['products', i, 'configurable_children', j];
      const own = standalone.get(c.sku);
      if (own) {
        if (own.id !== c.id)
          issues.add(
            issue(
              data,
              [...path, 'id'],
              `Child sku ${JSON.stringify(c.sku)} has id ${own.id} as its own record`,
            ),
          );
        if (own.parent_sku && own.parent_sku !== p.sku)
          issues.add(
            issue(
              data,
              [...path, 'sku'],
              `Child sku ${JSON.stringify(c.sku)} names parent ${JSON.stringify(own.parent_sku)} as its own record`,
            ),
          );
      } else {
        const first = childOf.get(c.sku);
        if (first)
          issues.add(issue(data, [...path, 'sku'], `Duplicate sku ${JSON.stringify(c.sku)} (also ${first})`));
        else childOf.set(c.sku, formatPath(path));
        const idFirst = ids.get(c.id);
        if (idFirst) issues.add(issue(data, [...path, 'id'], `Duplicate id ${c.id} (also ${idFirst})`));
        else ids.set(c.id, formatPath(path));
      }
    }),
  );
}

// ---------------------------------------------------------------- normalised records

interface StockInput {
  qty: number;
  isInStock: boolean;
  manageStock: boolean;
  /** units to add to the shop's quantity instead of `qty` (stock-guard.ts) */
  qtyDelta?: number | undefined;
  inStockGiven?: boolean | undefined;
}

interface ProductRecord {
  path: (string | number)[];
  id: number;
  sku: string;
  typeId: ProductType;
  status: number;
  visibility: number;
  parentSku: string | null;
  parentId: number | null;
  name: Localized;
  description: Localized | null;
  shortDescription: Localized | null;
  urlKey: string;
  /** per store view; null: urlKey in every view */
  slugs: Localized | null;
  /** the file's url_path per store view without outer slashes; null when the file gave none */
  urlPath: Localized | null;
  brand: string | null;
  mpn: string | null;
  image: string | null;
  mediaGallery: { image: string }[];
  priceCents: number;
  specialPriceCents: number | null;
  /** the gross as typed when the file's prices include tax (pricesIncludeTax), else null */
  priceInclTaxCents: number | null;
  specialPriceInclTaxCents: number | null;
  specialFromDate: string | null;
  specialToDate: string | null;
  taxClassId: number;
  attributes: Record<string, number | string>;
  configurableOptions: ConfigurableOption[];
  productLinks: ProductLink[];
  bundleOptions: BundleOption[];
  isPromoted: number;
  salesCount: number;
  createdAt: string | null;
  updatedAt: string | null;
  categoryIds: number[] | null;
  stock: StockInput | null;
  /** skus of configurable_children when the record listed them (the children it keeps) */
  listedChildren: string[] | null;
  isChild: boolean;
}

function stockInput(s: ImportProduct['stock'] | undefined, type: ProductType): StockInput | null {
  if (!s) return null;
  const qty = Math.trunc(s.qty ?? 0);
  const manageStock = s.manage_stock ?? !(type === 'virtual' || type === 'downloadable');
  return {
    qty,
    manageStock,
    isInStock: s.is_in_stock ?? (manageStock ? qty > 0 : true),
    qtyDelta: s.qty_delta,
    inStockGiven: s.is_in_stock !== undefined,
  };
}

function defaultStock(type: string): StockInput {
  return type === 'simple'
    ? { qty: 0, isInStock: false, manageStock: true }
    : { qty: 0, isInStock: true, manageStock: false };
}

/** the attribute values of a record: keys that are attribute codes (or configurable option codes) */
function attributeValues(
  record: Record<string, unknown>,
  path: (string | number)[],
  codes: ReadonlySet<string>,
  /** the codes whose values are option values (select attributes, configurable options) */
  selectCodes: ReadonlySet<string>,
  fields: ReadonlySet<string>,
  issues: IssueList,
  data: unknown,
  ignored: Set<string>,
): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!codes.has(key)) {
      if (!fields.has(key)) ignored.add(key);
      continue;
    }
    if (value === null || value === undefined || value === '') continue;
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    // Magento writes option values as text ("color": "49"); the option is the number
    else if (typeof value === 'string' && selectCodes.has(key) && WHOLE_NUMBER_TEXT.test(value))
      out[key] = Number(value);
    else if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'boolean') out[key] = value ? 1 : 0;
    else if (!fields.has(key))
      issues.add(
        issue(
          data,
          [...path, key],
          `Expected an option value (number) or a text, received ${describeInput(value)}`,
        ),
      );
  }
  return out;
}

/** the file's url_path (without its outer slashes), else its slug, else one made from the name */
function categorySlug(c: ImportCategory, name: Localized): Localized {
  if (c.url_path !== undefined) {
    const path = toLocalized(c.url_path as Text);
    const made = categorySlug({ ...c, url_path: undefined }, name);
    // a store view whose path is empty keeps the slug it would have had
    const kept = (s: 'lt' | 'en' | 'ru') => path[s].trim().replace(/^\/+|\/+$/g, '') || made[s];
    return { lt: kept('lt'), en: kept('en'), ru: kept('ru') };
  }
  return c.slug === undefined ? slugifyLocalized(name, String(c.id)) : toLocalized(c.slug as Text);
}

/**
 * A product's slug per store view: the file's `slug`; else its `url_key` in every
 * view (a Magento export's one key); else made from the name of each view (Cyrillic transliterated).
 */
function productSlugs(p: ImportProduct, name: Localized): Localized | null {
  if (p.slug !== undefined) {
    const given = toLocalized(p.slug as Text);
    const made = slugifyLocalized(name, slugify(p.sku));
    const kept = (s: 'lt' | 'en' | 'ru') => given[s].trim().replace(/^\/+|\/+$/g, '') || made[s];
    return { lt: kept('lt'), en: kept('en'), ru: kept('ru') };
  }
  if (p.url_key?.trim()) return null;
  return slugifyLocalized(name, slugify(p.sku));
}

/** the file's url_path without its outer slashes; a view left empty has none */
function productUrlPath(given: Text | undefined): Localized | null {
  if (given === undefined) return null;
  const path = toLocalized(given);
  const clean = (s: 'lt' | 'en' | 'ru') => path[s].trim().replace(/^\/+|\/+$/g, '');
  const out = { lt: clean('lt'), en: clean('en'), ru: clean('ru') };
  return out.lt || out.en || out.ru ? out : null;
}

function productRecord(
  p: ImportProduct,
  i: number,
  codes: ReadonlySet<string>,
  selectCodes: ReadonlySet<string>,
  issues: IssueList,
  data: unknown,
  ignored: Set<string>,
): ProductRecord {
  const path = ['products', i];
  const name = toLocalized(p.name as Text);
  const childPrices = (p.configurable_children ?? [])
    .map((c) => c.price)
    .filter((x): x is number => x !== undefined);
  const priceEuros =
    p.price ?? (p.type_id === 'configurable' && childPrices.length ? Math.min(...childPrices) : 0);
  const configurableCodes = (p.configurable_options ?? []).map((o) => o.attribute_code);
  const optionCodes = new Set([...codes, ...configurableCodes]);
  return {
    path,
    id: p.id,
    sku: p.sku,
    typeId: p.type_id,
    status: p.status,
    visibility: p.visibility,
    parentSku: p.parent_sku ?? null,
    parentId: null,
    name,
    description: toLocalizedOrNull(p.description as Text | null | undefined),
    shortDescription: toLocalizedOrNull(p.short_description as Text | null | undefined),
    urlKey: p.url_key?.trim() || slugify(name.lt) || slugify(p.sku),
    slugs: productSlugs(p, name),
    urlPath: productUrlPath(p.url_path as Text | undefined),
    brand: p.brand ?? null,
    mpn: p.mpn ?? null,
    image: p.image ?? null,
    mediaGallery: gallery(p.media_gallery),
    priceCents: toCents(priceEuros),
    specialPriceCents: cents(p.special_price),
    priceInclTaxCents: null,
    specialPriceInclTaxCents: null,
    specialFromDate: isoDate(p.special_from_date),
    specialToDate: isoDate(p.special_to_date),
    taxClassId: p.tax_class_id,
    attributes: attributeValues(
      p,
      path,
      optionCodes,
      new Set([...selectCodes, ...configurableCodes]),
      PRODUCT_FIELDS,
      issues,
      data,
      ignored,
    ),
    configurableOptions: (p.configurable_options ?? []).map((o) => ({
      attribute_id: o.attribute_id as number,
      attribute_code: o.attribute_code,
      label: o.label === undefined ? o.attribute_code : toLocalized(o.label as Text).lt,
      values: o.values.map((v) => ({
        value_index: v.value_index,
        ...(v.label !== undefined ? { label: toLocalized(v.label as Text).lt } : {}),
      })),
    })),
    productLinks: (p.product_links ?? []).map((l) => ({
      link_type: 'associated' as const,
      linked_product_sku: l.linked_product_sku,
      linked_product_type: l.linked_product_type ?? 'simple',
      qty: l.qty,
      is_default: l.is_default ?? false,
    })),
    bundleOptions: (p.bundle_options ?? []).map((o) => {
      const title = toLocalized(o.title as Text);
      return {
        option_id: o.option_id,
        title: title.lt,
        title_localized: title,
        type: o.type,
        required: o.required,
        product_links: o.product_links.map((l) => ({
          sku: l.sku,
          qty: l.qty,
          is_default: l.is_default,
          can_change_quantity: l.can_change_quantity,
        })),
      };
    }),
    isPromoted: p.is_promoted,
    salesCount: p.sales_count,
    createdAt: isoDate(p.created_at),
    updatedAt: isoDate(p.updated_at),
    categoryIds: p.category_ids ?? null,
    stock: stockInput(p.stock, p.type_id),
    listedChildren: p.configurable_children?.length ? p.configurable_children.map((c) => c.sku) : null,
    isChild: false,
  };
}

function childRecord(
  c: ImportChild,
  parent: ProductRecord,
  path: (string | number)[],
  codes: ReadonlySet<string>,
  selectCodes: ReadonlySet<string>,
  issues: IssueList,
  data: unknown,
  ignored: Set<string>,
): ProductRecord {
  const configurableCodes = parent.configurableOptions.map((o) => o.attribute_code);
  const optionCodes = new Set([...codes, ...configurableCodes]);
  const type = c.type_id ?? 'simple';
  return {
    path,
    id: c.id,
    sku: c.sku,
    typeId: type,
    status: c.status,
    visibility: c.visibility ?? 1,
    parentSku: parent.sku,
    parentId: null,
    name: c.name === undefined ? parent.name : toLocalized(c.name as Text),
    description: null,
    shortDescription: null,
    urlKey: c.url_key?.trim() || `${parent.urlKey}-${slugify(c.sku)}`,
    slugs: null,
    urlPath: null,
    brand: parent.brand,
    mpn: c.mpn ?? null,
    image: c.image ?? parent.image,
    mediaGallery: gallery(c.media_gallery),
    priceCents: c.price === undefined ? parent.priceCents : toCents(c.price),
    specialPriceCents: cents(c.special_price),
    priceInclTaxCents: null,
    specialPriceInclTaxCents: null,
    specialFromDate: isoDate(c.special_from_date),
    specialToDate: isoDate(c.special_to_date),
    taxClassId: c.tax_class_id ?? parent.taxClassId,
    attributes: attributeValues(
      c,
      path,
      optionCodes,
      new Set([...selectCodes, ...configurableCodes]),
      CHILD_FIELDS,
      issues,
      data,
      ignored,
    ),
    configurableOptions: [],
    productLinks: [],
    bundleOptions: [],
    isPromoted: 0,
    salesCount: 0,
    createdAt: parent.createdAt,
    updatedAt: parent.updatedAt,
    categoryIds: null,
    stock: stockInput(c.stock, type),
    listedChildren: null,
    isChild: true,
  };
}

// ---------------------------------------------------------------- import

/**
 * Imports a shop data file (parsed JSON, or its text). See the module comment. Throws ImportError when
 * the file is invalid (nothing written); other errors (database) roll the transaction back too.
 */
export async function importCatalog(
  database: Executor,
  input: unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const started = performance.now();
  const progress = options.onProgress ?? (() => {});
  let data = input;
  if (typeof input === 'string' || input instanceof Uint8Array) {
    try {
      data = JSON.parse(typeof input === 'string' ? input : new TextDecoder().decode(input));
    } catch (err) {
      throw new ImportError([{ path: '(file)', message: `Not valid JSON: ${(err as Error).message}` }]);
    }
  }
  progress(0, 1, 'validate');
  // records of only sku + qty/prices update existing products (partial.ts); the rest as before
  const split = splitProductUpdates(data);
  let file: ImportFile;
  try {
    file = validateImportFile(split.rest);
  } catch (err) {
    throw remapProductPaths(err, split.fullIndex);
  }
  const updates = validateProductUpdates(split.updates);
  progress(1, 1, 'validate');

  const result = await database.transaction(async (tx) => {
    await liftTimeLimits(tx);
    let written: ImportResult;
    try {
      written = await writeFile(tx, file, split.rest, options, progress);
    } catch (err) {
      throw remapProductPaths(err, split.fullIndex);
    }
    // a group's tier is part of the price its customers are charged (price history per customer group)
    if (file.customer_groups?.length) await recordGroupTiers(tx, options.now ?? new Date());
    const exportedAt = await stockExportTime(tx, options.exportedAt ?? file.exported_at);
    const updated = await applyProductUpdates(tx, updates, options.pricesIncludeTax ?? false, exportedAt, written.stock_conflicts);
    // a file import: the time later files without exported_at are judged against
    if (options.exportedAt === undefined) await markStockFileImported(tx);
    if (updated.length) {
      written.product_updates = updated.length;
      written.indexed += (await reindexProducts(tx, { productIds: updated, now: options.now })).products;
      written.catalogVersion = await bumpCatalogVersion(tx);
    }
    if (!options.removeDemo) return written;
    const removed = await removeDemoData(tx, { keep: file });
    return {
      ...written,
      demo_removed: removed ?? null,
      catalogVersion: removed?.catalogVersion ?? written.catalogVersion,
    };
  });
  // Fresh planner statistics: without them PostgreSQL guesses a few thousand rows for a catalogue
  // of any size and plans the search index's keyset reads (and listings) as bitmap scans with an
  // on-disk sort, measured 40× slower per batch at 100k products (autovacuum catches up only later).
  if (options.analyze !== false) await database.query('ANALYZE products, product_index', []);
  result.ms = Math.round(performance.now() - started);
  progress(1, 1, 'done');
  return result;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

type Progress = NonNullable<ImportOptions['onProgress']>;
/** one statement per chunk of records (upsert.ts) */
type Write = (table: TableWrite, rows: readonly object[], onChunk?: (done: number) => void) => Promise<void>;
type ExistingProduct = { id: number; sku: string; type_id: string; created_at: Date };
type ShopCategory = { id: number; parent_id: number | null; slug: Localized };

/**
 * The import's steps, in order, inside the transaction: the checks against the database (nothing is
 * written until all pass), then the catalogue (attributes, categories, products, stock and category
 * links), the rest of the shop data (content.ts), the re-index and the catalogue version.
 */
async function writeFile(
  tx: Executor,
  file: ImportFile,
  data: unknown,
  options: ImportOptions,
  progress: Progress,
): Promise<ImportResult> {
  const chunkSize = options.chunkSize ?? 1000;
  const issues = new IssueList();
  const result = emptyResult();
  const write: Write = (table, rows, onChunk) => writeRows(tx, table, rows, chunkSize, onChunk);

  // checks against the database (inside the transaction: nothing has been written yet)
  const { attributeCodes, selectCodes } = await checkAttributes(tx, file, data, issues);
  const { shopCategories, categoryParents } = await checkCategories(tx, file, data, issues);
  const { records, bySku } = productRecords(file, data, attributeCodes, selectCodes, issues, result.warnings);
  // prices typed gross: kept as typed; the nets are made from them once the tax rules are written
  if (options.pricesIncludeTax)
    for (const r of records) {
      r.priceInclTaxCents = r.priceCents;
      r.specialPriceInclTaxCents = r.specialPriceCents;
    }
  const existing = await matchExistingProducts(tx, records, data, issues, result.warnings);
  linkParents(records, bySku, existing, data, issues);
  checkCategoryLinks(records, categoryParents, data, issues);
  issues.throwIfAny();

  result.attributes = await writeAttributes(file, write, progress);
  const changedCategories = await writeCategories(tx, file, shopCategories, write, progress);
  result.categories = changedCategories.length;
  Object.assign(result, await writeProducts(records, write, progress));
  // a back-office form opened before this import is refused on save (its version is old)
  if (existing.length) await tx.query('update products set version = version + 1 where id = any($1::int[])', [existing.map((e) => e.id)]);
  const detached = await detachUnlistedChildren(tx, records);
  const exportedAt = await stockExportTime(tx, options.exportedAt ?? file.exported_at);
  result.stock_conflicts = await writeStockAndCategoryLinks(tx, records, existing, chunkSize, write, progress, exportedAt);
  Object.assign(
    result,
    await writeContent(tx, file, write, (done, total) => progress(done, total, 'content')),
  );
  // the nets of prices typed gross, at the rates now written (new tax rules: every such product's)
  if (file.taxrules?.length) await deriveNetPrices(tx);
  else if (options.pricesIncludeTax) await deriveNetPrices(tx, records.map((r) => r.id));
  result.indexed = await reindexAffected(tx, file, records, detached, changedCategories, options, progress);
  result.catalogVersion = await bumpCatalogVersion(tx);
  return result;
}

function emptyResult(): ImportResult {
  return {
    attributes: 0,
    categories: 0,
    products: 0,
    product_updates: 0,
    children: 0,
    taxrules: 0,
    customer_groups: 0,
    coupons: 0,
    cms_pages: 0,
    cms_blocks: 0,
    shipping_methods: 0,
    payment_methods: 0,
    pickup_points: 0,
    banners: 0,
    shop_config: 0,
    indexed: 0,
    catalogVersion: 0,
    warnings: [],
    stock_conflicts: [],
    ms: 0,
  };
}

// ---- checks against the database

/** an attribute code of the file must not belong to another attribute_id in the shop; answers the known codes */
async function checkAttributes(
  tx: Executor,
  file: ImportFile,
  data: unknown,
  issues: IssueList,
): Promise<{ attributeCodes: Set<string>; selectCodes: Set<string> }> {
  const dbAttributes = await tx.query<{ attribute_id: number; attribute_code: string; has_options: boolean }>(
    'select attribute_id, attribute_code, jsonb_array_length(options) > 0 as has_options from attributes',
  );
  file.attributes?.forEach((a, i) => {
    const other = dbAttributes.find(
      (d) => d.attribute_code === a.attribute_code && d.attribute_id !== a.attribute_id,
    );
    if (other)
      issues.add(
        issue(
          data,
          ['attributes', i, 'attribute_code'],
          `"${a.attribute_code}" belongs to attribute_id ${other.attribute_id} in the shop`,
        ),
      );
  });
  const attributeCodes = new Set([
    ...dbAttributes.map((a) => a.attribute_code),
    ...(file.attributes ?? []).map((a) => a.attribute_code),
  ]);
  // the file's attributes replace the shop's of the same code
  const fileAttributeCodes = new Set((file.attributes ?? []).map((a) => a.attribute_code));
  const selectCodes = new Set([
    ...dbAttributes
      .filter((a) => a.has_options && !fileAttributeCodes.has(a.attribute_code))
      .map((a) => a.attribute_code),
    ...(file.attributes ?? []).filter((a) => a.options.length > 0).map((a) => a.attribute_code),
  ]);
  return { attributeCodes, selectCodes };
}

/** parents known (in the shop or the file), no cycles, a root; answers the tree as it will be */
async function checkCategories(
  tx: Executor,
  file: ImportFile,
  data: unknown,
  issues: IssueList,
): Promise<{ shopCategories: ShopCategory[]; categoryParents: Map<number, number | null> }> {
  const shopCategories = await tx.query<ShopCategory>('select id, parent_id, slug from categories');
  const categoryParents = new Map<number, number | null>(shopCategories.map((c) => [c.id, c.parent_id]));
  file.categories?.forEach((c) => categoryParents.set(c.id, c.parent_id ?? null));
  file.categories?.forEach((c, i) => {
    const parent = c.parent_id ?? null;
    if (parent !== null && parent !== 1 && !categoryParents.has(parent))
      issues.add(issue(data, ['categories', i, 'parent_id'], `Unknown category ${parent}`));
    // a cycle: walking up never reaches a root
    const seen = new Set<number>([c.id]);
    let up = parent;
    while (up !== null && up !== 1 && categoryParents.has(up)) {
      if (seen.has(up)) {
        issues.add(issue(data, ['categories', i, 'parent_id'], `Category ${c.id} would be its own ancestor`));
        break;
      }
      seen.add(up);
      up = categoryParents.get(up) ?? null;
    }
  });
  if (file.categories?.length && !categoryParents.has(2)) {
    issues.add({ path: 'categories', message: 'The root category (id 2, parent_id 1 or null) is missing' });
  }
  return { shopCategories, categoryParents };
}

/** the file's products and their configurable children as records to write */
function productRecords(
  file: ImportFile,
  data: unknown,
  attributeCodes: ReadonlySet<string>,
  selectCodes: ReadonlySet<string>,
  issues: IssueList,
  warnings: string[],
): { records: ProductRecord[]; bySku: Map<string, ProductRecord> } {
  const ignored = new Set<string>();
  const records: ProductRecord[] = [];
  const bySku = new Map<string, ProductRecord>();
  const standaloneSkus = new Set(file.products?.map((p) => p.sku) ?? []);
  file.products?.forEach((p, i) => {
    const r = productRecord(p, i, attributeCodes, selectCodes, issues, data, ignored);
    records.push(r);
    bySku.set(r.sku, r);
  });
  for (const parent of [...records]) {
    const p = file.products?.[parent.path[1] as number];
    p?.configurable_children?.forEach((c, j) => {
      const own = bySku.get(c.sku);
      if (own && standaloneSkus.has(c.sku)) {
        own.parentSku ??= parent.sku; // its own record wins; it is linked to the parent listing it
        return;
      }
      const child = childRecord(
        c,
        parent,
        ['products', parent.path[1] as number, 'configurable_children', j],
        attributeCodes,
        selectCodes,
        issues,
        data,
        ignored,
      );
      records.push(child);
      bySku.set(child.sku, child);
    });
  }
  if (ignored.size > 0) {
    warnings.push(
      `products: fields that are neither product fields nor attribute codes were ignored: ${[...ignored].sort().join(', ')}`,
    );
  }
  return { records, bySku };
}

/**
 * Products are matched by sku: a record of a product in the shop takes its id and creation date; a new
 * product's id must be free. Answers the shop's products named by the records (their skus, ids, parents).
 */
async function matchExistingProducts(
  tx: Executor,
  records: ProductRecord[],
  data: unknown,
  issues: IssueList,
  warnings: string[],
): Promise<ExistingProduct[]> {
  const skus = records.map((r) => r.sku);
  const ids = records.map((r) => r.id);
  const parentSkus = [...new Set(records.map((r) => r.parentSku).filter((s): s is string => s !== null))];
  const existing = await tx.query<ExistingProduct>(
    'select id, sku, type_id, created_at from products where sku = any($1::text[]) or id = any($2::int[]) or sku = any($3::text[])',
    [skus, ids, parentSkus],
  );
  const dbBySku = new Map(existing.map((e) => [e.sku, e]));
  const dbById = new Map(existing.map((e) => [e.id, e]));
  const keptIds: string[] = [];
  for (const r of records) {
    const db = dbBySku.get(r.sku);
    if (db && db.id !== r.id) {
      keptIds.push(`${r.sku} keeps id ${db.id} (the file says ${r.id})`);
      r.id = db.id;
    } else if (!db) {
      const holder = dbById.get(r.id);
      if (holder && holder.sku !== r.sku) {
        issues.add(
          issue(
            data,
            [...r.path, 'id'],
            `Id ${r.id} belongs to sku ${JSON.stringify(holder.sku)} in the shop`,
          ),
        );
      }
    }
    if (!r.createdAt && db) r.createdAt = new Date(db.created_at).toISOString();
  }
  if (keptIds.length > 0)
    warnings.push(
      `products are matched by sku: ${keptIds.slice(0, 10).join('; ')}${keptIds.length > 10 ? ` and ${keptIds.length - 10} more` : ''}`,
    );
  const idsSeen = new Map<number, ProductRecord>();
  for (const r of records) {
    const other = idsSeen.get(r.id);
    if (other)
      issues.add(
        issue(data, [...r.path, 'id'], `Id ${r.id} is also the id of sku ${JSON.stringify(other.sku)}`),
      );
    else idsSeen.set(r.id, r);
  }
  return existing;
}

/** a record's parent_sku names a configurable product of the file or the shop; sets its parent id */
function linkParents(
  records: ProductRecord[],
  bySku: ReadonlyMap<string, ProductRecord>,
  existing: readonly ExistingProduct[],
  data: unknown,
  issues: IssueList,
): void {
  const dbBySku = new Map(existing.map((e) => [e.sku, e]));
  for (const r of records) {
    if (!r.parentSku) continue;
    const inFile = bySku.get(r.parentSku);
    const inDb = dbBySku.get(r.parentSku);
    const type = inFile?.typeId ?? inDb?.type_id;
    if (!type)
      issues.add(issue(data, [...r.path, 'parent_sku'], `Unknown product ${JSON.stringify(r.parentSku)}`));
    else if (type !== 'configurable')
      issues.add(
        issue(
          data,
          [...r.path, 'parent_sku'],
          `Product ${JSON.stringify(r.parentSku)} is ${type}, not configurable`,
        ),
      );
    else r.parentId = inFile?.id ?? inDb?.id ?? null;
  }
}

/** a record's category_ids name categories of the shop or the file */
function checkCategoryLinks(
  records: readonly ProductRecord[],
  categoryParents: ReadonlyMap<number, number | null>,
  data: unknown,
  issues: IssueList,
): void {
  for (const r of records) {
    r.categoryIds?.forEach((id, k) => {
      if (!categoryParents.has(id))
        issues.add(issue(data, [...r.path, 'category_ids', k], `Unknown category ${id}`));
    });
  }
}

// ---- writes

/** answers how many attributes were written */
async function writeAttributes(file: ImportFile, write: Write, progress: Progress): Promise<number> {
  if (!file.attributes?.length) return 0;
  progress(0, file.attributes.length, 'attributes');
  await write(
    ATTRIBUTES,
    file.attributes.map((a) => ({
      attribute_id: a.attribute_id,
      attribute_code: a.attribute_code,
      frontend_label: toLocalized(a.frontend_label as Text),
      frontend_input: a.frontend_input,
      is_comparable: a.is_comparable,
      is_filterable: a.is_filterable,
      position: a.position,
      options: a.options.map((o) => ({ value: o.value, label: toLocalized(o.label as Text) })),
    })),
  );
  progress(file.attributes.length, file.attributes.length, 'attributes');
  return file.attributes.length;
}

/** the file's categories (slugs kept unique per store view), then the whole tree's paths and levels; answers their ids */
async function writeCategories(
  tx: Executor,
  file: ImportFile,
  shopCategories: readonly ShopCategory[],
  write: Write,
  progress: Progress,
): Promise<number[]> {
  if (!file.categories?.length) return [];
  progress(0, file.categories.length, 'categories');
  const slugs = new Map<string, number>(); // "store:slug" -> id, to keep generated slugs unique
  const fileIds = new Set(file.categories.map((c) => c.id));
  for (const c of shopCategories) {
    if (fileIds.has(c.id)) continue;
    for (const s of ['lt', 'en', 'ru'] as const) slugs.set(`${s}:${c.slug[s]}`, c.id);
  }
  const rows = file.categories.map((c) => {
    const name = toLocalized(c.name as Text);
    let slug = categorySlug(c, name);
    for (const s of ['lt', 'en', 'ru'] as const) {
      if (slugs.has(`${s}:${slug[s]}`) && slugs.get(`${s}:${slug[s]}`) !== c.id)
        slug = { ...slug, [s]: `${slug[s]}-${c.id}` };
      slugs.set(`${s}:${slug[s]}`, c.id);
    }
    return {
      id: c.id,
      parent_id: c.parent_id ?? null,
      position: c.position,
      is_active: c.is_active,
      include_in_menu: c.include_in_menu,
      name,
      slug,
      description: toLocalizedOrNull(c.description as Text | null | undefined),
    };
  });
  await write(CATEGORIES, rows);
  await recomputeCategoryTree(tx);
  progress(file.categories.length, file.categories.length, 'categories');
  return file.categories.map((c) => c.id);
}

/** answers how many products were written, and how many of them are configurable children */
async function writeProducts(
  records: readonly ProductRecord[],
  write: Write,
  progress: Progress,
): Promise<{ products: number; children: number }> {
  if (records.length === 0) return { products: 0, children: 0 };
  progress(0, records.length, 'products');
  // parents before children is not needed (no foreign keys); but a child's parent id must be known
  const rows = records.map((r) => ({
    id: r.id,
    sku: r.sku,
    type_id: r.typeId,
    status: r.status,
    visibility: r.visibility,
    parent_id: r.parentId,
    name: r.name,
    description: r.description,
    short_description: r.shortDescription,
    url_key: r.urlKey,
    slugs: r.slugs,
    url_path: r.urlPath,
    brand: r.brand,
    mpn: r.mpn,
    image: r.image,
    media_gallery: r.mediaGallery,
    price_cents: r.priceCents,
    special_price_cents: r.specialPriceCents,
    price_incl_tax_cents: r.priceInclTaxCents,
    special_price_incl_tax_cents: r.specialPriceInclTaxCents,
    special_from_date: r.specialFromDate,
    special_to_date: r.specialToDate,
    tax_class_id: r.taxClassId,
    attributes: r.attributes,
    configurable_options: r.configurableOptions,
    product_links: r.productLinks,
    bundle_options: r.bundleOptions,
    is_promoted: r.isPromoted,
    sales_count: r.salesCount,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }));
  await write(PRODUCTS, rows, (done) => progress(done, records.length, 'products'));
  return { products: records.length, children: records.filter((r) => r.isChild).length };
}

/** children a configurable no longer lists are detached (unless this file links them by parent_sku); answers their ids */
async function detachUnlistedChildren(tx: Executor, records: readonly ProductRecord[]): Promise<number[]> {
  const listing = records.filter((r) => r.listedChildren !== null);
  if (listing.length === 0) return [];
  const keep = records.filter((r) => r.parentId !== null).map((r) => r.id);
  const rows = await tx.query<{ id: number }>(
    `update products set parent_id = null, updated_at = now()
       where parent_id = any($1::int[]) and not (id = any($2::int[])) returning id`,
    [listing.map((r) => r.id), keep],
  );
  return rows.map((r) => r.id);
}

/** the records' stock (a new product without one gets the default), and the category links they give */
async function writeStockAndCategoryLinks(
  tx: Executor,
  records: readonly ProductRecord[],
  existing: readonly ExistingProduct[],
  chunkSize: number,
  write: Write,
  progress: Progress,
  exportedAt: string | null,
): Promise<StockConflict[]> {
  if (records.length === 0) return [];
  progress(0, records.length, 'stock');
  const known = new Set(existing.map((e) => e.id));
  // a file's qty never undoes what the shop sold since the file was counted (stock-guard.ts)
  const guarded = await guardStock(
    tx,
    records.filter((r) => r.stock !== null).map((r) => ({ id: r.id, sku: r.sku, path: `${formatPath(r.path)}.stock`, stock: r.stock as StockInput })),
    exportedAt,
  );
  const given = guarded.apply;
  const fresh = records.filter((r) => r.stock === null && !known.has(r.id));
  const stockRow = (r: { id: number; sku: string }, s: StockInput) => ({
    product_id: r.id,
    sku: r.sku,
    qty: s.qty,
    is_in_stock: s.isInStock,
    manage_stock: s.manageStock,
  });
  await write(
    STOCK,
    given.map((r) => stockRow(r, r.stock as StockInput)),
  );
  await write(
    STOCK_IF_NEW,
    fresh.map((r) => stockRow(r, defaultStock(r.typeId))),
  );

  const linked = records.filter((r) => r.categoryIds !== null);
  if (linked.length > 0) {
    for (const chunk of chunks(linked, chunkSize)) {
      await tx.query('delete from product_categories where product_id = any($1::int[])', [
        chunk.map((r) => r.id),
      ]);
    }
    const links = linked.flatMap((r) =>
      [...new Set(r.categoryIds)].map((categoryId, position) => ({
        product_id: r.id,
        category_id: categoryId,
        position,
      })),
    );
    await write(PRODUCT_CATEGORIES, links);
  }
  progress(records.length, records.length, 'stock');
  return guarded.conflicts;
}

/**
 * Re-indexes the imported products, and those whose documents show changed categories, attributes or
 * taxes (with tax rules in the file: every product); answers how many were indexed.
 */
async function reindexAffected(
  tx: Executor,
  file: ImportFile,
  records: readonly ProductRecord[],
  detached: readonly number[],
  changedCategories: readonly number[],
  options: ImportOptions,
  progress: Progress,
): Promise<number> {
  const indexProgress = (done: number, total: number) => progress(done, total, 'index');
  if (file.taxrules?.length) {
    const r = await reindexProducts(tx, { now: options.now, onProgress: indexProgress });
    return r.products;
  }
  const affected = new Set<number>([...records.map((r) => r.id), ...detached]);
  if (changedCategories.length > 0) {
    const rows = await tx.query<{ product_id: number }>(
      `select distinct pc.product_id from product_categories pc join categories c on c.id = pc.category_id
         where string_to_array(c.path, '/')::int[] && $1::int[]`,
      [changedCategories],
    );
    rows.forEach((r) => affected.add(r.product_id));
  }
  if (file.attributes?.length) {
    const rows = await tx.query<{ id: number }>('select id from products where attributes ?| $1::text[]', [
      file.attributes.map((a) => a.attribute_code),
    ]);
    rows.forEach((r) => affected.add(r.id));
  }
  if (affected.size === 0) return 0;
  const r = await reindexProducts(tx, {
    productIds: [...affected],
    now: options.now,
    onProgress: indexProgress,
  });
  return r.products;
}

/** Recomputes `path` ("1/2/12") and `level` of every category from the parent links (root: parent 1 or null). */
export async function recomputeCategoryTree(tx: Executor): Promise<void> {
  const rows = await tx.query<{ id: number; parent_id: number | null; path: string; level: number }>(
    'select id, parent_id, path, level from categories',
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const computed = new Map<number, { path: string; level: number }>();
  const compute = (id: number, depth = 0): { path: string; level: number } => {
    const done = computed.get(id);
    if (done) return done;
    const row = byId.get(id);
    const parent = row?.parent_id ?? null;
    let out: { path: string; level: number };
    if (!row || parent === null || parent === 1 || !byId.has(parent) || depth > 100) {
      out = { path: `1/${id}`, level: 1 };
    } else {
      const up = compute(parent, depth + 1);
      out = { path: `${up.path}/${id}`, level: up.level + 1 };
    }
    computed.set(id, out);
    return out;
  };
  const changed = rows
    .map((r) => ({ id: r.id, ...compute(r.id) }))
    .filter((c) => {
      const r = byId.get(c.id);
      return r?.path !== c.path || r?.level !== c.level;
    });
  for (const chunk of chunks(changed, 1000)) {
    await tx.query(
      `update categories c set path = r.path, level = r.level
       from jsonb_to_recordset($1::jsonb) as r(id int, path text, level int) where c.id = r.id`,
      [JSON.stringify(chunk)],
    );
  }
}

/**
 * A gallery as stored: each image with its alt text per store view when the file (or the back
 * office) gives one as `label` (a text or { lt, en, ru }); any other field of an entry is dropped.
 */
function gallery(list: readonly { image: string; label?: unknown }[] | undefined) {
  return (list ?? []).map((m) => {
    // an object keeps only the store views it names (the storefront falls back to Lithuanian when
    // showing it, and the back office's form shows an empty field, not another language's text)
    const label: Partial<Localized> | null =
      typeof m.label === 'string'
        ? toLocalized(m.label)
        : m.label && typeof m.label === 'object'
          ? Object.fromEntries(Object.entries(m.label).filter(([k, v]) => STORE_CODES.includes(k as StoreCode) && typeof v === 'string' && v.trim() !== ''))
          : null;
    return label && Object.keys(label).length ? { image: m.image, label } : { image: m.image };
  });
}
