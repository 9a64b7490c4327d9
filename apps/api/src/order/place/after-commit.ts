/** Step 7: what follows the commit. */
import type { PlaceOrderDeps } from './types.ts';

/**
 * step 7: the listings' stock refreshed, the order's answer not waiting for it. The stock itself is
 * exact at the commit (carts and orders read `stock`, never the listing); the listing's copy was only
 * ever as fresh as the last refresh for every other shopper. Awaited, it cost every order the three
 * statements of a refresh, and of the one in progress before it (lib/batched.ts), each a turn of the
 * busy event loop on the embedded database's thread: most of the order step's turns (record 0096).
 */
export function afterCommit(deps: PlaceOrderDeps, productIds: number[]): void {
  // the shop's refresh logs its own failure (app.ts); a caller's that throws is not the order's
  if (productIds.length) deps.onStockChanged(productIds).catch(() => undefined);
}
