import { categoryPathFor, cmsPathFor, ownUrlPath, productPathFor, type StoreCode } from '@vitrina/domain';
import type { Category, Product } from './types';

/** A resized image URL of the API (`/vsbridge/image/{w}/{h}/resize{path}`); absolute URLs pass through. */
export function imageUrl(path: string | null | undefined, width: number, height: number): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `/vsbridge/image/${width}/${height}/resize${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * URL_DISPATCHER: categories, products and CMS pages live at their url_path. The
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

/** a url_path of the import file, served with the dispatcher on (the rule: @vitrina/domain urls.ts) */
export { ownUrlPath };

export function productPath(
  storeCode: StoreCode,
  product: Pick<Product, 'sku' | 'slug'> & { url_path?: string | undefined },
  childSku?: string | null,
): string {
  return productPathFor(storeCode, product, childSku, urlDispatcherOn());
}

export function categoryPath(storeCode: StoreCode, category: Pick<Category, 'slug'>): string {
  return categoryPathFor(storeCode, category, urlDispatcherOn());
}

/** a CMS page's URL: `/i/{slug}`, or `/{slug}` with the dispatcher on */
export function cmsPath(storeCode: StoreCode, slug: string): string {
  return cmsPathFor(storeCode, slug, urlDispatcherOn());
}

/**
 * The page a path shows: a product's variant (its child sku, the path's last segment) is the same
 * page as its product, so choosing a grade neither switches the web font (lib/fonts.ts) nor moves
 * the focus off the grade's radio (lib/focus-after-navigation.ts).
 */
export function pageOfPath(pathname: string, childSku: string | undefined): string {
  return childSku && pathname.endsWith(`/${childSku}`) ? pathname.slice(0, -childSku.length - 1) : pathname;
}
