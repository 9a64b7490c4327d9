/**
 * Stock hints on the product page: the page's stock comes with its route data (the
 * server's catalogue document, which the API's response cache may keep for a while); the browser
 * may hold a fresher answer for the children of a configurable, prefetched by a listing
 * (stock-cache.ts). After hydration the page shows, per child, the freshest figure it has: a cached
 * answer fetched after the route data was read, then the server's live `/stock/list` answer, which
 * the page asks for itself and which replaces any hint. The server render and the first client
 * render always use the route data (no hydration mismatch). The cart still checks stock itself.
 */
import { stockBatches } from '@vitrina/domain';
import { useEffect, useMemo, useState } from 'react';
import type { Api } from '../api-client/api';
import type { Product, StockInfo } from '../lib/types';
import { getCachedStock, putCachedStock, type CachedStock } from './stock-cache';

/** a fresher figure for a child's stock, laid over its document's stock (product_id kept) */
export type StockHint = Pick<StockInfo, 'qty' | 'is_in_stock'> & { manage_stock?: boolean };

/** sku → the stock to show instead of the route data's */
export type StockHints = Readonly<Record<string, StockHint>>;

const NO_HINTS: StockHints = {};

const stockOf = (s: {
  qty: number;
  is_in_stock: boolean;
  manage_stock?: boolean | undefined;
}): StockHint => ({
  qty: s.qty,
  is_in_stock: s.is_in_stock,
  ...(s.manage_stock === undefined ? {} : { manage_stock: s.manage_stock }),
});

/** the children skus whose stock the page can hint (only configurables carry children stock) */
export function hintableSkus(product: Pick<Product, 'type_id' | 'configurable_children'>): string[] {
  if (product.type_id !== 'configurable') return [];
  return (product.configurable_children ?? []).map((c) => c.sku).filter((s) => typeof s === 'string' && s);
}

/**
 * The cached answers for `skus` that are fresher than the route data read at `stockAt` (ms since
 * the epoch; the server's clock, compared with the browser's: a skewed clock only makes a hint win
 * or lose wrongly for the cache's short TTL, and the live answer replaces it anyway).
 */
export function cachedHints(
  skus: readonly string[],
  stockAt: number,
  read: (sku: string) => CachedStock | undefined = (sku) => getCachedStock(sku),
): StockHints {
  const out: Record<string, StockHint> = {};
  for (const sku of skus) {
    const hit = read(sku);
    if (!hit || !(hit.fetchedAt > stockAt)) continue;
    out[sku] = stockOf(hit);
  }
  return out;
}

/**
 * The product with its children's stock replaced by the hints (product_id kept); the same object
 * when no hint applies, so nothing downstream re-renders for nothing.
 */
export function withStockHints<P extends Pick<Product, 'configurable_children'>>(
  product: P,
  hints: StockHints,
): P {
  const children = product.configurable_children;
  if (!children?.some((c) => hints[c.sku])) return product;
  return {
    ...product,
    configurable_children: children.map((c) => {
      const hint = hints[c.sku];
      return hint ? { ...c, stock: { ...c.stock, ...hint } } : c;
    }),
  };
}

/**
 * The product as the page shows it: the route data while rendering on the server and hydrating,
 * then with the fresher cached children stock, then with the server's live answer (asked once per
 * page, 15 skus a request; a failure keeps what is shown and is only logged).
 */
export function useHintedStock<P extends Pick<Product, 'type_id' | 'configurable_children' | 'sku'>>(
  product: P,
  stockAt: number,
  api: Pick<Api, 'stock'>,
): P {
  const [hints, setHints] = useState<StockHints>(NO_HINTS);
  const skus = hintableSkus(product);
  const key = skus.join(',');
  useEffect(() => {
    if (!skus.length) return;
    let cancelled = false;
    const cached = cachedHints(skus, stockAt);
    if (Object.keys(cached).length) setHints(cached);
    for (const batch of stockBatches(skus)) {
      api.stock.list(batch).then(
        (answer) => {
          const at = Date.now();
          const fresh: Record<string, StockHint> = {};
          for (const s of answer ?? []) {
            if (!s?.product_sku) continue;
            // a live answer is as good as a listing's prefetch for the next page that reads the cache
            putCachedStock(s.product_sku, s, at);
            fresh[s.product_sku] = stockOf(s);
          }
          if (!cancelled) setHints((h) => ({ ...h, ...fresh }));
        },
        (e: unknown) => console.error('product stock', e),
      );
    }
    return () => {
      cancelled = true;
    };
    // the same product while its children skus are; stockAt is the route data's, read once per page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key]);
  return useMemo(() => withStockHints(product, hints), [product, hints]);
}
