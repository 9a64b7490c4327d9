import { localizedPath } from '@vitrina/domain';
import type { Category, Product, StoreCode } from './types';

/** A resized image URL of the API (`/vsbridge/image/{w}/{h}/resize{path}`); absolute URLs pass through. */
export function imageUrl(path: string | null | undefined, width: number, height: number): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `/vsbridge/image/${width}/${height}/resize${path.startsWith('/') ? path : `/${path}`}`;
}

export function productPath(
  storeCode: StoreCode,
  product: Pick<Product, 'sku' | 'slug'> & { url_path?: string | undefined },
  childSku?: string | null,
): string {
  const base = `/p/${encodeURIComponent(product.sku)}/${encodeURIComponent(product.slug)}`;
  return localizedPath(storeCode, childSku ? `${base}/${encodeURIComponent(childSku)}` : base);
}

export function categoryPath(storeCode: StoreCode, category: Pick<Category, 'slug'>): string {
  // a slug may be a path ("electronics/phones", an imported url_path): its slashes stay slashes
  const path = category.slug.split('/').map(encodeURIComponent).join('/');
  return localizedPath(storeCode, `/c/${path}`);
}
