/**
 * Which caching strategy the service worker applies to a request (accounts-checkout-routes.md §7 "service worker at /service-worker.js"). Pure, so the decision is
 * tested without a worker; `sw/service-worker.ts` only maps each plan to a Workbox strategy.
 *
 * - `static`: build assets, icons and manifests. Fingerprinted files are precached; anything else
 *   of the shell is served from the cache and refreshed in the background.
 * - `image`: product images and media, cache first with an entry limit.
 * - `catalog`: catalogue reads, stale-while-revalidate.
 * - `page`: a document navigation, network first falling back to the cached copy of that URL.
 * - `route-data`: React Router's `.data` and `/__manifest` requests (client navigations) and a
 *   cached page's router data (`/_page-data/…`, fetched after its first paint), network first likewise.
 * - `network-only`: everything else, above all cart, order, user and payment calls: never cached.
 */
import { ROUTER_DATA_PREFIX } from '@vitrina/domain';

export type CachePlan = 'static' | 'image' | 'catalog' | 'page' | 'route-data' | 'network-only';

export interface RequestFacts {
  method: string;
  url: string;
  /** `Request.mode`: 'navigate' for a document navigation. */
  mode: string;
}

/** Catalogue reads: the same answer for every shopper, so a stale copy is fine while revalidating. */
const CATALOG_PREFIXES = [
  '/vsbridge/catalog/',
  '/vsbridge/products/render-list',
  '/vsbridge/home-page',
  '/api/url/map',
];
const IMAGE_PREFIXES = ['/vsbridge/image/', '/media/'];
const STATIC_PREFIXES = ['/assets/', '/icons/'];
const STATIC_FILES = ['/favicon.svg', '/dist/client-manifest.json'];
const MANIFEST = /^\/(?:(?:en|ru)\/)?manifest\.webmanifest$/;
/** Never answered from a cache: the worker itself and every API path not listed above. */
const SERVICE_WORKER = '/service-worker.js';
const API_PREFIXES = ['/vsbridge/', '/api/'];

const startsWithAny = (path: string, prefixes: readonly string[]) => prefixes.some((p) => path.startsWith(p));

export function cachePlanFor(request: RequestFacts, origin: string): CachePlan {
  if (request.method !== 'GET') return 'network-only';
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return 'network-only';
  }
  if (url.origin !== origin) return 'network-only';
  const path = url.pathname;
  if (path === SERVICE_WORKER) return 'network-only';
  if (startsWithAny(path, IMAGE_PREFIXES)) return 'image';
  if (startsWithAny(path, CATALOG_PREFIXES)) return 'catalog';
  // cart, order, user, payment, stock, newsletter, reviews, admin...: always the network
  if (startsWithAny(path, API_PREFIXES) || path === '/healthz') return 'network-only';
  // answered by the API for crawlers (api/src/seo): never a page of the app
  if (path === '/robots.txt' || path === '/sitemap.xml' || path.startsWith('/sitemap/'))
    return 'network-only';
  if (startsWithAny(path, STATIC_PREFIXES) || STATIC_FILES.includes(path) || MANIFEST.test(path))
    return 'static';
  // the back office: staff data never stays on the device
  if (/^(?:\/en)?\/admin(?:[/.]|$)/.test(path)) return 'network-only';
  if (request.mode === 'navigate') return 'page';
  // single fetch: `/c/tv.data`, `/_root.data` (home), with `?_routes=` for partial revalidation;
  // `/__manifest`: React Router's lazy route discovery before a client navigation (pages of builds
  // before routeDiscovery: initial, react-router.config.ts)
  if (path.endsWith('.data') || path === '/__manifest') return 'route-data';
  // a cached page's router data, kept apart from its document and fetched after its first paint
  if (path.startsWith(`${ROUTER_DATA_PREFIX}/`)) return 'route-data';
  return 'network-only';
}

/** Query parameters that carry a secret (reset, order and review tokens): such URLs are never stored. */
const SECRET_PARAMS = ['token', 'orderToken', 'resetToken', 'code'];
/** Routes with a secret in the path: newsletter confirmation (e-mail, code) and review (order token). */
const SECRET_PATHS = /^(?:\/(?:en|ru))?\/(?:newsletter|review)\/./;

/** Whether a copy of this URL's answer may be stored on the device (pages and route data). */
export function mayKeepCopy(url: string): boolean {
  try {
    const { searchParams, pathname } = new URL(url);
    return !SECRET_PARAMS.some((name) => searchParams.has(name)) && !SECRET_PATHS.test(pathname);
  } catch {
    return false;
  }
}

/** Cache names; `pages` and `route-data` hold HTML and data tied to one build (see the worker). */
export const CACHE_NAMES = {
  images: 'vitrina-images',
  catalog: 'vitrina-catalog',
  pages: 'vitrina-pages',
  routeData: 'vitrina-route-data',
  static: 'vitrina-static',
} as const;

/** Limits of the runtime caches (entries; images also expire after 30 days). */
export const CACHE_LIMITS = {
  images: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 },
  catalog: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 },
  pages: { maxEntries: 100 },
  routeData: { maxEntries: 200 },
} as const;

/** Network-first requests fall back to the cache after this long (a slow network counts as none). */
export const NETWORK_TIMEOUT_SECONDS = 4;
