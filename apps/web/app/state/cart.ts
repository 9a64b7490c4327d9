import { syncQueue } from '../sync/queue';
import { createCartStore } from './cart/store';
import { STOCK_SYNC_EVENT } from './cart/stock-sync';
import type { CartState } from './cart/model';
import { cartBase } from './cart-view';
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
// only a handler kept in memory: the queue sends nothing until state/sync-boot.ts starts it
syncQueue.on(STOCK_SYNC_EVENT, (task) => cart.applyStockAnswer(task));
// Importing this module starts nothing: the page loads it at idle (state/cart-view.ts
// `preloadCartEngine`) so the first add finds it ready. What starts the sync queue is asking for
// the engine (`loadCart`, `loadUser`), the session engine loading (state/user.ts) and the mini cart
// opening (features/cart/hooks/use-mini-cart.ts).

export function useCart(): CartState {
  return useStore(cart.store);
}

export { useCartCount } from './cart-view';
