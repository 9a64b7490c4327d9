/**
 * A small in-memory cache of stock answers in the browser: sku → qty, is_in_stock, manage_stock and
 * when it was fetched. Filled by the listing's prefetch of configurable-children stock
 * (catalogue-and-cart.md §9 "Prefetch of configurable-children stock", "Stock list batch" 15 skus);
 * an entry is a hint for CHILD_STOCK_CACHE_TTL_MS only, never the truth for adding to the cart
 * (the cart checks stock itself).
 */
import {
  CHILD_STOCK_CACHE_TTL_MS,
  childStockPrefetchSkus,
  stockBatches,
  type PrefetchProduct,
} from '@vitrina/domain';
import type { Api } from '../api-client/api';

export interface CachedStock {
  qty: number;
  is_in_stock: boolean;
  manage_stock: boolean | undefined;
  fetchedAt: number;
}

const entries = new Map<string, CachedStock>();

/** The stock of `sku` fetched less than the TTL ago, or undefined. */
export function getCachedStock(sku: string, now: number = Date.now()): CachedStock | undefined {
  const hit = entries.get(sku);
  if (!hit) return undefined;
  if (now - hit.fetchedAt >= CHILD_STOCK_CACHE_TTL_MS) {
    entries.delete(sku);
    return undefined;
  }
  return hit;
}

export function putCachedStock(
  sku: string,
  stock: { qty: number; is_in_stock: boolean; manage_stock?: boolean | undefined },
  now: number = Date.now(),
): void {
  entries.set(sku, {
    qty: stock.qty,
    is_in_stock: stock.is_in_stock,
    manage_stock: stock.manage_stock,
    fetchedAt: now,
  });
}

/** Empties the cache (tests). */
export function clearStockCache(): void {
  entries.clear();
}

/**
 * Fetches the stock of the children of the listing's first configurables (CHILD_STOCK_PREFETCH_COUNT
 * by default) that are not fresh in the cache, 15 skus per `/stock/list` request, and keeps the
 * answers. Errors are logged and swallowed: the prefetch is only a hint.
 */
export async function prefetchChildStock(
  api: Pick<Api, 'stock'>,
  products: readonly PrefetchProduct[],
  count?: number,
): Promise<void> {
  const now = Date.now();
  const wanted = childStockPrefetchSkus(products, count).filter((sku) => !getCachedStock(sku, now));
  await Promise.all(
    stockBatches(wanted).map(async (batch) => {
      try {
        const answer = await api.stock.list(batch);
        const at = Date.now();
        for (const s of answer ?? []) if (s?.product_sku) putCachedStock(s.product_sku, s, at);
      } catch (e) {
        console.error('child stock prefetch', e);
      }
    }),
  );
}
