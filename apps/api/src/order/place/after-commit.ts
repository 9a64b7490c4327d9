/** Step 7: what follows the commit. */
import type { PlaceOrderDeps } from './types.ts';

/**
 * The longest the listings' refresh after an order waits for the other orders of its products: a
 * flash sale's winners are all written well within it, and a product ordered without pause still has
 * its listings refreshed within it.
 */
export const REFRESH_WAIT_MS = 1000;

/**
 * step 7: what follows the commit: the listings' stock refreshed. With no other order of its products
 * under way in this process, at once, and the answer follows it (a shopper who ordered sees the
 * listings as the order left them). With others under way, the refresh waits for them
 * (stock-turns.ts `over`, at most REFRESH_WAIT_MS): its statement would otherwise be work the database
 * does ahead of the next order's write, once per order of a sale, where one refresh after the last
 * serves them all (batched, app.ts); and the answer does not wait with it: in the shopper mix a
 * product ordered by several shoppers at once held each answer until the product's orders paused,
 * up to the whole REFRESH_WAIT_MS, while the listings move again with the next order anyway.
 */
export async function afterCommit(
  deps: PlaceOrderDeps,
  productIds: number[],
  skus: readonly string[],
): Promise<void> {
  if (!productIds.length) return;
  if (!deps.turns.busy(skus)) return deps.onStockChanged(productIds);
  // the refresh runs its own errors' course (app.ts logs them); nobody awaits it
  void deps.turns
    .over(skus, REFRESH_WAIT_MS)
    .then(() => deps.onStockChanged(productIds))
    .catch(() => undefined);
}
