import {
  ALLOW_OUT_OF_STOCK_IN_CART,
  STOCK_SYNC_ENABLED,
  stockBatches,
  stockSyncOutcome,
} from '@vitrina/domain';
import type { Api } from '../../api-client/api';
import type { NewSyncTask } from '../../sync/queue';
import type { CartBase } from './base';
import type { CartItem } from './model';

/** The callback event of the stock-check task (catalogue-and-cart.md §7 "Stock"). */
export const STOCK_SYNC_EVENT = 'cart/stockSync';

let stockCheckSeq = 0;
const newStockCheckId = () =>
  `sc-${Date.now().toString(36)}-${(stockCheckSeq++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

type StockInfo = { product_sku: string; is_in_stock: boolean };

/**
 * Spec "Stock sync result" for the lines already in the cart: each line gets a stock-check id
 * (onlineStockCheckid); the answer (stock lists in batches of 15) is matched back by that id: in
 * stock marks the line "In stock!", out of stock sets its error "Out of the stock!" and keeps it
 * (out-of-stock items and stock sync are both on here). Online the lists are asked at once; offline
 * (spec: "queued when offline") each batch becomes a sync task with callback `cart/stockSync`
 * (sync/queue.ts), answered by `applyStockAnswer`.
 */
export function createStockSync(
  base: CartBase,
  options: {
    online: () => boolean;
    /** Where stock checks wait while offline (the app's sync task queue); without, none are queued. */
    stockQueue?: { enqueue(task: NewSyncTask): Promise<unknown> } | undefined;
  },
) {
  const { store, patch } = base;

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
  function applyStock(id: string, infos: readonly StockInfo[]) {
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
        const line = { ...i, onlineStockCheckid: null };
        if (outcome.action === 'mark-in-stock')
          return [{ ...line, is_in_stock: true, errors, info: { ...info, stock: outcome.infoKey } }];
        if (outcome.action === 'mark-out-of-stock')
          return [{ ...line, is_in_stock: false, info, errors: { ...errors, stock: outcome.errorKey } }];
        return [];
      }),
    );
  }

  return {
    /** The stock check of the cart's lines: asked now, or queued while offline. */
    async stockSync(api: Api): Promise<void> {
      if (store.get().items.length === 0) return;
      if (!options.online()) {
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
    },
    /** The `cart/stockSync` callback of a queued stock check: matched by its task id (onlineStockCheckid). */
    applyStockAnswer(task: { task_id: string; resultCode: number | string | null; result: unknown }) {
      if (task.resultCode !== 200) return;
      const r = task.result as unknown;
      const list = Array.isArray(r) ? r : (r as { result?: unknown } | null)?.result;
      if (Array.isArray(list)) applyStock(task.task_id, list as StockInfo[]);
    },
  };
}
