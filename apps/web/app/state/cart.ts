import { syncQueue } from '../sync/queue';
import { createCartStore } from './cart/store';
import { STOCK_SYNC_EVENT } from './cart/stock-sync';
import type { CartState } from './cart/model';
import { cartBase, wantEngines } from './cart-view';
import { useStore } from './store';

/**
 * The app's cart and its hooks. The store is built of small layers in state/cart/ (base, line
 * editor, sync, stock sync; state/cart/store.ts composes them); this module is the entry point the
 * components, features and routes import.
 */
export { createCartStore, type CartStore, type CartStoreOptions } from './cart/store';
export { STOCK_SYNC_EVENT } from './cart/stock-sync';
export { initialCart, syncRequired, type CartItem, type CartState, type RemovedLine } from './cart/model';

/** The app's cart, persisted in IndexedDB and shared with other tabs (its state is state/cart-view.ts's). */
export const cart = createCartStore({ base: cartBase, stockQueue: syncQueue });
syncQueue.on(STOCK_SYNC_EVENT, (task) => cart.applyStockAnswer(task));
// however the engine came (an add, the mini cart's or the checkout's chunk), the sync queue starts with it (root.tsx)
wantEngines();

export function useCart(): CartState {
  return useStore(cart.store);
}

export { useCartCount } from './cart-view';
