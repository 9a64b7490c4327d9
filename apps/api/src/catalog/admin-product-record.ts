/**
 * A stored product as the import file's record, the one a save starts from (catalog/admin-products.ts):
 * a save is that record with the form's changes on top (`mergeRecord`), so one rule holds whoever
 * writes a product.
 */
import { listedRate } from '@vitrina/db';
import { storedGross, type TaxRule } from '@vitrina/domain';
import type { Queryable } from '../lib/db.ts';
import { SELECT_PRODUCT, euros, iso, type ProductRow } from './admin-product-rows.ts';

/**
 * The stored product as the import file's record: every field the importer would otherwise reset,
 * prices in the shop's mode (gross typed under CATALOG_PRICES_INCLUDE_TAX, else net).
 */
export async function productRecord(
  q: Queryable,
  row: ProductRow,
  rules: readonly TaxRule[],
  pricesIncludeTax: boolean,
): Promise<Record<string, unknown>> {
  const categories = await q.query<{ category_id: number }>(
    'SELECT category_id FROM product_categories WHERE product_id = $1 ORDER BY position',
    [row.id],
  );
  const children = await q.query<ProductRow>(`${SELECT_PRODUCT} WHERE p.parent_id = $1 ORDER BY p.id`, [
    row.id,
  ]);
  return {
    ...productFields(row, rules, pricesIncludeTax),
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
    ...(children.length
      ? { configurable_children: children.map((c) => productFields(c, rules, pricesIncludeTax)) }
      : {}),
  };
}

/** the fields a product and a configurable child share in the import record */
export function productFields(
  r: ProductRow,
  rules: readonly TaxRule[],
  pricesIncludeTax: boolean,
): Record<string, unknown> {
  const rate = listedRate(rules, r.tax_class_id);
  const gross = pricesIncludeTax;
  const price = gross
    ? storedGross({ price: r.price_cents, price_incl_tax: r.price_incl_tax_cents }, rate)
    : r.price_cents;
  const special =
    r.special_price_cents === null
      ? null
      : gross
        ? storedGross({ price: r.special_price_cents, price_incl_tax: r.special_price_incl_tax_cents }, rate)
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
