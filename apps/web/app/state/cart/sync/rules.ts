import { MAX_CART_BYPASS_ATTEMPTS, type MergeOptions } from '@vitrina/domain';
import type { Api } from '../../../api-client/api';
import { withoutIds } from '../model';
import { CartSyncDisabled, isAnswer, isCartGone, isOtherAnswer, isUnauthorized } from './answers';
import { underSyncLock, type SyncContext } from './context';
import { syncOnce } from './sync-once';

/**
 * A sync with the spec's answers ("Cart connection", "Cart sync"): 400 clears the cart without sync;
 * a refused cart request disables sync; 401 and other answers retry as a guest cart within the
 * bypass limit, then leave the lines on the device with the sync owed.
 */
export async function syncWithRules(
  ctx: SyncContext,
  api: Api,
  force: boolean,
  merge: MergeOptions = {},
): Promise<void> {
  const { base } = ctx;
  const { store } = base;
  for (;;) {
    try {
      await underSyncLock(ctx, () => syncOnce(ctx, api, force, merge));
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
export async function syncAfterChange(ctx: SyncContext, api: Api): Promise<void> {
  try {
    await syncWithRules(ctx, api, false);
  } catch (e) {
    if (isAnswer(e)) throw e;
    if (ctx.online()) console.warn('cart sync deferred', e);
  }
}
