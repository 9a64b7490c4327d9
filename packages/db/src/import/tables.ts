/** The tables an import writes, as `upsertSql` reads them (upsert.ts): key, columns and their types. */
import type { TableWrite } from './upsert.ts';

const now = { updated_at: 'now()' };

export const ATTRIBUTES: TableWrite = {
  table: 'attributes',
  key: ['attribute_id'],
  columns: {
    attribute_id: 'int',
    attribute_code: 'text',
    frontend_label: 'jsonb',
    frontend_input: 'text',
    is_comparable: 'boolean',
    is_filterable: 'boolean',
    position: 'int',
    options: 'jsonb',
  },
};

/** level and path are the tree's (recomputeCategoryTree after the write) */
export const CATEGORIES: TableWrite = {
  table: 'categories',
  key: ['id'],
  columns: {
    id: 'int',
    parent_id: 'int',
    position: 'int',
    is_active: 'boolean',
    include_in_menu: 'boolean',
    name: 'jsonb',
    slug: 'jsonb',
    description: 'jsonb',
  },
  computed: { level: '0', path: "''", ...now },
  insertOnly: ['level', 'path'],
};

/** by sku: a product's id is the one it was first imported with */
export const PRODUCTS: TableWrite = {
  table: 'products',
  key: ['sku'],
  insertOnly: ['id'],
  columns: {
    id: 'int',
    sku: 'text',
    type_id: 'text',
    status: 'int',
    visibility: 'int',
    parent_id: 'int',
    name: 'jsonb',
    description: 'jsonb',
    short_description: 'jsonb',
    url_key: 'text',
    slugs: 'jsonb',
    url_path: 'jsonb',
    brand: 'text',
    mpn: 'text',
    image: 'text',
    media_gallery: 'jsonb',
    price_cents: 'int',
    special_price_cents: 'int',
    price_incl_tax_cents: 'int',
    special_price_incl_tax_cents: 'int',
    special_from_date: 'timestamptz',
    special_to_date: 'timestamptz',
    tax_class_id: 'int',
    attributes: 'jsonb',
    configurable_options: 'jsonb',
    product_links: 'jsonb',
    bundle_options: 'jsonb',
    is_promoted: 'int',
    sales_count: 'int',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  expressions: { created_at: 'coalesce(r.created_at, now())', updated_at: 'coalesce(r.updated_at, now())' },
};

const STOCK_COLUMNS = {
  product_id: 'int',
  sku: 'text',
  qty: 'int',
  is_in_stock: 'boolean',
  manage_stock: 'boolean',
};
export const STOCK: TableWrite = {
  table: 'stock',
  key: ['product_id'],
  columns: STOCK_COLUMNS,
  computed: now,
};
/** a new product the file gave no stock: its default row, never over a row that exists */
export const STOCK_IF_NEW: TableWrite = { ...STOCK, onConflict: 'nothing' };

export const PRODUCT_CATEGORIES: TableWrite = {
  table: 'product_categories',
  key: null,
  onConflict: 'nothing',
  columns: { product_id: 'int', category_id: 'int', position: 'int' },
};

export const TAX_RULES: TableWrite = {
  table: 'tax_rules',
  key: ['id'],
  columns: {
    id: 'int',
    code: 'text',
    product_tax_class_ids: 'int[]',
    customer_tax_class_ids: 'int[]',
    rates: 'jsonb',
  },
};

export const CUSTOMER_GROUPS: TableWrite = {
  table: 'customer_groups',
  key: ['id'],
  columns: { id: 'int', code: 'text', name: 'text', discount_percent: 'int', tax_class_id: 'int' },
};

export const COUPONS: TableWrite = {
  versioned: true,
  table: 'coupons',
  key: ['code'],
  columns: {
    code: 'text',
    type: 'text',
    value: 'int',
    from_date: 'timestamptz',
    to_date: 'timestamptz',
    min_subtotal_cents: 'int',
    uses_per_coupon: 'int',
    uses_per_customer: 'int',
    is_active: 'boolean',
  },
};

export const CMS_PAGES: TableWrite = {
  versioned: true,
  table: 'cms_pages',
  key: ['id'],
  columns: {
    id: 'int',
    identifier: 'text',
    slug: 'jsonb',
    title: 'jsonb',
    content: 'jsonb',
    meta_description: 'jsonb',
    is_active: 'boolean',
    // the back office's Markdown: an imported text replaces it (the editor then shows the HTML)
    source: 'jsonb',
  },
  computed: now,
};

export const CMS_BLOCKS: TableWrite = {
  versioned: true,
  table: 'cms_blocks',
  key: ['id'],
  columns: {
    id: 'int',
    identifier: 'text',
    title: 'jsonb',
    content: 'jsonb',
    is_active: 'boolean',
    source: 'jsonb',
  },
  computed: now,
};

export const SHIPPING_METHODS: TableWrite = {
  table: 'shipping_methods',
  key: ['code'],
  columns: {
    code: 'text',
    carrier_code: 'text',
    method_code: 'text',
    title: 'jsonb',
    price_cents: 'int',
    free_threshold_cents: 'int',
    countries: 'text[]',
    needs_pickup_point: 'boolean',
    is_default: 'boolean',
    is_active: 'boolean',
    position: 'int',
  },
};

export const PAYMENT_METHODS: TableWrite = {
  table: 'payment_methods',
  key: ['code'],
  columns: {
    code: 'text',
    title: 'jsonb',
    fee_cents: 'int',
    is_default: 'boolean',
    is_server_method: 'boolean',
    offline: 'boolean',
    allowed_for_virtual: 'boolean',
    is_active: 'boolean',
    position: 'int',
  },
};

export const PICKUP_POINTS: TableWrite = {
  table: 'pickup_points',
  key: ['id'],
  columns: {
    id: 'text',
    carrier_code: 'text',
    name: 'text',
    address: 'text',
    city: 'text',
    postcode: 'text',
    country_id: 'text',
    is_active: 'boolean',
    opening_hours: 'jsonb',
    latitude: 'double precision',
    longitude: 'double precision',
  },
};

/** banners have no key of their own: the file's list replaces the shop's (deleted first) */
export const BANNERS: TableWrite = {
  table: 'banners',
  key: null,
  columns: {
    kind: 'text',
    position: 'int',
    image: 'text',
    title: 'jsonb',
    link: 'jsonb',
    category_id: 'int',
    is_active: 'boolean',
    cta: 'jsonb',
    starts_at: 'timestamptz',
    ends_at: 'timestamptz',
    store_codes: 'jsonb',
  },
};

export const SHOP_CONFIG: TableWrite = {
  table: 'shop_config',
  key: ['code'],
  columns: { code: 'text', configs: 'jsonb' },
};
