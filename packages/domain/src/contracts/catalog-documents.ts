/**
 * The catalogue's documents as listings, search and product pages receive them (`_search` hits'
 * `_source`, the render list, the URL map), written by the indexer
 * (packages/db indexer.ts buildRow) and the category loader (apps/api catalog/entities.ts). Money is
 * integer cents; `*_incl_tax` includes the store view's VAT. A request may ask for a part of a document
 * (`_source_include`/`_source_exclude`): these describe the whole one.
 */
import { z } from 'zod';
import { PRODUCT_TYPES } from '../base/index.ts';
import {
  attributeDocumentContract,
  cmsBlockDocumentContract,
  cmsPageDocumentContract,
} from './search-answers.ts';

const cents = z.number().int();

/** a category (`category/_search`): its children nested in `children_data` (the category tree) */
export const categoryDocumentContract = z.strictObject({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** the ids of its ancestors, the root first */
  parent_ids: z.array(z.number().int()),
  name: z.string(),
  slug: z.string(),
  url_key: z.string(),
  url_path: z.string(),
  level: z.number().int(),
  position: z.number().int(),
  is_active: z.boolean(),
  /** shown in the header menu; false: reachable at its URL and under its parent, not in the menu */
  include_in_menu: z.boolean(),
  /** the listed products assigned to it */
  product_count: z.number().int(),
  path: z.string(),
  children_count: z.number().int(),
  get children_data() {
    return z.array(categoryDocumentContract);
  },
  description: z.string().nullable(),
});
export type CategoryDocument = z.infer<typeof categoryDocumentContract>;

/** a product's stock as the document gives it (a composite's: what its parts allow) */
export const stockContract = z.strictObject({
  is_in_stock: z.boolean(),
  qty: z.number(),
  product_id: z.number().int(),
  manage_stock: z.boolean(),
});

/** `GET /stock/check` and `/stock/list`: a sku's live stock row (never a cached copy) */
export const stockAnswerContract = stockContract.extend({ product_sku: z.string() });
export type StockAnswer = z.infer<typeof stockAnswerContract>;

/** `GET /quantity-tracker`: the available quantity of a sku */
export const quantityTrackerContract = z.strictObject({
  sku: z.string(),
  qty: z.number(),
  is_in_stock: z.boolean(),
});

/**
 * A product's attribute values sit in its document under the attribute codes (`"color": 50`), as the
 * shop's import file defines them: the codes are data, not code, so the documents cannot be strict
 * objects. Every other key is named below; an attribute value is an option id or a text, so a key the
 * contract does not name must hold a number or a string (an undocumented object, list, boolean or null
 * still fails the parse). Checked by a refinement over a loose object rather than zod's catchall, whose
 * inferred index signature (`[k: string]: number | string`) TypeScript holds against the named
 * object fields, so that no document could be written as a typed value.
 */
function withAttributeValues<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject(shape).superRefine((doc, ctx) => {
    for (const [key, value] of Object.entries(doc)) {
      if (key in shape || typeof value === 'number' || typeof value === 'string') continue;
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: 'Not in the contract: an attribute value is a number or a string',
      });
    }
  });
}

const priceFields = {
  price: cents,
  price_incl_tax: cents,
  special_price: cents.nullable(),
  special_price_incl_tax: cents.nullable(),
  final_price: cents,
  final_price_incl_tax: cents,
  /**
   * an announced reduction's reference (Directive 98/6/EC art. 6a): the lowest price charged in the
   * 30 days before the reduction began (domain referencePrice), net and with VAT; absent when no
   * reduction may be announced (none in force, or nothing lower was charged before it); null in a
   * customer group's document when the group was charged nothing higher before (group-pricing.ts
   * applyGroupTier). The only price a page may show struck through.
   */
  reference_price: cents.nullable().optional(),
  reference_price_incl_tax: cents.nullable().optional(),
};

/** a configurable's variant (`configurable_children`): its prices, stock and attribute values */
export const configurableChildContract = withAttributeValues({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** the variant's own photos (a condition grade's), after its image */
  media_gallery: z.array(z.strictObject({ image: z.string(), label: z.string().optional() })).optional(),
  ...priceFields,
  status: z.number().int(),
  stock: stockContract,
});
export type ConfigurableChildDocument = z.infer<typeof configurableChildContract>;

/** a configurable's option (the attribute the shopper chooses) with the values its children have */
export const configurableOptionContract = z.strictObject({
  attribute_id: z.number().int().nullable(),
  attribute_code: z.string(),
  label: z.string(),
  values: z.array(z.strictObject({ value_index: z.number().int(), label: z.string() })),
});

/** a grouped product's part (only parts with status 1 are listed) */
export const productLinkContract = z.strictObject({
  link_type: z.string(),
  linked_product_sku: z.string(),
  linked_product_type: z.string(),
  qty: z.number(),
  is_default: z.boolean(),
  /** the linked product's document: the URL map asked `prefetchGroupProducts` only */
  product: z.record(z.string(), z.unknown()).optional(),
});

/** a bundle's option with its links (the linked products with status 1), each with its price net of VAT */
export const bundleOptionContract = z.strictObject({
  option_id: z.number().int(),
  title: z.string(),
  type: z.string(),
  required: z.boolean(),
  product_links: z.array(
    z.strictObject({
      sku: z.string(),
      qty: z.number(),
      is_default: z.boolean(),
      can_change_quantity: z.boolean(),
      /** the link's final price in cents net of VAT; null: not known */
      price: cents.nullable(),
      /** the linked product's document: the URL map asked `prefetchGroupProducts` only */
      product: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});

/**
 * A part of a grouped or bundle product as its product page shows it: every linked product with
 * status 1, whatever its visibility (docs/decisions/0055-one-headline-price-for-grouped-and-bundle-products.md),
 * with its own final price incl. VAT and its stock.
 */
export const compositePartContract = z.strictObject({
  id: z.number().int(),
  sku: z.string(),
  type_id: z.enum(PRODUCT_TYPES),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  status: z.number().int(),
  visibility: z.number().int(),
  final_price_incl_tax: cents,
  stock: stockContract,
});

/**
 * A product (`product/_search` hits' `_source`, the render list, the URL map). Every product type has
 * every list field: a simple product's `configurable_children`, `product_links` and `bundle_options`
 * are empty, a configurable's stock and prices are its shown variant's, a grouped's or a bundle's are
 * what its parts sum to. `condition_label` is there only when the product has a condition.
 */
const productDocumentShape = {
  id: z.number().int(),
  sku: z.string(),
  type_id: z.enum(PRODUCT_TYPES),
  name: z.string(),
  slug: z.string(),
  url_key: z.string(),
  url_path: z.string(),
  image: z.string().nullable(),
  /** the images after `image`, each with its alt text in the store view when it has one */
  media_gallery: z.array(z.strictObject({ image: z.string(), label: z.string().optional() })),
  description: z.string().nullable(),
  short_description: z.string().nullable(),
  brand: z.string().nullable(),
  mpn: z.string().nullable(),
  status: z.number().int(),
  visibility: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** the assigned categories and their ancestors below the root */
  category_ids: z.array(z.number().int()),
  category: z.array(z.strictObject({ category_id: z.number().int(), name: z.string(), slug: z.string() })),
  ...priceFields,
  price_tax: cents,
  original_price: cents,
  original_price_incl_tax: cents,
  original_price_tax: cents,
  special_price_tax: cents.nullable(),
  final_price_tax: cents,
  /** when the reduction the reference price is for began (with reference_price only) */
  reduction_since: z.string().optional(),
  /** the window of the special price shown (a configurable's: its shown variant's) */
  special_from_date: z.string().nullable(),
  special_to_date: z.string().nullable(),
  tax_class_id: z.number().int(),
  /** the store view's VAT rate in percent */
  tax: z.number(),
  stock: stockContract,
  total_qty: z.number(),
  configurable_options: z.array(configurableOptionContract),
  configurable_children: z.array(configurableChildContract),
  product_links: z.array(productLinkContract),
  bundle_options: z.array(bundleOptionContract),
  /** grouped and bundle products only: their parts (compositePartContract) */
  composite_parts: z.array(compositePartContract).optional(),
  is_promoted: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  sales_count: z.number().int(),
  /** the condition's label in the store view's language (products with a condition only) */
  condition_label: z.string().optional(),
  /**
   * a configurable's: the condition label of the child whose price the document carries (its shown
   * variant, the cheapest available), so a card names the grade of its "from" price
   */
  price_condition_label: z.string().optional(),
};
export const productDocumentContract = withAttributeValues(productDocumentShape);
export type ProductDocument = z.infer<typeof productDocumentContract>;

/**
 * A product as the URL map and `_single` answer it: the document with what the URL map's options add
 * (packages/domain/src/catalog/url-map-options.ts) and `_single`'s `childSku` (`configured_child`).
 */
export const productAnswerContract = withAttributeValues({
  ...productDocumentShape,
  /** assignProductConfiguration: the variant chosen, by attribute code */
  is_configured: z.boolean().optional(),
  configuration: z
    .record(
      z.string(),
      z.strictObject({ attribute_code: z.string(), id: z.number().int(), label: z.string() }),
    )
    .optional(),
  /** assignProductConfiguration without separateSelectedVariant: the variant's fields are taken, its parent named */
  parentSku: z.string().optional(),
  /** separateSelectedVariant */
  selectedVariant: configurableChildContract.optional(),
  /** setProductErrors: why no variant could be chosen */
  errors: z.record(z.string(), z.string()).optional(),
  /** setConfigurableProductOptions: the cart line's options of the chosen variant */
  product_option: z
    .strictObject({
      extension_attributes: z.strictObject({
        configurable_item_options: z.array(
          z.strictObject({
            option_id: z.union([z.number().int(), z.string()]),
            option_value: z.number().int(),
          }),
        ),
      }),
    })
    .optional(),
  /** `_single` with `childSku`: the variant asked for */
  configured_child: configurableChildContract.optional(),
});
export type ProductAnswer = z.infer<typeof productAnswerContract>;

/** `POST /api/url/map`: what a storefront path stands for, the hit itself (no envelope), or null */
export const urlMapHitContract = z.discriminatedUnion('_type', [
  z.strictObject({ _type: z.literal('product'), _source: productAnswerContract }),
  z.strictObject({ _type: z.literal('category'), _source: categoryDocumentContract }),
  z.strictObject({ _type: z.literal('cms_page'), _source: cmsPageDocumentContract }),
]);
export type UrlMapHitAnswer = z.infer<typeof urlMapHitContract>;

/**
 * `GET /catalog/{index}/{type}/_single`: one document of the type the path names (a product, a
 * category, an attribute, a CMS page or block; the tax rules and the CMS hierarchy, which the
 * storefront never asks for one by one, have no contract and answer as loaded)
 */
export const singleDocumentContract = z.union([
  productAnswerContract,
  categoryDocumentContract,
  attributeDocumentContract,
  cmsPageDocumentContract,
  cmsBlockDocumentContract,
  z.record(z.string(), z.unknown()),
]);
