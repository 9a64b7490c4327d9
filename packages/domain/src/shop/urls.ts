// The shop's page URLs, one rule for the storefront's links and the server's sitemap.
// catalogue-and-cart.md: categories at /c/{slug}, products at /p/{parentSku}/{slug}[/{childSku}],
// CMS pages at /i/{slug} — "or the url_path when the URL dispatcher is on".
import { localizedPath, type StoreCode } from '../base/index.ts';

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** a url_path of the import file (not the shop's own `p/{sku}/{slug}`), served with the dispatcher on */
export function ownUrlPath(product: { url_path?: string | undefined | null }): string | null {
  const path = product.url_path?.replace(/^\/+|\/+$/g, '');
  return path && !path.startsWith('p/') ? path : null;
}

export interface ProductUrlFields {
  sku: string;
  slug: string;
  url_path?: string | undefined | null;
}

/** A product page's path in a store view; `childSku` chooses a configurable's variant. */
export function productPathFor(
  storeCode: StoreCode,
  product: ProductUrlFields,
  childSku: string | null | undefined,
  dispatcher: boolean,
): string {
  const own = dispatcher ? ownUrlPath(product) : null;
  if (own) {
    const base = localizedPath(storeCode, `/${encodePath(own)}`);
    return childSku ? `${base}?childSku=${encodeURIComponent(childSku)}` : base;
  }
  const base = `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
  return localizedPath(storeCode, childSku ? `${base}/${encodeURIComponent(childSku)}` : base);
}

/** A category page's path; a slug may be a path ("electronics/phones", an imported url_path). */
export function categoryPathFor(
  storeCode: StoreCode,
  category: { slug: string },
  dispatcher: boolean,
): string {
  const path = encodePath(category.slug);
  return localizedPath(storeCode, dispatcher ? `/${path}` : `/c/${path}`);
}

/** A CMS page's path: `/i/{slug}`, or `/{slug}` with the dispatcher on. */
export function cmsPathFor(storeCode: StoreCode, slug: string, dispatcher: boolean): string {
  return localizedPath(
    storeCode,
    dispatcher ? `/${encodeURIComponent(slug)}` : `/i/${encodeURIComponent(slug)}`,
  );
}

// A cached page's router data, kept apart from its document (apps/server/src/router-data.ts): the
// server answers it, the page's script and the service worker (app/pwa/cache-plan.ts) fetch it.

/** where a page's router data is served: `/_page-data` and then the page's own path and query */
export const ROUTER_DATA_PREFIX = '/_page-data';

/** the URL of the router data of the page at `pageUrl` (its path and query, as requested) */
export function routerDataUrlOf(pageUrl: string): string {
  return `${ROUTER_DATA_PREFIX}${pageUrl}`;
}

/**
 * The page URL a router-data URL names, or null when it names none: only a path as the shop writes
 * it (`//…` would be another host; `.`/`..` segments, another page than the one the cache keeps).
 */
export function pageUrlOfRouterData(url: string): string | null {
  if (!url.startsWith(`${ROUTER_DATA_PREFIX}/`)) return null;
  const page = url.slice(ROUTER_DATA_PREFIX.length);
  if (page.startsWith('//')) return null;
  const parsed = new URL(page, 'http://page.invalid');
  return parsed.pathname + parsed.search === page ? page : null;
}
