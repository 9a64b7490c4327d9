/**
 * Process configuration of the shop server. Every variable is a row of SETTINGS in
 * apps/api/src/settings-table.ts (docs/configuration.md is generated from it); the API's own variables
 * are read by `loadApiConfig` of @vitrina/api.
 */
import os from 'node:os';
import path from 'node:path';
import { parseTrustProxy, type TrustProxy } from '@vitrina/api';

export type ServerConfig = {
  port: number;
  host: string;
  /** embedded PostgreSQL (PGlite) data folder, used when databaseUrl is unset */
  dataDir: string;
  databaseUrl: string | undefined;
  /** the PostgreSQL pool (with DATABASE_URL): size and time limits (docs/configuration.md) */
  databasePool: { poolMax: number; connectTimeoutMs: number; statementTimeoutMs: number };
  /** PGLITE_SHARED_BUFFERS_MB: the embedded database's buffers (packages/db client.ts says why not PGlite's 128 MB) */
  pgliteSharedBuffersMb: number;
  /** PGLITE_THREAD (on unless `0`): the embedded database runs in a worker thread (packages/db pglite-threaded.ts) */
  pgliteThread: boolean;
  mediaDir: string;
  /** when set, this process serves only the storefront and calls the API there */
  apiUrl: string | undefined;
  /** load the demo catalogue when the database has no products */
  seedDemo: boolean;
  logLevel: string;
  /** TRUST_PROXY, parsed as the API parses it (apps/api/src/config.ts): off, a hop count, or proxy addresses */
  trustProxy: TrustProxy;
  /** folder of the React Router production build (client/ and server/) */
  webBuildDir: string;
  /** PAGE_CACHE: server-rendered pages cached by URL and store view (page-cache.ts); on (memory) by default */
  pageCache: { mode: 'off' | 'memory'; ttlMs: number; maxEntries: number; maxBytes: number };
  /**
   * PUBLIC_URL: the shop's public origin; every page is rendered on it (canonical links, hreflang,
   * JSON-LD), never on a request's Host header (ssr.ts). The API reads the same variable.
   */
  publicUrl: string;
  /** WEB_CONCURRENCY: shop worker processes `npm start` runs (node:cluster); see `planWorkers` */
  workers: number;
  /** RENDER_THREADS: worker threads of one shop process that render its pages; see `planRenderThreads` */
  renderThreads: number;
  /** what the start log warns about (a setting a shop taking real orders must not leave unset) */
  startWarnings: string[];
};

export function loadServerConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): ServerConfig {
  const dataDir = path.resolve(cwd, env.DATA_DIR ?? 'var');
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = publicOrigin(env.PUBLIC_URL);
  const startWarnings: string[] = [];
  if (!env.PUBLIC_URL && env.NODE_ENV === 'production')
    startWarnings.push(
      `PUBLIC_URL is not set: canonical links, hreflang, JSON-LD and e-mail links say ${publicUrl}. ` +
        "Set PUBLIC_URL to the shop's public origin (e.g. https://shop.example).",
    );
  const workers = planWorkers(env, os.availableParallelism(), startWarnings);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePool: {
      poolMax: positiveInteger(env, 'DATABASE_POOL_MAX', 10),
      connectTimeoutMs: positiveInteger(env, 'DATABASE_CONNECT_TIMEOUT_MS', 5000),
      // 0 turns it off; catalogue searches set their own (SEARCH_TIMEOUT_MS), imports lift it
      statementTimeoutMs: nonNegativeInteger(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 30_000),
    },
    pgliteSharedBuffersMb: positiveInteger(env, 'PGLITE_SHARED_BUFFERS_MB', 32),
    pgliteThread: onOff(env, 'PGLITE_THREAD', true),
    mediaDir: path.resolve(cwd, env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    apiUrl: env.API_URL || undefined,
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webBuildDir: path.resolve(cwd, env.WEB_BUILD_DIR ?? 'apps/web/build'),
    pageCache: {
      mode: pageCacheMode(env.PAGE_CACHE),
      // catalogue-and-cart.md §9: page cache TTL 86400 s
      ttlMs: positiveNumber(env, 'PAGE_CACHE_TTL_S', 86_400) * 1000,
      maxEntries: positiveNumber(env, 'PAGE_CACHE_ENTRIES', 5000),
      // 64 MB holds ~600 pages of ~110 KB: the demo's popular pages without pushing the shop past its memory budget
      maxBytes: positiveNumber(env, 'PAGE_CACHE_MB', 64) * 1024 * 1024,
    },
    publicUrl,
    workers,
    renderThreads: planRenderThreads(env, os.availableParallelism(), workers),
    startWarnings,
  };
}

/**
 * How many shop processes `npm start` runs (to use every core), each a node:cluster worker
 * sharing the port:
 * - the embedded database (no DATABASE_URL) admits one process: always 1;
 * - WEB_CONCURRENCY when set (a positive whole number);
 * - on two cores or fewer, one: a process with its render threads on both cores served the shopper
 *   mix 28–51 % faster at 40–50 % less CPU a request and half the memory than two workers, and the
 *   flash sale's p99 fell by a third; two workers each warm their own caches, and their event loops
 *   compete with PostgreSQL for the same two cores (docs/decisions/ "One shop process on two cores");
 * - otherwise one per core, but only with REDIS_URL: without it the rate-limit counters live in each
 *   process, and N workers would give a password guesser N times the attempts. Such a shop runs one
 *   process and the start log says how to get the rest (REDIS_URL, or WEB_CONCURRENCY to choose).
 * A storefront-only process (API_URL) has no counters of its own: one per core.
 */
export function planWorkers(env: NodeJS.ProcessEnv, cores: number, warnings: string[] = []): number {
  const asked = env.WEB_CONCURRENCY ? positiveInteger(env, 'WEB_CONCURRENCY', 1) : undefined;
  if (!env.DATABASE_URL && !env.API_URL) {
    if (asked !== undefined && asked > 1)
      warnings.push(
        `WEB_CONCURRENCY=${asked} is ignored: the embedded database (no DATABASE_URL) admits one process.`,
      );
    return 1;
  }
  if (asked !== undefined) {
    if (asked > 1 && !env.REDIS_URL && !env.API_URL)
      warnings.push(
        `WEB_CONCURRENCY=${asked} without REDIS_URL: each process keeps its own rate-limit counters, so a ` +
          `login or reset is limited ${asked} times less strictly. Set REDIS_URL to share them.`,
      );
    return asked;
  }
  if (!env.API_URL && cores <= 2) return 1;
  if (!env.REDIS_URL && !env.API_URL) {
    warnings.push(
      `One shop process of ${cores} cores: set REDIS_URL (shared rate limits) to run one per core, ` +
        'or WEB_CONCURRENCY to choose.',
    );
    return 1;
  }
  return Math.max(1, cores);
}

/**
 * How many worker threads render a shop process's pages (render-threads.ts), so that a shop on the
 * embedded database, which admits one process, still uses every core:
 * - RENDER_THREADS when set (0: every page renders in the process's main thread);
 * - otherwise, in production, one per core when the shop runs as one process on more than one core
 *   (the embedded database, or one WEB_CONCURRENCY worker): the main thread, left with the requests'
 *   I/O and the API, stays mostly idle (docs/decisions/); none when node:cluster already runs a
 *   process per core, nor in development and tests, where the sources run through Vite and tsx.
 */
export function planRenderThreads(env: NodeJS.ProcessEnv, cores: number, workers: number): number {
  if (env.RENDER_THREADS) return nonNegativeInteger(env, 'RENDER_THREADS', 0);
  if (env.NODE_ENV !== 'production' || workers > 1 || cores < 2) return 0;
  return cores;
}

/** PUBLIC_URL as an origin (the API's default when unset); a path or a non-HTTP URL is refused */
function publicOrigin(value: string | undefined): string {
  const raw = value || 'http://localhost:3000';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL must be the shop's origin such as https://shop.example, got "${raw}"`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname.replace(/\/+$/, '') !== '' ||
    url.search
  )
    throw new Error(`PUBLIC_URL must be the shop's origin such as https://shop.example, got "${raw}"`);
  return url.origin;
}

/**
 * On by default (the spec's shop ran it off; docs/decisions/): anonymous pages only,
 * dropped when the catalogue version or a product's rev moves (seen within CATALOG_VERSION_TTL_MS); a
 * configurable's children's stock and a customer group's prices are fetched after hydration.
 */
function pageCacheMode(value: string | undefined): 'off' | 'memory' {
  if (value === undefined || value === '' || value === 'memory') return 'memory';
  if (value === 'off') return 'off';
  throw new Error(`PAGE_CACHE must be off or memory, got "${value}"`);
}

/** a `1`/`0` setting; unset or empty: the default */
function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1') return true;
  if (raw === '0') return false;
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const n = nonNegativeInteger(env, name, fallback);
  if (n === 0) throw new Error(`${name} must be a positive whole number, got "${env[name]}"`);
  return n;
}

function nonNegativeInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return n;
}
