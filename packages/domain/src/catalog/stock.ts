// Stock sync of cart items: catalogue-and-cart.md §4 "Stock sync result" and §9 "Stock list batch".
import { ALLOW_OUT_OF_STOCK_IN_CART, STOCK_LIST_BATCH, STOCK_SYNC_ENABLED } from '../base/index.ts';

/** "Stock lists are requested in batches of 15 skus": unique skus split into batches. */
export function stockBatches(skus: readonly string[], size: number = STOCK_LIST_BATCH): string[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`Batch size must be a positive integer: ${size}`);
  const unique = [...new Set(skus)];
  const out: string[][] = [];
  for (let i = 0; i < unique.length; i += size) out.push(unique.slice(i, i + size));
  return out;
}

export type StockSyncOutcome =
  | { action: 'mark-in-stock'; is_in_stock: true; infoKey: 'cart.inStock' }
  | { action: 'mark-out-of-stock'; is_in_stock: false; errorKey: 'cart.outOfTheStock' }
  | { action: 'remove' };

/**
 * "In stock: the item is marked in stock with the message 'In stock!'. Out of stock: the error
 * 'Out of the stock!' is set if out-of-stock items are allowed or sync is enabled. Otherwise the item
 * is removed."
 */
export function stockSyncOutcome(
  isInStock: boolean,
  opts: { allowOutOfStock?: boolean; syncEnabled?: boolean } = {},
): StockSyncOutcome {
  if (isInStock) return { action: 'mark-in-stock', is_in_stock: true, infoKey: 'cart.inStock' };
  const keep =
    (opts.allowOutOfStock ?? ALLOW_OUT_OF_STOCK_IN_CART) || (opts.syncEnabled ?? STOCK_SYNC_ENABLED);
  return keep
    ? { action: 'mark-out-of-stock', is_in_stock: false, errorKey: 'cart.outOfTheStock' }
    : { action: 'remove' };
}
