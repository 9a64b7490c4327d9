/**
 * The shop data import file (docs/CONTRACTS.md "Shop data import file") as zod
 * schemas: the one definition of the format. The importer (packages/db import/importer.ts) validates
 * a file with importFileSchema and reads its output (ImportFile); the demo generator (packages/demo)
 * writes its input (ImportFileInput). Money is decimal euros net of tax (converted to cents by the
 * importer with toCents); dates are ISO strings; a text is a string or { lt, en, ru }. Products may
 * carry attribute values under their attribute codes (`"color": 49`): those keys are kept (loose
 * objects) and picked out by the importer.
 */
import { z } from 'zod';
import { PRODUCT_TYPES } from '../base/index.ts';
import { toDate } from '../base/index.ts';
import { parseOpeningRange } from '../checkout/index.ts';

const text = z.union(
  [
    z.string(),
    z
      .strictObject({ lt: z.string().optional(), en: z.string().optional(), ru: z.string().optional() })
      .refine((t) => t.lt !== undefined || t.en !== undefined || t.ru !== undefined, {
        message: 'Expected at least one of lt, en, ru',
        when: (payload) => payload.issues.length === 0,
      }),
  ],
  { error: 'Expected a text: a string or { "lt": ..., "en": ..., "ru": ... }' },
);
const nonEmptyText = text.refine(
  (t) => (typeof t === 'string' ? t.trim() : (t.lt ?? t.en ?? t.ru ?? '').trim()) !== '',
  {
    message: 'Must not be empty',
    // only for a text that is otherwise valid
    when: (payload) => payload.issues.length === 0,
  },
);

/**
 * decimal euros net of VAT: every amount of the file (prices, shipping prices and thresholds, payment
 * fees, fixed coupon values, coupon minimums) is shown and charged gross by one rule, the domain's
 * importedInclTax (docs/CONTRACTS.md "Money in the file: one rule")
 */
/** a whole decimal number written as text, e.g. "49" or "-1": no sign "+", spaces, exponent or hex */
export const WHOLE_NUMBER_TEXT = /^-?\d+$/;
/** a decimal number written as text, e.g. "12.50" */
export const DECIMAL_NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * `schema`, also fed a number written as text: Magento exports write ids, option values and amounts
 * as strings (`"attribute_id": "93"`, `"value": "49"`). Only a string matching `text` is read as a
 * number; any other string reaches `schema` unchanged and is refused as it would be without this.
 */
function numeric<T extends z.ZodType<number>>(schema: T, text: RegExp) {
  return z.preprocess((v) => (typeof v === 'string' && text.test(v) ? Number(v) : v), schema);
}
const wholeNumber = <T extends z.ZodType<number>>(schema: T) => numeric(schema, WHOLE_NUMBER_TEXT);
const decimalNumber = <T extends z.ZodType<number>>(schema: T) => numeric(schema, DECIMAL_NUMBER_TEXT);

const money = decimalNumber(z.number().finite().min(0, { message: 'Must not be negative' }));
const id = wholeNumber(
  z.number().int({ message: 'Expected an integer' }).positive({ message: 'Expected a positive integer' }),
);
const int = wholeNumber(z.number().int({ message: 'Expected an integer' }));
const qty = decimalNumber(z.number().finite());
const visibility = wholeNumber(
  z
    .number()
    .int({ message: 'Expected an integer' })
    .min(1, { message: 'Expected 1 to 4' })
    .max(4, { message: 'Expected 1 to 4' }),
);
/** true/false, also 0/1 as some shop exports write them, and "0"/"1" as Magento's do */
const bool = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'Expected boolean',
  })
  .transform((b) => b === true || b === 1 || b === '1');
const date = z.string().refine(
  (s) => {
    try {
      toDate(s);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Expected an ISO date, e.g. 2026-11-01T00:00:00Z' },
);
const code = z.string().trim().min(1, { message: 'Must not be empty' });

export const importAttributeSchema = z.object({
  attribute_id: id,
  attribute_code: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, { message: 'Expected a code of lower-case letters, digits and _' }),
  frontend_label: text,
  frontend_input: z.string().default('select'),
  is_comparable: bool.default(false),
  is_filterable: bool.default(false),
  position: int.default(0),
  options: z.array(z.object({ value: int, label: text })).default([]),
});

export const importCategorySchema = z.object({
  id,
  parent_id: int.nullable().optional(),
  name: nonEmptyText,
  slug: text.optional(),
  /**
   * the category's path as a Magento export gives it ("electronics/phones"); when given it is the
   * category's URL (`/c/electronics/phones`), kept over `slug` and over a slug made from the name
   */
  url_path: text.optional(),
  position: int.default(0),
  is_active: bool.default(true),
  /** shown in the header menu (Magento's include_in_menu); an active category left out is still reachable */
  include_in_menu: bool.default(true),
  description: text.nullable().optional(),
});

const stockSchema = z
  .object({
    is_in_stock: bool.optional(),
    /** the quantity as counted when the file was exported (see the file's `exported_at`) */
    qty: qty.optional(),
    /** units to add (negative: to take away) to the shop's quantity, whatever it is now */
    qty_delta: qty.optional(),
    manage_stock: bool.optional(),
  })
  .refine((s) => s.qty === undefined || s.qty_delta === undefined, {
    message: 'Give qty or qty_delta, not both',
    path: ['qty_delta'],
  });

const specialFields = {
  special_price: money.nullable().optional(),
  special_from_date: date.nullable().optional(),
  special_to_date: date.nullable().optional(),
};

export const importChildSchema = z.looseObject({
  id,
  sku: code,
  type_id: z.enum(PRODUCT_TYPES).optional(),
  name: nonEmptyText.optional(),
  url_key: z.string().optional(),
  price: money.optional(),
  ...specialFields,
  tax_class_id: int.optional(),
  image: z.string().nullable().optional(),
  media_gallery: z.array(z.looseObject({ image: z.string() })).optional(),
  mpn: z.string().nullable().optional(),
  status: int.default(1),
  visibility: visibility.optional(),
  stock: stockSchema.optional(),
});

export const importProductSchema = z
  .looseObject({
    id,
    sku: code,
    type_id: z.enum(PRODUCT_TYPES).default('simple'),
    status: int.default(1),
    visibility: visibility.default(4),
    name: nonEmptyText,
    description: text.nullable().optional(),
    short_description: text.nullable().optional(),
    url_key: z.string().optional(),
    /** the product's slug per store view (a text or { lt, en, ru }); else url_key, else made from the name */
    slug: text.optional(),
    /**
     * the product's path as a Magento export gives it ("nesiojami-kompiuteriai/lenovo-t14.html"): kept
     * as the product's url_path (its URL when URL_DISPATCHER is on) instead of `p/{sku}/{slug}`
     */
    url_path: text.optional(),
    brand: z.string().nullable().optional(),
    mpn: z.string().nullable().optional(),
    image: z.string().nullable().optional(),
    media_gallery: z.array(z.looseObject({ image: z.string() })).optional(),
    price: money.optional(),
    ...specialFields,
    tax_class_id: int.default(2),
    category_ids: z.array(int).optional(),
    stock: stockSchema.optional(),
    is_promoted: z.union([int, z.boolean()], { error: 'Expected 0 or 1' }).transform(Number).default(0),
    sales_count: int.default(0),
    created_at: date.optional(),
    updated_at: date.optional(),
    configurable_options: z
      .array(
        z.looseObject({
          attribute_id: int.optional(),
          attribute_code: code,
          label: text.optional(),
          values: z.array(z.looseObject({ value_index: int, label: text.optional() })).default([]),
        }),
      )
      .optional(),
    configurable_children: z.array(importChildSchema).optional(),
    product_links: z
      .array(
        z.looseObject({
          link_type: z.string().default('associated'),
          linked_product_sku: code,
          linked_product_type: z.string().optional(),
          qty: qty.default(1),
          is_default: bool.optional(),
        }),
      )
      .optional(),
    bundle_options: z
      .array(
        z.looseObject({
          option_id: int,
          title: text,
          type: z.string().default('select'),
          required: bool.default(false),
          product_links: z.array(
            z.looseObject({
              sku: code,
              qty: qty.default(1),
              is_default: bool.default(false),
              /** the shopper may choose the link's quantity (the cart's option_qty) */
              can_change_quantity: bool.default(false),
            }),
          ),
        }),
      )
      .optional(),
    parent_sku: code.nullable().optional(),
  })
  .superRefine((p, ctx) => {
    const composite = p.type_id === 'configurable' || p.type_id === 'grouped' || p.type_id === 'bundle';
    if (p.price === undefined && !composite) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Expected number (required)' });
    }
    if (
      p.type_id === 'configurable' &&
      p.price === undefined &&
      !p.configurable_children?.some((c) => c.price !== undefined)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'Expected number: a configurable product needs a price or children with prices',
      });
    }
  });

/**
 * A partial product record: only these fields, the sku naming an existing product. It
 * updates the fields it has and nothing else (partial.ts); `null` clears a special price or date.
 */
export const PRODUCT_UPDATE_FIELDS: readonly string[] = [
  'sku',
  'qty',
  'qty_delta',
  'price',
  'special_price',
  'special_from_date',
  'special_to_date',
];
export const importProductUpdateSchema = z.strictObject({
  sku: code,
  qty: wholeNumber(
    z.number().int({ message: 'Expected an integer' }).min(0, { message: 'Must not be negative' }),
  ).optional(),
  /** units to add (negative: to take away), whatever the quantity is now */
  qty_delta: wholeNumber(z.number().int({ message: 'Expected an integer' })).optional(),
  price: money.optional(),
  ...specialFields,
}).refine((u) => u.qty === undefined || u.qty_delta === undefined, { message: 'Give qty or qty_delta, not both', path: ['qty_delta'] });
export type ImportProductUpdate = z.output<typeof importProductUpdateSchema>;

export const importTaxRuleSchema = z.object({
  id,
  code: code,
  product_tax_class_ids: z.array(int),
  customer_tax_class_ids: z.array(int).default([3]),
  rates: z.array(
    z.object({
      rate: decimalNumber(z.number().finite().min(0)),
      tax_country_id: z.string().length(2, { message: 'Expected a 2-letter country code' }),
      tax_region_id: z
        .union([int, z.string()])
        .transform((v) => Number(v) || 0)
        .default(0),
      region_name: z.string().default(''),
    }),
  ),
});

/**
 * A customer group: its price tier and, for grouped tax, its customer tax class
 * (the `customer_tax_class_ids` of the tax rules that apply to its customers; null: retail, class 3).
 * Both take effect with GROUP_PRICING on.
 */
export const importCustomerGroupSchema = z.object({
  id,
  code,
  name: code,
  discount_percent: wholeNumber(
    z
      .number()
      .int({ message: 'Expected an integer' })
      .min(0, { message: 'Must be 0 to 90' })
      .max(90, { message: 'Must be 0 to 90' }),
  ).default(0),
  tax_class_id: int.nullable().default(null),
});

export const importCouponSchema = z
  .object({
    code,
    type: z.enum(['percent', 'fixed']),
    value: money,
    from_date: date.nullable().optional(),
    to_date: date.nullable().optional(),
    min_subtotal: money.nullable().optional(),
    uses_per_coupon: int.nullable().optional(),
    /** the uses one customer (account or e-mail) may make; null: no cap */
    uses_per_customer: int.nullable().optional(),
    is_active: bool.default(true),
  })
  .superRefine((c, ctx) => {
    for (const field of ['uses_per_coupon', 'uses_per_customer'] as const) {
      const uses = c[field];
      if (uses !== null && uses !== undefined && uses < 0)
        ctx.addIssue({ code: 'custom', path: [field], message: 'Must not be negative' });
    }
    if (c.from_date && c.to_date && toDate(c.from_date).getTime() > toDate(c.to_date).getTime()) {
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'The end must not be before the start' });
    }
    if (c.type === 'percent' && (!Number.isInteger(c.value) || c.value > 100)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A percent coupon needs a whole percent from 0 to 100',
      });
    }
  });

export const importCmsPageSchema = z.object({
  id,
  identifier: code,
  slug: text.optional(),
  title: nonEmptyText,
  content: text,
  meta_description: text.nullable().optional(),
  is_active: bool.default(true),
});

export const importCmsBlockSchema = z.object({
  id,
  identifier: code,
  title: text,
  content: text,
  is_active: bool.default(true),
});

export const importShippingMethodSchema = z.object({
  code,
  carrier_code: code,
  method_code: code,
  title: nonEmptyText,
  price: money,
  free_threshold: money.nullable().optional(),
  countries: z
    .array(z.string().length(2, { message: 'Expected a 2-letter country code' }))
    .default(['LT', 'LV', 'EE']),
  needs_pickup_point: bool.default(false),
  is_default: bool.default(false),
  is_active: bool.default(true),
  position: int.default(0),
});

export const importPaymentMethodSchema = z.object({
  code,
  title: nonEmptyText,
  fee: money.default(0),
  is_default: bool.default(false),
  is_server_method: bool.default(false),
  offline: bool.default(false),
  allowed_for_virtual: bool.default(true),
  is_active: bool.default(true),
  position: int.default(0),
});

export const importPickupPointSchema = z.object({
  id: z.union([code, int.transform(String)], { error: 'Expected a string id' }),
  carrier_code: code,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postcode: z.string().default(''),
  country_id: z.string().length(2, { message: 'Expected a 2-letter country code' }),
  is_active: bool.default(true),
  /** opening hours per ISO weekday "1" (Monday) … "7": "HH:MM-HH:MM", or null for a closed day */
  opening_hours: z
    // a day left out is closed (partialRecord: zod 4's record with enum keys wants every day)
    .partialRecord(
      z.enum(['1', '2', '3', '4', '5', '6', '7']),
      z
        .string()
        .refine((v) => parseOpeningRange(v) !== null, { message: 'Expected HH:MM-HH:MM, opening first' })
        .nullable(),
    )
    .nullable()
    .optional(),
  /** where the point is, WGS 84 degrees (a carrier's location list gives them); null: not known */
  latitude: decimalNumber(
    z.number().min(-90, { message: 'Expected -90 to 90' }).max(90, { message: 'Expected -90 to 90' }),
  )
    .nullable()
    .optional(),
  longitude: decimalNumber(
    z.number().min(-180, { message: 'Expected -180 to 180' }).max(180, { message: 'Expected -180 to 180' }),
  )
    .nullable()
    .optional(),
});

export const importBannerSchema = z.object({
  kind: z.enum(['slider', 'banner', 'category_banner', 'product_banner', 'multi_banner', 'small_banner', 'head_image']),
  position: int.default(0),
  image: z.string().min(1),
  title: text,
  link: text,
  category_id: int.nullable().optional(),
  is_active: bool.default(true),
  /** the call to action on it (a text or { lt, en, ru }) */
  cta: text.optional(),
  /** shown only from / until these instants (the end is exclusive) */
  starts_at: date.nullable().optional(),
  ends_at: date.nullable().optional(),
  /** the store views that show it; none: every one */
  store_codes: z.array(z.enum(['lt', 'en', 'ru'])).optional(),
});

export const importShopConfigSchema = z.object({
  code,
  configs: z.record(z.string(), z.unknown()),
});

export const importFileSchema = z.strictObject({
  /**
   * when the file's stock was counted: a `qty` is applied only to products whose stock has not
   * changed since (a sale, a return, a back-office edit after it are kept, and the row reported)
   */
  exported_at: date.optional(),
  attributes: z.array(importAttributeSchema).optional(),
  categories: z.array(importCategorySchema).optional(),
  products: z.array(importProductSchema).optional(),
  taxrules: z.array(importTaxRuleSchema).optional(),
  customer_groups: z.array(importCustomerGroupSchema).optional(),
  coupons: z.array(importCouponSchema).optional(),
  cms_pages: z.array(importCmsPageSchema).optional(),
  cms_blocks: z.array(importCmsBlockSchema).optional(),
  shipping_methods: z.array(importShippingMethodSchema).optional(),
  payment_methods: z.array(importPaymentMethodSchema).optional(),
  pickup_points: z.array(importPickupPointSchema).optional(),
  banners: z.array(importBannerSchema).optional(),
  shop_config: z.array(importShopConfigSchema).optional(),
});

export type ImportFileInput = z.input<typeof importFileSchema>;
export type ImportFile = z.output<typeof importFileSchema>;
export type ImportProduct = z.output<typeof importProductSchema>;
export type ImportChild = z.output<typeof importChildSchema>;
export type ImportCategory = z.output<typeof importCategorySchema>;
export type ImportAttribute = z.output<typeof importAttributeSchema>;
