/** Step 7: what follows the commit. */
import type { PlaceOrderDeps } from './types.ts';

/**
 * The longest an order's answer waits for the other orders of its products before its listings are
 * refreshed: a flash sale's winners are all written well within it, and a product ordered without
 * pause still has its listings refreshed within it.
 */
export const REFRESH_WAIT_MS = 1000;

/**
 * step 7: what follows the commit. The listings' refresh waits for the orders of the same products
 * still under way in this process (stock-turns.ts `over`): its statement would otherwise be work the
 * database does ahead of the next order's write, once per order of a sale, where one refresh after the
 * last serves them all (batched, app.ts). The answer still follows its products' refresh.
 */
export async function afterCommit(
  deps: PlaceOrderDeps,
  productIds: number[],
  skus: readonly string[],
): Promise<void> {
  if (!productIds.length) return;
  await deps.turns.over(skus, REFRESH_WAIT_MS);
  await deps.onStockChanged(productIds);
}
