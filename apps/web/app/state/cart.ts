import {
  ALLOW_OUT_OF_STOCK_IN_CART,
  MAX_CART_BYPASS_ATTEMPTS,
  STOCK_SYNC_ENABLED,
  addItemToCart,
  cartHash,
  cartItemsCount,
  mergeCart,
  mergeGuestIntoCustomer,
  sameCartItem,
  serverItemId,
  stockBatches,
  stockSyncOutcome,
  type CartItemLike,
  type CartProductOption,
  type MergeOptions,
  type MessageKey,
} from '@vitrina/domain';
import { ApiError, currentBrowserApi, type Api } from '../api-client/api';
import type { CartLine, Totals } from '../lib/types';
import type { NewSyncTask } from '../sync/queue';
import { syncQueue } from '../sync/queue';
import { tabLock, type CrossTabLock } from '../sync/lock';
import { idbGet } from '../lib/idb';
import { createStore, useStore } from './store';

/** A cart line on the client. `price` (cents incl. tax) is for display until server totals arrive. */
export interface CartItem extends CartItemLike {
  sku: string;
  qty: number;
  name: string;
  price: number;
  image?: string | null;
  /** For the link back to the product page (and the edit mode: a child is edited through it). */
  parentSku?: string;
  slug?: string;
  product_type?: string;
  product_option?: CartProductOption | null;
  /**
   * What the shopper chose, for display (grade, capacity, colour, bundle parts):
   * labels in the store view's language, kept on the device with the line.
   */
  options?: { label: string; value: string }[];
  /** Spec §3 "Cart item": the stock-check task this line waits for, and its outcome. */
  onlineStockCheckid?: string | null;
  is_in_stock?: boolean;
  /** Message keys shown on the line (spec: info and errors), e.g. `{ stock: 'cart.inStock' }`. */
  info?: Record<string, MessageKey>;
  errors?: Record<string, MessageKey>;
}

/** A line the client removed that the server still has (the delete waits for the network). */
export interface RemovedLine {
  sku: string;
  /** Absent when the line's server id never reached the device (the delete goes by sku). */
  item_id?: number | string | null;
}

export interface CartState {
  items: CartItem[];
  /** The server cart id (spec: cartServerToken). */
  cartServerToken: string | null;
  /** The server's totals: the only prices the cart and checkout show as authoritative. */
  totals: Totals | null;
  /** Spec "Cart hash" of items and token at the last sync; '' = never synced. */
  cartItemsHash: string;
  /** Server deletes still owed (lines removed while offline). */
  removed: RemovedLine[];
  lastSyncAt: number | null;
  lastTotalsSyncAt: number | null;
  /** Spec "Cart connection": guest-cart retries after a 401, reset by a successful sync. */
  bypassCount: number;
  /**
   * Raised by a clear and a move to another server cart, and shared with the cart: a tab's write of
   * a lower generation was made from a cart read before that and is not taken (state/store.ts).
   */
  generation: number;
  /** True once the persisted cart has been read in this tab. */
  loaded: boolean;
  /** True while a server write of this tab is in flight. */
  syncing: boolean;
  /**
   * Spec "Cart connection" step 4: the server answered the cart request with neither 200 nor 401, so
   * cart sync is treated as disabled: the cart lives on the device until the page is loaded again or
   * the cart is cleared (not persisted). Checkout still needs a server cart and says so.
   */
  syncDisabled: boolean;
}

export const initialCart: CartState = {
  items: [],
  cartServerToken: null,
  totals: null,
  cartItemsHash: '',
  removed: [],
  lastSyncAt: null,
  lastTotalsSyncAt: null,
  bypassCount: 0,
  generation: 0,
  loaded: false,
  syncing: false,
  syncDisabled: false,
};

/** Spec "Cart hash": a changed or empty hash means a sync (and a totals sync) is required. */
export function syncRequired(s: Pick<CartState, 'items' | 'cartServerToken' | 'cartItemsHash' | 'removed'>) {
  if (s.removed.length > 0) return true;
  if (!s.cartServerToken) return s.items.length > 0;
  return s.cartItemsHash === '' || s.cartItemsHash !== cartHash(s.items, s.cartServerToken);
}

function fromServerLine(line: CartLine): CartItem {
  return {
    sku: line.sku,
    qty: line.qty,
    name: line.name,
    price: line.price ?? 0,
    item_id: line.item_id,
    server_item_id: line.item_id,
    product_type: line.product_type,
    product_option: line.product_option,
    ...(line.parentSku ? { parentSku: line.parentSku } : {}),
  };
}

const sameRemoved = (a: RemovedLine, b: RemovedLine) =>
  a.sku === b.sku && String(a.item_id ?? '') === String(b.item_id ?? '');

/** What the server must still delete for a line the client removed. */
const removal = (item: CartItem): RemovedLine => {
  const id = serverItemId(item);
  return id != null ? { sku: item.sku, item_id: id } : { sku: item.sku };
};

const withoutIds = (i: CartItem): CartItem => ({ ...i, item_id: null, server_item_id: null });

/** An answer from the server (not a network failure): it is final for the request. */
const isAnswer = (e: unknown): e is ApiError => e instanceof ApiError && e.code < 500;
/** "400: the cart is cleared without sync": the cart id itself was refused (unknown or converted). */
const isCartGone = (e: unknown) =>
  e instanceof ApiError && e.code === 400 && (e.errors ?? []).some((f) => f.field === 'cartId');
const isUnauthorized = (e: unknown) => e instanceof ApiError && e.code === 401;
/**
 * Spec "Cart sync": an answer other than 200, 400 and 401 (a 403, 404, 409, 5xx...): retried as a
 * guest cart within the bypass limit, then an empty result. No answer at all (offline) is not one.
 */
const isOtherAnswer = (e: unknown) =>
  e instanceof ApiError && e.code !== 400 && e.code !== 401 && e.code !== 200 && !lineRefusals.has(e);
/** A line's update the server refused ("Failed server update"): the shopper's message, not a sync failure. */
const lineRefusals = new WeakSet<object>();

/** The cart request of "Cart connection" was answered with neither 200 nor 401 (step 4). */
class CartSyncDisabled extends Error {
  constructor(override readonly cause: unknown) {
    super('cart sync disabled');
  }
}

export interface CartStoreOptions {
  persistKey?: string;
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

/** The callback event of the stock-check task (catalogue-and-cart.md §7 "Stock"). */
export const STOCK_SYNC_EVENT = 'cart/stockSync';

const defaultOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
let stockCheckSeq = 0;
const newStockCheckId = () =>
  `sc-${Date.now().toString(36)}-${(stockCheckSeq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The generation of a persisted or shared cart (0 for a cart kept before generations). */
const generationOf = (raw: unknown): number => {
  const g = (raw as { generation?: unknown } | null)?.generation;
  return typeof g === 'number' && Number.isSafeInteger(g) ? g : 0;
};

/**
 * The cart store and its server sync (catalogue-and-cart.md §4 "Cart connection", "Cart sync",
 * "Merge", "Adding to the cart", "Failed server update", "Stock sync result", "Coupon", "Clear or
 * logout", "Cart hash", "Other cart behaviour").
 *
 * Every change is made on the device first (persisted in IndexedDB, broadcast to other tabs) and then
 * reconciled by ONE state-based sync: the server's lines are pulled and the domain's mergeCart decides
 * what to push (absolute quantities by server line id, so a repeated sync never doubles), what to take
 * from the server and what to delete. Offline nothing is sent; the hash says a sync is owed and the
 * `online` event (root.tsx) runs it. Syncs run one at a time in this tab (a queue) and across tabs
 * (a lock; the persisted state is re-read under it), so rapid clicks and two tabs never race. A clear
 * (an order placed, a logout) is outside the lock: it raises the cart's generation, and another tab's
 * write made from the cart before it is not taken (state/store.ts `generationOf`).
 */
export function createCartStore(options: CartStoreOptions = {}) {
  const { persistKey } = options;
  const online = options.online ?? defaultOnline;
  const lock = options.lock ?? tabLock;
  const apiOf = options.api ?? currentBrowserApi;
  const serialize = ({ loaded: _l, syncing: _s, syncDisabled: _d, ...rest }: CartState) => rest;
  const deserialize = (raw: unknown, init: CartState): CartState => {
    const r = (raw ?? {}) as Partial<CartState>;
    return {
      ...init,
      items: Array.isArray(r.items) ? r.items : [],
      cartServerToken: typeof r.cartServerToken === 'string' ? r.cartServerToken : null,
      totals: r.totals ?? null,
      cartItemsHash: typeof r.cartItemsHash === 'string' ? r.cartItemsHash : '',
      removed: Array.isArray(r.removed) ? r.removed : [],
      lastSyncAt: typeof r.lastSyncAt === 'number' ? r.lastSyncAt : null,
      lastTotalsSyncAt: typeof r.lastTotalsSyncAt === 'number' ? r.lastTotalsSyncAt : null,
      bypassCount: typeof r.bypassCount === 'number' ? r.bypassCount : 0,
      generation: generationOf(r),
      loaded: true,
      syncing: init.syncing,
      syncDisabled: init.syncDisabled,
    };
  };
  const store = createStore<CartState>(initialCart, { persistKey, serialize, deserialize, generationOf });
  void store.ready.then(() => {
    if (!store.get().loaded) store.set((s) => ({ ...s, loaded: true }));
  });

  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  function enqueue<T>(job: () => Promise<T>): Promise<T> {
    pending++;
    store.set((s) => (s.syncing ? s : { ...s, syncing: true }));
    const prev = queue;
    const run = store.ready.then(() => prev).then(job, job);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      pending--;
      if (pending === 0) store.set((s) => (s.syncing ? { ...s, syncing: false } : s));
    });
  }

  /** Bumped by clear() and moveTo(): a sync started before must not write its results. */
  let epoch = 0;

  const patch = (fn: (items: CartItem[]) => CartItem[]) => store.set((s) => ({ ...s, items: fn(s.items) }));
  const replaceItem = (target: CartItemLike, next: CartItem | null) =>
    patch((items) => {
      const i = items.findIndex((x) => sameCartItem(x, target));
      if (i < 0) return next ? [...items, next] : items;
      return next ? items.map((x, j) => (j === i ? next : x)) : items.filter((_, j) => j !== i);
    });

  /** Under the lock: adopt what another tab persisted meanwhile (its broadcast may still be on its way). */
  async function adoptPersisted(): Promise<void> {
    if (!persistKey || typeof window === 'undefined') return;
    const raw = await idbGet(persistKey);
    if (raw === undefined) return;
    const mine = JSON.stringify(serialize(store.get()));
    if (JSON.stringify(raw) !== mine) store.set((s) => ({ ...deserialize(raw, s), syncing: s.syncing }));
  }

  function clearLocal() {
    epoch++;
    store.set((s) => ({
      ...initialCart,
      generation: s.generation + 1,
      loaded: s.loaded,
      syncing: s.syncing,
    }));
  }

  /**
   * Spec "Cart connection": a token is requested; a 401 (the fetch layer has already tried the
   * customer token refresh, api-client/token-refresh.ts) retries as a guest cart within the bypass limit.
   */
  async function connect(api: Api): Promise<string> {
    const token = store.get().cartServerToken;
    if (token) return token;
    let created: string;
    try {
      created = store.get().bypassCount > 0 ? await api.cart.createGuest() : await api.cart.create();
    } catch (e) {
      // step 3 (401) is the caller's guest retry; step 4: any other answer disables cart sync
      if (e instanceof ApiError && !isUnauthorized(e)) throw new CartSyncDisabled(e);
      throw e;
    }
    store.set((s) => ({ ...s, cartServerToken: created, cartItemsHash: '' }));
    return created;
  }

  async function refreshTotals(api: Api, token: string, alive: () => boolean): Promise<void> {
    if (store.get().items.length === 0) {
      if (alive()) store.set((s) => ({ ...s, totals: null, lastTotalsSyncAt: Date.now() }));
      return;
    }
    const totals = await api.cart.totals(token);
    if (alive()) store.set((s) => ({ ...s, totals, lastTotalsSyncAt: Date.now() }));
  }

  /**
   * The sync: deletes owed, pull, merge (client items are the authority for the lines they know;
   * server-only lines are taken), pushes, totals. A line the server refuses is restored to the
   * server's quantity, or removed when the server never had it (spec "Failed server update"); the
   * first such refusal is rethrown after the rest is synced. Network failures leave the sync owed.
   */
  async function syncOnce(api: Api, force: boolean, merge: MergeOptions = {}): Promise<void> {
    await adoptPersisted();
    const start = store.get();
    if (start.syncDisabled) return;
    if (!force && !syncRequired(start)) return;
    if (!start.cartServerToken && start.items.length === 0) {
      if (start.removed.length) store.set((s) => ({ ...s, removed: [] }));
      return;
    }
    if (!online()) return;
    const my = epoch;
    const token = await connect(api);
    const alive = () => epoch === my && store.get().cartServerToken === token;
    for (const line of store.get().removed) {
      await api.cart.delete(token, {
        sku: line.sku,
        ...(line.item_id != null ? { item_id: line.item_id } : {}),
      });
      if (!alive()) return;
      store.set((s) => ({ ...s, removed: s.removed.filter((r) => r !== line && !sameRemoved(r, line)) }));
    }
    const server = (await api.cart.pull(token)).map(fromServerLine);
    if (!alive()) return;
    let refused: unknown = null;
    for (const action of mergeCart(store.get().items, server, merge)) {
      switch (action.type) {
        case 'push': {
          const item = action.item;
          const before = server.find(
            (l) => serverItemId(item) != null && String(l.item_id) === String(serverItemId(item)),
          );
          try {
            const id = serverItemId(item);
            const line = await api.cart.update(token, {
              sku: item.sku,
              qty: item.qty,
              ...(id != null ? { item_id: id } : {}),
              ...(item.product_option ? { product_option: item.product_option } : {}),
            });
            if (!alive()) return;
            replaceItem(item, {
              ...item,
              sku: line.sku, // a configurable parent is bought as the child its options choose
              qty: line.qty,
              item_id: line.item_id,
              server_item_id: line.item_id,
              prev_qty: null,
              price: line.price ?? item.price,
            });
          } catch (e) {
            if (!isAnswer(e) || isCartGone(e) || isUnauthorized(e)) throw e;
            if (!alive()) return;
            // "Failed server update": back to what the server holds, or removed if it had nothing
            replaceItem(item, before ? { ...item, qty: before.qty, prev_qty: null } : null);
            refused ??= e;
          }
          break;
        }
        case 'remove-client':
          replaceItem(action.item, null);
          break;
        case 'update-client-qty':
        case 'link':
          replaceItem(action.item, action.item);
          break;
        case 'add-client':
          patch((list) => [...list, action.item]);
          break;
        case 'delete-server': {
          const id = serverItemId(action.item);
          if (id != null) await api.cart.delete(token, { sku: action.item.sku, item_id: id });
          break;
        }
      }
      if (!alive()) return;
    }
    await refreshTotals(api, token, alive);
    if (!alive()) return;
    store.set((s) => ({
      ...s,
      cartItemsHash: cartHash(s.items, token),
      lastSyncAt: Date.now(),
      bypassCount: 0,
    }));
    if (refused) {
      lineRefusals.add(refused as object);
      throw refused;
    }
  }

  /**
   * A quantity change of a line the server holds, on a cart in step with the server but for that
   * change (the last sync's hash, with the line's old quantity): sent as ONE update that answers the
   * cart's totals too, instead of the sync's pull, update and totals (three round trips for a "+" in
   * the mini cart). Answers false when it does not apply or the update fails: the caller then syncs
   * as usual, which also answers a refusal the spec's way (the line restored). Lines another device
   * added are taken by the next full sync (at start and when back online), as before.
   */
  async function quickQty(api: Api, item: CartItemLike): Promise<boolean> {
    try {
      return await lock('vitrina:cart-sync', async () => {
        await adoptPersisted();
        const s = store.get();
        const token = s.cartServerToken;
        if (!token || s.syncDisabled || s.removed.length > 0 || !online()) return false;
        const line = s.items.find((x) => sameCartItem(x, item));
        const id = line ? serverItemId(line) : undefined;
        if (!line || id == null || line.prev_qty == null) return false;
        const before = s.items.map((x) => (x === line ? { ...x, qty: line.prev_qty as number } : x));
        if (s.cartItemsHash !== cartHash(before, token)) return false;
        const my = epoch;
        const answer = await api.cart.updateWithTotals(token, {
          sku: line.sku,
          qty: line.qty,
          item_id: id,
          ...(line.product_option ? { product_option: line.product_option } : {}),
        });
        if (!answer.totals) return false;
        if (epoch !== my || store.get().cartServerToken !== token) return true;
        replaceItem(line, {
          ...line,
          sku: answer.line.sku,
          qty: answer.line.qty,
          item_id: answer.line.item_id,
          server_item_id: answer.line.item_id,
          prev_qty: null,
          price: answer.line.price ?? line.price,
        });
        const now = Date.now();
        store.set((st) => ({
          ...st,
          totals: answer.totals,
          lastTotalsSyncAt: now,
          cartItemsHash: cartHash(st.items, token),
          lastSyncAt: now,
          bypassCount: 0,
        }));
        return true;
      });
    } catch {
      return false;
    }
  }

  /** syncOnce with the spec's answers: 400 clears without sync; 401 retries as a guest within the limit. */
  async function syncWithRules(api: Api, force: boolean, merge: MergeOptions = {}): Promise<void> {
    for (;;) {
      try {
        await lock('vitrina:cart-sync', () => syncOnce(api, force, merge));
        return;
      } catch (e) {
        if (isCartGone(e)) {
          clearLocal();
          return;
        }
        if (e instanceof CartSyncDisabled) {
          console.warn('cart sync disabled', e.cause);
          store.set((s) => ({ ...s, syncDisabled: true }));
          return;
        }
        const retry = isUnauthorized(e) || isOtherAnswer(e);
        if (retry && store.get().bypassCount < MAX_CART_BYPASS_ATTEMPTS) {
          // the customer's cart cannot be had: a guest cart for the same lines (spec "Cart connection")
          store.set((s) => ({
            ...s,
            bypassCount: s.bypassCount + 1,
            cartServerToken: null,
            cartItemsHash: '',
            removed: [],
            items: s.items.map(withoutIds),
          }));
          force = true;
          continue;
        }
        // "then an empty result": the lines stay on the device, the sync stays owed (hash)
        if (isOtherAnswer(e)) return;
        throw e;
      }
    }
  }

  /** Network failures keep the change on the device: the sync stays owed (hash) and runs when online. */
  async function syncAfterChange(api: Api): Promise<void> {
    try {
      await syncWithRules(api, false);
    } catch (e) {
      if (isAnswer(e)) throw e;
      if (online()) console.warn('cart sync deferred', e);
    }
  }

  /**
   * Spec "Stock sync result" for the lines already in the cart: each line gets a stock-check id
   * (onlineStockCheckid); the answer (stock lists in batches of 15) is matched back by that id: in
   * stock marks the line "In stock!", out of stock sets its error "Out of the stock!" and keeps it
   * (out-of-stock items and stock sync are both on here).
   */
  /** One stock-check per batch of 15 skus: its lines carry the check's id (onlineStockCheckid). */
  function markStockChecks(): Map<string, string[]> {
    const checks = new Map<string, string[]>();
    const bySku = new Map<string, string>();
    for (const batch of stockBatches(store.get().items.map((i) => i.sku))) {
      const id = newStockCheckId();
      checks.set(id, batch);
      for (const sku of batch) bySku.set(sku, id);
    }
    patch((items) => items.map((i) => ({ ...i, onlineStockCheckid: bySku.get(i.sku) ?? null })));
    return checks;
  }

  /** The answer of stock-check `id` (stock infos) applied to the lines waiting for it. */
  function applyStock(id: string, infos: readonly { product_sku: string; is_in_stock: boolean }[]) {
    const found = new Map(infos.map((s) => [s.product_sku, s.is_in_stock]));
    patch((items) =>
      items.flatMap((i): CartItem[] => {
        if (i.onlineStockCheckid !== id) return [i];
        if (!found.has(i.sku)) return [{ ...i, onlineStockCheckid: null }];
        const outcome = stockSyncOutcome(found.get(i.sku) === true, {
          allowOutOfStock: ALLOW_OUT_OF_STOCK_IN_CART,
          syncEnabled: STOCK_SYNC_ENABLED,
        });
        const { stock: _e, ...errors } = i.errors ?? {};
        const { stock: _i, ...info } = i.info ?? {};
        const base = { ...i, onlineStockCheckid: null };
        if (outcome.action === 'mark-in-stock')
          return [{ ...base, is_in_stock: true, errors, info: { ...info, stock: outcome.infoKey } }];
        if (outcome.action === 'mark-out-of-stock')
          return [{ ...base, is_in_stock: false, info, errors: { ...errors, stock: outcome.errorKey } }];
        return [];
      }),
    );
  }

  /**
   * Online the stock lists are asked at once; offline (spec: "queued when offline") each batch
   * becomes a sync task with callback `cart/stockSync` (sync/queue.ts), answered by `applyStockAnswer`.
   */
  async function stockSync(api: Api): Promise<void> {
    if (store.get().items.length === 0) return;
    if (!online()) {
      if (!options.stockQueue) return;
      for (const [id, skus] of markStockChecks()) {
        await options.stockQueue.enqueue({
          url: `/vsbridge/stock/list?skus=${skus.map(encodeURIComponent).join(',')}`,
          method: 'GET',
          callback_event: STOCK_SYNC_EVENT,
          silent: true,
          task_id: id,
        });
      }
      return;
    }
    for (const [id, skus] of markStockChecks()) applyStock(id, await api.stock.list(skus));
  }

  return {
    store,
    /**
     * Adds (or merges, by the domain's identity rule) a line, then syncs. A refused line is restored
     * and the ApiError rethrown; offline the line stays on the device and is sent when back online.
     */
    add(item: CartItem): Promise<void> {
      const api = apiOf();
      return enqueue(async () => {
        patch((items) => addItemToCart(items, { ...item, onlineStockCheckid: null }));
        await syncAfterChange(api);
      });
    },
    /** Changes a line's quantity. */
    setQty(item: CartItemLike, qty: number): Promise<void> {
      const api = apiOf();
      return enqueue(async () => {
        const current = store.get().items.find((x) => sameCartItem(x, item));
        if (!current || current.qty === qty) return;
        replaceItem(current, { ...current, qty, prev_qty: current.qty });
        if (await quickQty(api, current)) return;
        await syncAfterChange(api);
      });
    },
    /**
     * Cart edit mode: replaces a line by another configuration of the same product (the child the
     * new options choose) and/or quantity; the old line goes, the new one merges like an add.
     */
    replace(item: CartItemLike, next: CartItem): Promise<void> {
      const api = apiOf();
      return enqueue(async () => {
        const current = store.get().items.find((x) => sameCartItem(x, item));
        if (!current) return;
        store.set((s) => ({
          ...s,
          items: s.items.filter((x) => !sameCartItem(x, current)),
          removed: s.cartServerToken ? [...s.removed, removal(current)] : s.removed,
        }));
        patch((items) => addItemToCart(items, { ...next, item_id: null, server_item_id: null }));
        await syncAfterChange(api);
      });
    },
    /** Removes a line (the caller has asked for confirmation). */
    remove(item: CartItemLike): Promise<void> {
      const api = apiOf();
      return enqueue(async () => {
        const current = store.get().items.find((x) => sameCartItem(x, item));
        if (!current) return;
        store.set((s) => ({
          ...s,
          items: s.items.filter((x) => !sameCartItem(x, current)),
          removed: s.cartServerToken ? [...s.removed, removal(current)] : s.removed,
        }));
        await syncAfterChange(api);
      });
    },
    /**
     * Reconciles with the server (root.tsx: at start and on the `online` event): forced, so lines
     * changed on the server (another device) are taken too; then the stock of the lines is checked.
     */
    sync(opts: { force?: boolean; stock?: boolean; forceClientState?: boolean } = {}): Promise<void> {
      const api = apiOf();
      return enqueue(async () => {
        // forceClientState (spec §4 "Merge", the checkout's forced client state): server-only lines are deleted
        await syncWithRules(api, opts.force ?? true, { forceClientState: opts.forceClientState ?? false });
        if (opts.stock !== false && store.get().items.length > 0) await stockSync(api);
      });
    },
    /**
     * Spec "Cart connection" step 4 ends by the shopper's "Try again" (or a new page load): sync is
     * enabled again and the cart connects anew; a new refusal disables it again.
     */
    retrySync(): Promise<void> {
      const api = apiOf();
      store.set((s) => (s.syncDisabled ? { ...s, syncDisabled: false, bypassCount: 0 } : s));
      return enqueue(() => syncWithRules(api, true));
    },
    /** The stock check of the lines (also run by sync). */
    stockSync: () => {
      const api = apiOf();
      return enqueue(() => stockSync(api));
    },
    /** The `cart/stockSync` callback of a queued stock check: matched by its task id (onlineStockCheckid). */
    applyStockAnswer(task: { task_id: string; resultCode: number | string | null; result: unknown }) {
      if (task.resultCode !== 200) return;
      const r = task.result as unknown;
      const list = Array.isArray(r) ? r : (r as { result?: unknown } | null)?.result;
      if (Array.isArray(list))
        applyStock(task.task_id, list as { product_sku: string; is_in_stock: boolean }[]);
    },
    /**
     * Login: the guest lines join the customer's cart `cartId` with quantities ADDED
     * (domain mergeGuestIntoCustomer), computed once and persisted with the new token; the sync after
     * pushes absolute quantities and syncs the totals. Runs in the queue after the persisted cart loads.
     */
    moveTo(cartId: string): Promise<void> {
      const api = apiOf();
      return enqueue(async () => {
        await lock('vitrina:cart-sync', async () => {
          await adoptPersisted();
          if (store.get().cartServerToken === cartId) return;
          const customer = await api.cart.pull(cartId);
          epoch++;
          store.set((s) => ({
            ...s,
            generation: s.generation + 1,
            cartServerToken: cartId,
            cartItemsHash: '',
            removed: [],
            totals: null,
            items: mergeGuestIntoCustomer(s.items.map(withoutIds), customer.map(fromServerLine), (l) => l),
          }));
        });
        await syncWithRules(api, true);
      });
    },
    refreshTotals: () => {
      const api = apiOf();
      return enqueue(async () => {
        const token = store.get().cartServerToken;
        if (token) await refreshTotals(api, token, () => store.get().cartServerToken === token);
      });
    },
    /**
     * Spec "Coupon": applying removes the current code first, connects, then applies; an empty code
     * is refused (coupon.required) and totals must be computable (a cart with lines and a token).
     */
    applyCoupon(code: string): Promise<void> {
      const api = apiOf();
      return enqueue(async () => {
        const coupon = code.trim();
        if (!coupon)
          throw new ApiError(400, 'coupon.required', [{ field: 'coupon', message: 'coupon.required' }]);
        await syncWithRules(api, false);
        const token = store.get().cartServerToken;
        if (!token || store.get().items.length === 0) throw new ApiError(400, 'cart.totalsUnavailable');
        if (store.get().totals?.coupon_code) await api.cart.deleteCoupon(token);
        const connected = await connect(api);
        await api.cart.applyCoupon(connected, coupon);
        await refreshTotals(api, connected, () => store.get().cartServerToken === connected);
      });
    },
    removeCoupon(): Promise<void> {
      const api = apiOf();
      return enqueue(async () => {
        const token = store.get().cartServerToken;
        if (!token) return;
        await api.cart.deleteCoupon(token);
        await refreshTotals(api, token, () => store.get().cartServerToken === token);
      });
    },
    /** Totals the server sent with another answer (e.g. shipping information). */
    setTotals(totals: Totals) {
      store.set((s) => ({ ...s, totals, lastTotalsSyncAt: Date.now() }));
    },
    /**
     * Spec "Clear or logout": empties the cart without server sync and disconnects it (after an order,
     * and on logout: the next add opens a guest cart). A sync under way writes nothing after this.
     */
    clear() {
      clearLocal();
    },
    /** Resolves when this tab's queued cart work is done (tests, and before navigation). */
    idle: () => queue,
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

/** The app's cart, persisted in IndexedDB and shared with other tabs. */
export const cart = createCartStore({ persistKey: 'cart', stockQueue: syncQueue });
syncQueue.on(STOCK_SYNC_EVENT, (task) => cart.applyStockAnswer(task));

export function useCart(): CartState {
  return useStore(cart.store);
}

/** Mini cart count: total quantity (domain rule). */
export function useCartCount(): number {
  return cartItemsCount(useStore(cart.store, (s) => s.items));
}
