/** Shapes the storefront reads from the API (docs/CONTRACTS.md). Money is integer cents. */
import type {
  AddressBody,
  AttributeDocument,
  AttributeMetadataAnswer,
  BankAnswer,
  BannerAnswer,
  CartLineAnswer,
  CheckoutOptionsAnswer,
  ClaimAnswer,
  CmsBlockDocument,
  CmsPageDocument,
  CustomerReviewAnswer,
  DeliveryOptionsAnswer,
  HomePageAnswer,
  NewsItemAnswer,
  NewsPageAnswer,
  NewsletterConfirmationAnswer,
  OrderCreateBody,
  OrderCreatedAnswer,
  ReviewAnswer,
  ReviewListAnswer,
  SearchAnswer,
  SearchHitAnswer,
  SessionAnswer,
  SpecialOfferAnswer,
  StoreInfoAnswer,
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

/** the catalogue's documents: the shared contract (packages/domain/src/contracts/catalog-documents.ts) */
export type StockInfo = ProductDocument['stock'];
export type ConfigurableOption = ProductDocument['configurable_options'][number];
export type ConfigurableChild = ConfigurableChildDocument;
export type Product = ProductDocument;

/** `category/_search`: the shared contract (packages/domain/src/contracts/catalog-documents.ts) */
export type Category = CategoryDocument;

/** the catalogue search's documents and answer: the shared contract (contracts/search-answers.ts) */
export type CmsPage = CmsPageDocument;
export type CmsBlock = CmsBlockDocument;
export type AttributeDoc = AttributeDocument;
export type SearchHit<T> = SearchHitAnswer<T>;
export type SearchResponse<T> = SearchAnswer<T>;
/** catalogue-and-cart.md §3 "Search response" attributeMetadata: labels of aggregated attributes and options */
export type AttributeMetadata = AttributeMetadataAnswer;

export interface SearchResult<T> {
  items: T[];
  total: number;
  aggregations: Record<string, { key: string; count: number }[]>;
  /** how many items a page holds (the size asked for; catalogue-and-cart.md §3 "Search response") */
  perPage: number;
  /** the labels of the aggregated attributes and their options, in the store view's language */
  attributeMetadata: AttributeMetadata[];
  /** true: answered offline with nothing on the device (an empty result, spec §8; api-client/catalogue-cache.ts) */
  offline?: boolean;
}

/** `cart/pull` and `cart/update`: a line priced by the server (price null: it could not be priced) */
export type CartLine = CartLineAnswer;

/** an address the storefront sends (order/create, cart/shipping-information): the API's schema's input */
export type Address = AddressBody;

/** `GET /neopay/payment/banks/{clientId}`: the shared contract */
export type Bank = BankAnswer;

/** `POST /pickup-points/?code&cartId`: the shared contract */
export type PickupPoint = PickupPointAnswer;

/** `POST /order/create`: the shared contract */
export type OrderResult = OrderCreatedAnswer;

/** one change of an order's statuses, as its customer sees it */
export type OrderHistoryEntry = OrderHistoryEntryContract;

/** `GET /vsbridge/order/pull`: the shared contract (money in cents, computed by the server) */
export type OrderSummary = OrderPullAnswer;

/** the parcel and the history of an order, alike in order/pull and the account's history */
export type OrderProgressFields = Pick<
  OrderPullAnswer,
  'carrier' | 'tracking_number' | 'tracking_url' | 'is_pickup' | 'history'
>;

/** `POST /order/create`'s body, also as it is queued on the device: the API's schema's input */
export type OrderPayload = OrderCreateBody;

// ---- Accounts (accounts-checkout-routes.md §3 "User") ----

/** A saved address of the customer and `GET /user/me` (`user/create`, `POST /user/me`): the shared contract */
export type CustomerAddress = SavedAddress;
export type CustomerProfile = CustomerProfileAnswer;

/**
 * login and refresh (the shared contract's SessionAnswer): the access token and meta's refresh
 * token, group and group token; null when the answer had none
 */
export interface TokenPair {
  token: SessionAnswer['result'];
  refreshToken: SessionAnswer['meta']['refreshToken'] | null;
  groupToken: NonNullable<SessionAnswer['meta']['groupToken']> | null;
  groupId: NonNullable<SessionAnswer['meta']['groupId']> | null;
}

/** One order of `GET /user/order-history` and the page of them: the shared contract (money in cents) */
export type HistoryOrder = HistoryOrderAnswer;
export type OrderHistory = OrderHistoryAnswer;

/** the account's answers: the shared contract (contracts/account-answers.ts) */
export type Claim = ClaimAnswer;
export type SpecialOffer = SpecialOfferAnswer;
export type Review = ReviewAnswer;
export type ReviewList = ReviewListAnswer;
export type CustomerReview = CustomerReviewAnswer;
export type NewsletterConfirmation = NewsletterConfirmationAnswer;
export type NewsItem = NewsItemAnswer;
export type NewsPage = NewsPageAnswer;

/** the shop data (contracts/shop-answers.ts): home page, footer, delivery quote, offline checkout */
export type Banner = BannerAnswer;
export type StoreInfo = StoreInfoAnswer;
export type HomePageData = HomePageAnswer;
export type CheckoutOptions = CheckoutOptionsAnswer;
export type DeliveryOptions = DeliveryOptionsAnswer;

/** a search's filters: attribute code → a value, values, or a range (catalogue-and-cart.md §3) */
export type Filters = Record<
  string,
  string | number | boolean | (string | number)[] | { gte?: number; gt?: number; lte?: number; lt?: number }
>;
