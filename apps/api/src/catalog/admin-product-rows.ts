/**
 * The stored product as the back office reads it: its row with its stock, and the query that
 * selects it (catalog/admin-products.ts and the files beside it).
 */
import { centsToDecimalString } from '@vitrina/domain';
import type { Queryable } from '../lib/db.ts';

export type ProductRow = {
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

export const SELECT_PRODUCT = `SELECT p.*, s.qty, s.is_in_stock, s.manage_stock FROM products p LEFT JOIN stock s ON s.product_id = p.id`;

export const euros = (cents: number | null) => (cents === null ? null : centsToDecimalString(cents));
export const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** a product and the stock of it, locked for the save with `forUpdate` */
export async function productRow(q: Queryable, sku: string, forUpdate = false): Promise<ProductRow | null> {
  const [r] = await q.query<ProductRow>(
    `${SELECT_PRODUCT} WHERE p.sku = $1${forUpdate ? ' FOR UPDATE OF p' : ''}`,
    [sku],
  );
  return r ?? null;
}
