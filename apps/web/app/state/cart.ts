import {
  addItemToCart,
  cartItemsCount,
  mergeCart,
  restoreAfterFailedUpdate,
  sameCartItem,
  serverItemId,
  type CartItemLike,
  type CartProductOption,
} from '@vitrina/domain';
import { ApiError, type Api } from '../lib/api';
import type { CartLine, Totals } from '../lib/types';
import { createStore, useStore } from './store';

/** A cart line on the client. `price` (cents incl. tax) is for display until server totals arrive. */
export interface CartItem extends CartItemLike {
  sku: string;
  qty: number;
  name: string;
  price: number;
  image?: string | null;
  /** For the link back to the product page. */
  parentSku?: string;
  slug?: string;
  product_type?: string;
  product_option?: CartProductOption | null;
}

export interface CartState {
  items: CartItem[];
  /** The server cart id (spec: cartServerToken). */
  cartServerToken: string | null;
  /** The server's totals: the only prices the cart and checkout show as authoritative. */
  totals: Totals | null;
  /** True once the persisted cart has been read in this tab. */
  loaded: boolean;
  /** True while a server write of this tab is in flight. */
  syncing: boolean;
}

export const initialCart: CartState = {
  items: [],
  cartServerToken: null,
  totals: null,
  loaded: false,
  syncing: false,
};

type Id = number | string;

function linkLine(item: CartItem, line: CartLine): CartItem {
  return { ...item, item_id: line.item_id, server_item_id: line.item_id, prev_qty: null };
}

function fromServerLine(line: CartLine): CartItem {
  return {
    sku: line.sku,
    qty: line.qty,
    name: line.name,
    price: line.price,
    item_id: line.item_id,
    server_item_id: line.item_id,
    product_type: line.product_type,
    product_option: (line.product_option as CartProductOption | null | undefined) ?? null,
  };
}

/** The server no longer knows the cart (404): it is re-created with the client's lines. */
const isLostCart = (e: unknown) => e instanceof ApiError && e.code === 404;
/** On pull, 400 also clears the cart (spec §7: "400 on cart items clears the cart"). */
const isRejectedCart = (e: unknown) => e instanceof ApiError && (e.code === 404 || e.code === 400);

/**
 * The cart store and its server sync (catalogue-and-cart.md §4): created on the first add
 * (POST /cart/create, the id is the cartServerToken), one POST /cart/update per line, lines matched
 * and merged by the domain's rules, quantities restored after a failed update, totals always from
 * GET /cart/totals. Server writes run one at a time (a queue) so rapid clicks never race.
 */
export function createCartStore(options: { persistKey?: string } = {}) {
  const store = createStore<CartState>(initialCart, {
    persistKey: options.persistKey,
    serialize: ({ items, cartServerToken, totals }) => ({ items, cartServerToken, totals }),
    deserialize: (raw, init) => {
      const r = (raw ?? {}) as Partial<CartState>;
      return {
        ...init,
        items: Array.isArray(r.items) ? r.items : [],
        cartServerToken: typeof r.cartServerToken === 'string' ? r.cartServerToken : null,
        totals: r.totals ?? null,
        loaded: true,
      };
    },
  });
  void store.ready.then(() => {
    if (!store.get().loaded) store.set((s) => ({ ...s, loaded: true }));
  });

  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  function enqueue<T>(job: () => Promise<T>): Promise<T> {
    pending++;
    store.set((s) => (s.syncing ? s : { ...s, syncing: true }));
    const run = queue.then(job, job);
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      pending--;
      if (pending === 0) store.set((s) => (s.syncing ? { ...s, syncing: false } : s));
    });
  }

  const patch = (fn: (items: CartItem[]) => CartItem[]) => store.set((s) => ({ ...s, items: fn(s.items) }));
  const replaceItem = (target: CartItemLike, next: CartItem | null) =>
    patch((items) => {
      const i = items.findIndex((x) => sameCartItem(x, target));
      if (i < 0) return next ? [...items, next] : items;
      return next ? items.map((x, j) => (j === i ? next : x)) : items.filter((_, j) => j !== i);
    });

  async function ensureToken(api: Api): Promise<string> {
    const token = store.get().cartServerToken;
    if (token) return token;
    const created = await api.cart.create();
    store.set((s) => ({ ...s, cartServerToken: created }));
    return created;
  }

  async function pushItem(api: Api, token: string, item: CartItem): Promise<void> {
    const line = await api.cart.update(token, {
      sku: item.sku,
      qty: item.qty,
      ...(serverItemId(item) != null ? { item_id: serverItemId(item) as Id } : {}),
      ...(item.product_option ? { product_option: item.product_option } : {}),
    });
    replaceItem(item, linkLine({ ...item, qty: line.qty ?? item.qty }, line));
  }

  /** A new server cart for the current items (the old one is gone). */
  async function recreate(api: Api): Promise<string> {
    store.set((s) => ({ ...s, cartServerToken: null, totals: null }));
    const token = await ensureToken(api);
    for (const item of store.get().items) {
      await pushItem(api, token, { ...item, item_id: null, server_item_id: null });
    }
    return token;
  }

  async function refreshTotals(api: Api): Promise<void> {
    const token = store.get().cartServerToken;
    if (!token || store.get().items.length === 0) {
      store.set((s) => ({ ...s, totals: null }));
      return;
    }
    const totals = await api.cart.totals(token);
    store.set((s) => ({ ...s, totals }));
  }

  /** Sends one changed line; on a lost cart re-creates it once; on failure restores the line. */
  async function writeLine(api: Api, item: CartItem): Promise<void> {
    try {
      let token = await ensureToken(api);
      try {
        await pushItem(api, token, item);
      } catch (e) {
        if (!isLostCart(e)) throw e;
        token = await recreate(api);
      }
      await refreshTotals(api);
    } catch (e) {
      const current = store.get().items.find((x) => sameCartItem(x, item));
      if (current) replaceItem(current, restoreAfterFailedUpdate(current));
      throw e;
    }
  }

  return {
    store,
    /** Adds (or merges) a line and syncs it. Rejects with ApiError after restoring the cart. */
    add(api: Api, item: CartItem): Promise<void> {
      return enqueue(async () => {
        patch((items) => addItemToCart(items, item));
        const merged = store.get().items.find((x) => sameCartItem(x, item));
        if (merged) await writeLine(api, merged);
      });
    },
    /** Changes a line's quantity. */
    setQty(api: Api, item: CartItemLike, qty: number): Promise<void> {
      return enqueue(async () => {
        const current = store.get().items.find((x) => sameCartItem(x, item));
        if (!current || current.qty === qty) return;
        const next: CartItem = { ...current, qty, prev_qty: current.qty };
        replaceItem(current, next);
        await writeLine(api, next);
      });
    },
    /** Removes a line (the caller has asked for confirmation). */
    remove(api: Api, item: CartItemLike): Promise<void> {
      return enqueue(async () => {
        const current = store.get().items.find((x) => sameCartItem(x, item));
        if (!current) return;
        replaceItem(current, null);
        const token = store.get().cartServerToken;
        try {
          const id = serverItemId(current);
          if (token && id != null) await api.cart.delete(token, { sku: current.sku, item_id: id });
          await refreshTotals(api);
        } catch (e) {
          if (isLostCart(e)) {
            await recreate(api);
            await refreshTotals(api);
            return;
          }
          replaceItem(current, current);
          throw e;
        }
      });
    },
    /**
     * Reconciles with the server (on start and on reconnect): the domain's merge decides; a cart
     * the server no longer knows (400/404) is cleared, as the spec says for 400.
     */
    sync(api: Api): Promise<void> {
      return enqueue(async () => {
        const { cartServerToken: token, items } = store.get();
        if (!token) return;
        let lines: CartLine[];
        try {
          lines = await api.cart.pull(token);
        } catch (e) {
          if (isRejectedCart(e)) {
            store.set((s) => ({ ...s, items: [], cartServerToken: null, totals: null }));
            return;
          }
          throw e;
        }
        const server = lines.map(fromServerLine);
        for (const action of mergeCart(items, server)) {
          switch (action.type) {
            case 'push':
              await pushItem(api, token, action.item);
              break;
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
        }
        await refreshTotals(api);
      });
    },
    /**
     * Moves the lines to another server cart (the customer's, after login) and syncs them there. It
     * waits for the persisted cart and runs in the write queue, so a sync already under way (e.g. the
     * one at start) cannot put the old cart back or lose a line.
     */
    async moveTo(api: Api, cartId: string): Promise<void> {
      await store.ready;
      await enqueue(async () => {
        store.set((s) => ({
          ...s,
          cartServerToken: cartId,
          totals: null,
          items: s.items.map((i) => ({ ...i, item_id: null, server_item_id: null })),
        }));
      });
      return this.sync(api);
    },
    refreshTotals: (api: Api) => enqueue(() => refreshTotals(api)),
    /** Totals the server sent with another answer (e.g. shipping information). */
    setTotals(totals: Totals) {
      store.set((s) => ({ ...s, totals }));
    },
    /** Empties the cart without server sync (after an order was placed). */
    clear() {
      store.set((s) => ({ ...s, items: [], cartServerToken: null, totals: null }));
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

/** The app's cart, persisted in IndexedDB and shared with other tabs. */
export const cart = createCartStore({ persistKey: 'cart' });

export function useCart(): CartState {
  return useStore(cart.store);
}

/** Mini cart count: total quantity (domain rule). */
export function useCartCount(): number {
  return cartItemsCount(useStore(cart.store, (s) => s.items));
}
