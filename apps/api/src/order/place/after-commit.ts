/** Step 7: what follows the commit. */
import type { PlaceOrderDeps } from './types.ts';

/** step 7: what follows the commit */
export async function afterCommit(deps: PlaceOrderDeps, productIds: number[]): Promise<void> {
  if (productIds.length) await deps.onStockChanged(productIds);
}
