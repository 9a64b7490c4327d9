import { mergeCart, type MergeOptions } from '@vitrina/domain';
import type { Api } from '../../../api-client/api';
import { fromServerLine, sameRemoved, syncRequired } from '../model';
import { markLineRefusal } from './answers';
import { connect, createWithFirstLine } from './connect';
import type { SyncContext } from './context';
import { applyMergeActions } from './merge-actions';
import { inStep, refreshTotals } from './totals';

/**
 * One sync (spec "Cart sync", "Merge"), under the lock (context.ts `underSyncLock`): deletes owed, pull, merge (client items are
 * the authority for the lines they know; server-only lines are taken), pushes, totals. The first line
 * the server refused is rethrown after the rest is synced. Network failures leave the sync owed.
 */
export async function syncOnce(
  ctx: SyncContext,
  api: Api,
  force: boolean,
  merge: MergeOptions = {},
): Promise<void> {
  const { base } = ctx;
  const { store } = base;
  if (nothingToSend(ctx, force)) return;
  // a shopper's first add: the cart made with its line, one request and one change on the device
  if (await createWithFirstLine(ctx, api)) return;
  const my = base.epoch();
  const { token, emptyOnServer } = await connect(ctx, api);
  /** false once a clear or a move to another cart happened meanwhile: this sync writes nothing more */
  const alive = () => base.epoch() === my && store.get().cartServerToken === token;
  if (!(await deleteOwedLines(ctx, api, token, alive))) return;
  // a cart this sync has just created holds nothing: no pull (a guest's first add: create, update)
  const server = emptyOnServer ? [] : (await api.cart.pull(token)).map(fromServerLine);
  if (!alive()) return;
  const actions = mergeCart(store.get().items, server, merge);
  const outcome = await applyMergeActions(ctx, api, token, actions, server, alive);
  if (!outcome) return;
  const { refused, answeredTotals } = outcome;
  if (answeredTotals && !refused) {
    store.set((s) => ({ ...s, totals: answeredTotals, lastTotalsSyncAt: Date.now() }));
  } else await refreshTotals(ctx, api, token, alive);
  if (!alive()) return;
  store.set((s) => ({ ...s, ...inStep(s, token, Date.now()) }));
  if (refused) {
    markLineRefusal(refused);
    throw refused;
  }
}

/**
 * Whether the sync has nothing to send: sync disabled, the cart in step (unless forced), offline, or
 * an empty cart that never had a server cart (whose owed deletes are dropped).
 */
function nothingToSend({ base: { store }, online }: SyncContext, force: boolean): boolean {
  const start = store.get();
  if (start.syncDisabled) return true;
  if (!force && !syncRequired(start)) return true;
  if (!start.cartServerToken && start.items.length === 0) {
    if (start.removed.length) store.set((s) => ({ ...s, removed: [] }));
    return true;
  }
  return !online();
}

/** The server deletes owed by lines removed offline, each dropped from the list once done; false when the sync stopped counting. */
async function deleteOwedLines(
  { base: { store } }: SyncContext,
  api: Api,
  token: string,
  alive: () => boolean,
): Promise<boolean> {
  for (const line of store.get().removed) {
    await api.cart.delete(token, {
      sku: line.sku,
      ...(line.item_id != null ? { item_id: line.item_id } : {}),
    });
    if (!alive()) return false;
    store.set((s) => ({ ...s, removed: s.removed.filter((r) => r !== line && !sameRemoved(r, line)) }));
  }
  return true;
}
