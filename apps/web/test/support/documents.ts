/**
 * Catalogue documents for component tests, whole as the API sends them (the shared contract,
 * packages/domain/src/contracts/catalog-documents.ts): a test names what it is about and the rest are
 * a plain simple product's values.
 */
import type { TotalAmounts } from '@vitrina/domain';
import type { ConfigurableChild, Product, StockInfo } from '../../app/lib/types';

type ProductLink = Product['product_links'][number];
type BundleLink = Product['bundle_options'][number]['product_links'][number];

export const stockDoc = (over: Partial<StockInfo> = {}): StockInfo => ({
  is_in_stock: true,
  qty: 10,
  product_id: 0,
  manage_stock: true,
  ...over,
});

const SIMPLE: Product = {
  id: 1,
  sku: 'SKU-1',
  type_id: 'simple',
  name: 'Product',
  slug: 'product',
  url_key: 'product',
  url_path: 'p/SKU-1/product',
  image: null,
  media_gallery: [],
  description: null,
  short_description: null,
  brand: null,
  mpn: null,
  status: 1,
  visibility: 4,
  parent_id: null,
  category_ids: [],
  category: [],
  price: 0,
  price_incl_tax: 0,
  price_tax: 0,
  original_price: 0,
  original_price_incl_tax: 0,
  original_price_tax: 0,
  special_price: null,
  special_price_incl_tax: null,
  special_price_tax: null,
  final_price: 0,
  final_price_incl_tax: 0,
  final_price_tax: 0,
  special_from_date: null,
  special_to_date: null,
  tax_class_id: 2,
  tax: 21,
  stock: stockDoc(),
  total_qty: 10,
  configurable_options: [],
  configurable_children: [],
  product_links: [],
  bundle_options: [],
  is_promoted: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  sales_count: 0,
};

/** a product document: a simple product's values with `over` laid on them */
export const productDoc = (over: Partial<Product>): Product => ({ ...SIMPLE, ...over }) as Product;

/** a configurable's child document */
export const childDoc = (
  over: Partial<ConfigurableChild> & Pick<ConfigurableChild, 'sku'>,
): ConfigurableChild =>
  ({
    id: 2,
    name: 'Variant',
    image: null,
    price: 0,
    price_incl_tax: 0,
    special_price: null,
    special_price_incl_tax: null,
    final_price: 0,
    final_price_incl_tax: 0,
    status: 1,
    stock: stockDoc(),
    ...over,
  }) as ConfigurableChild;

/** a grouped product's part */
export const productLink = (linked_product_sku: string, qty = 1): ProductLink => ({
  link_type: 'associated',
  linked_product_sku,
  linked_product_type: 'simple',
  qty,
  is_default: false,
});

/** a bundle option's link */
export const bundleLink = (over: Partial<BundleLink> & Pick<BundleLink, 'sku'>): BundleLink => ({
  qty: 1,
  is_default: false,
  can_change_quantity: false,
  price: null,
  ...over,
});

/**
 * An order's stored amounts (cents incl. VAT) when its grand total is its products alone: no shipping,
 * payment fee or discount; the VAT contained at 21 %.
 */
export const orderAmounts = (grandTotal: number): TotalAmounts => ({
  grand_total: grandTotal,
  subtotal_incl_tax: grandTotal,
  shipping_incl_tax: 0,
  payment_fee: 0,
  discount_amount: 0,
  tax_amount: Math.round((grandTotal * 21) / 121),
  coupon_code: null,
});
