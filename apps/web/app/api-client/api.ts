import {
  ORDER_HISTORY_PAGE_SIZE,
  SEARCH_CLIENT_TIMEOUT_MS,
  type PrivacyErasureAnswer,
  type ProfileUpdateBody,
  type ShippingInformationAnswer,
  type StockAnswer,
  type StoreCode,
  type SubscriptionStatusAnswer,
  type WithdrawalDoneAnswer,
  type WithdrawalViewAnswer,
} from '@vitrina/domain';
import type {
  Address,
  HomePageData,
  CheckoutOptions,
  DeliveryOptions,
  NewsItem,
  Claim,
  SpecialOffer,
  CustomerProfile,
  NewsletterConfirmation,
  OrderHistory,
  Review,
  TokenPair,
  AttributeDoc,
  CartLine,
  Category,
  CmsBlock,
  CmsPage,
  CustomerReview,
  NewsPage,
  ReviewList,
  OrderPayload,
  OrderSummary,
  OrderResult,
  PaymentMethod,
  Bank,
  PickupPoint,
  Product,
  SearchResponse,
  SearchResult,
  ShippingMethod,
  Totals,
  StoreInfo,
  Filters,
} from '../lib/types';
import { catalogIndex, storeCodeOf } from '../lib/store';
import { browserCatalogueCache, type CatalogueCache } from './catalogue-cache';
import type { CacheName } from './local-cache';
import {
  createRequest,
  sessionTokenOf,
  envelopeOf,
  okJsonOf,
  ApiError,
  WRONG_FORMAT,
  type ApiAnswer,
  type ApiAuth,
  type ApiFetch,
} from './request';

export {
  ApiError,
  BAD_CONTENT_TYPE,
  WRONG_FORMAT,
  type ApiAuth,
  type ApiFetch,
  type ApiFieldError,
  type ApiAnswer,
} from './request';

/**
 * The API's reads in the same process as a server render (the shop server passes them in the load
 * context; apps/api storefront-reads.ts): catalogue searches and the shop data every page shows,
 * without HTTP. Each answers the JSON the route would send, or rejects when the route is to answer
 * (input it refuses, a failure): the call is then made through `fetch`, so an answer or an error is
 * the route's own. The answers may be shared with other renders: read them, never change them.
 */
export interface ApiReads {
  search(index: string, type: string, query: Record<string, string>): Promise<object>;
  homePage(storeCode: StoreCode): Promise<object>;
  storeInfo(storeCode: StoreCode): Promise<object>;
  deliveryOptions(storeCode: StoreCode): Promise<object>;
}

export interface SearchParams {
  query?: string;
  filters?: Filters;
  aggregations?: string[];
  from?: number;
  size?: number;
  sort?: string;
  includeFields?: string[];
  excludeFields?: string[];
  /**
   * A text search in the browser is aborted after this long (catalogue-and-cart.md §9: client search
   * timeout 5000 ms, the default there); a server render has the API's own timeout.
   */
  timeoutMs?: number;
}

/** the client search timeout of a text search in the browser */
function searchTimeout(params: SearchParams): number | undefined {
  if (params.timeoutMs !== undefined) return params.timeoutMs;
  return params.query && typeof document !== 'undefined' ? SEARCH_CLIENT_TIMEOUT_MS : undefined;
}

export interface ApiOptions {
  fetch: ApiFetch;
  /** '' for same-origin (browser, in-process transport) or e.g. 'http://127.0.0.1:3000'. */
  baseUrl: string;
  storeCode: StoreCode;
  /** Customer token, when logged in (sent as `Authorization: Bearer`). */
  token?: string | null;
  /** The session: the current token and the refresh on a 401 (api-client/token-refresh.ts); wins over `token`. */
  auth?: ApiAuth;
  /**
   * The device caches of catalogue reads (api-client/catalogue-cache.ts, catalogue-and-cart.md §7
   * "Caches"): set by `browserApi`; the server reads without.
   */
  cache?: Pick<CatalogueCache, 'read'> | null;
  /** the API's reads in this process (a server render in the shop server); without: all through `fetch` */
  reads?: ApiReads | undefined;
}

type Query = Record<string, string | number | null | undefined>;

/** an in-process read (ApiReads), or null when the route is to answer instead */
async function readDirectly(read: () => Promise<object>): Promise<object | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/** the parameters a query string carries: those with a value, as text */
function queryValues(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = String(v);
  }
  return out;
}

function qs(query: Query): string {
  const parts = Object.entries(queryValues(query)).map(
    ([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
  );
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Normalises a search response into items, total and aggregation buckets. */
export function toSearchResult<T>(raw: SearchResponse<T>, perPage = 50): SearchResult<T> {
  const aggregations: SearchResult<T>['aggregations'] = {};
  for (const [code, agg] of Object.entries(raw.aggregations ?? {})) {
    aggregations[code] = (agg?.buckets ?? []).map((b) => ({ key: String(b.key), count: b.doc_count }));
  }
  return {
    items: (raw.hits?.hits ?? []).map((h) => h._source),
    total: raw.hits?.total?.value ?? 0,
    perPage,
    aggregations,
    attributeMetadata: Array.isArray(raw.attribute_metadata) ? raw.attribute_metadata : [],
  };
}

function activePage<T extends CmsPage | CmsBlock>(page: T | undefined): T | null {
  return page && page.enabled !== false && page.is_active !== false && page.active !== false ? page : null;
}

/** Which device cache keeps a catalogue search of this entity type (a text query: the search cache). */
export function catalogueCacheOf(type: string, params: SearchParams): CacheName {
  if (type === 'product') return params.query ? 'search' : 'products';
  if (type === 'category') return 'categories';
  if (type === 'attribute') return 'attributes';
  return 'search';
}

export function createApi({ fetch, baseUrl, storeCode, token, auth, cache, reads }: ApiOptions) {
  const base = baseUrl.replace(/\/$/, '');
  const currentGroup = () => auth?.group?.() ?? { groupToken: null, groupId: null };
  const request = createRequest({ fetch, base, auth, token, storeCode });
  const vsbridge = (path: string, query: Query) => `/vsbridge${path}${qs({ ...query, storeCode })}`;

  /** One envelope call with the session (its 401 refreshed once: api-client/request.ts). */
  async function callFull<T>(
    method: string,
    path: string,
    query: Query = {},
    body?: unknown,
    asGuest = false,
  ): Promise<{ result: T; meta: Record<string, unknown> | undefined }> {
    const answer = await request({
      method,
      url: vsbridge(path, query),
      body,
      auth: asGuest ? 'guest' : 'session',
    });
    return envelopeOf<T>(answer);
  }

  async function call<T>(method: string, path: string, query: Query = {}, body?: unknown): Promise<T> {
    return (await callFull<T>(method, path, query, body)).result;
  }

  /** a shop read: in this process when it can be (`reads`), else the route's GET */
  async function readOrCall<T>(read: 'homePage' | 'storeInfo' | 'deliveryOptions', path: string): Promise<T> {
    if (reads) {
      const direct = await readDirectly(() => reads[read](storeCode));
      if (direct) return direct as T;
    }
    return call<T>('GET', path);
  }

  /** login and refresh: `{result: access token, meta: {refreshToken}}` */
  async function tokenPair(path: string, body: unknown): Promise<TokenPair> {
    const { result, meta } = envelopeOf(
      await request({ method: 'POST', url: vsbridge(path, {}), body, auth: 'guest' }),
    );
    if (typeof result !== 'string') throw new ApiError(500, WRONG_FORMAT);
    return {
      token: result,
      refreshToken: typeof meta?.refreshToken === 'string' ? meta.refreshToken : null,
      groupToken: typeof meta?.groupToken === 'string' ? meta.groupToken : null,
      groupId: typeof meta?.groupId === 'number' ? meta.groupId : null,
    };
  }

  async function search<T>(type: string, params: SearchParams = {}): Promise<SearchResult<T>> {
    const body: { query?: string; filters?: Filters; aggregations?: string[] } = {};
    if (params.query) body.query = params.query;
    if (params.filters && Object.keys(params.filters).length) body.filters = params.filters;
    if (params.aggregations?.length) body.aggregations = params.aggregations;
    const query: Query = {
      storeCode,
      from: params.from ?? 0,
      size: params.size ?? 50,
      sort: params.sort,
      request: JSON.stringify(body),
      _source_include: params.includeFields?.join(','),
      _source_exclude: params.excludeFields?.join(','),
      // the group's prices (its own cache entries: the token is part of the URL)
      groupToken: type === 'product' ? currentGroup().groupToken : null,
    };
    const index = catalogIndex(storeCode);
    const path = `/vsbridge/catalog/${index}/${type}/_search${qs(query)}`;
    const url = `${base}${path}`;
    if (reads) {
      const direct = await readDirectly(() => reads.search(index, type, queryValues(query)));
      if (direct) return toSearchResult(direct as SearchResponse<T>, params.size ?? 50);
    }
    const load = async () => {
      const timeoutMs = searchTimeout(params);
      const json = okJsonOf(
        await request({
          method: 'GET',
          url: path,
          auth: 'guest',
          ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        }),
      );
      if (typeof json !== 'object' || json === null || !('hits' in json))
        throw new ApiError(500, WRONG_FORMAT);
      return toSearchResult(json as SearchResponse<T>, params.size ?? 50);
    };
    if (!cache) return load();
    const name = catalogueCacheOf(type, params);
    // offline with no copy: a text search answers an empty result marked offline (spec §8)
    const offline = (): SearchResult<T> => ({
      items: [],
      total: 0,
      perPage: params.size ?? 50,
      aggregations: {},
      attributeMetadata: [],
      offline: true,
    });
    return cache.read(name, url, load, name === 'search' ? { offline } : {});
  }

  const cartQuery = (cartId: string, extra: Query = {}) => ({ cartId, ...extra });

  /**
   * One sync task request (sync/queue.ts, accounts-checkout-routes.md §7 "Generic sync task"):
   * `buildUrl(token)` answers the path (`/vsbridge/...`) with its placeholders filled; the token
   * goes in the Authorization header; a 401 to a request with a token refreshes the session
   * (api-client/token-refresh.ts) and sends once more. Every HTTP answer is returned as it came, for the
   * task rules (sync/task.ts `classifyAnswer`); no answer at all (offline) rejects.
   */
  async function taskRequest(
    buildUrl: (token: string | null) => string,
    init: { method: string; payload?: unknown; headers?: Record<string, string> },
  ): Promise<ApiAnswer> {
    return request({
      method: init.method,
      url: buildUrl,
      body: init.payload,
      ...(init.headers ? { headers: init.headers } : {}),
    });
  }

  return {
    storeCode,
    search,
    taskRequest,
    searchProducts: (params: SearchParams) => search<Product>('product', params),
    searchCategories: (params: SearchParams) => search<Category>('category', params),
    searchAttributes: (params: SearchParams) => search<AttributeDoc>('attribute', params),
    /** The active CMS page with this identifier, or null. */
    async getCmsPage(identifier: string): Promise<CmsPage | null> {
      const res = await search<CmsPage>('cms_page', { filters: { identifier }, size: 1 });
      return activePage(res.items[0]);
    },
    /** The active CMS page whose slug (in this store view), else identifier, is `slug`; or null. */
    async findCmsPage(slug: string): Promise<CmsPage | null> {
      const bySlug = await search<CmsPage>('cms_page', { filters: { slug }, size: 1 });
      return activePage(bySlug.items[0]) ?? this.getCmsPage(slug);
    },
    /**
     * The active CMS blocks with these identifiers, as identifier → HTML (the shop's own content,
     * edited by its staff like CMS pages). A block that is missing or inactive is absent.
     */
    async cmsBlocks(identifiers: string[]): Promise<Record<string, string>> {
      const res = await search<CmsBlock>('cms_block', {
        filters: { identifier: identifiers },
        size: identifiers.length,
      });
      const out: Record<string, string> = {};
      for (const b of res.items) {
        const block = activePage(b);
        if (block?.identifier && typeof block.content === 'string') out[block.identifier] = block.content;
      }
      return out;
    },
    /**
     * Shipping fees (incl. VAT) and payment methods of the store view's default country (product page),
     * or of `countryId` (the shopper's, once known: fees with that country's VAT, as checkout charges).
     */
    deliveryOptions: (countryId?: string) =>
      countryId
        ? call<DeliveryOptions>('GET', '/shop/delivery-options', { countryId })
        : readOrCall<DeliveryOptions>('deliveryOptions', '/shop/delivery-options'),
    /** Per delivery country: shipping and payment methods with fees, for an offline checkout. */
    checkoutOptions: () => call<CheckoutOptions>('GET', '/shop/checkout-options'),
    /** Banners, slider and shop configuration of this store view (GET /home-page). */
    homePage: () => readOrCall<HomePageData>('homePage', '/home-page'),
    /** The seller's details and the payment and delivery methods by name (GET /store-info). */
    storeInfo: () => readOrCall<StoreInfo>('storeInfo', '/store-info'),
    news: {
      /** A page of news, newest first (`demo` marks the example items served while none exist). */
      list: (from = 0, size = 20) => call<NewsPage>('GET', '/news', { from, size }),
      /** One news item; a 404 when there is none with this slug. */
      get: (slug: string) => call<NewsItem>('GET', `/news/${encodeURIComponent(slug)}`),
    },
    products: {
      /**
       * The home page's bestsellers (`GET /products/bestsellers`): by units sold, newest first, the
       * `exclude`d products (the "New" list) left out.
       */
      bestsellers: async (params: { size: number; exclude: number[]; includeFields?: string[] }) =>
        (
          await call<{ items: Product[] }>('GET', '/products/bestsellers', {
            size: params.size,
            exclude: params.exclude.join(',') || undefined,
            _source_include: params.includeFields?.join(','),
          })
        ).items,
      /**
       * Fresh product documents by sku (`GET /products/render-list`, catalogue-and-cart.md §7), with
       * the customer's group (`userGroupId`, `groupToken`) when set: the prices of their tier. Never
       * cached: this is how visible prices are refreshed after login or a group change.
       */
      renderList: async (skus: string[]) => {
        const { groupToken, groupId } = currentGroup();
        const answer = await call<{ items: Product[] }>('GET', '/products/render-list', {
          skus: skus.join(','),
          userGroupId: groupId,
          groupToken,
        });
        return answer.items;
      },
    },
    stock: {
      /** Stock of several skus (the caller batches them 15 at a time, catalogue-and-cart.md §4). */
      list: (skus: string[]) => call<StockAnswer[]>('GET', '/stock/list', { skus: skus.join(',') }),
    },
    cart: {
      create: () => call<string>('POST', '/cart/create'),
      /** A guest cart even with a customer session (catalogue-and-cart.md §4 "Cart connection": 401 → guest). */
      createGuest: async () => (await callFull<string>('POST', '/cart/create', {}, undefined, true)).result,
      /**
       * A `create` without a customer session answers a new guest cart, which holds nothing yet; a
       * customer's may answer the cart they already have.
       */
      createsEmptyCart: () => sessionTokenOf({ auth, token }) === null,
      /**
       * A new cart made with its first line in one round trip (`cart/create` with `cartItem`, asked
       * `withTotals`: docs/CONTRACTS.md): its id, the line as `cart/update` answers it and the totals
       * after it; `line` null from a server that made the cart without it. `asGuest` as `createGuest`.
       */
      createWithLine: async (
        cartItem: { sku: string; qty: number; product_option?: unknown },
        asGuest = false,
      ) => {
        const { result, meta } = await callFull<string>(
          'POST',
          '/cart/create',
          { withTotals: 1 },
          { cartItem },
          asGuest,
        );
        return {
          token: result,
          line: (meta?.line ?? null) as CartLine | null,
          totals: (meta?.totals ?? null) as Totals | null,
        };
      },
      pull: (cartId: string) => call<CartLine[]>('GET', '/cart/pull', cartQuery(cartId)),
      update: (
        cartId: string,
        cartItem: { sku: string; qty: number; item_id?: number | string; product_option?: unknown },
      ) =>
        call<CartLine>('POST', '/cart/update', cartQuery(cartId), {
          cartItem: { ...cartItem, quoteId: cartId },
        }),
      /**
       * `cart/update` asked `withTotals`: the line and the cart's totals after the change in one round
       * trip (`meta.totals`; null from a server that does not answer them)
       */
      updateWithTotals: async (
        cartId: string,
        cartItem: { sku: string; qty: number; item_id?: number | string; product_option?: unknown },
      ) => {
        const { result, meta } = await callFull<CartLine>(
          'POST',
          '/cart/update',
          cartQuery(cartId, { withTotals: 1 }),
          {
            cartItem: { ...cartItem, quoteId: cartId },
          },
        );
        return { line: result, totals: (meta?.totals ?? null) as Totals | null };
      },
      delete: (cartId: string, cartItem: { sku: string; item_id?: number | string }) =>
        call<boolean>('POST', '/cart/delete', cartQuery(cartId), { cartItem }),
      totals: (cartId: string) => call<Totals>('GET', '/cart/totals', cartQuery(cartId)),
      /** catalogue-and-cart.md §7: the coupon goes in the query */
      applyCoupon: (cartId: string, coupon: string) =>
        call<boolean>('POST', '/cart/apply-coupon', cartQuery(cartId, { coupon })),
      deleteCoupon: (cartId: string) => call<boolean>('POST', '/cart/delete-coupon', cartQuery(cartId)),
      paymentMethods: (cartId: string) =>
        call<PaymentMethod[]>('GET', '/cart/payment-methods', cartQuery(cartId)),
      shippingMethods: (cartId: string, address: Partial<Address> & { country_id?: string }) =>
        call<ShippingMethod[]>('POST', '/cart/shipping-methods', cartQuery(cartId), { address }),
      /**
       * catalogue-and-cart.md §7 `POST /cart/collect-totals`: tells the cart the chosen payment method
       * (its fee is then in every totals answer, and in the order) and answers the totals.
       */
      collectTotals: (cartId: string, paymentMethod: string) =>
        call<Totals>('POST', '/cart/collect-totals', cartQuery(cartId), {
          methods: { paymentMethod: { method: paymentMethod } },
        }),
      shippingInformation: (
        cartId: string,
        addressInformation: {
          shippingAddress: Address;
          billingAddress: Address;
          shippingCarrierCode: string;
          shippingMethodCode: string;
        },
      ) =>
        call<ShippingInformationAnswer>('POST', '/cart/shipping-information', cartQuery(cartId), {
          addressInformation,
        }),
    },
    /**
     * The URL mapper (`POST /api/url/map`): what an unknown path stands for, or null. Its answer is
     * the hit itself (no envelope); a non-ok answer is null.
     */
    async mapUrl(url: string): Promise<{ _type: string; _source: Record<string, unknown> } | null> {
      const group = currentGroup();
      const load = async () => {
        const answer = await request({
          method: 'POST',
          url: `/api/url/map${qs({ storeCode })}`,
          auth: 'guest',
          body: {
            url,
            includeFields: ['sku', 'slug', 'identifier', 'url_path'],
            ...(group.groupToken ? group : {}),
          },
        });
        if (!answer.ok || !answer.contentType.includes('json')) return null;
        if (answer.parseError) throw new ApiError(answer.status, WRONG_FORMAT);
        const hit = answer.body as { _type?: string; _source?: Record<string, unknown> } | null;
        return hit && typeof hit._type === 'string' && hit._source
          ? { _type: hit._type, _source: hit._source }
          : null;
      };
      // the URL cache (spec §8: a quota error there clears only that cache)
      // (one entry for every group: the fields asked for carry no price)
      return cache ? cache.read('url', `${storeCode}:${url}`, load) : load();
    },
    order: {
      create: (order: OrderPayload) => call<OrderResult>('POST', '/order/create', {}, order),
      /** a placed order, readable with its secret token (thank-you page, guest order status) */
      pull: (number: string, orderToken: string) =>
        call<OrderSummary>('GET', '/order/pull', { number, orderToken }),
    },
    /** Payment providers (accounts-checkout-routes.md §7): NEOPAY banks; the redirect links. */
    payment: {
      neopayBanks: (clientId: string) =>
        call<Bank[]>('GET', `/neopay/payment/banks/${encodeURIComponent(clientId)}`),
      /** the page the browser is sent to after placing the order (token value: the cart id) */
      redirectUrl: (code: string, tokenValue: string, bank?: string | null) =>
        code === 'NEOPAY'
          ? `${base}/vsbridge/neopay/payment/${encodeURIComponent(tokenValue)}/${encodeURIComponent(bank || '-')}`
          : `${base}/vsbridge/mokilizingas/payment/${encodeURIComponent(tokenValue)}`,
    },
    pickupPoints: (code: string, cartId: string) =>
      call<PickupPoint[]>('POST', '/pickup-points/', { code, cartId }),
    user: {
      create: (customer: { email: string; firstname: string; lastname: string }, password: string) =>
        call<CustomerProfile>('POST', '/user/create', {}, { customer, password }),
      login: (username: string, password: string) => tokenPair('/user/login', { username, password }),
      /** Rotates the refresh token (sent without the access token: it may be the expired one). */
      refresh: (refreshToken: string) => tokenPair('/user/refresh', { refreshToken }),
      /** Ends the session on the server (the tokens are passed: the client has already forgotten them). */
      async logout(refreshToken?: string | null, accessToken?: string | null) {
        envelopeOf(
          await request({
            method: 'POST',
            url: vsbridge('/user/logout', {}),
            body: refreshToken ? { refreshToken } : {},
            auth: { bearer: accessToken ?? null },
          }),
        );
      },
      me: () => call<CustomerProfile>('GET', '/user/me'),
      /**
       * Only firstname, lastname, email and addresses may change; answers the profile and the message.
       * A new e-mail needs the current password (the API refuses it otherwise).
       */
      async updateMe(customer: ProfileUpdateBody['customer'], currentPassword?: string) {
        const body = currentPassword ? { customer, currentPassword } : { customer };
        const { result, meta } = await callFull<CustomerProfile>('POST', '/user/me', {}, body);
        return { profile: result, message: typeof meta?.message === 'string' ? meta.message : null };
      },
      orderHistory: (pageSize = ORDER_HISTORY_PAGE_SIZE, currentPage = 1) =>
        call<OrderHistory>('GET', '/user/order-history', { pageSize, currentPage }),
      claims: () => call<Claim[]>('GET', '/user/claims'),
      /** The customer's special offers (a token is required: accounts-checkout-routes.md §4). */
      specialOffers: () => call<SpecialOffer[]>('GET', '/user/special-offers'),
      reviews: () => call<CustomerReview[]>('GET', '/user/reviews'),
      resetPassword: (email: string) => call<unknown>('POST', '/user/reset-password', {}, { email }),
      createPassword: (email: string, newPassword: string, resetToken: string) =>
        call<string>('POST', '/user/create-password', {}, { email, newPassword, resetToken }),
      changePassword: (currentPassword: string, newPassword: string) =>
        call<string>('POST', '/user/change-password', {}, { currentPassword, newPassword }),
    },
    newsletter: {
      status: (email: string) => call<SubscriptionStatusAnswer>('GET', '/mailer/subscribe', { email }),
      subscribe: (email: string) =>
        call<SubscriptionStatusAnswer>('POST', '/mailer/subscribe', {}, { email }),
      unsubscribe: (email: string) =>
        call<SubscriptionStatusAnswer>('DELETE', '/mailer/subscribe', {}, { email }),
      confirm: (email: string, code: string) =>
        call<NewsletterConfirmation>('POST', '/mailer/mail-confirmation', {}, { email, code }),
    },
    review: {
      create: (review: {
        orderToken: string;
        number: string;
        title: string;
        detail: string;
        nickname: string;
        rating?: number;
        /** the product of the order reviewed; without it, feedback on the order as a whole */
        product_id?: number;
      }) => call<Review[]>('POST', '/review/create', {}, { review }),
      list: (productId: number | string, pageSize = 20) =>
        call<ReviewList>('GET', '/review/list', { productId, pageSize }),
    },
    /** "Notify me when it is back in stock" on an out-of-stock product (409: it is in stock). */
    stockAlert: {
      create: (email: string, sku: string) => call<true>('POST', '/stock-alert/create', {}, { email, sku }),
    },
    contact: {
      create: (message: { name: string; email: string; phone?: string; subject?: string; message: string }) =>
        call<unknown>('POST', '/contact/create', {}, message),
    },
    /** after the sale: the withdrawal function and the customer's own data (docs/legal.md) */
    afterSale: {
      withdrawalView: (number: string, orderToken?: string | null) =>
        call<WithdrawalView>('GET', '/withdrawal', orderToken ? { number, orderToken } : { number }),
      withdraw: (body: { number: string; token?: string; lines: { item_id: number; qty: number }[] }) =>
        call<WithdrawalDone>('POST', '/withdrawal', {}, { ...body, confirm: true }),
      /** e-mails the order's withdrawal link to the order's address; the same answer whether or not it matched */
      withdrawalLink: (body: { number: string; email: string }) =>
        call<string>('POST', '/withdrawal/link', {}, body),
      exportMyData: () => call<unknown>('GET', '/user/privacy/export'),
      eraseMe: (password: string) =>
        call<PrivacyErasureAnswer>('POST', '/user/privacy/erase', {}, { password }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;

export type WithdrawalView = WithdrawalViewAnswer;
export type WithdrawalDone = WithdrawalDoneAnswer;

let browserAuth: ApiAuth | undefined;

/** The session the browser's API uses (set once by state/user.ts). */
export function setBrowserAuth(auth: ApiAuth | undefined) {
  browserAuth = auth;
}

/**
 * The browser's API: same origin, relative `/vsbridge/...`, with the customer session when there is one.
 * `deviceCache: false`: catalogue reads without the device's copies (a read the page can make again
 * from the server when offline: a listing's filter falls back to the router's navigation).
 */
export function browserApi(
  storeCode: StoreCode,
  { deviceCache = true }: { deviceCache?: boolean } = {},
): Api {
  return createApi({
    fetch: (input, init) => globalThis.fetch(input, init),
    baseUrl: '',
    storeCode,
    auth: {
      token: () => browserAuth?.token() ?? null,
      refresh: (failed) => browserAuth?.refresh(failed) ?? Promise.resolve(null),
      group: () => browserAuth?.group?.() ?? { groupToken: null, groupId: null },
    },
    ...(deviceCache ? { cache: browserCatalogueCache() } : {}),
  });
}

const currentApis = new Map<StoreCode, Api>();

/**
 * The browser's API for the store view of the page shown now (from the address, as `useApi` has it
 * from the router's location), one client per store view: what a store bound to the API once (the
 * cart, the user session, the newsletter, the checkout options, the sync queue: state/*.ts) asks
 * for, so its callers do not hand it a client.
 */
export function currentBrowserApi(): Api {
  const storeCode = storeCodeOf(typeof location === 'undefined' ? '/' : location.pathname);
  let api = currentApis.get(storeCode);
  if (!api) currentApis.set(storeCode, (api = browserApi(storeCode)));
  return api;
}
