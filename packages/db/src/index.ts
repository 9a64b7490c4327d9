/**
 * @vitrina/db: schema, migrations, client (PGlite | pg), product indexer, shop data importer.
 * Test helper: `@vitrina/db/testing` (createTestDatabase). The demo shop's data in the database: `@vitrina/db/demo`
 * (the demo catalogue itself: `@vitrina/demo`).
 */
export * as schema from './schema.ts';
export type { Localized, ConfigurableOption, ProductLink, BundleOption } from './schema.ts';
export type { SqlRow } from './sql-row.ts';
export {
  openDatabase,
  redactUrl,
  isDatabaseUnavailable,
  guardTransactions,
  type Database,
  type DatabaseLog,
  type DatabaseKind,
  type Db,
  type Executor,
  type OpenDatabaseOptions,
  type Schema,
  type WriteKind,
  type WriteWatch,
  COHERENT_WRITE,
  PREPARED,
} from './client.ts';
export {
  migrate,
  readMigrations,
  MIGRATIONS_DIR,
  MIGRATIONS_TABLE,
  type MigrateResult,
  type MigrationFile,
} from './migrate.ts';
export {
  getCatalogStamp,
  getCatalogVersion,
  bumpCatalogVersion,
  getMeta,
  setMeta,
  isDemoShop,
  CATALOG_VERSION_KEY,
  DEMO_CATALOG_KEY,
} from './meta.ts';
export { removeDemoData, type DemoRemovalResult } from './demo/lifecycle.ts';
export {
  reindexProducts,
  refreshExpiredIndexRows,
  refreshStockRows,
  recordPriceChanges,
  nextBoundary,
  RETAIL_CUSTOMER_TAX_CLASS_ID,
  UNMANAGED_STOCK_QTY,
  type ReindexOptions,
  type ReindexResult,
} from './indexer.ts';
export {
  importCatalog,
  validateImportFile,
  recomputeCategoryTree,
  type ImportOptions,
  type ImportPhase,
  type ImportResult,
} from './import/importer.ts';
export { ImportError, formatIssue, formatIssues, type ImportIssue } from './import/errors.ts';
export { toLocalized, pick, slugify, type Text } from './localized.ts';
export {
  readServerLock,
  writeServerLock,
  removeServerLock,
  acquireServerLock,
  serverLockAddress,
  serverLockPath,
  SERVER_LOCK_FILE,
  type ServerLock,
} from './server-lock.ts';
export {
  runImportCli,
  runDemoRemoveCli,
  ADMIN_IMPORT_PATH,
  EXIT_OK,
  EXIT_REJECTED,
  EXIT_USAGE,
  EXIT_FAILED,
  type CliIo,
} from './import/run-cli.ts';
export {
  recordComputedPrices,
  recordGroupTiers,
  groupTierHistory,
  netPriceHistory,
  seedPriceHistory,
  type ComputedPrice,
  type ReferenceFigures,
  type SeededPriceChange,
} from './price-history.ts';
export { deriveNetPrices, loadTaxRules, listedRate } from './gross-prices.ts';
