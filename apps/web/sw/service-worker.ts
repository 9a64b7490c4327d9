/// <reference lib="webworker" />
/**
 * The shop's service worker, served at /service-worker.js with scope / (accounts-checkout-routes.md
 * §7). Bundled with esbuild by scripts/build-pwa.ts, which replaces
 * `self.__WB_MANIFEST` with the built client files (app shell and every route chunk).
 *
 * Which request gets which strategy is decided by `cachePlanFor` (app/pwa/cache-plan.ts, tested);
 * this file only maps the plans to Workbox strategies:
 *   static → precache (fingerprinted) or stale-while-revalidate; image → cache first with limits;
 *   catalog → stale-while-revalidate; page and route-data → network first, else the cached copy of
 *   that URL; a page never seen answers the offline document (app/pwa/offline.ts).
 * A new version installs and waits; the page offers a reload and answers SKIP_WAITING.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  CACHE_LIMITS,
  CACHE_NAMES,
  NETWORK_TIMEOUT_SECONDS,
  cachePlanFor,
  mayKeepCopy,
  type CachePlan,
} from '../app/pwa/cache-plan';
import { routerDataUrlOf } from '@vitrina/domain';
import { offlineDocument, offlinePageKind } from '../app/pwa/offline';
import { PAGE_REFRESH_MS, type PwaMessage } from '../app/pwa/messages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const planOf = (request: Request): CachePlan =>
  cachePlanFor({ method: request.method, url: request.url, mode: request.mode }, self.location.origin);

registerRoute(
  ({ request }) => planOf(request) === 'image',
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    plugins: [new ExpirationPlugin({ ...CACHE_LIMITS.images, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request }) => planOf(request) === 'catalog',
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.catalog,
    plugins: [new ExpirationPlugin({ ...CACHE_LIMITS.catalog, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ request }) => planOf(request) === 'static',
  new StaleWhileRevalidate({ cacheName: CACHE_NAMES.static }),
);

/**
 * Only complete answers (200) are stored, and never for a URL that carries a token (this plugin
 * replaces Workbox's default 200-only check, so it does both).
 */
const noSecrets = {
  cacheWillUpdate: async ({ request, response }: { request: Request; response: Response }) =>
    response.status === 200 && mayKeepCopy(request.url) ? response : null,
};

const routeData = new NetworkFirst({
  cacheName: CACHE_NAMES.routeData,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [noSecrets, new ExpirationPlugin({ ...CACHE_LIMITS.routeData, purgeOnQuotaError: true })],
});
// no copy and no network: the fetch fails and the app's error boundary handles it offline
registerRoute(({ request }) => planOf(request) === 'route-data', routeData);

const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [noSecrets, new ExpirationPlugin({ ...CACHE_LIMITS.pages, purgeOnQuotaError: true })],
});
registerRoute(
  ({ request }) => planOf(request) === 'page',
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      const { html } = offlineDocument(new URL(options.request.url).pathname);
      return new Response(html, {
        status: 503,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
      });
    }
  },
);

/**
 * Keeps a copy of a page's document (seen through a client-side navigation) for offline visits, and of
 * its router data when the document was served without it (apps/server/src/router-data.ts): offline,
 * the page hydrates from that copy.
 */
async function cachePage(href: string): Promise<void> {
  const url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin) return;
  if (cachePlanFor({ method: 'GET', url: url.href, mode: 'navigate' }, url.origin) !== 'page') return;
  if (offlinePageKind(url.pathname) === 'other' || !mayKeepCopy(url.href)) return;
  const cache = await caches.open(CACHE_NAMES.pages);
  const cached = await cache.match(url.href);
  const date = Date.parse(cached?.headers.get('date') ?? '');
  if (cached && Date.now() - date < PAGE_REFRESH_MS) return;
  const response = await fetch(url.href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/html')) return;
  const dataUrl = routerDataUrlOf(url.pathname + url.search);
  const fetchesData = (await response.clone().text()).includes(JSON.stringify(dataUrl));
  await cache.put(url.href, response);
  if (!fetchesData) return;
  const data = await fetch(dataUrl, { credentials: 'same-origin' });
  if (data.ok) await (await caches.open(CACHE_NAMES.routeData)).put(new URL(dataUrl, url).href, data);
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PwaMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'CACHE_PAGE') event.waitUntil(cachePage(message.url).catch(() => undefined));
});

// The first worker takes the open pages at once, so the page that installed it works offline; an
// update only activates when the shopper accepts the reload (SKIP_WAITING).
clientsClaim();

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // documents and route data of the previous build point at its chunks, which are gone now
      await Promise.all([caches.delete(CACHE_NAMES.pages), caches.delete(CACHE_NAMES.routeData)]);
      const windows = await self.clients.matchAll({ type: 'window' });
      await Promise.all(windows.map((client) => cachePage(client.url).catch(() => undefined)));
    })(),
  );
});
