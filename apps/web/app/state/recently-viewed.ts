import { createStore, useStore } from './store';

/** A product the customer looked at (enough to link back and show a card). */
export interface ViewedProduct {
  sku: string;
  name: string;
  path: string;
  image?: string | null;
  /** cents incl. tax */
  price?: number | null;
}

export const RECENTLY_VIEWED_MAX = 12;

/** Recently viewed products: newest first, unique by sku, persisted and shared with other tabs. */
export const recentlyViewed = createStore<ViewedProduct[]>([], {
  persistKey: 'recently-viewed',
  deserialize: (raw) => (Array.isArray(raw) ? (raw as ViewedProduct[]) : []),
});

export function addRecentlyViewed(p: ViewedProduct) {
  recentlyViewed.set((list) => [p, ...list.filter((x) => x.sku !== p.sku)].slice(0, RECENTLY_VIEWED_MAX));
}

export function useRecentlyViewed(): ViewedProduct[] {
  return useStore(recentlyViewed);
}
