import { localizedPath } from '@vitrina/domain';
import type { Category, Product, StoreCode } from './types';

/** A resized image URL of the API (`/vsbridge/image/{w}/{h}/resize{path}`); absolute URLs pass through. */
export function imageUrl(path: string | null | undefined, width: number, height: number): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `/vsbridge/image/${width}/${height}/resize${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * URL_DISPATCHER (issue #14 item 5): categories, products and CMS pages live at their url_path. The
 * setting is the process's: the server reads it from its environment, the browser from the root
 * route's data (root.tsx hands it over with setUrlDispatcher before any page renders a link).
 */
let dispatcher: boolean | undefined;

export function setUrlDispatcher(on: boolean): void {
  dispatcher = on;
}

export function urlDispatcherOn(): boolean {
  // the server's environment first (a server render never keeps a value between requests)
  if (typeof process !== 'undefined' && process.env) return process.env.URL_DISPATCHER === 'true';
  return dispatcher === true;
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** a url_path of the import file (not the shop's own `p/{sku}/{slug}`), served with the dispatcher on */
export function ownUrlPath(product: { url_path?: string | undefined | null }): string | null {
  const path = product.url_path?.replace(/^\/+|\/+$/g, '');
  return path && !path.startsWith('p/') ? path : null;
}

export function productPath(
  storeCode: StoreCode,
  product: Pick<Product, 'sku' | 'slug'> & { url_path?: string | undefined },
  childSku?: string | null,
): string {
  const own = urlDispatcherOn() ? ownUrlPath(product) : null;
  if (own) {
    const base = localizedPath(storeCode, `/${encodePath(own)}`);
    return childSku ? `${base}?childSku=${encodeURIComponent(childSku)}` : base;
  }
  const base = `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
  return localizedPath(storeCode, childSku ? `${base}/${encodeURIComponent(childSku)}` : base);
}

export function categoryPath(storeCode: StoreCode, category: Pick<Category, 'slug'>): string {
  // a slug may be a path ("electronics/phones", an imported url_path): its slashes stay slashes
  const path = encodePath(category.slug);
  return localizedPath(storeCode, urlDispatcherOn() ? `/${path}` : `/c/${path}`);
}

/** a CMS page's URL: `/i/{slug}`, or `/{slug}` with the dispatcher on */
export function cmsPath(storeCode: StoreCode, slug: string): string {
  return localizedPath(storeCode, urlDispatcherOn() ? `/${encodeURIComponent(slug)}` : `/i/${encodeURIComponent(slug)}`);
}
