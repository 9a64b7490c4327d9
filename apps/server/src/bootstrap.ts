/**
 * Opens the database, applies migrations and, on first start of an empty database, loads the demo
 * catalogue through the same importer a shop uses for its own data (SEED_DEMO=false: never; nor
 * after the demo data was removed with `npm run demo:remove`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEMO_CATALOG_KEY,
  bumpCatalogVersion,
  getMeta,
  importCatalog,
  migrate,
  openDatabase,
  reindexProducts,
  schema,
  seedPriceHistory,
  type Database,
} from '@vitrina/db';
import { DEMO_SEED, demoPriceHistory, generateDemoCatalog, generateDemoImages } from '@vitrina/demo';
import { markDemoSeeded } from '@vitrina/db/demo';
import type { ServerConfig } from './config.ts';

export async function openShopDatabase(config: ServerConfig, log: FastifyBaseLogger): Promise<Database> {
  const open = (pgliteThread: boolean) =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      ...config.databasePool,
      sharedBuffersMb: config.pgliteSharedBuffersMb,
      pgliteThread,
      log, // a PostgreSQL outage: logged once when it starts and once when it ends
      onThreadExit: (err) => exitOnDatabaseThreadExit(err, log),
    });
  // A new folder is made and filled by a PGlite in a thread of its own, then the shop opens it as
  // any later start does (record 0076). Making it costs PGlite a second PGlite and initdb's own
  // WebAssembly (254 MB, 166 MB of it resident), and the demo's import grows the WebAssembly memory
  // from 128 to 154 MB, which never shrinks: in the process they stayed until a full collection, or
  // for good. The thread's end frees them all at once. Under the shopper mix the first start held
  // 580-591 MB RSS, a later start on the same folder 435-490 MB.
  const newFolder = !config.databaseUrl && embeddedFolderIsNew(config.dataDir);
  let database = await open(newFolder || config.pgliteThread);
  await migrate(database);
  log.info(
    { db: database.kind, ...(database.kind === 'pglite' && !database.pglite ? { thread: true } : {}) },
    'database migrated',
  );
  const seeded = config.seedDemo && (await seedDemoIfEmpty(database, config, log));
  if (database.kind === 'pglite' && (newFolder || seeded)) {
    await database.close();
    database = await open(config.pgliteThread);
  }
  return database;
}

/**
 * The embedded database's thread stopped (a crash of PGlite, an error it did not catch): the shop
 * would only answer errors from then on, so it exits non-zero, for whatever started it (a service
 * manager, a container's restart policy; `npm start` exits with the server's code) to start it again
 * on the same data folder, as after a `kill -9`.
 */
function exitOnDatabaseThreadExit(err: Error, log: FastifyBaseLogger): void {
  log.fatal({ err }, "the embedded database's thread stopped: the shop exits (code 1) to be started again");
  process.exit(1);
}

/** an embedded data folder PGlite has not made yet (its first start runs initdb); false in memory */
function embeddedFolderIsNew(dataDir: string): boolean {
  if (!dataDir || dataDir.startsWith('memory://')) return false;
  return !existsSync(path.join(path.resolve(dataDir), 'PG_VERSION'));
}

/** loads the demo catalogue into an empty database; true when it did */
async function seedDemoIfEmpty(
  database: Database,
  config: ServerConfig,
  log: FastifyBaseLogger,
): Promise<boolean> {
  // a shop whose demo data was removed (demo flag false, not absent) is never seeded again, even empty
  if ((await getMeta(database, DEMO_CATALOG_KEY)) === false) return false;
  const [row] = await database.db.select({ n: count() }).from(schema.products);
  const started = performance.now();
  await generateDemoImages(config.mediaDir, { seed: DEMO_SEED });
  if ((row?.n ?? 0) > 0) return false;
  log.info('empty database: loading the demo catalogue');
  const demo = generateDemoCatalog({ seed: DEMO_SEED });
  const counts = await importCatalog(database, demo);
  // the demo's generated price history (source 'demo'): its specials show the price they came down from
  const priced = await seedPriceHistory(database, demoPriceHistory(demo));
  if (priced.length > 0) {
    await reindexProducts(database, { productIds: priced });
    await bumpCatalogVersion(database);
  }
  // the shop is the demo (special offers, payment sandbox, start-log warning) until `npm run demo:remove`
  await markDemoSeeded(database, demo);
  log.info({ counts, ms: Math.round(performance.now() - started) }, 'demo catalogue loaded');
  return true;
}
