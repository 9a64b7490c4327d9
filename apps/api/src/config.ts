/**
 * The API's configuration, read once from the environment by `loadApiConfig(env)`.
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | `DATA_DIR` | `var` | data folder; only used to derive the `MEDIA_DIR` default |
 * | `MEDIA_DIR` | `$DATA_DIR/media` | image originals (`/demo/...`, `/media/...`); resized copies go to `MEDIA_DIR/.cache` |
 * | `ADMIN_TOKEN` | unset | bearer token of `POST /vsbridge/admin/*`; unset means every admin call answers 401 |
 * | `PUBLIC_URL` | `http://localhost:3000` | the shop's public origin (OpenAPI `servers`, absolute links in answers) |
 * | `COD_FEE_CENTS` | `300` | cash on delivery collection fee in cents. The spec's texts disagree (€2.00 in English, 3,00 € in Lithuanian and in the displayed texts): one configured amount, 3.00 € by default. It wins over the `fee` of the imported `cashondelivery` method. |
 * | `COD_PAYMENT_CODE` | `cashondelivery` | payment method code that carries the COD fee and is hidden for virtual carts |
 * | `OUT_OF_STOCK_LISTING` | `true` | list out-of-stock products in catalogue search; `false` makes search require `is_in_stock` |
 * | `SEARCH_TIMEOUT_MS` | `1000` | PostgreSQL `statement_timeout` of a catalogue search (spec §9 "1000 ms server") |
 * | `SEARCH_TYPO_THRESHOLD` | `0.4` | trigram word similarity (0..1) at which a search term matches a product with a typo |
 * | `PRICE_RANGES` | `0-50,50-100,100-150,150-` (the domain's PRICE_RANGES) | price aggregation buckets in euros incl. tax (spec §9); bucket keys `0.0-50.0` ... `150.0-*` |
 * | `CATALOG_CACHE_ENTRIES` | `2000` | in-process LRU of catalogue answers (key: hash of query + catalogue version); `0` turns it off |
 * | `IMAGE_SIZES` | `150,266,300,400,452,600,800,1000,1200,1600,1920` | allowed widths/heights of `/vsbridge/image/{w}/{h}/resize/...` (none above 2000) |
 * | `IMAGE_MEMORY_CACHE_MB` | `64` | in-memory LRU of resized images |
 * | `API_BODY_LIMIT` | `1048576` | body limit of ordinary API calls in bytes (the catalogue import has its own 200 MB) |
 * | `REDIS_URL` | unset | reserved: shared catalogue cache between processes (see `catalog/cache.ts`); not used yet |
 */
import path from 'node:path';
import { CASH_ON_DELIVERY_FEE_CENTS, PAYMENT_CASH_ON_DELIVERY, PRICE_RANGES, priceRangeKey } from '@vitrina/domain';

export type PriceRange = { from: number; to: number | null };

export type ApiConfig = {
  mediaDir: string;
  adminToken: string | undefined;
  publicUrl: string;
  codFeeCents: number;
  codPaymentCode: string;
  outOfStockListing: boolean;
  searchTimeoutMs: number;
  searchTypoThreshold: number;
  /** euros incl. tax; `to: null` is open-ended */
  priceRanges: PriceRange[];
  catalogCacheEntries: number;
  imageSizes: number[];
  imageMemoryCacheBytes: number;
  bodyLimit: number;
  redisUrl: string | undefined;
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
    adminToken: env.ADMIN_TOKEN || undefined,
    publicUrl: (env.PUBLIC_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    codFeeCents: int(env, 'COD_FEE_CENTS', CASH_ON_DELIVERY_FEE_CENTS, 0, 1_000_000),
    codPaymentCode: env.COD_PAYMENT_CODE || PAYMENT_CASH_ON_DELIVERY,
    outOfStockListing: bool(env, 'OUT_OF_STOCK_LISTING', true),
    searchTimeoutMs: int(env, 'SEARCH_TIMEOUT_MS', 1000, 1, 600_000),
    searchTypoThreshold: threshold,
    priceRanges: env.PRICE_RANGES ? parsePriceRanges(env.PRICE_RANGES) : PRICE_RANGES.map((r) => ({ ...r })),
    catalogCacheEntries: int(env, 'CATALOG_CACHE_ENTRIES', 2000, 0, 1_000_000),
    imageSizes: [...new Set(imageSizes)].sort((a, b) => a - b),
    imageMemoryCacheBytes: int(env, 'IMAGE_MEMORY_CACHE_MB', 64, 0, 16_384) * 1024 * 1024,
    bodyLimit: int(env, 'API_BODY_LIMIT', 1024 * 1024, 1024, ADMIN_BODY_LIMIT),
    redisUrl: env.REDIS_URL || undefined,
  };
}
