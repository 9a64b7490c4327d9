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
