/**
 * The URL mapper (`POST /api/url/map`, accounts-checkout-routes.md §2 "Route resolution", §7):
 * a storefront path → `{ _type: 'product' | 'category' | 'cms_page', _source }`, or null.
 * The store code prefix (`/en`, `/ru`) selects the store view; Lithuanian lives at the root.
 */
import { productLoadError, staticPageFromSlug, storeCodeFromPath, type StoreCode } from '@vitrina/domain';
import { project, type Projection } from '../lib/projection.ts';
import type { CatalogService } from './service.ts';

export type UrlMapHit = { _type: 'product' | 'category' | 'cms_page'; _source: Record<string, unknown> };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** the path of a URL or path: no origin, query or hash, no trailing slash */
export function pathOf(url: string): string {
  let path = url.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  path = path.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * `fallbackStore` (the request's storeCode) applies to a path without a store prefix; a prefix wins.
 */
export async function mapUrl(
  catalog: CatalogService,
  url: string,
  projection: Projection,
  fallbackStore?: StoreCode,
): Promise<UrlMapHit | null> {
  const path = pathOf(url);
  const prefixed = storeCodeFromPath(path);
  const storeCode = prefixed.rest !== path ? prefixed.storeCode : (fallbackStore ?? prefixed.storeCode);
  const rest = prefixed.rest;
  const segments = rest.split('/').filter(Boolean).map(decode);
  if (segments.some((s) => s === null) || segments.length === 0) return null;
  const [head, ...tail] = segments as string[];
  const hit = await resolve(catalog, storeCode, head as string, tail);
  return hit ? { _type: hit._type, _source: project(hit._source, projection) } : null;
}

async function resolve(
  catalog: CatalogService,
  store: StoreCode,
  head: string,
  tail: string[],
): Promise<UrlMapHit | null> {
  if (head === 'p' && tail.length >= 1 && tail.length <= 3) {
    const [product] = await catalog.productsBySkus(store, [tail[0] as string]);
    // catalogue-and-cart.md §4 "Product load": disabled or not individually visible → no page
    if (!product || productLoadError(product as { status?: number; visibility?: number })) return null;
    return { _type: 'product', _source: product };
  }
  if (head === 'c' && tail.length >= 1) {
    const slug = tail.join('/');
    const categories = await catalog.categories(store);
    const category = categories.find((c) => c.is_active && (c.slug === slug || c.url_path === `c/${slug}`));
    return category ? { _type: 'category', _source: category as unknown as Record<string, unknown> } : null;
  }
  if (head === 'i' && tail.length === 1) return cmsPage(catalog, store, tail[0] as string);
  if (tail.length === 0) {
    // localized static pages (accounts-checkout-routes.md §2): '/apie-mus', '/en/about-us'
    const page = staticPageFromSlug(head);
    if (page) return (await cmsPage(catalog, store, head)) ?? (await cmsPage(catalog, store, page));
  }
  return null;
}

async function cmsPage(catalog: CatalogService, store: StoreCode, slug: string): Promise<UrlMapHit | null> {
  const pages = await catalog.cmsPages(store);
  const page = pages.find((p) => p.slug === slug) ?? pages.find((p) => p.identifier === slug);
  return page ? { _type: 'cms_page', _source: page } : null;
}
