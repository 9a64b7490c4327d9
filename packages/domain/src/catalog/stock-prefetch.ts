// Prefetch of configurable-children stock on listings: catalogue-and-cart.md §9 "Prefetch of
// configurable-children stock" (capped by a configured count) and "Stock list batch" (15 skus).
import { CHILD_STOCK_PREFETCH_COUNT, STOCK_LIST_BATCH } from '../base/index.ts';
import { stockBatches } from './stock.ts';

/** What the selection reads of a listed product. */
export interface PrefetchProduct {
  readonly type_id?: string;
  readonly configurable_children?: readonly { readonly sku?: unknown }[] | null;
}

/**
 * The children skus whose stock a listing prefetches: those of the first `count` configurable
 * products (in listing order; configurables without children do not count), unique, in order.
 * Simple and other product types are never prefetched.
 */
export function childStockPrefetchSkus(
  products: readonly PrefetchProduct[],
  count: number = CHILD_STOCK_PREFETCH_COUNT,
): string[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`Prefetch count must be a non-negative integer: ${count}`);
  const skus: string[] = [];
  let taken = 0;
  for (const p of products) {
    if (taken >= count) break;
    if (p.type_id !== 'configurable') continue;
    const children = (p.configurable_children ?? [])
      .map((c) => c.sku)
      .filter((s): s is string => typeof s === 'string' && s !== '');
    if (children.length === 0) continue;
    taken++;
    skus.push(...children);
  }
  return [...new Set(skus)];
}

/** The stock list requests of the prefetch: the selected skus, 15 per request. */
export function childStockPrefetchBatches(
  products: readonly PrefetchProduct[],
  count: number = CHILD_STOCK_PREFETCH_COUNT,
  batchSize: number = STOCK_LIST_BATCH,
): string[][] {
  return stockBatches(childStockPrefetchSkus(products, count), batchSize);
}
