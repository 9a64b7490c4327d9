/**
 * The API's configuration, read once from the environment by `loadApiConfig(env)`.
 *
 * Every variable (name, default, meaning) is a row of SETTINGS in settings-table.ts, from which
 * docs/configuration.md is generated (`npm run docs:config`); test/settings-table.test.ts fails when a
 * variable read here is missing there. Payment providers: payment/config.ts.
 *
 * The rate-limit counters live in the process (auth/rate-limit.ts), or in Redis when REDIS_URL is set
 * (auth/redis-rate-limit.ts), so that several processes share them.
 * The client address is the request's `ip`: a server that forwards requests to this API by `inject`
 * must pass the client's address on (`remoteAddress: req.ip`), or every client counts as one.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { loadPaymentConfig, type PaymentConfig } from './payment/config.ts';
import {
  CASH_ON_DELIVERY_FEE_CENTS,
  DEFAULT_SHOP_SETTINGS,
  PAYMENT_CASH_ON_DELIVERY,
  PRICE_RANGES,
  isValidIban,
  isValidSwift,
  priceRangeKey,
  type ShopSettings,
} from '@vitrina/domain';

export type PriceRange = { from: number; to: number | null };

/** how long personal data no longer needed is kept, in days (0: kept); the sweep's interval (0: not in this process) */
export type RetentionPeriods = {
  intervalMs: number;
  cartDays: number;
  contactDays: number;
  newsletterDays: number;
  stockAlertDays: number;
  mailDays: number;
  sessionDays: number;
};

export type ApiConfig = {
  mediaDir: string;
  /** BANNERS_DIR (default $DATA_DIR/banners): banner JSON files per store view */
  bannersDir: string;
  adminToken: string | undefined;
  /** ADMIN_TOKEN_SCOPES */
  adminTokenScopes: AdminTokenScope[];
  /** SHOP_HANDOVER_TOKEN: import and the staff command line from this machine's command lines */
  handoverToken: string | undefined;
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
  /** CART_ANSWERS_ENTRIES: most cart read answers a process holds (cart/held.ts); 0: none */
  cartAnswersEntries: number;
  /** ORDER_SOLD_OUT_HORIZON_MS: how long a product this process saw sold out is refused without a stock read (PostgreSQL; 0: never) */
  soldOutHorizonMs: number;
  imageSizes: number[];
  imageMemoryCacheBytes: number;
  /** IMAGE_DISK_CACHE_MB in bytes; 0: no disk cache */
  imageDiskCacheBytes: number;
  imageResizeConcurrency: number;
  imageResizeQueue: number;
  imageMaxPixels: number;
  /** IMAGE_UPLOAD_MAX_MB in bytes: the largest image file the back office takes (image/upload.ts) */
  imageUploadMaxBytes: number;
  bodyLimit: number;
  /** FORM_BODY_LIMIT: bytes of a form posted to a page (ssr.ts) */
  formBodyLimit: number;
  /** HTTP_REQUEST_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS (httpServerOptions) */
  httpTimeouts: { requestMs: number; headersMs: number };
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
  /**
   * NODE_ENV=production: the outbox renders the current terms PDF of every store view when it starts
   * (mail/outbox.ts warmTerms), not in the first confirmations after a start
   */
  mailTermsWarm: boolean;
  exposeOutbox: boolean;
  /** SMTP_URL: e-mails through SMTP */
  smtpUrl: string | undefined;
  /** MAIL_DIR (default $DATA_DIR/mail when DATA_DIR is given): e-mails as .eml files without SMTP_URL */
  mailDir: string | undefined;
  /** MAIL_FILE_RETENTION_DAYS: e-mail files older than this are deleted (0: kept) */
  mailFileRetentionDays: number;
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
  /** CATALOG_PRICES_INCLUDE_TAX: product prices are entered gross at the default country's rate (stored as typed) */
  catalogPricesIncludeTax: boolean;
  /** URL_DISPATCHER: categories, products and CMS pages are served at their url_path */
  urlDispatcher: boolean;
  /** payment providers (payment/config.ts: NEOPAY_*, MOKILIZINGAS_*, PAYMENT_SANDBOX) */
  payment: PaymentConfig;
  /** PRICE_WINDOW_REFRESH_MS: how often special-price windows are checked (catalog/price-windows.ts; 0: not in this process) */
  priceWindowRefreshMs: number;
  /** how often VAT rate changes scheduled for a date are looked at (settings/scheduled-tax-rates.ts); 0: not in this process */
  taxScheduleIntervalMs: number;
  /** orders awaiting online payment (order/unpaid.ts) */
  unpaidOrders: UnpaidOrderLimits;
  /** how long personal data no longer needed is kept (legal/retention.ts, docs/legal.md) */
  retention: RetentionPeriods;
  /** the seller: invoices and the storefront footer (SHOP_*) */
  shop: ShopIdentity;
  /**
   * The shop settings' first-start values (settings/service.ts): SHOP_NAME, the SHOP_* seller
   * details and COD_FEE_CENTS. Once the settings row exists, the back office's settings rule and
   * these are not read again.
   */
  settingsSeed: ShopSettings;
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
  /** first-start defaults only: an endpoint per URL is made once (integration/webhook-endpoints.ts) */
  urls: string[];
  secret: string | undefined;
  /** AUTH_SECRET: the endpoints' signing secrets are stored encrypted under a key derived from it */
  authSecret: string | undefined;
  /** NODE_ENV=production: an endpoint's address must be https */
  httpsOnly: boolean;
  intervalMs: number;
  timeoutMs: number;
  maxAttempts: number;
};

export type StaffSessionConfig = {
  /** STAFF_SESSION_IDLE_MINUTES in seconds */
  idleSeconds: number;
  /** STAFF_SESSION_MAX_HOURS in seconds */
  maxSeconds: number;
  /** production or an https PUBLIC_URL: the cookie is Secure and named `__Host-vitrina_staff` */
  secureCookie: boolean;
  /** STAFF_LOGIN_DELAY_SECONDS: the first step of a (staff e-mail, address) pair's growing delay; 0 none */
  loginDelaySeconds: number;
  /** STAFF_2FA_REQUIRED: an admin must have a two-factor login before anything else */
  twoFactorRequired: boolean;
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
  /** ORDERS_OPEN_MAX_PER_*: open unpaid orders of any payment method (0: no cap) */
  openMaxPerCustomer: number;
  openMaxPerEmail: number;
  openMaxPerAddress: number;
  /** ORDER_LINE_MAX_UNITS (0: no cap) */
  lineMaxUnits: number;
  /** BANK_TRANSFER_ORDER_TTL_DAYS (0: never) */
  bankTransferTtlDays: number;
};

/** whose X-Forwarded-For is believed: nobody, the nearest N hops, or these proxies (Fastify's `trustProxy`) */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY. Off by default: believing X-Forwarded-For from anyone lets every
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
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
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
  adminTokenAddress: RateRule;
  orderAddress: RateRule;
  /** the withdrawal page's "send me the withdrawal link" (legal/after-sale.ts) */
  withdrawalLinkAddress: RateRule;
  withdrawalLinkOrder: RateRule;
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
  if (!/^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(raw))
    throw new Error(`${name} must be an e-mail address, got "${raw}"`);
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
    adminToken: adminToken(env.ADMIN_TOKEN),
    adminTokenScopes: adminTokenScopes(env.ADMIN_TOKEN_SCOPES),
    handoverToken: env.SHOP_HANDOVER_TOKEN || undefined,
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
    cartAnswersEntries: int(env, 'CART_ANSWERS_ENTRIES', 2000, 0, 1_000_000),
    soldOutHorizonMs: int(env, 'ORDER_SOLD_OUT_HORIZON_MS', 1000, 0, 60_000),
    imageSizes: [...new Set(imageSizes)].sort((a, b) => a - b),
    imageMemoryCacheBytes: int(env, 'IMAGE_MEMORY_CACHE_MB', 64, 0, 16_384) * 1024 * 1024,
    imageDiskCacheBytes: int(env, 'IMAGE_DISK_CACHE_MB', 1024, 0, 1_048_576) * 1024 * 1024,
    imageResizeConcurrency: int(env, 'IMAGE_RESIZE_CONCURRENCY', 2, 1, 64),
    imageResizeQueue: int(env, 'IMAGE_RESIZE_QUEUE', 32, 0, 10_000),
    imageMaxPixels: int(env, 'IMAGE_MAX_PIXELS', 50_000_000, 1, 1_000_000_000),
    imageUploadMaxBytes: int(env, 'IMAGE_UPLOAD_MAX_MB', 10, 1, 100) * 1024 * 1024,
    bodyLimit: int(env, 'API_BODY_LIMIT', 1024 * 1024, 1024, ADMIN_BODY_LIMIT),
    formBodyLimit: int(env, 'FORM_BODY_LIMIT', 64 * 1024, 1024, 64 * 1024 * 1024),
    httpTimeouts: httpTimeouts(env),
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
      adminTokenAddress: rateRule(env, 'RATE_LIMIT_ADMIN_TOKEN_ADDRESS', '10/900'),
      orderAddress: rateRule(env, 'RATE_LIMIT_ORDER_ADDRESS', '30/3600'),
      withdrawalLinkAddress: rateRule(env, 'RATE_LIMIT_WITHDRAWAL_LINK_ADDRESS', '10/3600'),
      withdrawalLinkOrder: rateRule(env, 'RATE_LIMIT_WITHDRAWAL_LINK_ORDER', '3/3600'),
    },
    mailFrom: email(env, 'MAIL_FROM', 'Vitrina <no-reply@localhost>'),
    contactEmail: email(env, 'CONTACT_EMAIL', 'info@localhost'),
    ordersEmail: env.ORDERS_EMAIL?.trim() ? email(env, 'ORDERS_EMAIL', '') : undefined,
    mailOutboxIntervalMs: int(env, 'MAIL_OUTBOX_INTERVAL_MS', 5000, 0, 3_600_000),
    mailTermsWarm: env.NODE_ENV === 'production',
    exposeOutbox: bool(env, 'EXPOSE_OUTBOX', false),
    smtpUrl: env.SMTP_URL || undefined,
    mailFileRetentionDays: int(env, 'MAIL_FILE_RETENTION_DAYS', 30, 0, 3650),
    mailDir: env.MAIL_DIR
      ? path.resolve(cwd, env.MAIL_DIR)
      : env.DATA_DIR
        ? path.join(dataDir, 'mail')
        : undefined,
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
    catalogPricesIncludeTax: bool(env, 'CATALOG_PRICES_INCLUDE_TAX', false),
    priceWindowRefreshMs: int(env, 'PRICE_WINDOW_REFRESH_MS', 60_000, 0, 3_600_000),
    taxScheduleIntervalMs: int(env, 'TAX_SCHEDULE_INTERVAL_MS', 60_000, 0, 3_600_000),
    urlDispatcher: bool(env, 'URL_DISPATCHER', false),
    payment: loadPaymentConfig(env),
    unpaidOrders: {
      ttlMinutes: int(env, 'UNPAID_ORDER_TTL_MINUTES', 60, 1, 7 * 24 * 60),
      sweepIntervalMs: int(env, 'UNPAID_ORDER_SWEEP_INTERVAL_MS', 60_000, 0, 3_600_000),
      maxPerCustomer: int(env, 'UNPAID_ORDERS_MAX_PER_CUSTOMER', 3, 0, 1000),
      maxPerAddress: int(env, 'UNPAID_ORDERS_MAX_PER_ADDRESS', 10, 0, 100_000),
      openMaxPerCustomer: int(env, 'ORDERS_OPEN_MAX_PER_CUSTOMER', 5, 0, 1000),
      openMaxPerEmail: int(env, 'ORDERS_OPEN_MAX_PER_EMAIL', 5, 0, 1000),
      openMaxPerAddress: int(env, 'ORDERS_OPEN_MAX_PER_ADDRESS', 15, 0, 100_000),
      lineMaxUnits: int(env, 'ORDER_LINE_MAX_UNITS', 5, 0, 1_000_000),
      bankTransferTtlDays: int(env, 'BANK_TRANSFER_ORDER_TTL_DAYS', 7, 0, 365),
    },
    retention: {
      intervalMs: int(env, 'RETENTION_SWEEP_INTERVAL_MS', 6 * 3_600_000, 0, 7 * 24 * 3_600_000),
      cartDays: int(env, 'RETENTION_CART_DAYS', 90, 0, 3650),
      contactDays: int(env, 'RETENTION_CONTACT_DAYS', 365, 0, 3650),
      newsletterDays: int(env, 'RETENTION_NEWSLETTER_DAYS', 30, 0, 3650),
      stockAlertDays: int(env, 'RETENTION_STOCK_ALERT_DAYS', 365, 0, 3650),
      mailDays: int(env, 'RETENTION_MAIL_DAYS', 90, 0, 3650),
      sessionDays: int(env, 'RETENTION_SESSION_DAYS', 30, 0, 3650),
    },
    shop: shopIdentity(env),
    settingsSeed: settingsSeed(env),
    invoicePrefix: invoicePrefix(env.INVOICE_PREFIX),
    creditNotePrefix: creditNotePrefix(env.CREDIT_NOTE_PREFIX, invoicePrefix(env.INVOICE_PREFIX)),
    webhooks: webhookConfig(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    staff: {
      idleSeconds: int(env, 'STAFF_SESSION_IDLE_MINUTES', 30, 1, 24 * 60) * 60,
      maxSeconds: int(env, 'STAFF_SESSION_MAX_HOURS', 10, 1, 7 * 24) * 3600,
      // always Secure (and `__Host-` prefixed: staff/sessions.ts) in production, whatever PUBLIC_URL says
      secureCookie:
        env.NODE_ENV === 'production' || (env.PUBLIC_URL || '').trim().toLowerCase().startsWith('https:'),
      loginDelaySeconds: int(env, 'STAFF_LOGIN_DELAY_SECONDS', 1, 0, 3600),
      twoFactorRequired: bool(env, 'STAFF_2FA_REQUIRED', false),
    },
  };
}

export const ADMIN_TOKEN_MIN_LENGTH = 32;
export type AdminTokenScope = 'import' | 'export';

function adminToken(raw: string | undefined): string | undefined {
  const token = raw?.trim();
  if (!token) return undefined;
  if (token.length < ADMIN_TOKEN_MIN_LENGTH)
    throw new Error(
      `ADMIN_TOKEN must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters (it opens the catalogue import and every order's export); make one with \`openssl rand -base64 32\`, or unset it`,
    );
  return token;
}

function adminTokenScopes(raw: string | undefined): AdminTokenScope[] {
  const scopes = (raw?.trim() || 'import,export').split(',').map((s) => s.trim());
  for (const scope of scopes)
    if (scope !== 'import' && scope !== 'export')
      throw new Error(`ADMIN_TOKEN_SCOPES: "${scope}" is not import or export`);
  return [...new Set(scopes)] as AdminTokenScope[];
}

function httpTimeouts(env: NodeJS.ProcessEnv): ApiConfig['httpTimeouts'] {
  const requestMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 120_000, 100, 3_600_000);
  const headersMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', Math.min(10_000, requestMs), 100, 3_600_000);
  if (headersMs > requestMs)
    throw new Error('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  return { requestMs, headersMs };
}

/**
 * The HTTP server's timeouts as Fastify options (the API's server and the storefront-only one).
 * Fastify turns Node's request timeout off unless told; the server checks its connections for
 * expired timeouts every `connectionsCheckingInterval`, so that runs at a fraction of the headers
 * timeout, or a slow-loris connection would live up to 30 s more.
 */
export function httpServerOptions(config: Pick<ApiConfig, 'httpTimeouts'>) {
  const { requestMs, headersMs } = config.httpTimeouts;
  return {
    requestTimeout: requestMs,
    http: {
      requestTimeout: requestMs,
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.floor(headersMs / 4))),
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
  if (iban && !isValidIban(iban))
    throw new Error(`SHOP_IBAN is not an IBAN (country, length or check digits): "${env.SHOP_IBAN}"`);
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

function settingsSeed(env: NodeJS.ProcessEnv): ShopSettings {
  const v = (name: string) => (env[name] ?? '').trim();
  const shop = shopIdentity(env);
  const swift = v('SHOP_SWIFT').replace(/\s+/g, '').toUpperCase();
  if (swift && !isValidSwift(swift))
    throw new Error(`SHOP_SWIFT is not a SWIFT/BIC code: "${env.SHOP_SWIFT}"`);
  const name = v('SHOP_NAME');
  return {
    ...DEFAULT_SHOP_SETTINGS,
    ...(name ? { shopName: { lt: name, en: name, ru: name } } : {}),
    seller: {
      companyName: v('SHOP_COMPANY_NAME'),
      companyCode: shop.companyCode,
      vatCode: shop.vatCode,
      address: shop.address,
      phone: shop.phone,
      email: v('SHOP_EMAIL'),
      bankName: shop.bankName,
      iban: shop.iban,
      swift,
    },
    codFeeCents: int(env, 'COD_FEE_CENTS', CASH_ON_DELIVERY_FEE_CENTS, 0, 100_000),
  };
}

function invoicePrefix(raw: string | undefined): string {
  const prefix = raw ?? 'VIT-';
  if (!/^[A-Za-z0-9/_-]{0,12}$/.test(prefix))
    throw new Error(`INVOICE_PREFIX: up to 12 letters, digits, "-", "_" or "/", got "${raw}"`);
  return prefix;
}

function creditNotePrefix(raw: string | undefined, invoices: string): string {
  const prefix = raw ?? 'VITK-';
  if (!/^[A-Za-z0-9/_-]{1,12}$/.test(prefix))
    throw new Error(`CREDIT_NOTE_PREFIX: 1 to 12 letters, digits, "-", "_" or "/", got "${raw}"`);
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
    authSecret: authSecret(env.AUTH_SECRET),
    httpsOnly: env.NODE_ENV === 'production',
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
  if (raw.length < 32)
    throw new Error('AUTH_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)');
  return raw;
}
