import { useEffect } from 'react';
import type { PrefetchProduct } from '@vitrina/domain';
import { useApi } from '../api-client/use-api';
import { whenIdle } from '../lib/idle';
import { prefetchChildStock } from '../state/stock-cache';

/**
 * After a listing renders in the browser, prefetches the stock of its first configurables' children
 * when the browser is idle (catalogue-and-cart.md §9 "Prefetch of configurable-children stock").
 * Effects do not run during SSR; nothing is rendered and rendering never waits for it.
 */
export function useChildStockPrefetch(products: readonly (PrefetchProduct & { sku: string })[]): void {
  const api = useApi();
  const key = products.map((p) => p.sku).join(',');
  useEffect(() => {
    let cancelled = false;
    const cancel = whenIdle(() => {
      if (!cancelled) void prefetchChildStock(api, products);
    });
    return () => {
      cancelled = true;
      cancel();
    };
    // the products are the same listing while their skus are (a new array each render is not a new page)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key]);
}

/**
 * The prefetch as a part of the listing's products (nothing rendered): a category's products kept
 * under the phone's open filter sheet (Listing `KeptWhileCovered`) are not rendered again at a tick,
 * so the stock asked is the shown products' children, once as the sheet closes, not each tick's
 * (an idle task and a request in every tick's main thread).
 */
export function ChildStockPrefetch({
  products,
}: {
  products: readonly (PrefetchProduct & { sku: string })[];
}): null {
  useChildStockPrefetch(products);
  return null;
}
