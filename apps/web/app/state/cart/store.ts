import { currentBrowserApi, type Api } from '../../api-client/api';
import type { NewSyncTask } from '../../sync/queue';
import { tabLock, type CrossTabLock } from '../../sync/lock';
import type { CartItemLike } from '@vitrina/domain';
import type { Totals } from '../../lib/types';
import { createCartBase, type CartBase } from './base';
import { createLineEditor } from './line-editor';
import type { CartItem } from './model';
import { createStockSync } from './stock-sync';
import { afterPaint } from '../../lib/idle';
import { createCartSync } from './sync';

export interface CartStoreOptions {
  persistKey?: string;
  /** The state layer to build on (the app's, state/cart-view.ts, which pages read before the engine loads); else one of its own with `persistKey`. */
  base?: CartBase;
  /**
   * The API client the store calls, asked once per action (default: the browser's client for the
   * store view shown now, api-client/api.ts `currentBrowserApi`): the store is bound to its API, so
   * its callers do not pass one.
   */
  api?: () => Api;
  /** Whether the device is online (default: navigator.onLine). Offline, writes stay on the device. */
  online?: () => boolean;
  /** The cross-tab lock around a sync (default: sync/lock.ts tabLock, Web Locks, else in-process). */
  lock?: CrossTabLock;
  /** Where stock checks wait while offline (the app's sync task queue, sync/queue.ts). */
  stockQueue?: { enqueue(task: NewSyncTask): Promise<unknown> };
}

const defaultOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The cart store (catalogue-and-cart.md §4 "Cart connection", "Cart sync", "Merge", "Adding to the
 * cart", "Failed server update", "Stock sync result", "Coupon", "Clear or logout", "Cart hash",
 * "Other cart behaviour"), composed of small layers:
 *
 * - base.ts: the state (persisted, shared with other tabs), the tab's work queue and the epoch;
 * - line-editor.ts: the shopper's changes made on the device at once (optimistic);
 * - sync.ts: the reconciliation with the server (the spec's answers, a quantity change in one write);
 * - stock-sync.ts: the stock check of the lines, online or queued while offline.
 *
 * Every action is a job of the base's queue: an edit first, then the sync it owes. A clear (an order
 * placed, a logout) is outside the lock: it raises the cart's generation, and another tab's write
 * made from the cart before it is not taken (state/store.ts `generationOf`).
 */
export function createCartStore(options: CartStoreOptions = {}) {
  const online = options.online ?? defaultOnline;
  const apiOf = options.api ?? currentBrowserApi;
  const base = options.base ?? createCartBase({ persistKey: options.persistKey });
  const edit = createLineEditor(base);
  const sync = createCartSync(base, { online, lock: options.lock ?? tabLock });
  const stock = createStockSync(base, { online, stockQueue: options.stockQueue });
  const { store, enqueue } = base;
  /** A job of the queue with the API of the moment the action was asked. */
  const job = (fn: (api: Api) => Promise<void>): Promise<void> => {
    const api = apiOf();
    return enqueue(() => fn(api));
  };

  return {
    store,
    /**
     * Adds (or merges, by the domain's identity rule) a line, then syncs. A refused line is restored
     * and the ApiError rethrown; offline the line stays on the device and is sent when back online.
     */
    add: (item: CartItem) =>
      job(async (api) => {
        edit.add(item);
        // the count is the click's answer: the sync's lock and requests wait for its paint
        await new Promise<void>((resolve) => afterPaint(resolve));
        await sync.syncAfterChange(api);
      }),
    /** Changes a line's quantity (one write answering the totals when the cart is in step). */
    setQty: (item: CartItemLike, qty: number) =>
      job(async (api) => {
        const before = edit.setQty(item, qty);
        if (!before) return;
        if (await sync.quickQty(api, before)) return;
        await sync.syncAfterChange(api);
      }),
    /** Cart edit mode: a line replaced by another configuration and/or quantity. */
    replace: (item: CartItemLike, next: CartItem) =>
      job(async (api) => {
        if (edit.replace(item, next)) await sync.syncAfterChange(api);
      }),
    /** Removes a line (the caller has asked for confirmation). */
    remove: (item: CartItemLike) =>
      job(async (api) => {
        if (edit.remove(item)) await sync.syncAfterChange(api);
      }),
    /**
     * Reconciles with the server (root.tsx: at start and on the `online` event): forced, so lines
     * changed on the server (another device) are taken too; then the stock of the lines is checked.
     */
    sync: (opts: { force?: boolean; stock?: boolean; forceClientState?: boolean } = {}) =>
      job(async (api) => {
        // forceClientState (spec §4 "Merge", the checkout's forced client state): server-only lines are deleted
        await sync.syncWithRules(api, opts.force ?? true, {
          forceClientState: opts.forceClientState ?? false,
        });
        if (opts.stock !== false && store.get().items.length > 0) await stock.stockSync(api);
      }),
    /**
     * Spec "Cart connection" step 4 ends by the shopper's "Try again" (or a new page load): sync is
     * enabled again and the cart connects anew; a new refusal disables it again.
     */
    retrySync: () => {
      const api = apiOf();
      sync.enableAgain();
      return enqueue(() => sync.syncWithRules(api, true));
    },
    /** The stock check of the lines (also run by sync). */
    stockSync: () => job((api) => stock.stockSync(api)),
    /** The `cart/stockSync` callback of a queued stock check: matched by its task id (onlineStockCheckid). */
    applyStockAnswer: stock.applyStockAnswer,
    /** Login: the guest lines join the customer's cart `cartId` (sync/login.ts `moveTo`), after the persisted cart loads. */
    moveTo: (cartId: string) => job((api) => sync.moveTo(api, cartId)),
    refreshTotals: () =>
      job(async (api) => {
        const token = store.get().cartServerToken;
        if (token) await sync.refreshTotals(api, token, () => store.get().cartServerToken === token);
      }),
    /** Spec "Coupon" (sync/coupon.ts `applyCoupon`). */
    applyCoupon: (code: string) => job((api) => sync.applyCoupon(api, code)),
    removeCoupon: () => job((api) => sync.removeCoupon(api)),
    /** Totals the server sent with another answer (e.g. shipping information). */
    setTotals(totals: Totals) {
      store.set((s) => ({ ...s, totals, lastTotalsSyncAt: Date.now() }));
    },
    /**
     * Spec "Clear or logout": empties the cart without server sync and disconnects it (after an order,
     * and on logout: the next add opens a guest cart). A sync under way writes nothing after this.
     */
    clear() {
      base.clearLocal();
    },
    /** Resolves when this tab's queued cart work is done (tests, and before navigation). */
    idle: base.idle,
  };
}

export type CartStore = ReturnType<typeof createCartStore>;
