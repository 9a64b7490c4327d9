import { reindexProducts, type Executor } from '@vitrina/db';

/**
 * The listings (product index) of products whose stock moved, refreshed after the write that moved it.
 *
 * On the embedded database, as one transaction: its thread answers a transaction's statements at once
 * (pglite-threaded.ts), while each statement outside one waits for a turn of the shop's event loop,
 * and the refresh is about nine statements one after another (the catalogue's categories, attributes
 * and tax rules, the products, their categories and stock, the price history, the upsert), which an
 * order's answer waits for (record 0101). In the process PGlite answers either way within the
 * request's own turn. On PostgreSQL they stay separate statements: a transaction would add BEGIN,
 * COMMIT and a savepoint's two round trips, and hold a pooled connection while the rows are built.
 */
export async function refreshListings(database: Executor, productIds: readonly number[]): Promise<void> {
  if (database.kind === 'pglite') await database.transaction((tx) => reindexProducts(tx, { productIds }));
  else await reindexProducts(database, { productIds });
}
