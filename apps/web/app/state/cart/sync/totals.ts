import { cartHash } from '@vitrina/domain';
import type { Api } from '../../../api-client/api';
import type { CartLine } from '../../../lib/types';
import type { CartItem, CartState } from '../model';
import type { SyncContext } from './context';

/** The server's totals of the cart (none for an empty cart), written while `alive` says the sync still counts. */
export async function refreshTotals(
  { base: { store } }: SyncContext,
  api: Api,
  token: string,
  alive: () => boolean,
): Promise<void> {
  if (store.get().items.length === 0) {
    if (alive()) store.set((s) => ({ ...s, totals: null, lastTotalsSyncAt: Date.now() }));
    return;
  }
  const totals = await api.cart.totals(token);
  if (alive()) store.set((s) => ({ ...s, totals, lastTotalsSyncAt: Date.now() }));
}

/** A line as the server answered its update (a configurable parent is bought as the child its options choose). */
export const asServerHolds = (item: CartItem, line: CartLine): CartItem => ({
  ...item,
  sku: line.sku,
  qty: line.qty,
  item_id: line.item_id,
  server_item_id: line.item_id,
  prev_qty: null,
  price: line.price ?? item.price,
});

/** Spec "Cart hash": the cart is in step with the server cart `token` (the guest retries start over). */
export const inStep = (s: CartState, token: string, now: number): Partial<CartState> => ({
  cartItemsHash: cartHash(s.items, token),
  lastSyncAt: now,
  bypassCount: 0,
});
