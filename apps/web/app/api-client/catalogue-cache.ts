/**
 * Catalogue reads made in the browser through the fetch layer (api-client/api.ts `browserApi`), with the
 * local caches (api-client/local-cache.ts; catalogue-and-cart.md §7 "Caches"):
 * - online: the network answers and its answer is kept on the device under a hash of the query;
 *   with two-stage caching on, the device copy is read at the same time (stage one) so it is at
 *   hand if the network fails (stage two); when stage one turns out slower than stage two, two-stage
 *   caching is switched off for the rest of the session (spec: "disabled at runtime if stage one is
 *   slower than stage two"), and the device is read only after a network failure;
 * - offline, or the network failing: the device copy; without one, the caller's offline answer
 *   (search: an empty result marked `offline: true`, accounts-checkout-routes.md §8) or the error.
 */
import { createLocalCaches, hashQuery, type CacheName, type LocalCaches } from './local-cache';

/** No answer at all: fetch rejects with a TypeError ("Failed to fetch", "Load failed", ...). */
export const isNetworkFailure = (e: unknown) => e instanceof TypeError;

export interface CatalogueReadOptions<T> {
  /** the answer when offline with no copy on the device */
  offline?: () => T;
}

export interface CatalogueCacheOptions {
  isOnline?: () => boolean;
  now?: () => number;
}

export function createCatalogueCache(caches: LocalCaches, options: CatalogueCacheOptions = {}) {
  const isOnline =
    options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  const now = options.now ?? (() => (typeof performance !== 'undefined' ? performance.now() : Date.now()));
  let twoStage = true;

  async function fromDevice<T>(
    cache: CacheName,
    key: string,
    read: Promise<T | undefined> | null,
    opts: CatalogueReadOptions<T>,
    error: unknown,
  ): Promise<T> {
    const copy = await (read ?? caches.get<T>(cache, key));
    if (copy !== undefined) return copy;
    if (opts.offline) return opts.offline();
    throw error;
  }

  return {
    /** The answer to `query` (any string that identifies the read, e.g. its URL). */
    async read<T>(
      cache: CacheName,
      query: string,
      fetcher: () => Promise<T>,
      opts: CatalogueReadOptions<T> = {},
    ): Promise<T> {
      const key = hashQuery(query);
      if (!isOnline()) return fromDevice(cache, key, null, opts, new TypeError('offline'));
      const started = now();
      let stageOneMs: number | null = null;
      const stageOne = twoStage
        ? caches.get<T>(cache, key).then(
            (v) => {
              stageOneMs = now() - started;
              return v;
            },
            () => undefined,
          )
        : null;
      let value: T;
      try {
        value = await fetcher();
      } catch (e) {
        if (!isNetworkFailure(e)) throw e;
        return fromDevice(cache, key, stageOne, opts, e);
      }
      const stageTwoMs = now() - started;
      // stage one still unanswered, or answered later than the network: two-stage is not worth it
      if (stageOne && (stageOneMs === null || stageOneMs > stageTwoMs)) twoStage = false;
      void caches.set(cache, key, value);
      return value;
    },
    get twoStage() {
      return twoStage;
    },
    caches,
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

let browserCache: CatalogueCache | null = null;

/** The browser's catalogue cache (one per tab), with the quota check running; null on the server. */
export function browserCatalogueCache(): CatalogueCache | null {
  if (typeof window === 'undefined') return null;
  if (!browserCache) {
    const caches = createLocalCaches();
    caches.startQuotaCheck();
    browserCache = createCatalogueCache(caches);
  }
  return browserCache;
}
