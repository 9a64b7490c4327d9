import { COMPARE_MAX_ITEMS, addToCompare, hasSku, removeBySku } from '@vitrina/domain';
import { savedListSharing, type SavedProduct } from './saved-product';
import { createStore, useStore } from './store';

/**
 * The compare list (accounts-checkout-routes.md §3 "Compare item: a product, unique by sku"; §4
 * "Persisted in browser storage on every add, remove or clear; loaded once from storage"):
 * IndexedDB-persisted and shared with other tabs, two tabs' changes joined. Logout clears it (`clear`).
 */
export function createCompareStore(options: { persistKey?: string } = {}) {
  const store = createStore<SavedProduct[]>([], {
    persistKey: options.persistKey,
    ...savedListSharing((items) => items, COMPARE_MAX_ITEMS),
  });
  return {
    store,
    add: (p: SavedProduct) => store.set((list) => addToCompare(list, p)),
    remove: (sku: string) => store.set((list) => removeBySku(list, sku)),
    toggle: (p: SavedProduct) =>
      store.set((list) => (hasSku(list, p.sku) ? removeBySku(list, p.sku) : addToCompare(list, p))),
    has: (sku: string) => hasSku(store.get(), sku),
    /** Empties the list (logout: accounts-checkout-routes.md §4 "User session"). */
    clear: () => store.set([]),
  };
}

export const compare = createCompareStore({ persistKey: 'compare' });

export function useCompare(): SavedProduct[] {
  return useStore(compare.store);
}

export function useInCompare(sku: string): boolean {
  return useStore(compare.store, (l) => hasSku(l, sku));
}

/** Clears the compare list (for logout). */
export const clear = compare.clear;
