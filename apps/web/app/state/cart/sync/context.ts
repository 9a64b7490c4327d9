import type { CrossTabLock } from '../../../sync/lock';
import type { CartBase } from '../base';

/** What every step of the sync works with: the cart's base layer, whether the device is online, the cross-tab lock. */
export interface SyncContext {
  base: CartBase;
  online: () => boolean;
  lock: CrossTabLock;
}

/** The lock every sync of this cart runs under, in every tab. */
export const SYNC_LOCK = 'vitrina:cart-sync';

/**
 * Runs `fn` under the sync lock on the device's cart: what another tab left there is adopted first
 * (its broadcast may still be on its way), and this tab's result is on the device before the lock
 * goes, so the next tab's sync starts from it and not from an older copy.
 */
export async function underSyncLock<T>({ base, lock }: SyncContext, fn: () => Promise<T>): Promise<T> {
  return lock(SYNC_LOCK, async () => {
    await base.adoptPersisted();
    try {
      return await fn();
    } finally {
      await base.store.flush();
    }
  });
}
