import { addItemToCart, sameCartItem, type CartItemLike } from '@vitrina/domain';
import type { CartBase } from './base';
import { removal, type CartItem } from './model';

/**
 * The optimistic line editor: the shopper's changes made on the device at once (shown, persisted and
 * shared with other tabs before any request), in the domain's terms (a line's identity, an add merges
 * into the same line). What the server must still do is left in the state for the sync (sync.ts): a
 * changed hash, `prev_qty` for a quantity change, `removed` for a line it still holds.
 */
export function createLineEditor(base: CartBase) {
  const { store, patch } = base;
  const find = (item: CartItemLike) => store.get().items.find((x) => sameCartItem(x, item));
  /** The line goes; a server cart still holding it owes a delete. */
  const drop = (current: CartItem) =>
    store.set((s) => ({
      ...s,
      items: s.items.filter((x) => !sameCartItem(x, current)),
      removed: s.cartServerToken ? [...s.removed, removal(current)] : s.removed,
    }));

  return {
    /** Adds a line, or merges it into the same line (domain addItemToCart); its stock is checked anew. */
    add(item: CartItem): void {
      patch((items) => addItemToCart(items, { ...item, onlineStockCheckid: null }));
    },
    /**
     * A line's new quantity, the old one kept as `prev_qty` (the sync's one-request quantity change):
     * answers the line as it was, or null when there is no such line or nothing changes.
     */
    setQty(item: CartItemLike, qty: number): CartItem | null {
      const current = find(item);
      if (!current || current.qty === qty) return null;
      base.replaceItem(current, { ...current, qty, prev_qty: current.qty });
      return current;
    },
    /**
     * Cart edit mode: the line is replaced by another configuration of the same product (the child the
     * new options choose) and/or quantity: the old line goes, the new one merges like an add.
     */
    replace(item: CartItemLike, next: CartItem): boolean {
      const current = find(item);
      if (!current) return false;
      drop(current);
      patch((items) => addItemToCart(items, { ...next, item_id: null, server_item_id: null }));
      return true;
    },
    /** Removes a line (the caller has asked for confirmation). */
    remove(item: CartItemLike): boolean {
      const current = find(item);
      if (!current) return false;
      drop(current);
      return true;
    },
  };
}

export type LineEditor = ReturnType<typeof createLineEditor>;
