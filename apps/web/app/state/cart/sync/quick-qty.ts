import { cartHash, sameCartItem, serverItemId, type CartItemLike } from '@vitrina/domain';
import type { Api } from '../../../api-client/api';
import { underSyncLock, type SyncContext } from './context';
import { asServerHolds, inStep } from './totals';

/**
 * A quantity change of a line the server holds, on a cart in step with the server but for that
 * change (the last sync's hash, with the line's old quantity): sent as ONE update that answers the
 * cart's totals too, instead of the sync's pull, update and totals (three round trips for a "+" in
 * the mini cart). Answers false when it does not apply or the update fails: the caller then syncs
 * as usual, which also answers a refusal the spec's way (the line restored). Lines another device
 * added are taken by the next full sync (at start and when back online), as before.
 */
export async function quickQty(ctx: SyncContext, api: Api, item: CartItemLike): Promise<boolean> {
  const { base, online } = ctx;
  const { store, replaceItem } = base;
  try {
    return await underSyncLock(ctx, async () => {
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
      replaceItem(line, asServerHolds(line, answer.line));
      const now = Date.now();
      store.set((st) => ({ ...st, totals: answer.totals, lastTotalsSyncAt: now, ...inStep(st, token, now) }));
      return true;
    });
  } catch {
    return false;
  }
}
