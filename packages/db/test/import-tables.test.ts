import { describe, expect, it } from 'vitest';
import { upsertSql, type TableWrite } from '../src/import/upsert.ts';
import {
  ATTRIBUTES,
  BANNERS,
  CATEGORIES,
  CMS_BLOCKS,
  CMS_PAGES,
  COUPONS,
  PAYMENT_METHODS,
  PICKUP_POINTS,
  PRODUCTS,
  PRODUCT_CATEGORIES,
  SHIPPING_METHODS,
  SHOP_CONFIG,
  STOCK,
  STOCK_IF_NEW,
  TAX_RULES,
} from '../src/import/tables.ts';

/**
 * The statements the importer wrote by hand before its tables were described once (tables.ts): the
 * generated ones must write the same columns from the same fields, with the same types, conflict
 * target and updates (order aside).
 */
const HAND_WRITTEN: [TableWrite, string][] = [
  [
    ATTRIBUTES,
    'insert into attributes (attribute_id, attribute_code, frontend_label, frontend_input, is_comparable, is_filterable, position, options) select r.attribute_id, r.attribute_code, r.frontend_label, r.frontend_input, r.is_comparable, r.is_filterable, r.position, r.options from jsonb_to_recordset($1::jsonb) as r(attribute_id int, attribute_code text, frontend_label jsonb, frontend_input text, is_comparable boolean, is_filterable boolean, position int, options jsonb) on conflict (attribute_id) do update set attribute_code = excluded.attribute_code, frontend_label = excluded.frontend_label, frontend_input = excluded.frontend_input, is_comparable = excluded.is_comparable, is_filterable = excluded.is_filterable, position = excluded.position, options = excluded.options',
  ],
  [
    CATEGORIES,
    "insert into categories (id, parent_id, position, level, path, is_active, include_in_menu, name, slug, description, updated_at) select r.id, r.parent_id, r.position, 0, '', r.is_active, r.include_in_menu, r.name, r.slug, r.description, now() from jsonb_to_recordset($1::jsonb) as r(id int, parent_id int, position int, is_active boolean, include_in_menu boolean, name jsonb, slug jsonb, description jsonb) on conflict (id) do update set parent_id = excluded.parent_id, position = excluded.position, is_active = excluded.is_active, include_in_menu = excluded.include_in_menu, name = excluded.name, slug = excluded.slug, description = excluded.description, updated_at = now()",
  ],
  [
    PRODUCTS,
    'insert into products (id, sku, type_id, status, visibility, parent_id, name, description, short_description, url_key, slugs, url_path, brand, mpn, image, media_gallery, price_cents, special_price_cents, price_incl_tax_cents, special_price_incl_tax_cents, special_from_date, special_to_date, tax_class_id, attributes, configurable_options, product_links, bundle_options, is_promoted, sales_count, created_at, updated_at) select r.id, r.sku, r.type_id, r.status, r.visibility, r.parent_id, r.name, r.description, r.short_description, r.url_key, r.slugs, r.url_path, r.brand, r.mpn, r.image, r.media_gallery, r.price_cents, r.special_price_cents, r.price_incl_tax_cents, r.special_price_incl_tax_cents, r.special_from_date, r.special_to_date, r.tax_class_id, r.attributes, r.configurable_options, r.product_links, r.bundle_options, r.is_promoted, r.sales_count, coalesce(r.created_at, now()), coalesce(r.updated_at, now()) from jsonb_to_recordset($1::jsonb) as r(id int, sku text, type_id text, status int, visibility int, parent_id int, name jsonb, description jsonb, short_description jsonb, url_key text, slugs jsonb, url_path jsonb, brand text, mpn text, image text, media_gallery jsonb, price_cents int, special_price_cents int, price_incl_tax_cents int, special_price_incl_tax_cents int, special_from_date timestamptz, special_to_date timestamptz, tax_class_id int, attributes jsonb, configurable_options jsonb, product_links jsonb, bundle_options jsonb, is_promoted int, sales_count int, created_at timestamptz, updated_at timestamptz) on conflict (sku) do update set type_id = excluded.type_id, status = excluded.status, visibility = excluded.visibility, parent_id = excluded.parent_id, name = excluded.name, description = excluded.description, short_description = excluded.short_description, url_key = excluded.url_key, slugs = excluded.slugs, url_path = excluded.url_path, brand = excluded.brand, mpn = excluded.mpn, image = excluded.image, media_gallery = excluded.media_gallery, price_cents = excluded.price_cents, special_price_cents = excluded.special_price_cents, price_incl_tax_cents = excluded.price_incl_tax_cents, special_price_incl_tax_cents = excluded.special_price_incl_tax_cents, special_from_date = excluded.special_from_date, special_to_date = excluded.special_to_date, tax_class_id = excluded.tax_class_id, attributes = excluded.attributes, configurable_options = excluded.configurable_options, product_links = excluded.product_links, bundle_options = excluded.bundle_options, is_promoted = excluded.is_promoted, sales_count = excluded.sales_count, created_at = excluded.created_at, updated_at = excluded.updated_at',
  ],
  [
    STOCK,
    'insert into stock (product_id, sku, qty, is_in_stock, manage_stock, updated_at) select r.product_id, r.sku, r.qty, r.is_in_stock, r.manage_stock, now() from jsonb_to_recordset($1::jsonb) as r(product_id int, sku text, qty int, is_in_stock boolean, manage_stock boolean) on conflict (product_id) do update set sku = excluded.sku, qty = excluded.qty, is_in_stock = excluded.is_in_stock, manage_stock = excluded.manage_stock, updated_at = now()',
  ],
  [
    STOCK_IF_NEW,
    'insert into stock (product_id, sku, qty, is_in_stock, manage_stock, updated_at) select r.product_id, r.sku, r.qty, r.is_in_stock, r.manage_stock, now() from jsonb_to_recordset($1::jsonb) as r(product_id int, sku text, qty int, is_in_stock boolean, manage_stock boolean) on conflict (product_id) do nothing',
  ],
  [
    PRODUCT_CATEGORIES,
    'insert into product_categories (product_id, category_id, position) select r.product_id, r.category_id, r.position from jsonb_to_recordset($1::jsonb) as r(product_id int, category_id int, position int) on conflict do nothing',
  ],
  [
    TAX_RULES,
    'insert into tax_rules (id, code, product_tax_class_ids, customer_tax_class_ids, rates) select r.id, r.code, r.product_tax_class_ids, r.customer_tax_class_ids, r.rates from jsonb_to_recordset($1::jsonb) as r(id int, code text, product_tax_class_ids int[], customer_tax_class_ids int[], rates jsonb) on conflict (id) do update set code = excluded.code, product_tax_class_ids = excluded.product_tax_class_ids, customer_tax_class_ids = excluded.customer_tax_class_ids, rates = excluded.rates',
  ],
  [
    COUPONS,
    'insert into coupons (code, type, value, from_date, to_date, min_subtotal_cents, uses_per_coupon, uses_per_customer, is_active) select r.code, r.type, r.value, r.from_date, r.to_date, r.min_subtotal_cents, r.uses_per_coupon, r.uses_per_customer, r.is_active from jsonb_to_recordset($1::jsonb) as r(code text, type text, value int, from_date timestamptz, to_date timestamptz, min_subtotal_cents int, uses_per_coupon int, uses_per_customer int, is_active boolean) on conflict (code) do update set type = excluded.type, value = excluded.value, from_date = excluded.from_date, to_date = excluded.to_date, min_subtotal_cents = excluded.min_subtotal_cents, uses_per_coupon = excluded.uses_per_coupon, uses_per_customer = excluded.uses_per_customer, is_active = excluded.is_active, version = coupons.version + 1',
  ],
  [
    CMS_PAGES,
    'insert into cms_pages (id, identifier, slug, title, content, meta_description, is_active, source, updated_at) select r.id, r.identifier, r.slug, r.title, r.content, r.meta_description, r.is_active, r.source, now() from jsonb_to_recordset($1::jsonb) as r(id int, identifier text, slug jsonb, title jsonb, content jsonb, meta_description jsonb, is_active boolean, source jsonb) on conflict (id) do update set identifier = excluded.identifier, slug = excluded.slug, title = excluded.title, content = excluded.content, meta_description = excluded.meta_description, is_active = excluded.is_active, source = excluded.source, updated_at = now(), version = cms_pages.version + 1',
  ],
  [
    CMS_BLOCKS,
    'insert into cms_blocks (id, identifier, title, content, is_active, source, updated_at) select r.id, r.identifier, r.title, r.content, r.is_active, r.source, now() from jsonb_to_recordset($1::jsonb) as r(id int, identifier text, title jsonb, content jsonb, is_active boolean, source jsonb) on conflict (id) do update set identifier = excluded.identifier, title = excluded.title, content = excluded.content, is_active = excluded.is_active, source = excluded.source, updated_at = now(), version = cms_blocks.version + 1',
  ],
  [
    SHIPPING_METHODS,
    'insert into shipping_methods (code, carrier_code, method_code, title, price_cents, free_threshold_cents, countries, needs_pickup_point, is_default, is_active, position) select r.code, r.carrier_code, r.method_code, r.title, r.price_cents, r.free_threshold_cents, r.countries, r.needs_pickup_point, r.is_default, r.is_active, r.position from jsonb_to_recordset($1::jsonb) as r(code text, carrier_code text, method_code text, title jsonb, price_cents int, free_threshold_cents int, countries text[], needs_pickup_point boolean, is_default boolean, is_active boolean, position int) on conflict (code) do update set carrier_code = excluded.carrier_code, method_code = excluded.method_code, title = excluded.title, price_cents = excluded.price_cents, free_threshold_cents = excluded.free_threshold_cents, countries = excluded.countries, needs_pickup_point = excluded.needs_pickup_point, is_default = excluded.is_default, is_active = excluded.is_active, position = excluded.position',
  ],
  [
    PAYMENT_METHODS,
    'insert into payment_methods (code, title, fee_cents, is_default, is_server_method, offline, allowed_for_virtual, is_active, position) select r.code, r.title, r.fee_cents, r.is_default, r.is_server_method, r.offline, r.allowed_for_virtual, r.is_active, r.position from jsonb_to_recordset($1::jsonb) as r(code text, title jsonb, fee_cents int, is_default boolean, is_server_method boolean, offline boolean, allowed_for_virtual boolean, is_active boolean, position int) on conflict (code) do update set title = excluded.title, fee_cents = excluded.fee_cents, is_default = excluded.is_default, is_server_method = excluded.is_server_method, offline = excluded.offline, allowed_for_virtual = excluded.allowed_for_virtual, is_active = excluded.is_active, position = excluded.position',
  ],
  [
    PICKUP_POINTS,
    'insert into pickup_points (id, carrier_code, name, address, city, postcode, country_id, is_active, opening_hours, latitude, longitude) select r.id, r.carrier_code, r.name, r.address, r.city, r.postcode, r.country_id, r.is_active, r.opening_hours, r.latitude, r.longitude from jsonb_to_recordset($1::jsonb) as r(id text, carrier_code text, name text, address text, city text, postcode text, country_id text, is_active boolean, opening_hours jsonb, latitude double precision, longitude double precision) on conflict (id) do update set carrier_code = excluded.carrier_code, name = excluded.name, address = excluded.address, city = excluded.city, postcode = excluded.postcode, country_id = excluded.country_id, is_active = excluded.is_active, opening_hours = excluded.opening_hours, latitude = excluded.latitude, longitude = excluded.longitude',
  ],
  [
    BANNERS,
    'insert into banners (kind, position, image, title, link, category_id, is_active, cta, starts_at, ends_at, store_codes) select r.kind, r.position, r.image, r.title, r.link, r.category_id, r.is_active, r.cta, r.starts_at, r.ends_at, r.store_codes from jsonb_to_recordset($1::jsonb) as r(kind text, position int, image text, title jsonb, link jsonb, category_id int, is_active boolean, cta jsonb, starts_at timestamptz, ends_at timestamptz, store_codes jsonb)',
  ],
  [
    SHOP_CONFIG,
    'insert into shop_config (code, configs) select r.code, r.configs from jsonb_to_recordset($1::jsonb) as r(code text, configs jsonb) on conflict (code) do update set configs = excluded.configs',
  ],
];

/** splits at commas outside parentheses */
function list(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

/** an INSERT … SELECT … FROM jsonb_to_recordset … ON CONFLICT as comparable parts */
function parse(sql: string) {
  const text = sql.replace(/\s+/g, ' ').trim();
  const m =
    /^insert into (\w+) \((.*?)\) select (.*) from jsonb_to_recordset\(\$1::jsonb\) as r\((.*?)\)(?: on conflict(?: \((.*?)\))? do (nothing|update set (.*)))?$/.exec(
      text,
    );
  if (!m) throw new Error(`not an import statement: ${text}`);
  const columns = list(m[2]!);
  const values = list(m[3]!);
  return {
    table: m[1],
    written: Object.fromEntries(columns.map((c, i) => [c, values[i]])),
    recordset: Object.fromEntries(list(m[4]!).map((d) => d.split(' ') as [string, string])),
    conflict: m[6] === undefined ? 'none' : `${m[5] ?? ''} ${m[6] === 'nothing' ? 'nothing' : 'update'}`,
    updates: Object.fromEntries(
      list(m[7] ?? '').map((a) => {
        const [column, value] = a.split(' = ') as [string, string];
        // "updated_at = now()" and "updated_at = excluded.updated_at" (written as now()) are the same update
        return [column, value === `excluded.${column}` ? 'inserted' : value === 'now()' ? 'inserted' : value];
      }),
    ),
  };
}

describe("the importer's table writes (tables.ts through upsertSql)", () => {
  it.each(HAND_WRITTEN)('%# $table writes what the hand-written statement did', (table, sql) => {
    expect(parse(upsertSql(table))).toEqual(parse(sql));
  });

  it('a table without a key and without "nothing" is a plain insert', () => {
    expect(upsertSql(BANNERS)).not.toContain('on conflict');
  });
});
