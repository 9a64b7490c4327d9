import { ROOT_CATEGORY_ID, type StoreCode } from '@vitrina/domain';
import type { Api } from './api';
import type { Crumb } from './breadcrumbs';
import type { Category, Product } from '../lib/types';
import { categoryPath } from '../lib/urls';

const CRUMB_FIELDS = ['id', 'name', 'slug', 'path', 'level', 'is_active'];

/** Ids on a category's materialised path ("1/2/12/40"), below the root category, in path order. */
function trailIds(path: string | undefined, ownId: number): number[] {
  return (path ?? '')
    .split('/')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > ROOT_CATEGORY_ID && n !== ownId);
}

/**
 * The breadcrumb trail of a category from its path (accounts-checkout-routes.md §2 "Breadcrumbs hold
 * a list of routes and a current item"): its active ancestors below the root category, then itself.
 * Ancestors already known (`known`) are not asked for again; a failed lookup leaves them out.
 */
export async function categoryTrail(
  api: Api,
  storeCode: StoreCode,
  category: Pick<Category, 'id' | 'name' | 'slug' | 'path'>,
  known: readonly Category[] = [],
): Promise<Crumb[]> {
  const ids = trailIds(category.path, category.id);
  const byId = new Map(known.map((c) => [c.id, c]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) {
    try {
      const res = await api.searchCategories({
        filters: { id: missing },
        size: missing.length,
        includeFields: CRUMB_FIELDS,
      });
      for (const c of res.items) byId.set(c.id, c);
    } catch (e) {
      console.error('breadcrumbs', e);
    }
  }
  const ancestors = ids
    .map((id) => byId.get(id))
    .filter((c): c is Category => Boolean(c && c.is_active !== false));
  return [...ancestors, category].map((c) => ({
    id: c.id,
    name: c.name,
    path: categoryPath(storeCode, c),
  }));
}

/** A product's trail: the trail of its deepest category, then the product as the current item. */
export async function productTrail(api: Api, storeCode: StoreCode, product: Product): Promise<Crumb[]> {
  const ids = product.category_ids ?? product.category?.map((c) => c.category_id) ?? [];
  if (!ids.length) return [];
  try {
    const res = await api.searchCategories({
      filters: { id: ids },
      size: ids.length,
      includeFields: CRUMB_FIELDS,
    });
    const active = res.items.filter((c) => c.is_active !== false && c.id > ROOT_CATEGORY_ID);
    const deepest = active.reduce<Category | null>(
      (best, c) => (!best || (c.level ?? 0) > (best.level ?? 0) ? c : best),
      null,
    );
    return deepest ? await categoryTrail(api, storeCode, deepest, active) : [];
  } catch (e) {
    console.error('breadcrumbs', e);
    return [];
  }
}
