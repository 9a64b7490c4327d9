/**
 * Opens the database, applies migrations and, on first start of an empty database, loads the demo
 * catalogue through the same importer a shop uses for its own data.
 */
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { importCatalog, migrate, openDatabase, schema, setMeta, type Database } from '@vitrina/db';
import { generateDemoCatalog, generateDemoImages } from '@vitrina/db/demo';
import type { ServerConfig } from './config.ts';

export async function openShopDatabase(config: ServerConfig, log: FastifyBaseLogger): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...config.databasePool,
    log, // a PostgreSQL outage: logged once when it starts and once when it ends
  });
  await migrate(database);
  log.info({ db: database.kind }, 'database migrated');
  if (config.seedDemo) await seedDemoIfEmpty(database, config, log);
  return database;
}

async function seedDemoIfEmpty(database: Database, config: ServerConfig, log: FastifyBaseLogger) {
  const [row] = await database.db.select({ n: count() }).from(schema.products);
  const started = performance.now();
  await generateDemoImages(config.mediaDir, { seed: 42 });
  if ((row?.n ?? 0) > 0) return;
  log.info('empty database: loading the demo catalogue');
  const counts = await importCatalog(database, generateDemoCatalog({ seed: 42 }));
  // marks the shop as a demo (the API's demo special offers are given only then: user/special-offers.ts)
  await setMeta(database, 'demo_catalog', true);
  log.info({ counts, ms: Math.round(performance.now() - started) }, 'demo catalogue loaded');
}
