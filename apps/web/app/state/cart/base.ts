import { sameCartItem, type CartItemLike } from '@vitrina/domain';
import { createStore } from '../store';
import { generationOf, initialCart, joinConcurrentCarts, type CartItem, type CartState } from './model';

/**
 * The cart's base layer: the state (persisted in IndexedDB, shared with other tabs: state/store.ts),
 * the tab's work queue (one cart action at a time, so rapid clicks never race) and the epoch a clear
 * or a move to another server cart raises, so that work started before writes nothing after.
 * The layers above (line-editor.ts, sync.ts, stock-sync.ts) change the cart only through it.
 */
export function createCartBase(options: { persistKey?: string | undefined } = {}) {
  const { persistKey } = options;
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
  // written after the paint: an add's count is on the screen before the device's write (state/store.ts)
  const store = createStore<CartState>(initialCart, {
    persistKey,
    serialize,
    deserialize,
    generationOf,
    writeAfterPaint: true,
    // two tabs' changes made at once both stay (a background tab's stock check, a shopper's add)
    rebase: joinConcurrentCarts,
  });
  void store.whenRead.then(() => {
    if (!store.get().loaded) store.set((s) => ({ ...s, loaded: true }));
  });

  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  /** Runs `job` after the persisted cart loaded and every earlier job of this tab ended; `syncing` meanwhile. */
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

  /** Bumped by a clear and a move to another server cart: a sync started before must not write its results. */
  let epoch = 0;

  const patch = (fn: (items: CartItem[]) => CartItem[]) => store.set((s) => ({ ...s, items: fn(s.items) }));
  /** The line `target` (domain identity) becomes `next`; null removes it; a line not there is appended. */
  const replaceItem = (target: CartItemLike, next: CartItem | null) =>
    patch((items) => {
      const i = items.findIndex((x) => sameCartItem(x, target));
      if (i < 0) return next ? [...items, next] : items;
      return next ? items.map((x, j) => (j === i ? next : x)) : items.filter((_, j) => j !== i);
    });

  return {
    store,
    patch,
    replaceItem,
    enqueue,
    /** Resolves when this tab's queued cart work is done. */
    idle: () => queue,
    epoch: () => epoch,
    /** A move to another server cart: work started before writes nothing after. */
    newEpoch() {
      epoch++;
    },
    /** Under the sync lock: adopt what another tab persisted meanwhile (its broadcast may still be on its way). */
    async adoptPersisted(): Promise<void> {
      // this tab's own change first (its write may wait for the paint): read, it would be older
      await store.flush();
      await store.refresh();
    },
    /** Empties the cart on the device and disconnects it; a raised generation wins over other tabs' older writes. */
    clearLocal() {
      epoch++;
      store.set((s) => ({
        ...initialCart,
        generation: s.generation + 1,
        loaded: s.loaded,
        syncing: s.syncing,
      }));
    },
  };
}

export type CartBase = ReturnType<typeof createCartBase>;
