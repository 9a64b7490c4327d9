/**
 * What the importer needs beyond the import file's format, whose schemas are the shared contract
 * (packages/domain contracts/import-file.ts): which keys of a product record are its fields rather
 * than attribute values.
 */
import { importChildSchema, importProductSchema } from '@vitrina/domain';

/** the fields of a product record that are not attribute values */
export const PRODUCT_FIELDS: ReadonlySet<string> = new Set([
  ...Object.keys(importProductSchema.shape),
  'qty',
  'final_price',
  'price_incl_tax',
  'final_price_incl_tax',
  'original_price',
  'special_price_incl_tax',
  'url_path',
  'slug',
  'category',
  'tax',
  'total_qty',
  'product_option',
]);
export const CHILD_FIELDS: ReadonlySet<string> = new Set([...Object.keys(importChildSchema.shape), 'parent_sku']);
