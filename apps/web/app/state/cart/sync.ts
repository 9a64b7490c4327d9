import {
  MAX_CART_BYPASS_ATTEMPTS,
  cartHash,
  mergeCart,
  mergeGuestIntoCustomer,
  sameCartItem,
  serverItemId,
  type CartItemLike,
  type MergeOptions,
} from '@vitrina/domain';
import { ApiError, type Api } from '../../api-client/api';
import type { CartLine, Totals } from '../../lib/types';
import type { CrossTabLock } from '../../sync/lock';
import type { CartBase } from './base';
import { fromServerLine, sameRemoved, syncRequired, withoutIds } from './model';

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

/**
 * The sync engine (catalogue-and-cart.md §4 "Cart connection", "Cart sync", "Merge", "Failed server
 * update", "Coupon", "Cart hash"): the device's cart reconciled with the server by ONE state-based
 * sync: the server's lines are pulled and the domain's mergeCart decides what to push (absolute
 * quantities by server line id, so a repeated sync never doubles), what to take from the server and
 * what to delete. A quantity change of a cart in step with the server is one write that answers the
 * totals too (`withTotals`). Offline nothing is sent; the hash says a sync is owed. Syncs run under a
 * cross-tab lock (the persisted state is re-read under it), inside the base's queue (base.ts).
 */
export function createCartSync(base: CartBase, options: { online: () => boolean; lock: CrossTabLock }) {
  const { store, patch, replaceItem } = base;
  const { online, lock } = options;

  /**
   * Spec "Cart connection": a token is requested; a 401 (the fetch layer has already tried the
   * customer token refresh, api-client/token-refresh.ts) retries as a guest cart within the bypass limit.
   */
  async function connect(api: Api): Promise<{ token: string; emptyOnServer: boolean }> {
    const token = store.get().cartServerToken;
    if (token) return { token, emptyOnServer: false };
    let created: string;
    const asGuest = store.get().bypassCount > 0;
    // known before the request: a session refreshed or dropped meanwhile leaves a guest's cart empty
    const emptyOnServer = asGuest || api.cart.createsEmptyCart();
    try {
      created = asGuest ? await api.cart.createGuest() : await api.cart.create();
    } catch (e) {
      // step 3 (401) is the caller's guest retry; step 4: any other answer disables cart sync
      if (e instanceof ApiError && !isUnauthorized(e)) throw new CartSyncDisabled(e);
      throw e;
    }
    store.set((s) => ({ ...s, cartServerToken: created, cartItemsHash: '' }));
    return { token: created, emptyOnServer };
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
    await base.adoptPersisted();
    const start = store.get();
    if (start.syncDisabled) return;
    if (!force && !syncRequired(start)) return;
    if (!start.cartServerToken && start.items.length === 0) {
      if (start.removed.length) store.set((s) => ({ ...s, removed: [] }));
      return;
    }
    if (!online()) return;
    const my = base.epoch();
    const { token, emptyOnServer } = await connect(api);
    const alive = () => base.epoch() === my && store.get().cartServerToken === token;
    for (const line of store.get().removed) {
      await api.cart.delete(token, {
        sku: line.sku,
        ...(line.item_id != null ? { item_id: line.item_id } : {}),
      });
      if (!alive()) return;
      store.set((s) => ({ ...s, removed: s.removed.filter((r) => r !== line && !sameRemoved(r, line)) }));
    }
    // a cart this sync has just created holds nothing: no pull (a guest's first add: create, update)
    const server = emptyOnServer ? [] : (await api.cart.pull(token)).map(fromServerLine);
    if (!alive()) return;
    let refused: unknown = null;
    const actions = mergeCart(store.get().items, server, merge);
    // the last write to the server answers the cart's totals too: no cart/totals after it
    const lastWrite = actions.findLastIndex((a) => a.type === 'push' || a.type === 'delete-server');
    let answeredTotals: Totals | null = null;
    for (const [index, action] of actions.entries()) {
      switch (action.type) {
        case 'push': {
          const item = action.item;
          const before = server.find(
            (l) => serverItemId(item) != null && String(l.item_id) === String(serverItemId(item)),
          );
          try {
            const id = serverItemId(item);
            const cartItem = {
              sku: item.sku,
              qty: item.qty,
              ...(id != null ? { item_id: id } : {}),
              ...(item.product_option ? { product_option: item.product_option } : {}),
            };
            let line: CartLine;
            if (index === lastWrite) {
              const answer = await api.cart.updateWithTotals(token, cartItem);
              ({ line } = answer);
              answeredTotals = answer.totals;
            } else line = await api.cart.update(token, cartItem);
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
    if (answeredTotals && !refused) {
      const totals = answeredTotals;
      store.set((s) => ({ ...s, totals, lastTotalsSyncAt: Date.now() }));
    } else await refreshTotals(api, token, alive);
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
        await base.adoptPersisted();
        const s = store.get();
        const token = s.cartServerToken;
        if (!token || s.syncDisabled || s.removed.length > 0 || !online()) return false;
        const line = s.items.find((x) => sameCartItem(x, item));
        const id = line ? serverItemId(line) : undefined;
        if (!line || id == null || line.prev_qty == null) return false;
        const before = s.items.map((x) => (x === line ? { ...x, qty: line.prev_qty as number } : x));
        if (s.cartItemsHash !== cartHash(before, token)) return false;
        const my = base.epoch();
        const answer = await api.cart.updateWithTotals(token, {
          sku: line.sku,
          qty: line.qty,
          item_id: id,
          ...(line.product_option ? { product_option: line.product_option } : {}),
        });
        if (!answer.totals) return false;
        if (base.epoch() !== my || store.get().cartServerToken !== token) return true;
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
          base.clearLocal();
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

  return {
    connect,
    refreshTotals,
    quickQty,
    syncWithRules,
    syncAfterChange,
    /**
     * Login: the guest lines join the customer's cart `cartId` with quantities ADDED
     * (domain mergeGuestIntoCustomer), computed once and persisted with the new token; the sync after
     * pushes absolute quantities and syncs the totals.
     */
    async moveTo(api: Api, cartId: string): Promise<void> {
      await lock('vitrina:cart-sync', async () => {
        await base.adoptPersisted();
        if (store.get().cartServerToken === cartId) return;
        const customer = await api.cart.pull(cartId);
        base.newEpoch();
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
    },
    /** Spec "Cart connection" step 4 ends by the shopper's "Try again": sync is enabled again. */
    enableAgain() {
      store.set((s) => (s.syncDisabled ? { ...s, syncDisabled: false, bypassCount: 0 } : s));
    },
    /**
     * Spec "Coupon": applying removes the current code first, connects, then applies; an empty code
     * is refused (coupon.required) and totals must be computable (a cart with lines and a token).
     */
    async applyCoupon(api: Api, code: string): Promise<void> {
      const coupon = code.trim();
      if (!coupon)
        throw new ApiError(400, 'coupon.required', [{ field: 'coupon', message: 'coupon.required' }]);
      await syncWithRules(api, false);
      const token = store.get().cartServerToken;
      if (!token || store.get().items.length === 0) throw new ApiError(400, 'cart.totalsUnavailable');
      if (store.get().totals?.coupon_code) await api.cart.deleteCoupon(token);
      const { token: connected } = await connect(api);
      await api.cart.applyCoupon(connected, coupon);
      await refreshTotals(api, connected, () => store.get().cartServerToken === connected);
    },
    async removeCoupon(api: Api): Promise<void> {
      const token = store.get().cartServerToken;
      if (!token) return;
      await api.cart.deleteCoupon(token);
      await refreshTotals(api, token, () => store.get().cartServerToken === token);
    },
  };
}

export type CartSync = ReturnType<typeof createCartSync>;
