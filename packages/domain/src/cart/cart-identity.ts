// Cart item identity, adding, merge with the server and failed updates: catalogue-and-cart.md §4
// "Adding to the cart", "Merge", "Failed server update", "Cart hash", "Other cart behaviour".
import { MINICART_COUNT_MODE } from '../base/index.ts';
import { canonicalJson, hashString } from '../base/index.ts';

type Id = number | string;

export interface CartProductOption {
  extension_attributes?: {
    custom_options?: readonly { option_id: Id; option_value: unknown }[] | null;
    configurable_item_options?:
      readonly { option_id: Id; option_value: Id; label?: string; value?: string }[] | null;
    bundle_options?:
      | readonly { option_id: Id; option_qty?: number | null; option_selections?: readonly Id[] | null }[]
      | null;
  } | null;
}

export interface CartItemLike {
  sku: string;
  qty: number;
  /** Product id. */
  id?: Id | null;
  item_id?: Id | null;
  server_item_id?: Id | null;
  checksum?: string | null;
  prev_qty?: number | null;
  product_option?: CartProductOption | null;
  type_id?: string | null;
  product_type?: string | null;
}

function nonEmpty(list: readonly unknown[] | null | undefined): boolean {
  return Array.isArray(list) && list.length > 0;
}

const ext = (item: CartItemLike) => item.product_option?.extension_attributes ?? undefined;

function hasBundleOrCustomOptions(item: CartItemLike): boolean {
  const e = ext(item);
  return nonEmpty(e?.bundle_options) || nonEmpty(e?.custom_options);
}

function hasConfigurableOptions(item: CartItemLike): boolean {
  return nonEmpty(ext(item)?.configurable_item_options);
}

/** The server's id of a line: server_item_id, else item_id. */
export function serverItemId(item: CartItemLike): Id | undefined {
  return item.server_item_id ?? item.item_id ?? undefined;
}

function sorted(list: string[]): string {
  return list.sort().join(';');
}

/**
 * Checksum of an item's sku and options, independent of option order and of "93" vs 93: used to
 * match items with bundle or custom options. An item's own `checksum` is not trusted (it may come
 * from another implementation); it is recomputed.
 */
export function cartItemChecksum(item: CartItemLike): string {
  const e = ext(item);
  const custom = (e?.custom_options ?? []).map(
    (o) => `${String(o.option_id)}=${canonicalJson(o.option_value)}`,
  );
  const conf = (e?.configurable_item_options ?? []).map(
    (o) => `${String(o.option_id)}=${String(o.option_value)}`,
  );
  const bundle = (e?.bundle_options ?? []).map(
    (o) =>
      `${String(o.option_id)}x${o.option_qty ?? 1}:${sorted((o.option_selections ?? []).map((s) => String(s)))}`,
  );
  return hashString(`${item.sku}|c:${sorted(custom)}|f:${sorted(conf)}|b:${sorted(bundle)}`);
}

function eqDefined(a: Id | null | undefined, b: Id | null | undefined): boolean {
  return a != null && b != null && String(a) === String(b);
}

/**
 * "Items are matched for merging: by id or checksum when they have bundle or custom options; by sku
 * when they have configurable options; otherwise by id or sku." For bundle/custom options "id" is the
 * server line id (product ids are the same for every configuration of a bundle). Symmetric: the
 * rule is chosen when either item has such options.
 */
export function sameCartItem(a: CartItemLike, b: CartItemLike): boolean {
  if (hasBundleOrCustomOptions(a) || hasBundleOrCustomOptions(b)) {
    return eqDefined(serverItemId(a), serverItemId(b)) || cartItemChecksum(a) === cartItemChecksum(b);
  }
  if (hasConfigurableOptions(a) || hasConfigurableOptions(b)) return a.sku === b.sku;
  return eqDefined(a.id, b.id) || a.sku === b.sku;
}

/**
 * "Adding the same product again merges the quantity." Returns a new list; the merged item keeps
 * its previous quantity in prev_qty (for "Failed server update").
 */
export function addItemToCart<T extends CartItemLike>(items: readonly T[], item: T): T[] {
  const i = items.findIndex((x) => sameCartItem(x, item));
  if (i < 0) return [...items, { ...item, prev_qty: item.prev_qty ?? 0 }];
  const existing = items[i] as T;
  const merged: T = { ...existing, qty: existing.qty + item.qty, prev_qty: existing.qty };
  return items.map((x, j) => (j === i ? merged : x));
}

/**
 * "Failed server update: the quantity is restored to the previous quantity, or the item is removed
 * if there was none." Returns the restored item, or null to remove it.
 */
export function restoreAfterFailedUpdate<T extends CartItemLike>(item: T): T | null {
  return item.prev_qty != null && item.prev_qty > 0 ? { ...item, qty: item.prev_qty } : null;
}

/**
 * "The hash is derived from the items and the token. A changed or empty hash means a sync and a
 * totals sync are required." Only what the server must know counts (sku, qty, options), and item
 * order does not, so display-only fields (totals, errors, info) never force a sync.
 */
export function cartHash(items: readonly CartItemLike[], token: string | null | undefined): string {
  const lines = items
    .map((i) => canonicalJson({ sku: i.sku, qty: i.qty, o: i.product_option ?? null }))
    .sort();
  return hashString(`${token ?? ''}\n${lines.join('\n')}`);
}

export interface MergeOptions {
  /** The client is the authority: server-only items are deleted, client-only items pushed. */
  forceClientState?: boolean;
  /** On a quantity mismatch take the server's quantity (true) or push the client's (false, default). */
  serverMergeByDefault?: boolean;
  /** A client item missing on the server is removed from the client (when not forced); default false. */
  removeClientItemsMissingOnServer?: boolean;
}

export type MergeAction<C extends CartItemLike, S extends CartItemLike> =
  /** Send the client item to the server (carries the server's item_id when the server has the line). */
  | { type: 'push'; item: C }
  | { type: 'remove-client'; item: C }
  /** Set the client item's qty (and server ids) to the server's. */
  | { type: 'update-client-qty'; item: C }
  /** Same qty on both sides: copy the server line id onto the client item. */
  | { type: 'link'; item: C }
  | { type: 'delete-server'; item: S }
  | { type: 'add-client'; item: S };

/**
 * §4 "Merge", pairing each client item with at most one server item (sameCartItem):
 * - a client item missing on the server is pushed, or removed from the client when configuration
 *   allows (removeClientItemsMissingOnServer) and the client state is not forced. The spec's literal
 *   "removed when forced" contradicts what forcing the client state means (its third rule deletes
 *   server-only items then), so forcing always keeps and pushes client items;
 * - a quantity mismatch is pushed, or taken from the server when serverMergeByDefault and not forced;
 * - a server item missing on the client is deleted from the server when the client state is forced,
 *   otherwise added to the client.
 */
export function mergeCart<C extends CartItemLike, S extends CartItemLike>(
  clientItems: readonly C[],
  serverItems: readonly S[],
  opts: MergeOptions = {},
): MergeAction<C, S>[] {
  const actions: MergeAction<C, S>[] = [];
  const unmatched = new Set(serverItems.map((_, i) => i));
  for (const client of clientItems) {
    const si = [...unmatched].find((i) => sameCartItem(client, serverItems[i] as S));
    if (si === undefined) {
      const remove = !opts.forceClientState && opts.removeClientItemsMissingOnServer;
      actions.push(
        remove
          ? { type: 'remove-client', item: client }
          : { type: 'push', item: { ...client, item_id: undefined, server_item_id: undefined } },
      );
      continue;
    }
    unmatched.delete(si);
    const server = serverItems[si] as S;
    const ids = { server_item_id: serverItemId(server), item_id: serverItemId(server) };
    if (server.qty === client.qty) actions.push({ type: 'link', item: { ...client, ...ids } });
    else if (opts.serverMergeByDefault && !opts.forceClientState) {
      actions.push({
        type: 'update-client-qty',
        item: { ...client, ...ids, qty: server.qty, prev_qty: server.qty },
      });
    } else actions.push({ type: 'push', item: { ...client, ...ids } });
  }
  for (const i of unmatched) {
    const server = serverItems[i] as S;
    actions.push(
      opts.forceClientState ? { type: 'delete-server', item: server } : { type: 'add-client', item: server },
    );
  }
  return actions;
}

/** Mini cart count: total quantity (configured here) or number of lines (catalogue-and-cart.md §2). */
export function cartItemsCount(
  items: readonly CartItemLike[],
  mode: 'qty' | 'items' = MINICART_COUNT_MODE,
): number {
  return mode === 'items' ? items.length : items.reduce((n, i) => n + i.qty, 0);
}

/** "A virtual cart means all items are virtual or downloadable" (an empty cart is not virtual). */
export function isVirtualCart(items: readonly CartItemLike[]): boolean {
  const type = (i: CartItemLike) => i.type_id ?? i.product_type;
  return items.length > 0 && items.every((i) => type(i) === 'virtual' || type(i) === 'downloadable');
}

/**
 * Login (as the original system's login does): the guest cart joins the customer's with
 * quantities ADDED. A guest item matching a customer line (sameCartItem) becomes that line with the
 * summed quantity and the server line id, keeping the guest item's configuration; other guest items
 * stay without a server id (they are new lines); the customer's other lines are taken as they are.
 * Pure and computed once: the sync that follows pushes absolute quantities, so it can be repeated
 * without summing again.
 */
export function mergeGuestIntoCustomer<G extends CartItemLike, S extends CartItemLike>(
  guest: readonly G[],
  customer: readonly S[],
  fromServer: (line: S) => G,
): G[] {
  const unmatched = new Set(customer.map((_, i) => i));
  const out: G[] = [];
  for (const item of guest) {
    const si = [...unmatched].find((i) => sameCartItem(item, customer[i] as S));
    if (si === undefined) {
      out.push({ ...item, item_id: null, server_item_id: null, prev_qty: 0 });
      continue;
    }
    unmatched.delete(si);
    const line = customer[si] as S;
    const id = serverItemId(line) ?? null;
    out.push({ ...item, qty: line.qty + item.qty, item_id: id, server_item_id: id, prev_qty: line.qty });
  }
  for (const i of unmatched) out.push(fromServer(customer[i] as S));
  return out;
}
