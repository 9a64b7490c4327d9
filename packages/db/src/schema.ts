/**
 * The database schema: one pg-core schema for PGlite and PostgreSQL alike (DESIGN.md "Data").
 * Money columns are integer cents (suffix `_cents` or named as in the spec's totals).
 * Per-store-view texts are jsonb `{ lt, en, ru }` (type `Localized`).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductType } from '@vitrina/domain';

export type Localized = { lt: string; en: string; ru: string };

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

// ---------------------------------------------------------------- catalogue

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    position: integer('position').notNull().default(0),
    level: integer('level').notNull().default(0),
    /** materialised path of ids, e.g. "1/2/12" */
    path: text('path').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** shown in the header menu (an active category left out of it is still reachable at its URL) */
    includeInMenu: boolean('include_in_menu').notNull().default(true),
    name: jsonb('name').$type<Localized>().notNull(),
    /** per-store-view slug, e.g. { lt: "nesiojami-kompiuteriai", en: "laptops", ru: "noutbuki" } */
    slug: jsonb('slug').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>(),
    updatedAt: updatedAt(),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const attributes = pgTable('attributes', {
  attributeId: integer('attribute_id').primaryKey(),
  attributeCode: text('attribute_code').notNull().unique(),
  frontendLabel: jsonb('frontend_label').$type<Localized>().notNull(),
  frontendInput: text('frontend_input').notNull().default('select'),
  isComparable: boolean('is_comparable').notNull().default(false),
  isFilterable: boolean('is_filterable').notNull().default(false),
  position: integer('position').notNull().default(0),
  /** [{ value: number, label: Localized }] */
  options: jsonb('options').$type<{ value: number; label: Localized }[]>().notNull().default([]),
});

export type ConfigurableOption = {
  attribute_id: number;
  attribute_code: string;
  label: string;
  values: { value_index: number; label?: string }[];
};
export type ProductLink = {
  link_type: 'associated';
  linked_product_sku: string;
  linked_product_type: string;
  qty: number;
  /** the importer writes false when the file gives none */
  is_default: boolean;
};
export type BundleOption = {
  option_id: number;
  /** the title (lt); `title_localized` has every store view's when the import gave them */
  title: string;
  title_localized?: Localized;
  type: string;
  required: boolean;
  /** can_change_quantity: the shopper may choose the link's quantity (missing in rows imported before it) */
  product_links: { sku: string; qty: number; is_default: boolean; can_change_quantity?: boolean }[];
};

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    sku: text('sku').notNull().unique(),
    /** the import accepts only these (domain PRODUCT_TYPES) */
    typeId: text('type_id').$type<ProductType>().notNull(),
    /** 0/1 enabled, 2+ disabled (spec §3) */
    status: integer('status').notNull().default(1),
    /** 1 not visible individually, 2 catalogue, 3 search, 4 both */
    visibility: integer('visibility').notNull().default(4),
    /** the configurable parent of a child product (visibility 1 children of shop exports) */
    parentId: integer('parent_id'),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>(),
    shortDescription: jsonb('short_description').$type<Localized>(),
    urlKey: text('url_key').notNull(),
    /** the slug per store view (null: url_key in every view) */
    slugs: jsonb('slugs').$type<Localized>(),
    /** the url_path the import file gave per store view (a migrating shop's URL), null when none */
    urlPath: jsonb('url_path').$type<Localized>(),
    brand: text('brand'),
    mpn: text('mpn'),
    image: text('image'),
    /** the images after `image`, each with its alt text per store view when one was given */
    mediaGallery: jsonb('media_gallery').$type<{ image: string; label?: Partial<Localized> }[]>().notNull().default([]),
    priceCents: integer('price_cents').notNull(),
    specialPriceCents: integer('special_price_cents'),
    specialFromDate: ts('special_from_date'),
    specialToDate: ts('special_to_date'),
    /** the gross as entered under CATALOG_PRICES_INCLUDE_TAX (null: entered net); price_cents is its net */
    priceInclTaxCents: integer('price_incl_tax_cents'),
    specialPriceInclTaxCents: integer('special_price_incl_tax_cents'),
    /** bumped by every back-office save: a form opened before another save is refused (optimistic concurrency) */
    version: integer('version').notNull().default(1),
    taxClassId: integer('tax_class_id').notNull().default(2),
    /** attribute_code -> option value (number) or text, e.g. { condition: 5, color: 12 } */
    attributes: jsonb('attributes').$type<Record<string, number | string>>().notNull().default({}),
    configurableOptions: jsonb('configurable_options').$type<ConfigurableOption[]>().notNull().default([]),
    productLinks: jsonb('product_links').$type<ProductLink[]>().notNull().default([]),
    bundleOptions: jsonb('bundle_options').$type<BundleOption[]>().notNull().default([]),
    isPromoted: integer('is_promoted').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_parent_idx').on(t.parentId),
    /** finds the few grouped and bundle products among many (the indexer re-indexes those linking a changed product) */
    index('products_type_idx').on(t.typeId),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id').notNull(),
    categoryId: integer('category_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_cat_idx').on(t.categoryId)],
);

export const stock = pgTable('stock', {
  productId: integer('product_id').primaryKey(),
  sku: text('sku').notNull().unique(),
  qty: integer('qty').notNull().default(0),
  isInStock: boolean('is_in_stock').notNull().default(false),
  manageStock: boolean('manage_stock').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Denormalised per-store-view search document of every product (built by the indexer from the tables
 * above). Filterable and sortable values are columns; `doc` is the `_source` of CONTRACTS.md.
 * `validUntil` is the next special-price window boundary: rows past it are re-indexed.
 */
/** numbers every write of a product_index row (insert or update): in-process search indexes read the rows changed since the last number they saw */
export const productIndexRevSeq = pgSequence('product_index_rev_seq');

export const productIndex = pgTable(
  'product_index',
  {
    storeCode: text('store_code').notNull(),
    productId: integer('product_id').notNull(),
    sku: text('sku').notNull(),
    typeId: text('type_id').notNull(),
    status: integer('status').notNull(),
    visibility: integer('visibility').notNull(),
    slug: text('slug').notNull(),
    urlPath: text('url_path').notNull(),
    name: text('name').notNull(),
    categoryIds: integer('category_ids').array().notNull(),
    /** attribute_code -> option values (arrays, children's values included for configurables) */
    attrs: jsonb('attrs').$type<Record<string, (number | string)[]>>().notNull(),
    childSkus: text('child_skus').array().notNull(),
    finalPriceInclTax: integer('final_price_incl_tax').notNull(),
    totalQty: integer('total_qty').notNull(),
    isInStock: boolean('is_in_stock').notNull(),
    isPromoted: integer('is_promoted').notNull(),
    salesCount: integer('sales_count').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    validUntil: ts('valid_until'),
    /** weighted: A name, sku, mpn; B brand; C category names, main taxon */
    search: tsvector('search').notNull(),
    /** name, brand, sku, mpn lower-cased, for trigram typo matching */
    searchText: text('search_text').notNull(),
    doc: jsonb('doc').$type<Record<string, unknown>>().notNull(),
    /** product_index_rev_seq at the row's last write (the indexer sets it on update too) */
    rev: bigint('rev', { mode: 'number' }).notNull().default(sql`nextval('product_index_rev_seq')`),
    /** the row as pages show it, hashed (indexer.ts pageKeyOf) */
    pageKey: text('page_key'),
    /** product_index_rev_seq when page_key last changed: the page cache's data stamp (migration 0033) */
    pageRev: bigint('page_rev', { mode: 'number' }).notNull().default(sql`nextval('product_index_rev_seq')`),
  },
  (t) => [
    primaryKey({ columns: [t.storeCode, t.productId] }),
    index('product_index_rev_idx').on(t.storeCode, t.rev),
    index('product_index_page_rev_idx').on(t.storeCode, t.pageRev),
    uniqueIndex('product_index_sku_idx').on(t.storeCode, t.sku),
    index('product_index_slug_idx').on(t.storeCode, t.urlPath),
    index('product_index_cats_idx').using('gin', t.categoryIds),
    index('product_index_attrs_idx').using('gin', t.attrs),
    index('product_index_search_idx').using('gin', t.search),
    index('product_index_children_idx').using('gin', t.childSkus),
    /** rows whose special-price window opens or closes soon (refreshExpiredIndexRows) */
    index('product_index_valid_until_idx').on(t.validUntil).where(sql`valid_until is not null`),
    // the trigram index on search_text (gin_trgm_ops) is the hand-written migration 0002_search_text_trgm.sql
  ],
);

export const taxRules = pgTable('tax_rules', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  productTaxClassIds: integer('product_tax_class_ids').array().notNull(),
  customerTaxClassIds: integer('customer_tax_class_ids').array().notNull(),
  /** [{ rate (percent), tax_country_id, tax_region_id, region_name }] */
  rates: jsonb('rates')
    .$type<{ rate: number; tax_country_id: string; tax_region_id: number; region_name: string }[]>()
    .notNull(),
});

/** VAT rate changes scheduled for a date, applied at 00:00 Europe/Vilnius of it (migration 0034) */
export const scheduledTaxRates = pgTable(
  'scheduled_tax_rates',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => taxRules.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    /** null: the command line scheduled it */
    createdByStaffId: integer('created_by_staff_id'),
    /** the staff e-mail as written (staff_audit_log keeps it so too) */
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** null while pending */
    appliedAt: ts('applied_at'),
  },
  (t) => [index('scheduled_tax_rates_pending_idx').on(t.effectiveOn).where(sql`applied_at is null`)],
);

export const coupons = pgTable(
  'coupons',
  {
    code: text('code').primaryKey(),
    /** 'percent' (value = percent) or 'fixed' (value = cents) */
    type: text('type').notNull(),
    value: integer('value').notNull(),
    fromDate: ts('from_date'),
    toDate: ts('to_date'),
    minSubtotalCents: integer('min_subtotal_cents'),
    /** the usage cap (null: none); the newsletter's coupons have 1 */
    usesPerCoupon: integer('uses_per_coupon'),
    /** the uses one customer (account id or e-mail) may make, counted in orders not cancelled; null: none */
    usesPerCustomer: integer('uses_per_customer'),
    timesUsed: integer('times_used').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** bumped by every back-office save and import (migration 0032): a form opened before is refused */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    /**
     * the backstop of the usage cap: orders count a use with a conditional update
     * (order/coupon.ts); whatever else writes the table, a use beyond the cap is refused here
     */
    check(
      'coupons_times_used_within_limit',
      sql`${t.timesUsed} >= 0 AND (${t.usesPerCoupon} IS NULL OR ${t.timesUsed} <= ${t.usesPerCoupon})`,
    ),
  ],
);

// ---------------------------------------------------------------- shipping and payment configuration

export const shippingMethods = pgTable('shipping_methods', {
  code: text('code').primaryKey(),
  carrierCode: text('carrier_code').notNull(),
  methodCode: text('method_code').notNull(),
  title: jsonb('title').$type<Localized>().notNull(),
  priceCents: integer('price_cents').notNull(),
  /** subtotal incl. tax at or above which shipping is free (null: never) */
  freeThresholdCents: integer('free_threshold_cents'),
  countries: text('countries').array().notNull(),
  needsPickupPoint: boolean('needs_pickup_point').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const paymentMethods = pgTable('payment_methods', {
  code: text('code').primaryKey(),
  title: jsonb('title').$type<Localized>().notNull(),
  feeCents: integer('fee_cents').notNull().default(0),
  isDefault: boolean('is_default').notNull().default(false),
  isServerMethod: boolean('is_server_method').notNull().default(false),
  offline: boolean('offline').notNull().default(false),
  /** cash on delivery is hidden for virtual carts (accounts-checkout-routes.md §5) */
  allowedForVirtual: boolean('allowed_for_virtual').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: text('id').primaryKey(),
    carrierCode: text('carrier_code').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    countryId: text('country_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** per ISO weekday "HH:MM-HH:MM" or null (closed); null: not known (domain OpeningHours) */
    openingHours: jsonb('opening_hours').$type<Record<string, string | null>>(),
    /** WGS 84 degrees, as a carrier's location list gives them; null when not known */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [index('pickup_points_carrier_idx').on(t.carrierCode, t.countryId)],
);

// ---------------------------------------------------------------- customers

export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstname: text('firstname').notNull(),
  lastname: text('lastname').notNull(),
  groupId: integer('group_id').notNull().default(1),
  storeCode: text('store_code').notNull().default('lt'),
  addresses: jsonb('addresses').$type<Record<string, unknown>[]>().notNull().default([]),
  /** set by the back office: the customer cannot log in or refresh a session (auth/service.ts) */
  disabledAt: ts('disabled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull(),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    replacedByHash: text('replaced_by_hash'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_customer_idx').on(t.customerId)],
);

/** password reset links (apps/api/src/user): the token is stored hashed (sha256), valid 1 h, single use */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_customer_idx').on(t.customerId)],
);

/** the loyalty card's claims of a customer (accounts-checkout-routes.md §3 "Claim": code, created_at, value, description) */
export const customerClaims = pgTable(
  'customer_claims',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull(),
    code: text('code').notNull(),
    /** what the claim is worth, as shown (e.g. "10%") */
    value: text('value').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_claims_customer_idx').on(t.customerId)],
);

/**
 * A customer's special offers (accounts-checkout-routes.md §3 "Special offers product": id,
 * final_price, price_incl_tax, id_variant, option_comments, sku, quantity). `productId` is the listed
 * product (visibility 2-4) the offer is shown on; `idVariant` the configurable child offered, if any.
 * Money in cents (final_price net of tax, price_incl_tax with it). `label` 'demo' marks the offers a
 * demo shop gives new customers (user/special-offers.ts); real ones come through the admin API.
 */
export const specialOffers = pgTable(
  'special_offers',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull(),
    productId: integer('product_id').notNull(),
    sku: text('sku').notNull(),
    idVariant: integer('id_variant'),
    finalPriceCents: integer('final_price_cents').notNull(),
    priceInclTaxCents: integer('price_incl_tax_cents').notNull(),
    optionComments: text('option_comments').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    label: text('label'),
    validUntil: ts('valid_until'),
    createdAt: createdAt(),
  },
  (t) => [index('special_offers_customer_idx').on(t.customerId)],
);

/**
 * Customer groups and their price tier (accounts-checkout-routes.md §6 "Group id and group token drive
 * price tiers when enabled"): a group's customers see and pay `discount_percent` off the final price
 * when GROUP_PRICING is on. Group 1 is the default group of every new customer.
 */
export const customerGroups = pgTable('customer_groups', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** 0..90: percent off the final price (catalogue, render list, URL map) */
  discountPercent: integer('discount_percent').notNull().default(0),
  /**
   * the group's customer tax class ("a customer group id drives the tax class when
   * grouped tax is active"): with GROUP_PRICING on, its customers' carts and orders use the tax rules
   * listing this class; null: the retail class (3)
   */
  taxClassId: integer('tax_class_id'),
});

/**
 * A customer group's tier over time (price-history.ts recordGroupTiers): with the product's price
 * history it gives the price the group was charged, so a group shopper's announced reduction is
 * measured from what that group paid (Directive 98/6/EC art. 6a). A group's first row is taken to
 * hold since before any recorded price.
 */
export const customerGroupTierHistory = pgTable(
  'customer_group_tier_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').notNull(),
    discountPercent: integer('discount_percent').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [index('customer_group_tier_history_group_idx').on(t.groupId, t.changedAt)],
);

// ---------------------------------------------------------------- carts and orders

export const carts = pgTable(
  'carts',
  {
    /** unguessable random id, the spec's cartId */
    id: text('id').primaryKey(),
    customerId: integer('customer_id'),
    storeCode: text('store_code').notNull().default('lt'),
    /** 'active' | 'converted' */
    status: text('status').notNull().default('active'),
    couponCode: text('coupon_code'),
    countryId: text('country_id'),
    shippingMethodCode: text('shipping_method_code'),
    paymentMethodCode: text('payment_method_code'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, unknown>>(),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_customer_idx').on(t.customerId)],
);

export const cartItems = pgTable(
  'cart_items',
  {
    itemId: serial('item_id').primaryKey(),
    cartId: text('cart_id').notNull(),
    productId: integer('product_id').notNull(),
    sku: text('sku').notNull(),
    parentSku: text('parent_sku'),
    qty: integer('qty').notNull(),
    productType: text('product_type').notNull(),
    productOption: jsonb('product_option').$type<Record<string, unknown>>(),
    /** the spec's identity of a line (sku, or sku + options checksum), unique per cart */
    identityKey: text('identity_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_items_identity_idx').on(t.cartId, t.identityKey)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** the order number shown to the shopper */
    incrementId: text('increment_id').notNull().unique(),
    /** secret token for guest access (order pull, feedback) */
    orderToken: text('order_token').notNull(),
    idempotencyKey: text('idempotency_key').unique(),
    cartId: text('cart_id'),
    customerId: integer('customer_id'),
    storeCode: text('store_code').notNull(),
    status: text('status').notNull().default('new'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    shippingStatus: text('shipping_status').notNull().default('pending'),
    email: text('email').notNull(),
    personalDetails: jsonb('personal_details').$type<Record<string, unknown>>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<Record<string, unknown>>().notNull(),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown>>().notNull(),
    shippingMethodCode: text('shipping_method_code').notNull(),
    paymentMethodCode: text('payment_method_code').notNull(),
    paymentAdditional: jsonb('payment_additional').$type<Record<string, unknown>>(),
    currency: text('currency').notNull().default('EUR'),
    subtotalInclTax: integer('subtotal_incl_tax').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    shippingInclTax: integer('shipping_incl_tax').notNull(),
    paymentFee: integer('payment_fee').notNull().default(0),
    taxAmount: integer('tax_amount').notNull(),
    grandTotal: integer('grand_total').notNull(),
    couponCode: text('coupon_code'),
    feedbackAt: ts('feedback_at'),
    /**
     * sha-256 of the placing request's body: a repeat of the idempotency key with another body is
     * refused; null on older orders
     */
    requestHash: text('request_hash'),
    /**
     * why the order was cancelled: 'payment_timeout' = it was still awaiting online payment after
     * UNPAID_ORDER_TTL_MINUTES (order/unpaid.ts); the staff's reason when the staff cancelled it
     */
    cancelReason: text('cancel_reason'),
    /** the placing request's client address: caps the open unpaid orders per address (order/unpaid.ts) */
    clientAddress: text('client_address'),
    /** the parcel's carrier and tracking number, set by the `ship` action (domain order-lifecycle.ts) */
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** who cancelled the order (domain CancelledBy: 'staff' | 'payment' | 'payment_timeout'); null unless cancelled */
    cancelledBy: text('cancelled_by'),
    /** when the order's units went back to stock; null while the order holds them (they return once) */
    stockReturnedAt: ts('stock_returned_at'),
    /** the customer picks the order up (a pickup point, or store pickup): "shipped / ready to pick up" */
    isPickup: boolean('is_pickup').notNull().default(false),
    /** the version of the terms the buyer accepted when placing the order (legal/terms.ts TERMS_VERSIONS) */
    termsVersion: text('terms_version'),
    /** set when the person's data was erased: what is left is what accounting law keeps (docs/legal.md) */
    anonymisedAt: ts('anonymised_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId),
    /** the back office's overview reads orders by period */
    index('orders_created_idx').on(t.createdAt),
    /** the unpaid-order sweep and cap look only at open orders (order/unpaid.ts) */
    index('orders_open_created_idx')
      .on(t.createdAt)
      .where(sql`status IN ('new', 'awaiting_payment') AND payment_status <> 'paid'`),
    index('orders_open_address_idx')
      .on(t.clientAddress)
      .where(sql`status IN ('new', 'awaiting_payment') AND payment_status <> 'paid'`),
    /** the payment link finds the order by its cart id or its order token (payment/service.ts start) */
    index('orders_cart_idx').on(t.cartId),
    uniqueIndex('orders_order_token_idx').on(t.orderToken),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    productType: text('product_type').notNull(),
    productOption: jsonb('product_option').$type<Record<string, unknown>>(),
    priceInclTax: integer('price_incl_tax').notNull(),
    rowTotalInclTax: integer('row_total_incl_tax').notNull(),
    taxPercent: integer('tax_percent').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * Every change of an order's statuses: who (`actor_kind` 'customer' | 'guest' | 'staff' |
 * 'admin_token' | 'payment' | 'system', with an id or e-mail), when, from -> to, and a note.
 * Written by apps/api/src/order/lifecycle.ts in the transaction of the change.
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id').notNull(),
    /** the action (domain OrderActionType) or 'placed' */
    action: text('action').notNull(),
    /** null for the placing */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    shippingStatus: text('shipping_status').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * The order event log (`order.created`, `order.paid`, `order.status_changed`, `order.cancelled`),
 * written in the transaction of the change; delivered as webhooks. `id` is the event id a receiver
 * deduplicates by; `seq` orders the events.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().unique(),
    type: text('type').notNull(),
    /** null for an event that is not an order's (`product.updated`, migration 0024) */
    orderId: integer('order_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /** when the webhook job made this event's deliveries (one per WEBHOOK_URLS entry; migration 0013) */
    webhooksAt: ts('webhooks_at'),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId),
    index('order_events_webhooks_pending_idx').on(t.seq).where(sql`webhooks_at is null`),
  ],
);

/**
 * One order event to one webhook URL (integration/webhooks.ts): sent until the receiver
 * answers 2xx, retried with exponential backoff, at least once. `next_attempt_at` is also the lease of
 * the process sending it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: uuid('event_id').notNull(),
    url: text('url').notNull(),
    /** 'pending' | 'delivered' | 'failed' (gave up after WEBHOOK_MAX_ATTEMPTS) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: ts('delivered_at'),
    /** the webhook_endpoints row it is sent to (migration 0032); null: made from WEBHOOK_URLS before */
    endpointId: integer('endpoint_id'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_url_idx').on(t.eventId, t.url),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    provider: text('provider').notNull(),
    /** 'pending' | 'paid' | 'cancelled' | 'failed' */
    status: text('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    externalId: text('external_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** a payment the staff recorded (bank transfer, cash on delivery): the day it was received, its reference, who recorded it */
    receivedOn: date('received_on', { mode: 'string' }),
    reference: text('reference'),
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    /** a provider's answer names its transaction (payment/service.ts apply) */
    uniqueIndex('payments_provider_external_idx').on(t.provider, t.externalId),
  ],
);

/**
 * Invoice number series: the last number given per prefix. A number is taken
 * by incrementing this row in the transaction that writes the invoice, so a rolled-back invoice gives
 * its number back: the series has no gaps (a sequence would leave some).
 */
export const invoiceSeries = pgTable('invoice_series', {
  prefix: text('prefix').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/** The VAT invoice of an order: numbered once, with the seller as it was when issued. */
export const invoices = pgTable('invoices', {
  orderId: integer('order_id').primaryKey(),
  number: text('number').notNull().unique(),
  issuedAt: ts('issued_at').notNull().defaultNow(),
  /** the seller's data (SHOP_*) at issue: a later change of the settings does not rewrite the invoice */
  seller: jsonb('seller').$type<Record<string, string>>().notNull(),
  /** the date of supply (the payment received, or the handover) when it differs from the date of issue */
  suppliedOn: date('supplied_on', { mode: 'string' }),
});

/**
 * A refund of an order (apps/api/src/order/refunds.ts): the amount, what it covers (`parts`: lines,
 * shipping, fee, a plain amount, VAT per rate; domain refunds.ts RefundPart), and how it is made:
 * `provider` (the payment provider's refund call) or `manual` (a to-do for the staff: `pending`
 * until they confirm it `done`). `failed`: the provider refused; the staff then refund by hand.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    /** 'provider' | 'manual' */
    method: text('method').notNull(),
    /** 'pending' | 'done' | 'failed' */
    status: text('status').notNull().default('pending'),
    totalCents: integer('total_cents').notNull(),
    parts: jsonb('parts').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    provider: text('provider'),
    externalId: text('external_id'),
    error: text('error'),
    /** the staff's reference of a manual refund (the bank transfer's) */
    reference: text('reference'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    doneAt: ts('done_at'),
    doneBy: text('done_by'),
    /** the return this refund is for (made from the return's page), else null */
    returnId: integer('return_id'),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_return_idx').on(t.returnId).where(sql`return_id IS NOT NULL`),
    index('refunds_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

/**
 * A credit note (kreditinė PVM sąskaita faktūra) against an order's invoice: for each refund of an
 * invoiced order, and for its cancellation. Numbered from its own gap-free series (invoice_series,
 * prefix CREDIT_NOTE_PREFIX); `parts` as the refund's (negative on paper).
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    orderId: integer('order_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    refundId: integer('refund_id'),
    /** 'refund' | 'cancellation' */
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    parts: jsonb('parts').$type<Record<string, unknown>>().notNull(),
    totalCents: integer('total_cents').notNull(),
    seller: jsonb('seller').$type<Record<string, string>>().notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
  },
  (t) => [index('credit_notes_order_idx').on(t.orderId)],
);

// ---------------------------------------------------------------- engagement and content

export const newsletterSubscribers = pgTable('newsletter_subscribers', {
  email: text('email').primaryKey(),
  /** 'pending' | 'subscribed' | 'unsubscribed' */
  status: text('status').notNull(),
  /** sha256 (hex) of the code in the confirmation link; the code itself is only in the e-mail */
  confirmCode: text('confirm_code').notNull(),
  storeCode: text('store_code').notNull().default('lt'),
  createdAt: createdAt(),
  confirmedAt: ts('confirmed_at'),
  /** the personal single-use coupon issued at the first confirmation (never a second one) */
  couponCode: text('coupon_code'),
  /**
   * since when the row is in its status: an unconfirmed sign-up or a withdrawn subscription is
   * deleted a period after (apps/api/src/legal/retention.ts)
   */
  statusChangedAt: ts('status_changed_at').notNull().defaultNow(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id'),
    orderId: integer('order_id'),
    title: text('title').notNull(),
    detail: text('detail').notNull(),
    nickname: text('nickname').notNull(),
    rating: integer('rating'),
    /** 'pending' | 'approved' */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('reviews_product_idx').on(t.productId)],
);

/**
 * "Notify me when in stock" requests (accounts-checkout-routes.md §2 "stock notification
 * request"): one pending request per e-mail and sku; `notifiedAt` is set when the back-in-stock e-mail
 * is written to the outbox.
 */
export const stockNotifications = pgTable(
  'stock_notifications',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    sku: text('sku').notNull(),
    productId: integer('product_id').notNull(),
    storeCode: text('store_code').notNull().default('lt'),
    createdAt: createdAt(),
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    uniqueIndex('stock_notifications_pending_uq').on(t.email, t.sku).where(sql`notified_at is null`),
    index('stock_notifications_pending_idx').on(t.productId).where(sql`notified_at is null`),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  storeCode: text('store_code').notNull().default('lt'),
  createdAt: createdAt(),
  /** when a staff member marked the message handled (the back office); null: open */
  handledAt: ts('handled_at'),
  /** staff_users.id of who marked it handled */
  handledBy: integer('handled_by'),
});

export const cmsPages = pgTable('cms_pages', {
  id: integer('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  /** localised slug, e.g. { lt: "apie-mus", en: "about-us", ru: "about-us" } */
  slug: jsonb('slug').$type<Localized>().notNull(),
  title: jsonb('title').$type<Localized>().notNull(),
  content: jsonb('content').$type<Localized>().notNull(),
  metaDescription: jsonb('meta_description').$type<Localized>(),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: updatedAt(),
  /** the back office's Markdown per store view (`content` is its sanitised HTML); null: imported HTML */
  source: jsonb('source').$type<Localized>(),
  /** bumped by every back-office save and import (migration 0032): a form opened before is refused */
  version: integer('version').notNull().default(1),
});

export const cmsBlocks = pgTable('cms_blocks', {
  id: integer('id').primaryKey(),
  identifier: text('identifier').notNull().unique(),
  title: jsonb('title').$type<Localized>().notNull(),
  content: jsonb('content').$type<Localized>().notNull(),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: updatedAt(),
  /** the back office's Markdown per store view (`content` is its sanitised HTML); null: imported HTML */
  source: jsonb('source').$type<Localized>(),
  /** bumped by every back-office save and import (migration 0032): a form opened before is refused */
  version: integer('version').notNull().default(1),
});

export const news = pgTable('news', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: jsonb('title').$type<Localized>().notNull(),
  body: jsonb('body').$type<Localized>().notNull(),
  image: text('image'),
  publishedAt: ts('published_at').notNull(),
  /** unpublished in the back office: never shown, whatever its date */
  isActive: boolean('is_active').notNull().default(true),
  /** bumped by every back-office save (migration 0032): a form opened before is refused */
  version: integer('version').notNull().default(1),
});

/**
 * Webhook endpoints kept in the back office (integration/webhook-endpoints.ts): the URL, the event
 * types sent to it, on/off, and the HMAC secret encrypted (shown once when made).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull().unique(),
  events: jsonb('events').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  secretEncrypted: text('secret_encrypted').notNull(),
  secretHint: text('secret_hint').notNull(),
  description: text('description').notNull().default(''),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: integer('version').notNull().default(1),
});

/** banners, sliders and the other shop data of the home page (accounts-checkout-routes.md §3) */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  /** 'banner' | 'slider' | 'category_banner' | 'product_banner' | 'multi_banner' */
  kind: text('kind').notNull(),
  position: integer('position').notNull().default(0),
  image: text('image').notNull(),
  title: jsonb('title').$type<Localized>().notNull(),
  link: jsonb('link').$type<Localized>().notNull(),
  categoryId: integer('category_id'),
  isActive: boolean('is_active').notNull().default(true),
  /** the call to action on it per store view (back office); {} for none */
  cta: jsonb('cta').$type<Partial<Localized>>().notNull().default({}),
  /** the date window it is shown in (null: open on that side); the end is exclusive */
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  /** the store views that show it; null: every one */
  storeCodes: jsonb('store_codes').$type<string[]>(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const shopConfig = pgTable('shop_config', {
  code: text('code').primaryKey(),
  configs: jsonb('configs').$type<Record<string, unknown>>().notNull(),
});

// ---------------------------------------------------------------- staff (the back office)

/** the shop's staff: separate from customers, created from the command line (`npm run staff`) */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    /** Argon2id PHC string */
    passwordHash: text('password_hash').notNull(),
    /** 'staff' (orders, reviews, messages) | 'admin' (also the staff accounts) */
    role: text('role').notNull(),
    /** a disabled account cannot log in and its sessions end */
    disabledAt: ts('disabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** TOTP (RFC 6238) secret, base32; null: no two-factor login (staff/two-factor.ts) */
    totpSecret: text('totp_secret'),
    /** an enrolment not confirmed with a code yet */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** the time step of the last code accepted: a code is never accepted twice */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  },
  (t) => [check('staff_users_role_check', sql`${t.role} IN ('admin', 'staff', 'catalog')`)],
);

/** staff sessions: only the sha-256 of the cookie's token is stored; idle and absolute timeouts */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id').notNull(),
    createdAt: createdAt(),
    /** the idle timeout counts from here (STAFF_SESSION_IDLE_MINUTES) */
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** the absolute end (STAFF_SESSION_MAX_HOURS after login) */
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** every staff action: who, what, on which target, when (apps/api/src/staff/audit.ts) */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: serial('id').primaryKey(),
    /** null: the command line acted (e.g. `npm run staff -- add`) */
    staffId: integer('staff_id'),
    /** kept as written: the account may change or go */
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    /** e.g. `order:12`, `review:3`, `staff:2` */
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_audit_log_created_idx').on(t.createdAt), index('staff_audit_log_target_idx').on(t.target)],
);

// ---------------------------------------------------------------- infrastructure

/** side effects (e-mails, notifications) written in the same transaction as their cause */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** a processor's lease on the row, or the time of the next retry after a failure (null: now) */
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
    processedAt: ts('processed_at'),
    /** a row written at most once (e.g. `order:42:shipped`: each order e-mail once); null: no limit */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.id)
      .where(sql`processed_at is null`),
    uniqueIndex('outbox_dedupe_key_uq')
      .on(t.dedupeKey)
      .where(sql`dedupe_key is not null`),
  ],
);

/** key/value facts about the data: catalogue version (bumped by imports), seed marker */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Every change of a product's effective selling price, per store view (Directive 98/6/EC art. 6a,
 * the "Omnibus" rule): the price charged from `changedAt` on, until the product's next row. The
 * indexer writes a row whenever a product's computed price (special-price window included) differs
 * from its last row; an announced reduction's reference is the lowest of these in the 30 days
 * before it (domain referencePrice). Rows are kept (nothing deletes them): a reduction that runs
 * for months is still measured from the 30 days before it began. A customer group's prices are
 * these at its tier, whose changes are recorded apart (`customer_group_tier_history`): together they
 * give the group's own history. `source` 'demo' marks generated history.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id').notNull(),
    sku: text('sku').notNull(),
    storeCode: text('store_code').notNull(),
    /** the final price, net and with the store view's listed tax (cents) */
    priceCents: integer('price_cents').notNull(),
    priceInclTaxCents: integer('price_incl_tax_cents').notNull(),
    /** whether the price was an announced reduction (a special price in force) */
    reduced: boolean('reduced').notNull(),
    changedAt: ts('changed_at').notNull(),
    /** 'index' (recorded by the indexer) | 'demo' (the demo catalogue's generated history) */
    source: text('source').notNull().default('index'),
  },
  (t) => [index('price_history_product_idx').on(t.productId, t.storeCode, t.changedAt)],
);

/**
 * Feedback on an order as a whole (its delivery, the service): one per order, shown to staff in
 * the back office, never filed as a review of the order's products.
 */
export const orderFeedback = pgTable('order_feedback', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().unique(),
  title: text('title').notNull(),
  detail: text('detail').notNull(),
  nickname: text('nickname').notNull(),
  rating: integer('rating'),
  createdAt: createdAt(),
});
// ---------------------------------------------------------------- after the sale: withdrawals, returns, personal data

/**
 * A buyer's withdrawal from the contract (Directive 2011/83/EU art. 11a; docs/legal.md): which order,
 * when it was declared (the acknowledgement e-mail states this instant), by whom (customer or the
 * holder of the order token). Its lines are those of the return it opened (`return_id`).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    returnId: integer('return_id').notNull(),
    /** 'customer' | 'guest' */
    declaredBy: text('declared_by').notNull(),
    customerId: integer('customer_id'),
    declaredAt: ts('declared_at').notNull().defaultNow(),
  },
  (t) => [index('withdrawals_order_idx').on(t.orderId)],
);

/**
 * A return of some lines of an order (a withdrawal, the money-back promise, a warranty case):
 * requested -> received -> inspected -> restocked | not_restocked (domain after-sale.ts).
 * `restocked_at` is set once, in the transaction that puts the units back.
 */
export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    /** 'withdrawal' | 'money_back' | 'warranty' */
    reason: text('reason').notNull(),
    state: text('state').notNull().default('requested'),
    /** not_restocked: the grade the units came back in (domain RETURN_GRADES) */
    grade: text('grade'),
    note: text('note'),
    /** 'customer' | 'guest' | 'staff' */
    createdBy: text('created_by').notNull(),
    staffId: integer('staff_id'),
    restockedAt: ts('restocked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('returns_order_idx').on(t.orderId), index('returns_state_idx').on(t.state, t.id)],
);

export const returnLines = pgTable(
  'return_lines',
  {
    returnId: integer('return_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.orderItemId] }), check('return_lines_qty_positive', sql`${t.qty} > 0`)],
);

/**
 * Every state change of a return (who, when, from -> to, note): the customer's e-mails are written
 * with it, once per return and state (the outbox's dedupe key).
 */
export const returnHistory = pgTable(
  'return_history',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    /** 'customer' | 'guest' | 'staff' */
    actorKind: text('actor_kind').notNull(),
    staffId: integer('staff_id'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('return_history_return_idx').on(t.returnId, t.id)],
);

/**
 * Requests about a person's data (GDPR art. 15, 17, 20): an export or an erasure, by the customer
 * or by the staff on the person's request. The person is kept only as the sha-256 of their lower-cased
 * e-mail, so the log of an erasure holds no personal data and still answers "was X erased, when".
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    /** 'export' | 'erase' */
    kind: text('kind').notNull(),
    subjectHash: text('subject_hash').notNull(),
    /** 'customer' | 'staff' */
    requestedBy: text('requested_by').notNull(),
    staffId: integer('staff_id'),
    /** counts of what was exported or erased, per table */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_subject_idx').on(t.subjectHash)],
);

// ---------------------------------------------------------------- shop settings

/**
 * The shop's own words and promises (packages/domain shop-settings.ts), one row (id 1) edited by an
 * administrator in the back office. `version` counts the saves: a form opened at an older version is
 * refused (optimistic concurrency). Seeded on first start from the SHOP_* environment variables.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
    updatedBy: text('updated_by'),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------- staff accounts kept in the back office

/**
 * single-use links that set a staff password: an invitation ('invite') or a reset an admin sent
 * ('reset'); only the sha-256 of the token; a newer link of the account ends the older ones
 */
export const staffPasswordTokens = pgTable(
  'staff_password_tokens',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_password_tokens_staff_idx').on(t.staffId),
    check('staff_password_tokens_purpose_check', sql`${t.purpose} IN ('invite', 'reset')`),
  ],
);

/** single-use recovery codes of a staff two-factor login: only their sha-256 */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);
