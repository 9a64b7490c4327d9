/**
 * Page cache (catalogue-and-cart.md §7 "Caches": server-rendered output cached by URL and store view,
 * tagged with the page tags, TTL 86400 s, invalidated by tag). The spec's shop runs it off; this one
 * runs it on (PAGE_CACHE=memory, the default; docs/decisions/) because it invalidates by data stamp.
 *
 * Freshness: every lookup first reads the data stamp of the page's store view (the catalogue version
 * and the highest product_index `page_rev` of that store view; see `dataStampReader`). A new catalogue
 * version (an import, a special-price window) invalidates every catalogue tag; a new page_rev alone
 * (a product re-indexed with what pages show of it changed: its stock status, "Only N left")
 * invalidates the pages that show products, tag `product`. An entry also remembers the stamp it was rendered under and is served only under the
 * same catalogue version (and, for pages tagged `product`, the same rev), so several processes, each
 * with its own cache, never serve a page older than the data behind it.
 *
 * Personal pages are never cached: requests with a cookie or an Authorization header, the checkout
 * and account pages, answers that set cookies or say private/no-store, and errors (5xx).
 */
import { storeCodeFromPath, type StoreCode } from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import { brotliCompress, constants as zlib } from 'node:zlib';

/** the spec's page tags */
export const PAGE_TAGS = [
  'product',
  'category',
  'home',
  'checkout',
  'page-not-found',
  'compare',
  'my-account',
  'error',
  'attribute',
  'taxrule',
] as const;
export type PageTag = (typeof PAGE_TAGS)[number];

/** what a page shows decides its tags: its own kind, then the data it renders */
const LISTING: PageTag[] = ['product', 'category', 'attribute', 'taxrule'];

/** the tags of a page by its path; `personal` pages are never cached */
export function pageTagsOf(pathname: string, status: number): { tags: PageTag[]; personal: boolean } {
  const { rest } = storeCodeFromPath(pathname);
  if (status === 404) return { tags: ['page-not-found', 'category'], personal: false };
  if (status >= 500 || rest === '/error') return { tags: ['error'], personal: true };
  if (rest === '/' || rest === '/pwa.html')
    return { tags: ['home', 'product', 'category', 'taxrule'], personal: false };
  if (rest.startsWith('/c/')) return { tags: LISTING, personal: false };
  if (rest.startsWith('/p/'))
    return { tags: ['product', 'category', 'attribute', 'taxrule'], personal: false };
  if (rest === '/search') return { tags: LISTING, personal: false };
  if (rest === '/compare') return { tags: ['compare', 'attribute', 'category'], personal: false };
  if (rest === '/checkout' || rest === '/order-completed') return { tags: ['checkout'], personal: true };
  // the back office: staff pages, its login page too, are never cached
  if (/^\/admin(?:[/.]|$)/.test(rest)) return { tags: ['my-account'], personal: true };
  if (rest.startsWith('/my-account') || /^\/(reset-password|newsletter|review)(\/|$)/.test(rest))
    return { tags: ['my-account'], personal: true };
  // CMS and static pages, news, wish list: the menu (categories) around content that only an import changes
  return { tags: ['category'], personal: false };
}

/**
 * A cached page: the same bytes for every answer (rendered-page.ts `SharedPage`), its headers with
 * its Content-Security-Policy by hashes among them, compressed once: gzip when it is cached, brotli
 * (quality 11, ~130 ms of a thread-pool thread for a category page) once that is ready.
 */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** one object for the entry's life: `br` arrives after the page is cached (`compressWithBrotli`) */
  encoded: { gzip: Buffer; br?: Buffer };
  /** the router data the page was rendered with, kept apart from it, and gzip of it (router-data.ts) */
  routerData?: { body: Buffer; gzip: Buffer } | undefined;
};

/**
 * Brotli of a cached page, on the thread pool (never the thread that answers), into its `encoded`;
 * until it is there, the page's answers are gzip. Brotli 11 is 12-14 % smaller than gzip 9 on the
 * catalogue pages (category page: 15.0 against 17.4 kB), which decides whether a page's document
 * fits the first round trip of a phone's connection (~14.6 kB, router-data.ts).
 */
export function compressWithBrotli(page: CachedPage): void {
  brotliCompress(
    page.body,
    {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length,
      },
    },
    (error, br) => {
      if (!error) page.encoded.br = br;
    },
  );
}

/** `bytes`: what the entry holds, its page and its compressed pieces */
type Entry = CachedPage & { tags: PageTag[]; stamp: string; expires: number; bytes: number };

export type PageCacheOptions = { ttlMs: number; maxEntries: number; maxBytes: number };

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** the last stamp seen per store view (`version:rev`) */
  private readonly stamps = new Map<StoreCode, string>();
  readonly stats = { hits: 0, misses: 0, stores: 0, invalidated: 0 };

  constructor(readonly opts: PageCacheOptions) {}

  static key(store: StoreCode, url: string): string {
    return `${store} ${url}`;
  }

  /** tells the cache the data stamp now current for a store view; invalidates by tag what changed */
  observe(store: StoreCode, stamp: string): void {
    const last = this.stamps.get(store);
    if (last === stamp) return;
    this.stamps.set(store, stamp);
    if (last === undefined) return;
    if (versionOf(last) !== versionOf(stamp)) {
      // a new catalogue version: every store view's catalogue pages
      this.invalidate([...PAGE_TAGS]);
      for (const s of this.stamps.keys()) if (s !== store) this.stamps.delete(s);
    } else this.invalidate(['product'], store);
  }

  get(store: StoreCode, url: string, stamp: string): CachedPage | undefined {
    const key = PageCache.key(store, url);
    const hit = this.entries.get(key);
    if (!hit || !isCurrent(hit, stamp) || hit.expires <= Date.now()) {
      if (hit) this.remove(key, hit);
      this.stats.misses++;
      return undefined;
    }
    // least recently used goes first
    this.entries.delete(key);
    this.entries.set(key, hit);
    this.stats.hits++;
    return hit;
  }

  set(store: StoreCode, url: string, stamp: string, page: CachedPage, tags: PageTag[]): void {
    if (page.body.length > this.opts.maxBytes / 4) return;
    const key = PageCache.key(store, url);
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    // brotli, which comes later, is counted as large as gzip (it is smaller)
    const bytes =
      page.body.length +
      2 * page.encoded.gzip.length +
      (page.routerData ? page.routerData.body.length + page.routerData.gzip.length : 0);
    this.entries.set(key, { ...page, tags, stamp, bytes, expires: Date.now() + this.opts.ttlMs });
    this.bytes += bytes;
    this.stats.stores++;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.opts.maxEntries && this.bytes <= this.opts.maxBytes) break;
      this.remove(k, e);
    }
  }

  /** drops the pages carrying any of the tags (of one store view, or of all) */
  invalidate(tags: readonly PageTag[], store?: StoreCode): number {
    let n = 0;
    const prefix = store ? `${store} ` : '';
    for (const [k, e] of this.entries) {
      if (prefix && !k.startsWith(prefix)) continue;
      if (e.tags.some((t) => tags.includes(t))) {
        this.remove(k, e);
        n++;
      }
    }
    this.stats.invalidated += n;
    return n;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, e: Entry) {
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}

const versionOf = (stamp: string) => stamp.slice(0, stamp.indexOf(':'));

/** rendered under the current catalogue version, and for a page showing products, the current rev */
function isCurrent(entry: Entry, stamp: string): boolean {
  if (entry.stamp === stamp) return true;
  return versionOf(entry.stamp) === versionOf(stamp) && !entry.tags.includes('product');
}

/**
 * The data stamp of a store view, `version:rev`: the catalogue version and the highest page_rev of
 * its product_index rows (served by product_index_page_rev_idx). Reads in flight are shared per store view,
 * and a read is reused for `reuseMs` (the API's CATALOG_VERSION_TTL_MS: a change is seen within it).
 */
export function dataStampReader(database: Database, reuseMs = 0): (store: StoreCode) => Promise<string> {
  const inFlight = new Map<StoreCode, Promise<string>>();
  const recent = new Map<StoreCode, { stamp: string; at: number }>();
  return (store) => {
    const memo = recent.get(store);
    if (memo && performance.now() - memo.at < reuseMs) return Promise.resolve(memo.stamp);
    let read = inFlight.get(store);
    if (!read) {
      const at = performance.now();
      read = database
        .query<{ v: string | null; r: string | null }>(
          `SELECT (SELECT value #>> '{}' FROM meta WHERE key = 'catalog_version') AS v,
                  (SELECT max(page_rev)::text FROM product_index WHERE store_code = $1) AS r`,
          [store],
        )
        .then(([row]) => {
          const stamp = `${row?.v ?? 0}:${row?.r ?? 0}`;
          recent.set(store, { stamp, at });
          return stamp;
        });
      const current = read;
      inFlight.set(store, current);
      const done = () => {
        if (inFlight.get(store) === current) inFlight.delete(store);
      };
      current.then(done, done);
    }
    return read;
  };
}

/** may this request be answered from (and stored in) the page cache? */
export function isCacheableRequest(method: string, headers: Record<string, unknown>): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return !headers.cookie && !headers.authorization;
}

/** may the answer for the page at `pathname` be stored: a page that is not personal, an answer that may be */
export function mayCacheAnswer(pathname: string, response: Response): boolean {
  return !pageTagsOf(pathname, response.status).personal && isCacheableResponse(response);
}

/** may this answer be stored? (no cookies set, not private, a 200 or a 404 of HTML) */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 && response.status !== 404) return false;
  if (response.headers.has('set-cookie')) return false;
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (/private|no-store/i.test(cacheControl)) return false;
  const vary = response.headers.get('vary') ?? '';
  if (/cookie|authorization|\*/i.test(vary)) return false;
  return (response.headers.get('content-type') ?? '').includes('text/html');
}
