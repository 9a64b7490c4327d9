/**
 * The shop data import file (docs/CONTRACTS.md, "Shop data import file"), as produced by the demo
 * generator. Money is decimal euros net of tax; dates are ISO strings; a text is a string (the same in
 * every store view) or `{ lt, en, ru }`.
 */

export type StoreCode = 'lt' | 'en' | 'ru';
export type LocalizedText = { lt: string; en: string; ru: string };
export type Text = string | LocalizedText;

export type ProductType = 'simple' | 'configurable' | 'grouped' | 'bundle' | 'virtual' | 'downloadable';

export interface ImportAttributeOption {
  value: number;
  label: Text;
}

export interface ImportAttribute {
  attribute_id: number;
  attribute_code: string;
  frontend_label: Text;
  frontend_input: 'select' | 'text';
  is_comparable: boolean;
  is_filterable: boolean;
  position: number;
  options: ImportAttributeOption[];
}

export interface ImportCategory {
  id: number;
  /** 1 (or null) for the root category 2 */
  parent_id: number | null;
  name: Text;
  slug: Text;
  position: number;
  is_active: boolean;
  description?: Text;
}

export interface ImportStock {
  is_in_stock: boolean;
  qty: number;
  manage_stock?: boolean;
}

export interface ImportConfigurableOption {
  attribute_id: number;
  attribute_code: string;
  label: string;
  values: { value_index: number; label?: string }[];
}

/** a child of a configurable; filterable attributes are top-level keys (`condition: 3`, `color: 40`) */
export interface ImportConfigurableChild {
  id: number;
  sku: string;
  name?: Text;
  price: number;
  special_price?: number;
  image?: string;
  status: number;
  stock: ImportStock;
  [attributeCode: string]: unknown;
}

export interface ImportProductLink {
  link_type: 'associated';
  linked_product_sku: string;
  linked_product_type: ProductType;
  qty: number;
  is_default: boolean;
}

export interface ImportBundleOption {
  option_id: number;
  title: Text;
  type: 'radio' | 'select' | 'checkbox' | 'multi';
  required: boolean;
  product_links: { sku: string; qty: number; is_default: boolean; can_change_quantity?: boolean; price?: number }[];
}

/** a product; filterable attribute values are top-level keys by attribute_code (`condition: 1`) */
export interface ImportProduct {
  id: number;
  sku: string;
  type_id: ProductType;
  status: number;
  visibility: number;
  name: Text;
  description?: Text;
  short_description?: Text;
  url_key: string;
  brand?: string;
  mpn?: string;
  image?: string;
  media_gallery?: { image: string }[];
  price: number;
  special_price?: number;
  special_from_date?: string;
  special_to_date?: string;
  tax_class_id: number;
  category_ids: number[];
  stock: ImportStock;
  is_promoted?: number;
  sales_count?: number;
  created_at?: string;
  updated_at?: string;
  configurable_options?: ImportConfigurableOption[];
  configurable_children?: ImportConfigurableChild[];
  product_links?: ImportProductLink[];
  bundle_options?: ImportBundleOption[];
  parent_sku?: string;
  [attributeCode: string]: unknown;
}

export interface ImportTaxRule {
  id: number;
  code: string;
  product_tax_class_ids: number[];
  customer_tax_class_ids: number[];
  rates: { rate: number; tax_country_id: string; tax_region_id: number; region_name: string }[];
}

export interface ImportCoupon {
  code: string;
  type: 'percent' | 'fixed';
  /** percent, or decimal euros for `fixed` */
  value: number;
  from_date?: string;
  to_date?: string;
  min_subtotal?: number;
  uses_per_coupon?: number;
}

export interface ImportCmsPage {
  id: number;
  identifier: string;
  slug: Text;
  title: Text;
  content: Text;
  meta_description?: Text;
  is_active: boolean;
}

export interface ImportCmsBlock {
  id: number;
  identifier: string;
  title: Text;
  content: Text;
  is_active: boolean;
}

export interface ImportShippingMethod {
  code: string;
  carrier_code: string;
  method_code: string;
  title: Text;
  price: number;
  free_threshold?: number;
  countries: string[];
  needs_pickup_point: boolean;
  is_default: boolean;
  position: number;
}

export interface ImportPaymentMethod {
  code: string;
  title: Text;
  fee: number;
  is_default: boolean;
  is_server_method: boolean;
  offline: boolean;
  allowed_for_virtual: boolean;
  position: number;
}

export interface ImportPickupPoint {
  id: string;
  carrier_code: string;
  name: string;
  address: string;
  city: string;
  postcode: string;
  country_id: string;
  /** per ISO weekday "1" … "7": "HH:MM-HH:MM", null when closed (import format) */
  opening_hours?: Partial<Record<'1' | '2' | '3' | '4' | '5' | '6' | '7', string | null>>;
}

export interface ImportBanner {
  kind: 'slider' | 'banner' | 'category_banner' | 'product_banner' | 'multi_banner';
  position: number;
  image: string;
  title: Text;
  link: Text;
  category_id?: number;
}

export interface ImportShopConfig {
  code: string;
  configs: Record<string, unknown>;
}

export interface ImportFile {
  attributes?: ImportAttribute[];
  categories?: ImportCategory[];
  products?: ImportProduct[];
  taxrules?: ImportTaxRule[];
  coupons?: ImportCoupon[];
  cms_pages?: ImportCmsPage[];
  cms_blocks?: ImportCmsBlock[];
  shipping_methods?: ImportShippingMethod[];
  payment_methods?: ImportPaymentMethod[];
  pickup_points?: ImportPickupPoint[];
  banners?: ImportBanner[];
  shop_config?: ImportShopConfig[];
}
