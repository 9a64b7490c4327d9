/**
 * The API's configuration, read once from the environment by `loadApiConfig(env)`.
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `DATA_DIR` | `var` | data folder; only used to derive the `MEDIA_DIR` default |
 * | `MEDIA_DIR` | `$DATA_DIR/media` | image originals (`/demo/...`, `/media/...`); resized copies go to `MEDIA_DIR/.cache` |
 * | `BANNERS_DIR` | `$DATA_DIR/banners` | banner JSON per store view (`lt.json`, `en.json`, `ru.json`); a kind listed there replaces the database's banners of that kind in `/home-page` |
 * | `ADMIN_TOKEN` | unset | bearer token of `POST /vsbridge/admin/*`; unset means every admin call answers 401 |
 * | `PUBLIC_URL` | `http://localhost:3000` | the shop's public origin (OpenAPI `servers`, absolute links in answers) |
 * | `COD_FEE_CENTS` | `300` | cash on delivery collection fee in cents **incl. VAT** (what the shopper pays; unlike the import file's amounts, which are net). The spec's texts disagree (€2.00 in English, 3,00 € in Lithuanian and in the displayed texts): one configured amount, 3.00 € by default. It wins over the `fee` of the imported `cashondelivery` method; it is offered on the method, shown in the checkout's totals and charged by the order alike. |
 * | `CROSS_BORDER_TRADE` | `false` | VAT by destination (issue #14): off, every amount (products, shipping, fees, fixed coupons, thresholds; imported net of VAT) is charged net × (1 + the delivery country's rate) in the cart, its totals and the order, so the shop's net income is the same whatever the country (an Estonian address pays 24 %); the store view's default country (LT) applies until an address is given. `true` (Magento's "Cross Border Trade"): everyone pays the gross of the store view's default country and only the VAT contained in it is taken at the delivery country's rate (the behaviour before issue #14). The catalogue lists prices with the default country's VAT either way |
 * | `URL_DISPATCHER` | `false` | Issue #14 item 5, for a shop moving from Magento: `true` serves categories, products and CMS pages at their `url_path` (a category at its path, e.g. `/nesiojami-kompiuteriai`; a product at the `url_path` its import file gave, e.g. `/nesiojami-kompiuteriai/lenovo-t14.html`, else at `/p/{sku}/{slug}`; a CMS page at `/{slug}`; `/en` and `/ru` prefixed in those store views); `/api/url/map` maps such a bare path, `/c/…`, `/p/…` and `/i/…` answer 301 to it, and canonical links and hreflang name it. Read by the API and by the storefront process |
 * | `COD_PAYMENT_CODE` | `cashondelivery` | payment method code that carries the COD fee and is hidden for virtual carts |
 * | `OUT_OF_STOCK_LISTING` | `true` | list sold-out products in catalogue listings and search, after the available ones (README "Sold-out products stay listed"); `false`: the spec's rule, search requires `total_qty` above 0 (unless by id, sku or url_path) and `is_in_stock` |
 * | `SEARCH_TIMEOUT_MS` | `1000` | PostgreSQL `statement_timeout` of a catalogue search (spec §9 "1000 ms server") |
 * | `SEARCH_TYPO_THRESHOLD` | `0.4` | trigram word similarity (0..1) at which a search term matches a product with a typo |
 * | `SEARCH_INDEX` | `memory` | `memory`: product search answered by the in-process index (catalog/search-index.ts) in front of SQL; `sql`: SQL only |
 * | `PRICE_RANGES` | `0-50,50-100,100-150,150-` (the domain's PRICE_RANGES) | price aggregation buckets in euros incl. tax (spec §9); bucket keys `0.0-50.0` ... `150.0-*` |
 * | `CATALOG_CACHE_ENTRIES` | `2000` | in-process LRU of catalogue answers (key: hash of query + catalogue version); `0` turns it off |
 * | `CATALOG_CACHE_MB` | `64` | the same cache's memory budget: the estimated heap the cached answers take (4 bytes per character of their JSON), whichever of the two limits is reached first; `0` turns it off |
 * | `IMAGE_SIZES` | `150,266,300,400,452,600,800,1000,1200,1600,1920` | allowed widths/heights of `/vsbridge/image/{w}/{h}/resize/...` (none above 2000) |
 * | `IMAGE_MEMORY_CACHE_MB` | `64` | in-memory LRU of resized images |
 * | `IMAGE_DISK_CACHE_MB` | `1024` | disk cache of resized images (`MEDIA_DIR/.cache`): above it the least recently used copies are deleted (down to 90%); `0` keeps none on disk |
 * | `IMAGE_RESIZE_CONCURRENCY` | `2` | resizes running at once (each decodes an original and takes a core) |
 * | `IMAGE_RESIZE_QUEUE` | `32` | resizes waiting for a free slot; beyond that a request answers 503 with `Retry-After: 1` |
 * | `IMAGE_MAX_PIXELS` | `50000000` | largest original (width × height) that is decoded; a larger one answers 422, before decoding (a decompression bomb) |
 * | `API_BODY_LIMIT` | `1048576` | body limit of ordinary API calls in bytes (the catalogue import has its own 200 MB); a larger body answers 413 naming the limit, after the rest of it (up to 32 MB) has been read, so that the client can read the answer |
 * | `TRUST_PROXY` | off | whose `X-Forwarded-For` is believed for the client address (rate limits, logs): off = nobody, the TCP peer is the client; a number = that many reverse-proxy hops in front of the shop (`1`: one nginx), safe only when nothing but those proxies can reach the shop's port; or a comma list of proxy addresses/CIDRs (`10.0.0.0/8,127.0.0.1`, also `loopback`, `linklocal`, `uniquelocal`). Read by the shop server too. Never `true`: any client could then pick its own address |
 * | `REDIS_URL` | unset | reserved: shared catalogue cache between processes (see `catalog/cache.ts`); not used yet |
 *
 * Accounts, sessions and engagement (issue #6; apps/api/src/auth, user, newsletter, review, contact, mail):
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `AUTH_SECRET` | generated | key of the access tokens (HS256) and of the refresh-token successors; at least 32 characters. Unset: a random one is generated on the first start and kept in the `meta` table (key `auth_secret`), so restarts and other processes on the same database keep the sessions. Set it in production (then the database alone cannot mint tokens); changing it ends every session. |
 * | `ACCESS_TOKEN_TTL_SECONDS` | `900` | lifetime of an access token (15 min) |
 * | `REFRESH_TOKEN_TTL_DAYS` | `30` | lifetime of a refresh token; each rotation starts a new one |
 * | `REFRESH_REUSE_GRACE_SECONDS` | `10` | a rotated refresh token presented again within this time answers the same new pair; later it revokes the whole session |
 * | `PASSWORD_RESET_TTL_MINUTES` | `60` | validity of a password reset link (single use) |
 * | `RATE_LIMIT_LOGIN_ACCOUNT` | `10/900` | login attempts per account (e-mail, registered or not) per window, as `count/seconds` (`0` turns a limit off); a successful login clears the account's count; change-password's current-password checks count here too |
 * | `RATE_LIMIT_LOGIN_ADDRESS` | `50/900` | login attempts per client address (all of them) |
 * | `RATE_LIMIT_RESET_ACCOUNT` | `3/3600` | password reset e-mails per account |
 * | `RATE_LIMIT_RESET_ADDRESS` | `10/3600` | password reset requests per client address |
 * | `RATE_LIMIT_SIGNUP_ADDRESS` | `20/3600` | accounts created per client address |
 * | `RATE_LIMIT_NEWSLETTER_ADDRESS` | `20/3600` | newsletter subscriptions per client address |
 * | `RATE_LIMIT_NEWSLETTER_EMAIL` | `3/3600` | confirmation e-mails per subscribed address |
 * | `RATE_LIMIT_CONTACT_ADDRESS` | `5/3600` | contact messages per client address |
 * | `MAIL_FROM` | `Vitrina <no-reply@localhost>` | sender of the shop's e-mails |
 * | `CONTACT_EMAIL` | `info@localhost` | where contact form messages are e-mailed |
 * | `ORDERS_EMAIL` | unset | the shop's new-order notice goes to this address (one per order, issue #15); unset: no notice |
 * | `MAIL_OUTBOX_INTERVAL_MS` | `5000` | how often the outbox processor sends pending e-mails (LogTransport: to the log); `0` turns it off |
 * | `EXPOSE_OUTBOX` | `false` | `true` serves `GET /vsbridge/mail/outbox?kind&to` (the e-mails written, newest first) and keeps sent e-mails unredacted: for browser tests that follow links in e-mails. Never in production. |
 * | `SMTP_URL` | unset | e-mails go out through this SMTP server (`smtp://user:pass@host:587`, `smtps://host:465`) |
 * | `MAIL_DIR` | `$DATA_DIR/mail` when DATA_DIR is given | without SMTP_URL: each e-mail is written there as an `.eml` file; with neither (a bare API, tests) e-mails go to the log |
 * | `RATE_LIMIT_STOCK_ALERT_ADDRESS` | `20/3600` | back-in-stock requests per client address |
 * | `DEMO_SPECIAL_OFFERS` | `true` unless SEED_DEMO is `false` | in a shop seeded with the demo catalogue, every new customer gets three special offers labelled demo (10% off listed products in stock) |
 * | `GROUP_PRICING` | `false` | customer groups' price tiers: login answers a signed group token, and the render list, catalogue search and URL map price products at the tier of the `groupToken` (or a customer token); the cart and orders charge the tier of the cart's owner |
 * | `REDIS_URL` (rate limits) | unset | the rate-limit counters are kept in this Redis (shared by every process); unset: in the process |
 *
 * Orders awaiting online payment (issue #12; apps/api/src/order/unpaid.ts). Online payment: a payment
 * method that is not `offline` (NEOPAY, MOKILIZINGAS); cash on delivery and bank transfer are never touched:
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `UNPAID_ORDER_TTL_MINUTES` | `60` | an order still awaiting online payment this long after it was placed is cancelled and its units go back to stock; its page says it was not paid in time. A payment that arrives later revives it when the units are still there, otherwise the order stays cancelled with payment status `refund_due` and an `order.refund-due` outbox row for the staff |
 * | `PRICE_WINDOW_REFRESH_MS` | `60000` | how often the products whose special-price window opened or closed are re-indexed (catalog/price-windows.ts; also once at start); `0`: not in this process |
 * | `UNPAID_ORDER_SWEEP_INTERVAL_MS` | `60000` | how often this process looks for such orders; `0` turns the sweep off in this process (another process must run it) |
 * | `UNPAID_ORDERS_MAX_PER_CUSTOMER` | `3` | open orders awaiting online payment a customer may have; one more answers 429. `0`: no cap |
 * | `UNPAID_ORDERS_MAX_PER_ADDRESS` | `10` | the same per client address (guests too); higher than per customer because many shoppers may share one address (offices, mobile networks). `0`: no cap |
 *
 * The seller (issue #15: VAT invoices in invoice/, as `shop`; issue #13: the storefront footer, as
 * `company`, raw). Empty values are left off the invoice and the footer; while every one is unset and the
 * shop runs on the seeded demo catalogue, the footer shows fictional demo details marked as demo
 * (shop/store-info.ts). A shop that issues invoices sets at least the name, company code, VAT code and
 * address:
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `SHOP_COMPANY_NAME` | `Vitrina` | the seller's legal name |
 * | `SHOP_COMPANY_CODE` | empty | company code (įmonės kodas) |
 * | `SHOP_VAT_CODE` | empty | VAT code (PVM mokėtojo kodas), e.g. `LT100000000000` |
 * | `SHOP_ADDRESS` | empty | registered address, one line |
 * | `SHOP_PHONE` | empty | phone |
 * | `SHOP_EMAIL` | `CONTACT_EMAIL`'s address | e-mail |
 * | `SHOP_BANK_NAME` | empty | bank of the account below |
 * | `SHOP_IBAN` | empty | bank account (IBAN) buyers pay to; with `SHOP_BANK_NAME`, the bank-transfer thank-you page shows the account (otherwise only that the order awaits payment) |
 * | `INVOICE_PREFIX` | `VIT-` | invoice number series: the prefix, then 6 digits (`VIT-000001`), gap-free |
 * | `CREDIT_NOTE_PREFIX` | `VITK-` | credit note number series (kreditinės PVM sąskaitos faktūros), gap-free, its own; must differ from INVOICE_PREFIX |
 *
 * Integration and operations (issue #15; integration/, README "Integration"):
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `WEBHOOK_URLS` | unset | comma list of http(s) URLs each order event is POSTed to (signed; at least once) |
 * | `WEBHOOK_SECRET` | unset | HMAC-SHA256 key of the `Vitrina-Signature` header; required (≥ 16 characters) when WEBHOOK_URLS is set |
 * | `WEBHOOK_INTERVAL_MS` | `2000` | how often pending deliveries are sent; `0`: not in this process |
 * | `WEBHOOK_TIMEOUT_MS` | `5000` | a receiver that does not answer within this is a failure (retried) |
 * | `WEBHOOK_MAX_ATTEMPTS` | `12` | attempts per delivery (backoff 10 s, 20 s, 40 s ... capped at 1 h) before it is given up (`failed`) |
 * | `METRICS_TOKEN` | unset | bearer token of `GET /metrics`; unset: `/metrics` answers only requests from the machine itself (loopback) |
 *
 * Payment providers (NEOPAY_*, MOKILIZINGAS_*, PAYMENT_SANDBOX): see payment/config.ts.
 *
 * The back office (issue #15 "Staff"; apps/api/src/staff): staff accounts come from `npm run staff`.
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `STAFF_SESSION_IDLE_MINUTES` | `30` | a staff session ends after this long without a request |
 * | `STAFF_SESSION_MAX_HOURS` | `10` | a staff session ends this long after its login, however busy |
 * | `RATE_LIMIT_STAFF_LOGIN_ACCOUNT` | `5/900` | staff login attempts per staff e-mail per window (`count/seconds`); a success clears the count |
 * | `RATE_LIMIT_STAFF_LOGIN_ADDRESS` | `20/900` | staff login attempts per client address |
 *
 * The rate-limit counters live in the process (auth/rate-limit.ts), or in Redis when REDIS_URL is set
 * (auth/redis-rate-limit.ts), so that several processes share them.
 * The client address is the request's `ip`: a server that forwards requests to this API by `inject`
 * must pass the client's address on (`remoteAddress: req.ip`), or every client counts as one.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { loadPaymentConfig, type PaymentConfig } from './payment/config.ts';
import { CASH_ON_DELIVERY_FEE_CENTS, PAYMENT_CASH_ON_DELIVERY, PRICE_RANGES, priceRangeKey } from '@vitrina/domain';

export type PriceRange = { from: number; to: number | null };

export type ApiConfig = {
  mediaDir: string;
  /** BANNERS_DIR (default $DATA_DIR/banners): banner JSON files per store view */
  bannersDir: string;
  adminToken: string | undefined;
  publicUrl: string;
  codFeeCents: number;
  codPaymentCode: string;
  outOfStockListing: boolean;
  searchTimeoutMs: number;
  searchTypoThreshold: number;
  /** 'memory': the in-process product search index answers what it can; 'sql': PostgreSQL only */
  searchIndex: 'memory' | 'sql';
  /** euros incl. tax; `to: null` is open-ended */
  priceRanges: PriceRange[];
  catalogCacheEntries: number;
  /** CATALOG_CACHE_MB in bytes */
  catalogCacheBytes: number;
  /** how long a catalogue version read is reused (ms); imports through this process forget it at once */
  catalogVersionTtlMs: number;
  imageSizes: number[];
  imageMemoryCacheBytes: number;
  /** IMAGE_DISK_CACHE_MB in bytes; 0: no disk cache */
  imageDiskCacheBytes: number;
  imageResizeConcurrency: number;
  imageResizeQueue: number;
  imageMaxPixels: number;
  bodyLimit: number;
  /** TRUST_PROXY: Fastify's `trustProxy` (false, a hop count, or proxy addresses/CIDRs) */
  trustProxy: TrustProxy;
  redisUrl: string | undefined;
  /** AUTH_SECRET; undefined: generated once and kept in the meta table (auth/secret.ts) */
  authSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshReuseGraceSeconds: number;
  passwordResetTtlSeconds: number;
  rateLimits: RateLimits;
  mailFrom: string;
  contactEmail: string;
  /** ORDERS_EMAIL: where the shop's new-order notice goes; undefined: none */
  ordersEmail: string | undefined;
  mailOutboxIntervalMs: number;
  exposeOutbox: boolean;
  /** SMTP_URL: e-mails through SMTP */
  smtpUrl: string | undefined;
  /** MAIL_DIR (default $DATA_DIR/mail when DATA_DIR is given): e-mails as .eml files without SMTP_URL */
  mailDir: string | undefined;
  /** DEMO_SPECIAL_OFFERS: new customers get three offers labelled demo */
  demoSpecialOffers: boolean;
  /** SHOP_COMPANY_NAME, SHOP_COMPANY_CODE, SHOP_VAT_CODE, SHOP_ADDRESS, SHOP_PHONE, SHOP_EMAIL ('' = unset) */
  company: CompanyDetails;
  /** SHOP_BANK_NAME, SHOP_IBAN, SHOP_COMPANY_NAME: the account bank-transfer buyers pay to */
  sellerBank: { bankName: string; iban: string; companyName: string };
  /** GROUP_PRICING: customer groups' price tiers (user/group-pricing.ts) */
  groupPricing: boolean;
  /** CROSS_BORDER_TRADE: one gross price everywhere (the store country's) instead of the destination's VAT */
  crossBorderTrade: boolean;
  /** URL_DISPATCHER: categories, products and CMS pages are served at their url_path (issue #14 item 5) */
  urlDispatcher: boolean;
  /** payment providers (payment/config.ts: NEOPAY_*, MOKILIZINGAS_*, PAYMENT_SANDBOX) */
  payment: PaymentConfig;
  /** PRICE_WINDOW_REFRESH_MS: how often special-price windows are checked (catalog/price-windows.ts; 0: not in this process) */
  priceWindowRefreshMs: number;
  /** orders awaiting online payment (order/unpaid.ts) */
  unpaidOrders: UnpaidOrderLimits;
  /** the seller: invoices and the storefront footer (SHOP_*) */
  shop: ShopIdentity;
  /** INVOICE_PREFIX: the invoice number series' prefix */
  invoicePrefix: string;
  /** CREDIT_NOTE_PREFIX: the credit note series' prefix (its own series) */
  creditNotePrefix: string;
  /** signed order webhooks (integration/webhooks.ts) */
  webhooks: WebhookConfig;
  /** METRICS_TOKEN; undefined: /metrics for loopback clients only */
  metricsToken: string | undefined;
  /** the back office's sessions (staff/sessions.ts) */
  staff: StaffSessionConfig;
};

/** The seller as invoices and the storefront footer name it (SHOP_*); '' when not configured. */
export type ShopIdentity = {
  companyName: string;
  companyCode: string;
  vatCode: string;
  address: string;
  phone: string;
  email: string;
  bankName: string;
  iban: string;
};

export type WebhookConfig = {
  urls: string[];
  secret: string | undefined;
  intervalMs: number;
  timeoutMs: number;
  maxAttempts: number;
};

export type StaffSessionConfig = {
  /** STAFF_SESSION_IDLE_MINUTES in seconds */
  idleSeconds: number;
  /** STAFF_SESSION_MAX_HOURS in seconds */
  maxSeconds: number;
  /** PUBLIC_URL is https: the cookie is Secure */
  secureCookie: boolean;
};

export type UnpaidOrderLimits = {
  /** UNPAID_ORDER_TTL_MINUTES: cancelled after this long unpaid */
  ttlMinutes: number;
  /** UNPAID_ORDER_SWEEP_INTERVAL_MS (0: not in this process) */
  sweepIntervalMs: number;
  /** UNPAID_ORDERS_MAX_PER_CUSTOMER (0: no cap) */
  maxPerCustomer: number;
  /** UNPAID_ORDERS_MAX_PER_ADDRESS (0: no cap) */
  maxPerAddress: number;
};

/** whose X-Forwarded-For is believed: nobody, the nearest N hops, or these proxies (Fastify's `trustProxy`) */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY (issue #12 item 7). Off by default: believing X-Forwarded-For from anyone lets every
 * client choose the address its rate limits count against. `true` is refused for the same reason.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || ['off', 'false', 'no', '0'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUST_PROXY: a hop count must be at most 10, got "${value}"`);
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries)
    if (!PROXY_NAMES.has(entry) && !isAddressOrCidr(entry))
      throw new Error(
        `TRUST_PROXY must be off, a hop count, or a comma list of proxy addresses/CIDRs, got "${entry || value}"`,
      );
  return entries;
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY. A hop count becomes a function trusting the nearest N
 * hops (Fastify 5 ignores a bare number: a hop count cannot tell a proxy from a client that reaches
 * the shop directly, so it is only safe where nothing but the proxies can reach the shop's port).
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** `count` events per `windowSeconds`; count 0: no limit */
export type RateRule = { count: number; windowSeconds: number };
export type RateLimits = {
  loginAccount: RateRule;
  loginAddress: RateRule;
  resetAccount: RateRule;
  resetAddress: RateRule;
  signupAddress: RateRule;
  newsletterAddress: RateRule;
  newsletterEmail: RateRule;
  contactAddress: RateRule;
  stockAlertAddress: RateRule;
  staffLoginAccount: RateRule;
  staffLoginAddress: RateRule;
};

export const MAX_IMAGE_SIZE = 2000;
export const ADMIN_BODY_LIMIT = 200 * 1024 * 1024;

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean) {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

function parsePriceRanges(raw: string): PriceRange[] {
  const ranges = raw.split(',').map((part) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)?\s*$/.exec(part);
    if (!m) throw new Error(`PRICE_RANGES: "${part}" is not "from-to" or "from-"`);
    return { from: Number(m[1]), to: m[2] === undefined ? null : Number(m[2]) };
  });
  if (ranges.length === 0) throw new Error('PRICE_RANGES must name at least one range');
  const keys = new Set(ranges.map(priceRangeKey));
  if (keys.size !== ranges.length) throw new Error('PRICE_RANGES names a range twice');
  return ranges;
}

function rateRule(env: NodeJS.ProcessEnv, name: string, fallback: string): RateRule {
  const raw = (env[name] || fallback).trim();
  if (raw === '0') return { count: 0, windowSeconds: 1 };
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(raw);
  const count = Number(m?.[1]);
  const windowSeconds = Number(m?.[2]);
  if (!m || count > 1_000_000 || windowSeconds < 1 || windowSeconds > 31 * 86_400)
    throw new Error(`${name} must be "count/seconds" (e.g. 10/900) or 0, got "${raw}"`);
  return { count, windowSeconds };
}

function email(env: NodeJS.ProcessEnv, name: string, fallback: string) {
  const raw = (env[name] || fallback).trim();
  if (!/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(raw)) throw new Error(`${name} must be an e-mail address, got "${raw}"`);
  return raw;
}

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ApiConfig {
  const dataDir = path.resolve(cwd, env.DATA_DIR || 'var');
  const imageSizes = (env.IMAGE_SIZES || '150,266,300,400,452,600,800,1000,1200,1600,1920')
    .split(',')
    .map((s) => Number(s.trim()));
  for (const s of imageSizes)
    if (!Number.isInteger(s) || s < 1 || s > MAX_IMAGE_SIZE)
      throw new Error(`IMAGE_SIZES: every size must be an integer from 1 to ${MAX_IMAGE_SIZE}`);
  const threshold = Number(env.SEARCH_TYPO_THRESHOLD || 0.4);
  if (!(threshold > 0 && threshold <= 1)) throw new Error('SEARCH_TYPO_THRESHOLD must be in (0, 1]');
  return {
    mediaDir: path.resolve(cwd, env.MEDIA_DIR || path.join(dataDir, 'media')),
    bannersDir: path.resolve(cwd, env.BANNERS_DIR || path.join(dataDir, 'banners')),
    adminToken: env.ADMIN_TOKEN || undefined,
    publicUrl: (env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    codFeeCents: int(env, 'COD_FEE_CENTS', CASH_ON_DELIVERY_FEE_CENTS, 0, 1_000_000),
    codPaymentCode: env.COD_PAYMENT_CODE || PAYMENT_CASH_ON_DELIVERY,
    outOfStockListing: bool(env, 'OUT_OF_STOCK_LISTING', true),
    searchTimeoutMs: int(env, 'SEARCH_TIMEOUT_MS', 1000, 1, 600_000),
    searchTypoThreshold: threshold,
    searchIndex: env.SEARCH_INDEX === 'sql' ? 'sql' : 'memory',
    priceRanges: env.PRICE_RANGES ? parsePriceRanges(env.PRICE_RANGES) : PRICE_RANGES.map((r) => ({ ...r })),
    catalogCacheEntries: int(env, 'CATALOG_CACHE_ENTRIES', 2000, 0, 1_000_000),
    catalogCacheBytes: int(env, 'CATALOG_CACHE_MB', 64, 0, 65_536) * 1024 * 1024,
    catalogVersionTtlMs: int(env, 'CATALOG_VERSION_TTL_MS', 1000, 0, 60_000),
    imageSizes: [...new Set(imageSizes)].sort((a, b) => a - b),
    imageMemoryCacheBytes: int(env, 'IMAGE_MEMORY_CACHE_MB', 64, 0, 16_384) * 1024 * 1024,
    imageDiskCacheBytes: int(env, 'IMAGE_DISK_CACHE_MB', 1024, 0, 1_048_576) * 1024 * 1024,
    imageResizeConcurrency: int(env, 'IMAGE_RESIZE_CONCURRENCY', 2, 1, 64),
    imageResizeQueue: int(env, 'IMAGE_RESIZE_QUEUE', 32, 0, 10_000),
    imageMaxPixels: int(env, 'IMAGE_MAX_PIXELS', 50_000_000, 1, 1_000_000_000),
    bodyLimit: int(env, 'API_BODY_LIMIT', 1024 * 1024, 1024, ADMIN_BODY_LIMIT),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL || undefined,
    authSecret: authSecret(env.AUTH_SECRET),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 30, 86_400),
    refreshTokenTtlSeconds: int(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1, 365) * 86_400,
    refreshReuseGraceSeconds: int(env, 'REFRESH_REUSE_GRACE_SECONDS', 10, 0, 300),
    passwordResetTtlSeconds: int(env, 'PASSWORD_RESET_TTL_MINUTES', 60, 5, 7 * 24 * 60) * 60,
    rateLimits: {
      loginAccount: rateRule(env, 'RATE_LIMIT_LOGIN_ACCOUNT', '10/900'),
      loginAddress: rateRule(env, 'RATE_LIMIT_LOGIN_ADDRESS', '50/900'),
      resetAccount: rateRule(env, 'RATE_LIMIT_RESET_ACCOUNT', '3/3600'),
      resetAddress: rateRule(env, 'RATE_LIMIT_RESET_ADDRESS', '10/3600'),
      signupAddress: rateRule(env, 'RATE_LIMIT_SIGNUP_ADDRESS', '20/3600'),
      newsletterAddress: rateRule(env, 'RATE_LIMIT_NEWSLETTER_ADDRESS', '20/3600'),
      newsletterEmail: rateRule(env, 'RATE_LIMIT_NEWSLETTER_EMAIL', '3/3600'),
      contactAddress: rateRule(env, 'RATE_LIMIT_CONTACT_ADDRESS', '5/3600'),
      stockAlertAddress: rateRule(env, 'RATE_LIMIT_STOCK_ALERT_ADDRESS', '20/3600'),
      staffLoginAccount: rateRule(env, 'RATE_LIMIT_STAFF_LOGIN_ACCOUNT', '5/900'),
      staffLoginAddress: rateRule(env, 'RATE_LIMIT_STAFF_LOGIN_ADDRESS', '20/900'),
    },
    mailFrom: email(env, 'MAIL_FROM', 'Vitrina <no-reply@localhost>'),
    contactEmail: email(env, 'CONTACT_EMAIL', 'info@localhost'),
    ordersEmail: env.ORDERS_EMAIL?.trim() ? email(env, 'ORDERS_EMAIL', '') : undefined,
    mailOutboxIntervalMs: int(env, 'MAIL_OUTBOX_INTERVAL_MS', 5000, 0, 3_600_000),
    exposeOutbox: bool(env, 'EXPOSE_OUTBOX', false),
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: env.MAIL_DIR ? path.resolve(cwd, env.MAIL_DIR) : env.DATA_DIR ? path.join(dataDir, 'mail') : undefined,
    demoSpecialOffers: bool(env, 'DEMO_SPECIAL_OFFERS', (env.SEED_DEMO ?? 'true') !== 'false'),
    company: {
      name: (env.SHOP_COMPANY_NAME ?? '').trim(),
      companyCode: (env.SHOP_COMPANY_CODE ?? '').trim(),
      vatCode: (env.SHOP_VAT_CODE ?? '').trim(),
      address: (env.SHOP_ADDRESS ?? '').trim(),
      phone: (env.SHOP_PHONE ?? '').trim(),
      email: (env.SHOP_EMAIL ?? '').trim(),
    },
    sellerBank: sellerBank(shopIdentity(env)),
    groupPricing: bool(env, 'GROUP_PRICING', false),
    crossBorderTrade: bool(env, 'CROSS_BORDER_TRADE', false),
    priceWindowRefreshMs: int(env, 'PRICE_WINDOW_REFRESH_MS', 60_000, 0, 3_600_000),
    urlDispatcher: bool(env, 'URL_DISPATCHER', false),
    payment: loadPaymentConfig(env),
    unpaidOrders: {
      ttlMinutes: int(env, 'UNPAID_ORDER_TTL_MINUTES', 60, 1, 7 * 24 * 60),
      sweepIntervalMs: int(env, 'UNPAID_ORDER_SWEEP_INTERVAL_MS', 60_000, 0, 3_600_000),
      maxPerCustomer: int(env, 'UNPAID_ORDERS_MAX_PER_CUSTOMER', 3, 0, 1000),
      maxPerAddress: int(env, 'UNPAID_ORDERS_MAX_PER_ADDRESS', 10, 0, 100_000),
    },
    shop: shopIdentity(env),
    invoicePrefix: invoicePrefix(env.INVOICE_PREFIX),
    creditNotePrefix: creditNotePrefix(env.CREDIT_NOTE_PREFIX, invoicePrefix(env.INVOICE_PREFIX)),
    webhooks: webhookConfig(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    staff: {
      idleSeconds: int(env, 'STAFF_SESSION_IDLE_MINUTES', 30, 1, 24 * 60) * 60,
      maxSeconds: int(env, 'STAFF_SESSION_MAX_HOURS', 10, 1, 7 * 24) * 3600,
      secureCookie: (env.PUBLIC_URL || '').trim().toLowerCase().startsWith('https:'),
    },
  };
}

/** the account bank-transfer buyers pay to: the seller's (one SHOP_* configuration for invoices, footer and thank-you page) */
function sellerBank(shop: ShopIdentity): ApiConfig['sellerBank'] {
  return { bankName: shop.bankName, iban: shop.iban, companyName: shop.companyName };
}

function shopIdentity(env: NodeJS.ProcessEnv): ShopIdentity {
  const v = (name: string, fallback = '') => (env[name] ?? '').trim() || fallback;
  const contact = email(env, 'CONTACT_EMAIL', 'info@localhost').replace(/^.*<([^>]+)>.*$/, '$1');
  const iban = v('SHOP_IBAN').replace(/\s+/g, '').toUpperCase();
  if (iban && !/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(iban)) throw new Error(`SHOP_IBAN is not an IBAN: "${env.SHOP_IBAN}"`);
  return {
    companyName: v('SHOP_COMPANY_NAME', 'Vitrina'),
    companyCode: v('SHOP_COMPANY_CODE'),
    vatCode: v('SHOP_VAT_CODE'),
    address: v('SHOP_ADDRESS'),
    phone: v('SHOP_PHONE'),
    email: v('SHOP_EMAIL', contact),
    bankName: v('SHOP_BANK_NAME'),
    iban,
  };
}

function invoicePrefix(raw: string | undefined): string {
  const prefix = raw ?? 'VIT-';
  if (!/^[A-Za-z0-9/_-]{0,12}$/.test(prefix)) throw new Error(`INVOICE_PREFIX: up to 12 letters, digits, "-", "_" or "/", got "${raw}"`);
  return prefix;
}

function creditNotePrefix(raw: string | undefined, invoices: string): string {
  const prefix = raw ?? 'VITK-';
  if (!/^[A-Za-z0-9/_-]{1,12}$/.test(prefix)) throw new Error(`CREDIT_NOTE_PREFIX: 1 to 12 letters, digits, "-", "_" or "/", got "${raw}"`);
  // one series row per prefix: the same prefix would share the invoices' numbers
  if (prefix === invoices) throw new Error('CREDIT_NOTE_PREFIX must differ from INVOICE_PREFIX');
  return prefix;
}

function webhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  const urls = (env.WEBHOOK_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of urls) {
    let ok = false;
    try {
      ok = ['http:', 'https:'].includes(new URL(u).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw new Error(`WEBHOOK_URLS: "${u}" is not an http(s) URL`);
  }
  const secret = env.WEBHOOK_SECRET || undefined;
  if (urls.length && (!secret || secret.length < 16))
    throw new Error('WEBHOOK_SECRET of at least 16 characters is required when WEBHOOK_URLS is set');
  return {
    urls,
    secret,
    intervalMs: int(env, 'WEBHOOK_INTERVAL_MS', 2000, 0, 3_600_000),
    timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 5000, 100, 120_000),
    maxAttempts: int(env, 'WEBHOOK_MAX_ATTEMPTS', 12, 1, 100),
  };
}

/** The seller's details; '' where a setting is unset. */
export interface CompanyDetails {
  name: string;
  companyCode: string;
  vatCode: string;
  address: string;
  phone: string;
  email: string;
}

function authSecret(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 32) throw new Error('AUTH_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)');
  return raw;
}
