import { mergeGuestIntoCustomer } from '@vitrina/domain';
import type { Api } from '../../../api-client/api';
import { fromServerLine, withoutIds } from '../model';
import { underSyncLock, type SyncContext } from './context';
import { syncWithRules } from './rules';

/**
 * Login: the guest lines join the customer's cart `cartId` with quantities ADDED
 * (domain mergeGuestIntoCustomer), computed once and persisted with the new token; the sync after
 * pushes absolute quantities and syncs the totals.
 */
export async function moveTo(ctx: SyncContext, api: Api, cartId: string): Promise<void> {
  const { base } = ctx;
  const { store } = base;
  await underSyncLock(ctx, async () => {
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
  await syncWithRules(ctx, api, true);
}
