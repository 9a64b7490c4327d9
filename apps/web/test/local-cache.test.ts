import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../app/api-client/api';
import { createCatalogueCache } from '../app/api-client/catalogue-cache';
import {
  CACHE_ITERATE_TIMEOUT_MS,
  CACHE_NAMES,
  CACHE_READ_TIMEOUT_MS,
  DISABLE_PERSISTENCE_AFTER_WRITE_ERRORS,
  QUOTA_CHECK_INTERVAL_MS,
  createLocalCaches,
  hashQuery,
  idbCacheBackend,
  type CacheEntry,
  type CacheName,
  type PersistentBackend,
} from '../app/api-client/local-cache';

/** An in-memory stand-in for IndexedDB whose speed and failures the test sets. */
function slowBackend() {
  const stores = new Map<CacheName, Map<string, CacheEntry>>(CACHE_NAMES.map((n) => [n, new Map()]));
  const ctl = {
    readDelay: 0,
    readError: null as Error | null,
    writeError: null as Error | null,
    iterateStepMs: 0,
    calls: { get: 0, set: 0, clear: [] as CacheName[] },
  };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const backend: PersistentBackend = {
    async get(cache, key) {
      ctl.calls.get++;
      if (ctl.readDelay) await wait(ctl.readDelay);
      if (ctl.readError) throw ctl.readError;
      return stores.get(cache)!.get(key);
    },
    async set(cache, key, entry) {
      ctl.calls.set++;
      if (ctl.writeError) throw ctl.writeError;
      stores.get(cache)!.set(key, entry);
    },
    async delete(cache, key) {
      stores.get(cache)!.delete(key);
    },
    async clear(cache) {
      ctl.calls.clear.push(cache);
      stores.get(cache)!.clear();
    },
    async iterate(cache, fn) {
      for (const [k, e] of [...stores.get(cache)!]) {
        if (ctl.iterateStepMs) await wait(ctl.iterateStepMs);
        if (fn(k, e) === false) return;
      }
    },
  };
  return { backend, stores, ctl };
}

const quotaError = () => Object.assign(new Error('quota'), { name: 'QuotaExceededError' });

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hashQuery (the cache key)', () => {
  it('is stable, and different queries get different keys', () => {
    expect(hashQuery('/vsbridge/catalog/x?q=1')).toBe(hashQuery('/vsbridge/catalog/x?q=1'));
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => a === b || hashQuery(a) !== hashQuery(b)));
  });
});

describe('local caches (catalogue-and-cart.md §7 "Caches")', () => {
  it('a read that has not answered after 800 ms falls back to the local copy', async () => {
    const { backend, ctl } = slowBackend();
    const caches = createLocalCaches({ backend, estimate: async () => ({}) });
    await caches.set('products', 'k', { sku: 'A' });
    ctl.readDelay = 5_000;
    let answer: unknown = 'pending';
    void caches.get('products', 'k').then((v) => (answer = v));
    await vi.advanceTimersByTimeAsync(CACHE_READ_TIMEOUT_MS - 1);
    expect(answer).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({ sku: 'A' });
    expect(caches.persistent).toBe(true);
  });

  it('reads the device copy after a reload (memory empty), when it answers in time', async () => {
    const { backend } = slowBackend();
    await createLocalCaches({ backend }).set('categories', 'k', [1, 2]);
    const reloaded = createLocalCaches({ backend });
    expect(await reloaded.get('categories', 'k')).toEqual([1, 2]);
  });

  it('any read error disables the persistent cache', async () => {
    const { backend, ctl } = slowBackend();
    const caches = createLocalCaches({ backend });
    await caches.set('search', 'k', 'v');
    ctl.readError = new Error('broken');
    expect(await caches.get('search', 'k')).toBe('v');
    expect(caches.persistent).toBe(false);
    ctl.readError = null;
    const gets = ctl.calls.get;
    await caches.get('search', 'k');
    await caches.set('search', 'k2', 'v2');
    expect(ctl.calls.get).toBe(gets);
    expect(caches.events).toContainEqual({ type: 'persistence-disabled', reason: 'read-error' });
  });

  it('after 30 write errors the persistent cache is disabled (29 are tolerated)', async () => {
    const { backend, ctl } = slowBackend();
    const caches = createLocalCaches({ backend });
    ctl.writeError = new Error('disk');
    for (let i = 0; i < DISABLE_PERSISTENCE_AFTER_WRITE_ERRORS - 1; i++)
      await caches.set('products', `k${i}`, i);
    expect(caches.persistent).toBe(true);
    await caches.set('products', 'last', 1);
    expect(caches.persistent).toBe(false);
    // memory still answers
    expect(await caches.get('products', 'k3')).toBe(3);
  });

  it('on a quota error all caches are cleared', async () => {
    const { backend, ctl, stores } = slowBackend();
    const caches = createLocalCaches({ backend });
    await caches.set('categories', 'c', 1);
    await caches.set('url', 'u', 2);
    ctl.writeError = quotaError();
    await caches.set('products', 'p', 3);
    expect(ctl.calls.clear.sort()).toEqual([...CACHE_NAMES].sort());
    expect(stores.get('categories')!.size).toBe(0);
    ctl.writeError = null;
    expect(await caches.get('categories', 'c')).toBeUndefined();
    expect(caches.persistent).toBe(true);
  });

  it('a quota error on the URL cache clears only that cache', async () => {
    const { backend, ctl } = slowBackend();
    const caches = createLocalCaches({ backend });
    await caches.set('categories', 'c', 1);
    await caches.set('url', 'u', 2);
    ctl.writeError = quotaError();
    await caches.set('url', 'u2', 3);
    ctl.writeError = null;
    expect(ctl.calls.clear).toEqual(['url']);
    expect(await caches.get('url', 'u')).toBeUndefined();
    expect(await caches.get('categories', 'c')).toBe(1);
  });

  it('an iterate takes at most 2000 ms', async () => {
    const { backend, ctl } = slowBackend();
    const caches = createLocalCaches({ backend });
    for (let i = 0; i < 100; i++) await caches.set('products', `k${String(i).padStart(3, '0')}`, i);
    ctl.iterateStepMs = 100;
    const seen: string[] = [];
    let complete: boolean | null = null;
    void caches.iterate('products', (k) => void seen.push(k)).then((c) => (complete = c));
    await vi.advanceTimersByTimeAsync(CACHE_ITERATE_TIMEOUT_MS - 1);
    expect(complete).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(complete).toBe(false);
    const count = seen.length;
    expect(count).toBeGreaterThanOrEqual(19);
    expect(count).toBeLessThanOrEqual(20);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen.length).toBe(count);
    ctl.iterateStepMs = 0;
    expect(await caches.iterate('products', () => undefined)).toBe(true);
  });

  it('checks the quota every 30000 ms and purges the oldest entries above it', async () => {
    const { backend, stores } = slowBackend();
    let usage = 100;
    const estimate = vi.fn(async () => ({ usage, quota: 1000 }));
    const caches = createLocalCaches({ backend, estimate });
    for (let i = 0; i < 10; i++) {
      await caches.set('products', `old${i}`, 'x'.repeat(10)); // 22 bytes each
      await vi.advanceTimersByTimeAsync(1);
    }
    await caches.set('cart', 'current-cart', { items: [] });
    const stop = caches.startQuotaCheck();
    await vi.advanceTimersByTimeAsync(QUOTA_CHECK_INTERVAL_MS - 1);
    expect(estimate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(estimate).toHaveBeenCalledTimes(1);
    expect(stores.get('products')!.size).toBe(10);
    // above the budget (half the quota): the oldest go until usage is under 90 % of it
    usage = 500 + 3 * 22;
    await vi.advanceTimersByTimeAsync(QUOTA_CHECK_INTERVAL_MS);
    expect(estimate).toHaveBeenCalledTimes(2);
    expect([...stores.get('products')!.keys()].sort()).toEqual(['old5', 'old6', 'old7', 'old8', 'old9']);
    expect(stores.get('cart')!.size).toBe(1);
    stop();
  });

  it('round-trips through IndexedDB (fake-indexeddb)', async () => {
    vi.useRealTimers();
    const backend = idbCacheBackend('vitrina-cache-test')!;
    const caches = createLocalCaches({ backend });
    await caches.set('attributes', 'color', { options: ['red'] });
    const reloaded = createLocalCaches({ backend: idbCacheBackend('vitrina-cache-test') });
    expect(await reloaded.get('attributes', 'color')).toEqual({ options: ['red'] });
    const keys: string[] = [];
    expect(await reloaded.iterate('attributes', (k) => void keys.push(k))).toBe(true);
    expect(keys).toEqual(['color']);
  });
});

describe('catalogue reads with the caches (two-stage)', () => {
  const setup = (readDelay = 0) => {
    const { backend, ctl } = slowBackend();
    ctl.readDelay = readDelay;
    let online = true;
    const caches = createLocalCaches({ backend });
    const cache = createCatalogueCache(caches, { isOnline: () => online, now: () => Date.now() });
    return { cache, ctl, setOnline: (v: boolean) => (online = v) };
  };
  const answerIn =
    <T>(ms: number, value: T) =>
    () =>
      new Promise<T>((r) => setTimeout(() => r(value), ms));
  const run = async <T>(p: Promise<T>, ms = 1_000): Promise<T> => {
    const settled = p.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    await vi.advanceTimersByTimeAsync(ms);
    const r = await settled;
    if (!r.ok) throw r.error;
    return r.value;
  };

  it('keeps two-stage on while the device answers before the network', async () => {
    const { cache } = setup(5);
    expect(await run(cache.read('products', 'q', answerIn(50, 'net')))).toBe('net');
    expect(await run(cache.read('products', 'q', answerIn(50, 'net2')))).toBe('net2');
    expect(cache.twoStage).toBe(true);
  });

  it('switches two-stage off when stage one (device) is slower than stage two (network)', async () => {
    const { cache, ctl } = setup(300);
    expect(await run(cache.read('products', 'q', answerIn(20, 'net')))).toBe('net');
    expect(cache.twoStage).toBe(false);
    const gets = ctl.calls.get;
    await run(cache.read('products', 'q', answerIn(20, 'net')));
    expect(ctl.calls.get).toBe(gets);
  });

  it('offline, a read answered before is served from the device', async () => {
    const { cache, setOnline } = setup();
    await run(cache.read('categories', 'menu', answerIn(10, ['phones'])));
    setOnline(false);
    const fetcher = vi.fn(answerIn(10, ['never']));
    expect(await run(cache.read('categories', 'menu', fetcher))).toEqual(['phones']);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('a network failure online falls back to the device copy; without one the error stands', async () => {
    const { cache } = setup();
    await run(cache.read('products', 'p', answerIn(10, 'v1')));
    const failing = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await run(cache.read('products', 'p', failing))).toBe('v1');
    await expect(run(cache.read('products', 'never-seen', failing))).rejects.toThrow('Failed to fetch');
    // an HTTP error is not a reason to answer from the device
    await expect(run(cache.read('products', 'p', () => Promise.reject(new Error('500'))))).rejects.toThrow(
      '500',
    );
  });
});

describe('the fetch layer with the caches (browserApi)', () => {
  it('offline: a search answered before comes from the device; a new one is empty and marked offline', async () => {
    vi.useRealTimers();
    let online = true;
    const caches = createLocalCaches({ backend: idbCacheBackend('vitrina-cache-api-test') });
    const cache = createCatalogueCache(caches, { isOnline: () => online });
    const fetch = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response(
        JSON.stringify({
          hits: { total: { value: 1 }, hits: [{ _source: { sku: 'PHN-1' } }] },
          aggregations: {},
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    });
    const api = createApi({ fetch, baseUrl: '', storeCode: 'en', cache });
    const first = await api.searchProducts({ query: 'phone' });
    expect(first).toMatchObject({ total: 1, items: [{ sku: 'PHN-1' }] });
    expect(first.offline).toBeUndefined();
    await api.searchCategories({ filters: { parent_id: 2 } });
    online = false;
    expect(await api.searchProducts({ query: 'phone' })).toEqual(first);
    expect(await api.searchProducts({ query: 'laptop' })).toEqual({
      items: [],
      total: 0,
      perPage: 50,
      aggregations: {},
      attributeMetadata: [],
      offline: true,
    });
    expect((await api.searchCategories({ filters: { parent_id: 2 } })).total).toBe(1);
    await expect(api.searchCategories({ filters: { parent_id: 99 } })).rejects.toThrow(TypeError);
  });
});
