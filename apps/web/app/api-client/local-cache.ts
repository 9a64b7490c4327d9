/**
 * Local caches on the device (catalogue-and-cart.md §7 "Caches"; accounts-checkout-routes.md §8
 * "A storage quota error on the URL cache clears that cache" and §9 "Caching"): categories,
 * attributes, products, the cart (current-cart, token, hash), search results and the URL map,
 * keyed by a hash of the query.
 *
 * Each cache has two copies: an in-memory one (the "local copy") and a persistent one in IndexedDB.
 * The spec's constants:
 * - a persistent read that has not answered after 800 ms falls back to the local copy;
 * - an iterate takes at most 2000 ms (it stops there with what it has seen);
 * - the storage quota is checked every 30000 ms and the oldest entries are purged above it;
 * - after 30 write errors, or any read error, the persistent cache is disabled (memory only);
 * - on a quota error all caches are cleared (the URL cache: only that cache);
 * - two-stage caching (the device copy read alongside the network, api-client/catalogue-cache.ts) is
 *   switched off at runtime when stage one (the device) is slower than stage two (the network).
 */

export const CACHE_READ_TIMEOUT_MS = 800;
export const CACHE_ITERATE_TIMEOUT_MS = 2000;
export const QUOTA_CHECK_INTERVAL_MS = 30_000;
export const DISABLE_PERSISTENCE_AFTER_WRITE_ERRORS = 30;
/**
 * The share of the browser's quota these caches may fill (the spec says "above quota" without a
 * number): above it, the oldest entries go until usage is back under 90 % of this budget.
 */
export const CACHE_QUOTA_SHARE = 0.5;

export const CACHE_NAMES = ['categories', 'attributes', 'products', 'cart', 'search', 'url'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];
/** The cart cache's keys (catalogue-and-cart.md §7: "the cart (current-cart, token, hash)"). */
export const CART_CACHE_KEYS = ['current-cart', 'token', 'hash'] as const;

export interface CacheEntry<T = unknown> {
  value: T;
  savedAt: number;
  /** approximate bytes (UTF-16 length of the JSON) */
  size: number;
}

/** The persistent side (IndexedDB by default; one object store per cache). */
export interface PersistentBackend {
  get(cache: CacheName, key: string): Promise<CacheEntry | undefined>;
  set(cache: CacheName, key: string, entry: CacheEntry): Promise<void>;
  delete(cache: CacheName, key: string): Promise<void>;
  /** calls `fn` per entry until it answers false or the entries end */
  iterate(cache: CacheName, fn: (key: string, entry: CacheEntry) => boolean | void): Promise<void>;
  clear(cache: CacheName): Promise<void>;
}

/** A hash of the query (cyrb53: 53 bits, hex): the spec's "cache key is a hash of the query". */
export function hashQuery(query: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < query.length; i++) {
    const ch = query.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}

/** A storage quota error (DOMException QuotaExceededError, or the older Firefox name). */
export function isQuotaError(e: unknown): boolean {
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

const sizeOf = (value: unknown) => {
  try {
    return (JSON.stringify(value)?.length ?? 0) * 2;
  } catch {
    return 0;
  }
};

export interface LocalCachesOptions {
  backend?: PersistentBackend | null;
  now?: () => number;
  /** navigator.storage.estimate by default */
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

export type CacheEvent =
  | { type: 'persistence-disabled'; reason: 'read-error' | 'write-errors' }
  | { type: 'cleared'; caches: CacheName[]; reason: 'quota' }
  | { type: 'purged'; entries: number };

/** The caches and their shared state (persistence on/off, write errors, the quota check). */
export function createLocalCaches(options: LocalCachesOptions = {}) {
  const backend = options.backend === undefined ? idbCacheBackend() : options.backend;
  const now = options.now ?? (() => Date.now());
  const estimate =
    options.estimate ??
    (typeof navigator !== 'undefined' && navigator.storage?.estimate
      ? () => navigator.storage.estimate()
      : null);
  const memory = new Map<CacheName, Map<string, CacheEntry>>(CACHE_NAMES.map((n) => [n, new Map()]));
  let persistent = backend !== null;
  let writeErrors = 0;
  const events: CacheEvent[] = [];
  let quotaTimer: ReturnType<typeof setInterval> | null = null;

  const disable = (reason: 'read-error' | 'write-errors') => {
    if (!persistent) return;
    persistent = false;
    events.push({ type: 'persistence-disabled', reason });
    console.warn('local cache: persistence disabled', reason);
  };

  async function clear(names: readonly CacheName[], reason: 'quota') {
    for (const n of names) memory.get(n)!.clear();
    if (backend) await Promise.all(names.map((n) => backend.clear(n).catch(() => undefined)));
    events.push({ type: 'cleared', caches: [...names], reason });
  }

  async function get<T>(cache: CacheName, key: string): Promise<T | undefined> {
    const local = memory.get(cache)!;
    if (!persistent || !backend) return local.get(key)?.value as T | undefined;
    return new Promise<T | undefined>((resolve) => {
      let done = false;
      const finish = (v: T | undefined) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve(v);
      };
      // spec: a read that has not answered after 800 ms falls back to the local copy
      const timer = setTimeout(() => finish(local.get(key)?.value as T | undefined), CACHE_READ_TIMEOUT_MS);
      backend.get(cache, key).then(
        (entry) => {
          if (entry && !local.has(key)) local.set(key, entry);
          finish((entry ?? local.get(key))?.value as T | undefined);
        },
        (e: unknown) => {
          // spec: any read error disables the persistent cache
          console.warn('local cache read', e);
          disable('read-error');
          finish(local.get(key)?.value as T | undefined);
        },
      );
    });
  }

  async function set(cache: CacheName, key: string, value: unknown): Promise<void> {
    const entry: CacheEntry = { value, savedAt: now(), size: sizeOf(value) };
    memory.get(cache)!.set(key, entry);
    if (!persistent || !backend) return;
    try {
      await backend.set(cache, key, entry);
    } catch (e) {
      if (isQuotaError(e)) {
        // spec: a quota error on the URL cache clears that cache; elsewhere all caches are cleared
        await clear(cache === 'url' ? ['url'] : CACHE_NAMES, 'quota');
        return;
      }
      writeErrors++;
      if (writeErrors >= DISABLE_PERSISTENCE_AFTER_WRITE_ERRORS) disable('write-errors');
    }
  }

  /** Visits the entries of a cache for at most 2000 ms (spec); answers whether it saw them all. */
  async function iterate(
    cache: CacheName,
    fn: (key: string, entry: CacheEntry) => boolean | void,
  ): Promise<boolean> {
    if (!persistent || !backend) {
      for (const [k, e] of memory.get(cache)!) if (fn(k, e) === false) break;
      return true;
    }
    const started = now();
    let stopped = false;
    const walk = backend
      .iterate(cache, (k, e) => {
        if (stopped || now() - started >= CACHE_ITERATE_TIMEOUT_MS) {
          stopped = true;
          return false;
        }
        return fn(k, e);
      })
      .then(
        () => !stopped,
        (e: unknown) => {
          console.warn('local cache iterate', e);
          disable('read-error');
          return false;
        },
      );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        stopped = true;
        resolve(false);
      }, CACHE_ITERATE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([walk, limit]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The quota check (spec: every 30000 ms): above the budget the oldest entries of every cache but
   * the cart are purged until usage is back under 90 % of it. Answers how many were purged.
   */
  async function checkQuota(): Promise<number> {
    if (!estimate) return 0;
    let usage = 0;
    let quota = 0;
    try {
      const e = await estimate();
      usage = e.usage ?? 0;
      quota = e.quota ?? 0;
    } catch {
      return 0;
    }
    const budget = quota * CACHE_QUOTA_SHARE;
    if (!quota || usage <= budget) return 0;
    const all: { cache: CacheName; key: string; entry: CacheEntry }[] = [];
    for (const cache of CACHE_NAMES) {
      if (cache === 'cart') continue;
      const seen = new Map(memory.get(cache)!);
      await iterate(cache, (key, entry) => void seen.set(key, entry));
      for (const [key, entry] of seen) all.push({ cache, key, entry });
    }
    all.sort((a, b) => a.entry.savedAt - b.entry.savedAt);
    let excess = usage - budget * 0.9;
    let purged = 0;
    for (const { cache, key, entry } of all) {
      if (excess <= 0) break;
      memory.get(cache)!.delete(key);
      if (backend && persistent) await backend.delete(cache, key).catch(() => undefined);
      excess -= Math.max(entry.size, 1);
      purged++;
    }
    if (purged) events.push({ type: 'purged', entries: purged });
    return purged;
  }

  return {
    get,
    set,
    iterate,
    checkQuota,
    /** Empties every cache (memory and device). */
    clearAll: () => clear(CACHE_NAMES, 'quota'),
    /** Starts the quota check every 30000 ms; answers the stop function. */
    startQuotaCheck(): () => void {
      if (!quotaTimer) quotaTimer = setInterval(() => void checkQuota(), QUOTA_CHECK_INTERVAL_MS);
      return () => {
        if (quotaTimer) clearInterval(quotaTimer);
        quotaTimer = null;
      };
    },
    get persistent() {
      return persistent;
    },
    /** What happened (for tests and diagnostics). */
    events,
  };
}

export type LocalCaches = ReturnType<typeof createLocalCaches>;

/** IndexedDB: database `vitrina-cache`, one object store per cache. */
export function idbCacheBackend(dbName = 'vitrina-cache'): PersistentBackend | null {
  if (typeof indexedDB === 'undefined') return null;
  let db: Promise<IDBDatabase> | null = null;
  const open = () => {
    if (!db) {
      db = new Promise((resolve, reject) => {
        const req = indexedDB.open(dbName, 1);
        req.onupgradeneeded = () => {
          for (const n of CACHE_NAMES)
            if (!req.result.objectStoreNames.contains(n)) req.result.createObjectStore(n);
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      db.catch(() => {
        db = null;
      });
    }
    return db;
  };
  const tx = <T>(cache: CacheName, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest | void) =>
    open().then(
      (d) =>
        new Promise<T>((resolve, reject) => {
          const t = d.transaction(cache, mode);
          const req = fn(t.objectStore(cache));
          t.oncomplete = () => resolve((req ? req.result : undefined) as T);
          t.onerror = () => reject(t.error);
          t.onabort = () => reject(t.error);
        }),
    );
  return {
    get: (cache, key) => tx<CacheEntry | undefined>(cache, 'readonly', (s) => s.get(key)),
    set: (cache, key, entry) => tx<void>(cache, 'readwrite', (s) => s.put(entry, key)),
    delete: (cache, key) => tx<void>(cache, 'readwrite', (s) => s.delete(key)),
    clear: (cache) => tx<void>(cache, 'readwrite', (s) => s.clear()),
    iterate: (cache, fn) =>
      tx<void>(cache, 'readonly', (s) => {
        const cursor = s.openCursor();
        cursor.onsuccess = () => {
          const c = cursor.result;
          if (!c) return;
          if (fn(String(c.key), c.value as CacheEntry) === false) return;
          c.continue();
        };
      }),
  };
}
