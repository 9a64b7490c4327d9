import { refreshStockRows, reindexProducts, type Executor } from '@vitrina/db';

/**
 * The listings (product index) of products whose stock moved, refreshed after the write that moved it.
 *
 * First the stock alone, in one statement (refreshStockRows): an order moves nothing else of a
 * product whose stock is its own, and rebuilding its documents took about nine statements (the
 * catalogue's categories, attributes and tax rules, the products, their categories and stock, the
 * price history, the upsert) and the CPU to build and hash them, for every order of a flash sale
 * (record 0105). The products it leaves (configurables and their children, grouped and bundle products
 * and their parts, rows due for a price window) are rebuilt by reindexProducts.
 *
 * That rebuild, on the embedded database, as one transaction: its thread answers a transaction's
 * statements at once (pglite-threaded.ts), while each statement outside one waits for a turn of the
 * shop's event loop, and an order's answer waits for the refresh (record 0101). In the process PGlite
 * answers either way within the request's own turn. On PostgreSQL they stay separate statements: a
 * transaction would add BEGIN, COMMIT and a savepoint's two round trips, and hold a pooled connection
 * while the rows are built.
 */
export async function refreshListings(database: Executor, productIds: readonly number[]): Promise<void> {
  const rest = await refreshStockRows(database, productIds);
  if (rest.length === 0) return;
  if (database.kind === 'pglite') await database.transaction((tx) => reindexProducts(tx, { productIds: rest }));
  else await reindexProducts(database, { productIds: rest });
}
