/**
 * The URL mapper (`POST /api/url/map`, accounts-checkout-routes.md §2 "Route resolution", §7):
 * a storefront path → `{ _type: 'product' | 'category' | 'cms_page', _source }`, or null.
 * The store code prefix (`/en`, `/ru`) selects the store view; Lithuanian lives at the root.
 */
import {
  applyUrlMapProductOptions,
  productLoadError,
  staticPageFromSlug,
  staticPageMovedTo,
  storeCodeFromPath,
  type StoreCode,
  type UrlMapOptions,
} from '@vitrina/domain';
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

export interface MapUrlOptions {
  /** the request's storeCode: applies to a path without a store prefix; a prefix wins */
  fallbackStore?: StoreCode | undefined;
  /** URL_DISPATCHER: a bare url_path (`/nesiojami-kompiuteriai/lenovo-t14.html`) maps too */
  dispatcher?: boolean;
  /** the request's product options and `filters.sku` (accounts-checkout-routes.md §7) */
  options?: UrlMapOptions;
  sku?: string | null;
  /** prefetchGroupProducts: the documents of linked products by sku */
  linked?: (store: StoreCode, skus: string[]) => Promise<Record<string, unknown>[]>;
}

/** the store view a URL is mapped in: its prefix's, else the request's storeCode, else the default */
export function storeOfPath(url: string, fallbackStore?: StoreCode): StoreCode {
  const path = pathOf(url);
  const prefixed = storeCodeFromPath(path);
  return prefixed.rest !== path ? prefixed.storeCode : (fallbackStore ?? prefixed.storeCode);
}

export async function mapUrl(
  catalog: CatalogService,
  url: string,
  projection: Projection,
  opts: MapUrlOptions = {},
): Promise<UrlMapHit | null> {
  const path = pathOf(url);
  const storeCode = storeOfPath(url, opts.fallbackStore);
  const rest = storeCodeFromPath(path).rest;
  const segments = rest.split('/').filter(Boolean).map(decode);
  if (segments.some((s) => s === null) || segments.length === 0) return null;
  const [head, ...tail] = segments as string[];
  let hit = await resolve(catalog, storeCode, head as string, tail);
  const bare = (segments as string[]).join('/');
  // catalogue-and-cart.md §2: a category is looked up by its url_path (the route path without its
  // leading slash) whether or not the dispatcher serves it there; off, the storefront answers 301 to /c/…
  if (!hit) hit = opts.dispatcher ? await resolveBare(catalog, storeCode, bare) : await categoryAt(catalog, storeCode, bare);
  if (!hit) return null;
  if (hit._type === 'product') {
    const pathChild = head === 'p' && tail.length === 3 ? (tail[2] as string) : null;
    const shaped = applyUrlMapProductOptions(hit._source, opts.options ?? {}, opts.sku ?? pathChild, storeCode);
    if (!shaped) return null;
    hit = { _type: 'product', _source: opts.options?.prefetchGroupProducts && opts.linked ? await withLinked(shaped, storeCode, opts.linked) : shaped };
  }
  return { _type: hit._type, _source: project(hit._source, projection) };
}

/**
 * URL_DISPATCHER: the path without its store prefix is a product's url_path
 * (a migrating shop's `nesiojami-kompiuteriai/lenovo-t14.html`), a category's path (its slug, the
 * Magento url_path it was imported with) or a CMS page's slug.
 */
async function resolveBare(catalog: CatalogService, store: StoreCode, path: string): Promise<UrlMapHit | null> {
  const product = await catalog.productByKey(store, 'url_path', path);
  if (product && !productLoadError(product as { status?: number; visibility?: number }))
    return { _type: 'product', _source: product };
  const category = await categoryAt(catalog, store, path);
  if (category) return category;
  return path.includes('/') ? null : cmsPage(catalog, store, path);
}

/** the active category whose path (its slug: the url_path it was imported with) is `path` */
async function categoryAt(catalog: CatalogService, store: StoreCode, path: string): Promise<UrlMapHit | null> {
  const categories = await catalog.categories(store);
  const category = categories.find((c) => c.is_active && c.slug === path);
  return category ? { _type: 'category', _source: category as unknown as Record<string, unknown> } : null;
}

/** prefetchGroupProducts: a grouped or bundle product's links carry the linked documents */
async function withLinked(
  product: Record<string, unknown>,
  store: StoreCode,
  linked: NonNullable<MapUrlOptions['linked']>,
): Promise<Record<string, unknown>> {
  type Link = { sku?: string; linked_product_sku?: string; [k: string]: unknown };
  const links = (product.product_links as Link[] | undefined) ?? [];
  const bundle = (product.bundle_options as { product_links?: Link[]; [k: string]: unknown }[] | undefined) ?? [];
  const skuOf = (l: Link) => l.linked_product_sku ?? l.sku;
  const skus = [...links, ...bundle.flatMap((o) => o.product_links ?? [])].map(skuOf).filter((s): s is string => !!s);
  if (skus.length === 0) return product;
  const docs = new Map((await linked(store, [...new Set(skus)])).map((d) => [String(d.sku), d]));
  const attach = (l: Link) => {
    const doc = docs.get(skuOf(l) ?? '');
    return doc ? { ...l, product: doc } : l;
  };
  return {
    ...product,
    product_links: links.map(attach),
    bundle_options: bundle.map((o) => ({ ...o, product_links: (o.product_links ?? []).map(attach) })),
  };
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
    // a moved page (`/kontaktai`) maps to the page that answers it (`contact-us`)
    const movedTo = page ? staticPageMovedTo(page) : undefined;
    if (movedTo) return cmsPage(catalog, store, movedTo);
    if (page) return (await cmsPage(catalog, store, head)) ?? (await cmsPage(catalog, store, page));
  }
  return null;
}

async function cmsPage(catalog: CatalogService, store: StoreCode, slug: string): Promise<UrlMapHit | null> {
  const pages = await catalog.cmsPages(store);
  const page = pages.find((p) => p.slug === slug) ?? pages.find((p) => p.identifier === slug);
  return page ? { _type: 'cms_page', _source: page } : null;
}
