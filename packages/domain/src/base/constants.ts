// Business constants of catalogue-and-cart.md §9 and accounts-checkout-routes.md §9
// ("Business constants and limits"), plus a few chosen values where the spec says "value not shown".

// ---- Store, currency, dates (catalogue-and-cart.md §9) ----
export const DEFAULT_COUNTRY = 'LT';
/** the countries an address form offers (the shop delivers to the three Baltic states) */
export const DELIVERY_COUNTRIES = ['LT', 'LV', 'EE'] as const;
export const CURRENCY_CODE = 'EUR';
export const CURRENCY_SIGN = '€';
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm';
export const STORE_TIME_ZONE = 'Europe/Vilnius';

// ---- Images (catalogue-and-cart.md §9 "Cart thumbnails", "Product thumbnails", "Gallery images") ----
export const CART_THUMBNAIL_SIZE = 150;
export const PRODUCT_THUMBNAIL_SIZE = 266;
export const GALLERY_IMAGE_SIZE = 452;
export const THUMBNAIL_SIZES = {
  cart: { width: CART_THUMBNAIL_SIZE, height: CART_THUMBNAIL_SIZE },
  product: { width: PRODUCT_THUMBNAIL_SIZE, height: PRODUCT_THUMBNAIL_SIZE },
  gallery: { width: GALLERY_IMAGE_SIZE, height: GALLERY_IMAGE_SIZE },
} as const;

// ---- Sorting (catalogue-and-cart.md §9 "Default sort", "Sort options", "Search-page sort default") ----
export interface SortOption {
  /** Message key of the label (see messages.ts). */
  readonly labelKey: string;
  /** English label. */
  readonly label: string;
  /** `field:dir` as sent in the catalogue search `sort` parameter. */
  readonly value: string;
}
export const SORT_OPTIONS: readonly SortOption[] = [
  { labelKey: 'sort.latest', label: 'Latest', value: 'updated_at:desc' },
  { labelKey: 'sort.priceLowHigh', label: 'Price: Low to high', value: 'final_price:asc' },
  { labelKey: 'sort.priceHighLow', label: 'Price: High to low', value: 'final_price:desc' },
  { labelKey: 'sort.qtyHighLow', label: 'Quantity: High to low', value: 'total_qty:desc' },
  { labelKey: 'sort.qtyLowHigh', label: 'Quantity: Low to high', value: 'total_qty:asc' },
  { labelKey: 'sort.default', label: 'Default', value: 'is_promoted:desc' },
];
/**
 * Relevance (the text search's score): offered whenever the shopper searched for words,
 * never on a category page, where there is no score.
 */
export const RELEVANCE_SORT: SortOption = {
  labelKey: 'sort.relevance',
  label: 'Relevance',
  value: '_score:desc',
};
export const DEFAULT_SORT = 'is_promoted:desc';
export const SEARCH_DEFAULT_SORT = 'total_qty:desc';

// ---- Listing filters (catalogue-and-cart.md §9 "Price filter ranges", "Filter aggregation size", "Filter query cap") ----
/** Price filter ranges in euros incl. tax; `to: null` is open-ended. Aggregation keys: priceRangeKey(). */
export const PRICE_RANGES: readonly { readonly from: number; readonly to: number | null }[] = [
  { from: 0, to: 50 },
  { from: 50, to: 100 },
  { from: 100, to: 150 },
  { from: 150, to: null },
];
export const FILTER_AGGREGATION_SIZE = 10;
export const FILTER_QUERY_CAP = 999;
/** catalogue-and-cart.md §2: system filter names (not attribute filters): sort, page, marketing tracking. */
export const SYSTEM_FILTER_NAMES: readonly string[] = [
  'sort',
  'page',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
];

// ---- Page sizes (both specs' §9) ----
export const SEARCH_DEFAULT_SIZE = 50;
export const SEARCH_SCREEN_PAGE_SIZE = 24;
export const PRODUCT_PAGE_SIZE = 50;
export const PRODUCT_PAGE_START = 0;
export const CATEGORY_LIST_SIZE = 4000;
/**
 * The largest product page one search answers. The spec's 4000 is the category
 * list's; the storefront asks for at most 100 products at once (special offers by ids), and a page of
 * thousands of full product documents would let anyone fill the answer cache and the heap.
 */
export const PRODUCT_SEARCH_MAX_SIZE = 200;
/**
 * The furthest start of a search page (Elasticsearch's default max_result_window, which the
 * Vue Storefront clients this API answers were made for): deep paging costs the database a scan of
 * every skipped hit, and no listing of the storefront pages that far.
 */
export const SEARCH_MAX_FROM = 10_000;
export const CATEGORY_LIST_SORT = 'position:asc';
export const CATEGORY_PAGE_SIZE = 12;
export const ATTRIBUTE_LIST_SIZE = 150;
export const CMS_LIST_SIZE = 150;
export const CMS_MAX_SIZE = 500;
export const HOME_LIST_SIZE = 8;
export const HOME_LIST_SORT = 'created_at:desc';
export const ORDER_HISTORY_PAGE_SIZE = 20;
export const ORDER_HISTORY_DEFAULT_PAGE = 1;
/** accounts-checkout-routes.md §7 "special offers": products searched by ids, 100 per query. */
export const SPECIAL_OFFERS_IDS_PER_QUERY = 100;

// ---- Search (catalogue-and-cart.md §5 and §9) ----
/**
 * The spec's "Search minimum score 1" (an Elasticsearch `min_score` there). Our relevance is the sum
 * over the term's words of how well each matched (about 1 as written, less for a typo),
 * so 1 is read as the share of the term's words a product must match: every word (the searches AND
 * them). A lone word's typo match scoring 0.5 stays a result (docs/decisions/).
 */
export const SEARCH_MIN_SCORE = 1;
export const SEARCH_TERM_MIN_LENGTH = 3;
export const SEARCH_CLIENT_TIMEOUT_MS = 5000;
export const SEARCH_SERVER_TIMEOUT_MS = 1000;
/** catalogue-and-cart.md §5: listing visibility 2, 3 or 4 and status 0 or 1; some searches 3 and 4 only. */
export const LISTING_VISIBILITY: readonly number[] = [2, 3, 4];
export const SEARCH_VISIBILITY: readonly number[] = [3, 4];
export const LISTING_STATUS: readonly number[] = [0, 1];
/** Product visibility 1 = not visible individually (catalogue-and-cart.md §4 "Product load"). */
export const VISIBILITY_NOT_VISIBLE = 1;
/** Status 2 or more = disabled. */
export const STATUS_DISABLED = 2;

// ---- Catalogue ----
export const ROOT_CATEGORY_ID = 2;

// ---- Stock and cart (catalogue-and-cart.md §9) ----
export const STOCK_LIST_BATCH = 15;
export const STOCK_SYNC_ENABLED = true;
export const ALLOW_OUT_OF_STOCK_IN_CART = true;
export const CART_REMOVAL_CONFIRM = true;
export const ALLOW_ZERO_PRICE = true;
/** catalogue-and-cart.md §2: the mini cart counts quantities, not lines. */
export const MINICART_COUNT_MODE: 'qty' | 'items' = 'qty';
/** "Bypass attempts: capped by a configured maximum (value not shown)": chosen 1 (guest fallback once). */
export const MAX_CART_BYPASS_ATTEMPTS = 1;
/** "Prefetch of configurable-children stock: capped by a configured count (value not shown)": chosen 8. */
export const CONFIGURABLE_CHILDREN_STOCK_PREFETCH = 8;
/** Network task attempts: 1 (accounts-checkout-routes.md §9). */
export const NETWORK_TASK_MAX_ATTEMPTS = 1;
/** Unit price in structured data (and analytics) is cents divided by 100. */
export const STRUCTURED_DATA_PRICE_DIVISOR = 100;

// ---- Caches (catalogue-and-cart.md §7 "Caches", accounts-checkout-routes.md §9) ----
export const CACHE_READ_TIMEOUT_MS = 800;
export const CACHE_ITERATE_TIMEOUT_MS = 2000;
export const STORAGE_QUOTA_CHECK_INTERVAL_MS = 30_000;
export const CACHE_MAX_WRITE_ERRORS = 30;
export const OUTPUT_CACHE_TTL_S = 86_400;
export const OUTPUT_CACHE_ENABLED = false;
export const LAZY_LOAD_ATTEMPTS = 2;
export const LAZY_LOAD_PRELOAD = 1.5;

// ---- UI timings (accounts-checkout-routes.md §9) ----
export const NOTIFICATION_TTL_MS = 5000;
export const IN_CHECKOUT_WINDOW_MS = 1_800_000;
export const SUBMENU_CLOSE_DELAY_MS = 300;
export const TRANSLATION_POLL_INTERVAL_MS = 500;
export const ERROR_TRACE_SAMPLE_RATE = 1;

// ---- Store content (accounts-checkout-routes.md §9) ----
export const NEWSLETTER_COUPON_PERCENT = 10;
/**
 * Cash-on-delivery collection fee. The spec conflicts (English text €2.00; Lithuanian text 3,00 € and
 * the displayed texts €3.00): we follow the two that agree, 3.00 € (incl. tax).
 */
export const CASH_ON_DELIVERY_FEE_CENTS = 300;
/** "Free shipping mentioned for orders over $99": store content; in our currency 99.00 € incl. tax. */
/** Largest quantity of one cart line (here, not in schemas.ts: the storefront reads it without zod). */
export const CART_MAX_QTY = 9999;
export const FREE_SHIPPING_THRESHOLD_CENTS = 9900;
export const MONEY_BACK_DAYS = 30;
export const SUPPORT_HOURS = { from: '8:00', to: '17:00', days: 'workdays' } as const;
export const DELIVERY_WORKDAYS = { min: 2, max: 3 } as const;

// ---- Payment providers (accounts-checkout-routes.md §4 "Bank payment", §9) ----
export const PAYMENT_NEOPAY = 'NEOPAY';
export const PAYMENT_MOKILIZINGAS = 'MOKILIZINGAS';
export const PAYMENT_CASH_ON_DELIVERY = 'cashondelivery';
/** the offline bank transfer method: the buyer pays to the shop's account after ordering */
export const PAYMENT_BANK_TRANSFER = 'banktransfer';

// ---- Product conditions and orders ----
/** Condition grades (catalogue-and-cart.md §1). */
export const CONDITION_GRADES = ['Brand New', 'A+', 'A', 'B', 'C+', 'C'] as const;
export type ConditionGrade = (typeof CONDITION_GRADES)[number];
/** Order status codes (accounts-checkout-routes.md §3 "Order status labels"); labels: messages `orderStatus.*`. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'cancelled',
  'collected',
  'completed',
  'fulfilled',
  'incomming',
  'new',
  'paid',
  'pending',
  'ready',
  'refunded',
  'shipped',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Product types (catalogue-and-cart.md §3 "type_id"). */
export const PRODUCT_TYPES = [
  'simple',
  'configurable',
  'grouped',
  'bundle',
  'virtual',
  'downloadable',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

// ---- Listing prefetch of configurable-children stock (catalogue-and-cart.md §9) ----
/**
 * catalogue-and-cart.md §9 "Prefetch of configurable-children stock: capped by a configured count
 * (value not shown)". The spec does not show the value: 8 (the first configurables of a listing page)
 * is our decision.
 */
export const CHILD_STOCK_PREFETCH_COUNT = 8;
/** How long a prefetched stock answer is used as a hint in the browser (our decision; not in the spec). */
export const CHILD_STOCK_CACHE_TTL_MS = 60_000;
