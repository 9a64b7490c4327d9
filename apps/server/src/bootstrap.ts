/**
 * Opens the database, applies migrations and, on first start of an empty database, loads the demo
 * catalogue through the same importer a shop uses for its own data (SEED_DEMO=false: never; nor
 * after the demo data was removed with `npm run demo:remove`).
 */
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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...config.databasePool,
    sharedBuffersMb: config.pgliteSharedBuffersMb,
    pgliteThread: config.pgliteThread,
    log, // a PostgreSQL outage: logged once when it starts and once when it ends
  });
  await migrate(database);
  log.info({ db: database.kind, ...(database.kind === 'pglite' && !database.pglite ? { thread: true } : {}) }, 'database migrated');
  if (config.seedDemo) await seedDemoIfEmpty(database, config, log);
  return database;
}

async function seedDemoIfEmpty(database: Database, config: ServerConfig, log: FastifyBaseLogger) {
  // a shop whose demo data was removed (demo flag false, not absent) is never seeded again, even empty
  if ((await getMeta(database, DEMO_CATALOG_KEY)) === false) return;
  const [row] = await database.db.select({ n: count() }).from(schema.products);
  const started = performance.now();
  await generateDemoImages(config.mediaDir, { seed: DEMO_SEED });
  if ((row?.n ?? 0) > 0) return;
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
}
