import { STORE_CODES, type StoreCode } from '@vitrina/domain';
import { serverApi } from './api.server';
import type { Category, CmsPage, Product } from '../lib/types';
import { categoryPath, cmsPath, productPath } from '../lib/urls';

type Ctx = Parameters<typeof serverApi>[0];

/**
 * Slugs are per store view, so the page's URL in the other languages is looked up in their
 * catalogues (by id or sku, only the slug). A failed lookup falls back to this view's slug.
 */
async function perStore(
  storeCode: StoreCode,
  own: string,
  other: (code: StoreCode) => Promise<string>,
  fallback: (code: StoreCode) => string,
): Promise<Record<StoreCode, string>> {
  const entries = await Promise.all(
    STORE_CODES.map(async (code): Promise<[StoreCode, string]> => {
      if (code === storeCode) return [code, own];
      try {
        return [code, await other(code)];
      } catch {
        return [code, fallback(code)];
      }
    }),
  );
  return Object.fromEntries(entries) as Record<StoreCode, string>;
}

export function categoryPaths(
  context: Ctx,
  storeCode: StoreCode,
  category: Category,
): Promise<Record<StoreCode, string>> {
  return perStore(
    storeCode,
    categoryPath(storeCode, category),
    async (code) => {
      const res = await serverApi(context, code).searchCategories({
        filters: { id: category.id },
        size: 1,
        includeFields: ['id', 'slug'],
      });
      return categoryPath(code, res.items[0] ?? category);
    },
    (code) => categoryPath(code, category),
  );
}

export function productPaths(
  context: Ctx,
  storeCode: StoreCode,
  product: Product,
  childSku: string | null,
): Promise<Record<StoreCode, string>> {
  return perStore(
    storeCode,
    productPath(storeCode, product, childSku),
    async (code) => {
      const res = await serverApi(context, code).searchProducts({
        filters: { sku: product.sku },
        size: 1,
        includeFields: ['id', 'sku', 'slug', 'url_path'],
      });
      return productPath(code, res.items[0] ?? product, childSku);
    },
    (code) => productPath(code, product, childSku),
  );
}

/** `/i/{slug}` of a CMS page in every store view (its slug is per store view). */
export function cmsPagePaths(
  context: Ctx,
  storeCode: StoreCode,
  page: CmsPage,
): Promise<Record<StoreCode, string>> {
  const path = (code: StoreCode, slug: string) => cmsPath(code, slug);
  const own = page.slug ?? page.identifier;
  return perStore(
    storeCode,
    path(storeCode, own),
    async (code) => {
      const other = await serverApi(context, code).getCmsPage(page.identifier);
      return path(code, other?.slug ?? page.identifier);
    },
    (code) => path(code, own),
  );
}
