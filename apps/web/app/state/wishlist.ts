import { addToWishlist, hasSku, removeBySku, type WishlistItem } from '@vitrina/domain';
import { savedListSharing, type SavedProduct } from './saved-product';
import { createStore, useStore } from './store';

export type WishlistEntry = WishlistItem<SavedProduct>;

/**
 * The wish list (accounts-checkout-routes.md §3 "Wish list item: the product plus qty (1), unique by
 * sku"; §4 "Persisted in browser storage on every add, remove or clear; loaded once from storage"):
 * IndexedDB-persisted and shared with other tabs, two tabs' changes joined. Logout clears it (`clear`).
 */
export function createWishlistStore(options: { persistKey?: string } = {}) {
  const store = createStore<WishlistEntry[]>([], {
    persistKey: options.persistKey,
    ...savedListSharing((items) => items.map((p) => ({ ...p, qty: 1 as const }))),
  });
  return {
    store,
    add: (p: SavedProduct) => store.set((list) => addToWishlist(list, p)),
    remove: (sku: string) => store.set((list) => removeBySku(list, sku)),
    toggle: (p: SavedProduct) =>
      store.set((list) => (hasSku(list, p.sku) ? removeBySku(list, p.sku) : addToWishlist(list, p))),
    has: (sku: string) => hasSku(store.get(), sku),
    /** Empties the list (logout: accounts-checkout-routes.md §4 "User session"). */
    clear: () => store.set([]),
  };
}

export const wishlist = createWishlistStore({ persistKey: 'wishlist' });

export function useWishlist(): WishlistEntry[] {
  return useStore(wishlist.store);
}

export function useInWishlist(sku: string): boolean {
  return useStore(wishlist.store, (l) => hasSku(l, sku));
}

/** Clears the wish list (for logout). */
export const clear = wishlist.clear;
