/** Shapes the storefront reads from the API (docs/CONTRACTS.md). Money is integer cents. */
import type {
  CartLineAnswer,
  CategoryDocument,
  ConfigurableChildDocument,
  CartTotals,
  CustomerProfileAnswer,
  HistoryOrderAnswer,
  OrderHistoryAnswer,
  OrderHistoryEntry as OrderHistoryEntryContract,
  OrderPullAnswer,
  PaymentMethodAnswer,
  PickupPointAnswer,
  ProductDocument,
  SavedAddress,
  ShippingMethodAnswer,
} from '@vitrina/domain';

// the API's answers with a shared contract (packages/domain/src/contracts): types inferred from it
export type Totals = CartTotals;
export type TotalSegment = CartTotals['total_segments'][number];
export type ShippingMethod = ShippingMethodAnswer;
export type PaymentMethod = PaymentMethodAnswer;

export type StoreCode = 'lt' | 'en' | 'ru';

/** the catalogue's documents: the shared contract (packages/domain/src/contracts/catalog-documents.ts) */
export type StockInfo = ProductDocument['stock'];
export type ConfigurableOption = ProductDocument['configurable_options'][number];
export type ConfigurableChild = ConfigurableChildDocument;
export type Product = ProductDocument;

/** `category/_search`: the shared contract (packages/domain/src/contracts/catalog-documents.ts) */
export type Category = CategoryDocument;

export interface CmsPage {
  id: number;
  identifier: string;
  /** The page's slug in this store view (`/i/{slug}`). */
  slug?: string;
  title?: string;
  content?: string;
  meta_title?: string | null;
  meta_description?: string | null;
  enabled?: boolean;
  [key: string]: unknown;
}

export interface AttributeDoc {
  attribute_code: string;
  attribute_id?: number;
  frontend_label?: string;
  default_frontend_label?: string;
  label?: string;
  options?: { value: number | string; label: string }[];
  [key: string]: unknown;
}

export interface SearchHit<T> {
  _id: string;
  _score?: number;
  _source: T;
}

export interface SearchResponse<T> {
  hits: { total: { value: number }; hits: SearchHit<T>[] };
  aggregations?: Record<string, { buckets: { key: string | number; doc_count: number }[] }>;
  attribute_metadata?: AttributeMetadata[];
}

/** catalogue-and-cart.md §3 "Search response" attributeMetadata: labels of aggregated attributes and options. */
export interface AttributeMetadata {
  attribute_id?: number;
  attribute_code: string;
  frontend_label: string;
  options: { value: number | string; label: string }[];
}

export interface SearchResult<T> {
  items: T[];
  total: number;
  aggregations: Record<string, { key: string; count: number }[]>;
  /** how many items a page holds (the size asked for; catalogue-and-cart.md §3 "Search response") */
  perPage: number;
  /** the labels of the aggregated attributes and their options, in the store view's language */
  attributeMetadata: AttributeMetadata[];
  /** true: answered offline with nothing on the device (an empty result, spec §8; sync/catalogue-cache.ts) */
  offline?: boolean;
}

/** `cart/pull` and `cart/update`: a line priced by the server (price null: it could not be priced) */
export type CartLine = CartLineAnswer;

export interface Address {
  firstname: string;
  lastname: string;
  street: string[];
  city: string;
  postcode: string;
  countryId: string;
  telephone?: string;
  email?: string;
  company?: string;
  vat_id?: string;
  /** the spec's Tax ID (issue #14 item 8) */
  tax_id?: string;
  company_code?: string;
  region?: string;
}

/** `GET /neopay/payment/banks/{clientId}`: a bank of the NEOPAY selector (`sandbox` in sandbox mode) */
export interface Bank {
  bic: string;
  name: string;
  country: string;
  logo?: string;
  sandbox?: boolean;
}

/** `POST /pickup-points/?code&cartId`: the shared contract */
export type PickupPoint = PickupPointAnswer;

export interface OrderResult {
  orderNumber: string;
  orderToken?: string;
  status?: string;
  grand_total?: number;
  [key: string]: unknown;
}

/** one change of an order's statuses, as its customer sees it (issue #15) */
export type OrderHistoryEntry = OrderHistoryEntryContract;

/** `GET /vsbridge/order/pull`: the shared contract (money in cents, computed by the server) */
export type OrderSummary = OrderPullAnswer;

/** the parcel and the history of an order (issue #15), alike in order/pull and the account's history */
export type OrderProgressFields = Pick<
  OrderPullAnswer,
  'carrier' | 'tracking_number' | 'tracking_url' | 'is_pickup' | 'history'
>;

export interface OrderPayload {
  cart_id: string;
  user_id?: string;
  products: { sku: string; qty: number; product_option?: unknown }[];
  addressInformation: {
    shippingAddress: Address;
    billingAddress: Address;
    shipping_method_code: string;
    shipping_carrier_code: string;
    payment_method_code: string;
    payment_method_additional?: Record<string, unknown>;
    pickup_point_id?: string;
  };
  personalDetails?: { firstName: string; lastName: string; emailAddress: string; createAccount?: boolean };
  idempotency_key: string;
}

// ---- Accounts (accounts-checkout-routes.md §3 "User", issue #6) ----

/** A saved address of the customer and `GET /user/me` (`user/create`, `POST /user/me`): the shared contract */
export type CustomerAddress = SavedAddress;
export type CustomerProfile = CustomerProfileAnswer;

/** login and refresh: the access token and the refresh token (meta.refreshToken) */
export interface TokenPair {
  token: string;
  refreshToken: string | null;
  /** GROUP_PRICING on: the customer's group and its signed token (login and refresh `meta`) */
  groupToken?: string | null;
  groupId?: number | null;
}

/** One order of `GET /user/order-history` and the page of them: the shared contract (money in cents) */
export type HistoryOrder = HistoryOrderAnswer;
export type OrderHistory = OrderHistoryAnswer;

/** A loyalty-card claim */
export interface Claim {
  code: string;
  value: string;
  description: string;
  created_at: string;
}

/**
 * A special offer of the logged-in customer (accounts-checkout-routes.md §3 "Special offers
 * product"): `id` is the listed product, money in cents.
 */
export interface SpecialOffer {
  id: number;
  final_price: number;
  price_incl_tax: number;
  id_variant: number | null;
  option_comments: string;
  sku: string;
  quantity: number;
  /** 'demo' for a demo shop's offers */
  label?: string | null;
  valid_until?: string | null;
}

/** A review (accounts-checkout-routes.md §3 "Review") */
export interface Review {
  id?: number;
  title: string;
  detail: string;
  nickname: string;
  created_at: string;
  rating?: number | null;
  product_id?: number;
  verified_purchase?: boolean;
}

/** `POST /mailer/mail-confirmation`: the personal coupon on the first confirmation */
export interface NewsletterConfirmation {
  status?: string;
  coupon?: { code: string; type: string; value: number } | null;
}

/** A news item of a store view (GET /vsbridge/news). */
export interface NewsItem {
  slug: string;
  title: string;
  body: string;
  image: string | null;
  published_at: string;
  /** An example item served while the shop has no news of its own. */
  demo: boolean;
}

/** A banner of the shop data (GET /vsbridge/home-page; accounts-checkout-routes.md §3 "Shop data"). */
export interface Banner {
  id: number;
  position: number;
  image: string;
  title: string;
  link: string;
  category_id?: number;
}

/** GET /vsbridge/store-info: the seller's details ('' = not configured; `demo`: fictional) and methods. */
export interface StoreInfo {
  company: {
    name: string;
    companyCode: string;
    vatCode: string;
    address: string;
    phone: string;
    email: string;
    demo: boolean;
  };
  payment_methods: string[];
  shipping_methods: string[];
}

/** GET /vsbridge/home-page: banners by kind and the shop configuration. */
export interface HomePageData {
  banner: Banner[];
  slider: Banner[];
  category_banner: Banner[];
  product_banner: Banner[];
  multi_banner: Banner[];
  /** small banners beside the main one (accounts-checkout-routes.md §3 "Shop data" smallBanners) */
  small_banner?: Banner[];
  /** the home page's head image (§3 "Shop data"); the first by position is shown */
  head_image?: Banner[];
  config?: { code: string; configs: Record<string, unknown> }[];
}

/**
 * `GET /shop/checkout-options`: per delivery country, the methods and fees an offline checkout
 * offers (cached on the device while online; issue #14 item 10).
 */
export interface CheckoutOptions {
  options: {
    country_id: string;
    shipping_methods: (ShippingMethod & { code: string; free_from_incl_tax: number | null })[];
    payment_methods: PaymentMethod[];
  }[];
}

/** `GET /shop/delivery-options`: what the product page quotes before there is a cart (issue #13). */
export interface DeliveryOptions {
  country_id: string;
  shipping_methods: {
    code: string;
    carrier_code: string;
    title: string;
    needs_pickup_point: boolean;
    price_incl_tax: number;
    free_from_incl_tax: number | null;
  }[];
  payment_methods: string[];
}

/** a search's filters: attribute code → a value, values, or a range (catalogue-and-cart.md §3) */
export type Filters = Record<
  string,
  string | number | boolean | (string | number)[] | { gte?: number; gt?: number; lte?: number; lt?: number }
>;
