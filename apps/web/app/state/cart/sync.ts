import type { CartItemLike, MergeOptions } from '@vitrina/domain';
import type { Api } from '../../api-client/api';
import type { CrossTabLock } from '../../sync/lock';
import type { CartBase } from './base';
import { connect } from './sync/connect';
import type { SyncContext } from './sync/context';
import { applyCoupon, removeCoupon } from './sync/coupon';
import { moveTo } from './sync/login';
import { quickQty } from './sync/quick-qty';
import { syncAfterChange, syncWithRules } from './sync/rules';
import { refreshTotals } from './sync/totals';

/**
 * The sync engine (catalogue-and-cart.md §4 "Cart connection", "Cart sync", "Merge", "Failed server
 * update", "Coupon", "Cart hash"): the device's cart reconciled with the server by ONE state-based
 * sync: the server's lines are pulled and the domain's mergeCart decides what to push (absolute
 * quantities by server line id, so a repeated sync never doubles), what to take from the server and
 * what to delete. A quantity change of a cart in step with the server is one write that answers the
 * totals too (`withTotals`). Offline nothing is sent; the hash says a sync is owed. Syncs run under a
 * cross-tab lock (the persisted state is re-read under it), inside the base's queue (base.ts).
 *
 * Its steps, in sync/:
 * - connect.ts: a server cart for the device's lines (a guest's when the customer's cannot be had);
 * - sync-once.ts: one sync (owed deletes, pull, merge, pushes, totals), merge-actions.ts applying the merge;
 * - rules.ts: the spec's answers around it (400 clears, 401 retries as a guest, sync disabled);
 * - quick-qty.ts: a quantity change as one write answering the totals;
 * - login.ts: the guest's lines joining the customer's cart; coupon.ts: a coupon applied or removed;
 * - answers.ts: how the server's answers are read; totals.ts: the totals and a cart in step.
 */
export function createCartSync(base: CartBase, options: { online: () => boolean; lock: CrossTabLock }) {
  const ctx: SyncContext = { base, ...options };
  return {
    connect: (api: Api) => connect(ctx, api),
    refreshTotals: (api: Api, token: string, alive: () => boolean) => refreshTotals(ctx, api, token, alive),
    quickQty: (api: Api, item: CartItemLike) => quickQty(ctx, api, item),
    syncWithRules: (api: Api, force: boolean, merge: MergeOptions = {}) =>
      syncWithRules(ctx, api, force, merge),
    syncAfterChange: (api: Api) => syncAfterChange(ctx, api),
    moveTo: (api: Api, cartId: string) => moveTo(ctx, api, cartId),
    /** Spec "Cart connection" step 4 ends by the shopper's "Try again": sync is enabled again. */
    enableAgain() {
      base.store.set((s) => (s.syncDisabled ? { ...s, syncDisabled: false, bypassCount: 0 } : s));
    },
    applyCoupon: (api: Api, code: string) => applyCoupon(ctx, api, code),
    removeCoupon: (api: Api) => removeCoupon(ctx, api),
  };
}

export type CartSync = ReturnType<typeof createCartSync>;
