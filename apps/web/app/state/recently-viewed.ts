import { joinRecentlyViewed, noteViewed, RECENTLY_VIEWED_MAX } from '@vitrina/domain';
import { savedListSharing } from './saved-product';
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

/**
 * Recently viewed products: newest first, unique by sku, persisted and shared with other tabs;
 * products opened in several tabs at once are all kept (`joinRecentlyViewed`).
 */
export function createRecentlyViewedStore(options: { persistKey?: string } = {}) {
  const store = createStore<ViewedProduct[]>([], {
    persistKey: options.persistKey,
    ...savedListSharing<ViewedProduct>((items) => items, RECENTLY_VIEWED_MAX, joinRecentlyViewed),
  });
  return { store, add: (p: ViewedProduct) => store.set((list) => noteViewed(list, p)) };
}

export const recentlyViewed = createRecentlyViewedStore({ persistKey: 'recently-viewed' });

export function addRecentlyViewed(p: ViewedProduct) {
  recentlyViewed.add(p);
}

export function useRecentlyViewed(): ViewedProduct[] {
  return useStore(recentlyViewed.store);
}
