import {
  cartHash,
  joinConcurrentField,
  joinConcurrentLines,
  serverItemId,
  type CartItemLike,
  type CartProductOption,
  type MessageKey,
} from '@vitrina/domain';
import type { CartLine, Totals } from '../../lib/types';

// The cart's state and the small pure helpers the layers share (base, line editor, sync, stock sync).

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

export function fromServerLine(line: CartLine): CartItem {
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

export const sameRemoved = (a: RemovedLine, b: RemovedLine) =>
  a.sku === b.sku && String(a.item_id ?? '') === String(b.item_id ?? '');

/** What the server must still delete for a line the client removed. */
export const removal = (item: CartItem): RemovedLine => {
  const id = serverItemId(item);
  return id != null ? { sku: item.sku, item_id: id } : { sku: item.sku };
};

export const withoutIds = (i: CartItem): CartItem => ({ ...i, item_id: null, server_item_id: null });

/** The generation of a persisted or shared cart (0 for a cart kept before generations). */
export const generationOf = (raw: unknown): number => {
  const g = (raw as { generation?: unknown } | null)?.generation;
  return typeof g === 'number' && Number.isSafeInteger(g) ? g : 0;
};

/**
 * Two tabs' concurrent copies of the device's cart joined (state/store.ts `rebase`, serialized
 * carts of one generation): the lines by the domain's three-way rule, the owed deletes as a set
 * (theirs, plus what this tab added, less what it dropped), every other field this tab's when it
 * changed it since `base`. A hash that no longer matches the joined lines makes the next sync owed.
 */
export function joinConcurrentCarts(mine: unknown, base: unknown, theirs: unknown): unknown {
  const m = mine as Partial<CartState>;
  const b = (base ?? {}) as Partial<CartState>;
  const t = theirs as Partial<CartState>;
  const joined: Record<string, unknown> = { ...t };
  for (const key of Object.keys(m) as (keyof CartState)[]) {
    joined[key] = joinConcurrentField(b[key], m[key], t[key]);
  }
  joined.items = joinConcurrentLines(b.items ?? [], m.items ?? [], t.items ?? []);
  joined.removed = joinRemoved(b.removed ?? [], m.removed ?? [], t.removed ?? []);
  return joined;
}

function joinRemoved(base: RemovedLine[], mine: RemovedLine[], theirs: RemovedLine[]): RemovedLine[] {
  const has = (list: RemovedLine[], r: RemovedLine) => list.some((x) => sameRemoved(x, r));
  const added = mine.filter((r) => !has(base, r) && !has(theirs, r));
  const dropped = base.filter((r) => !has(mine, r));
  return [...theirs.filter((r) => !has(dropped, r)), ...added];
}
