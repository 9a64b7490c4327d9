/**
 * Test databases (`@vitrina/db/testing`): the same tests run on PGlite and on PostgreSQL.
 *
 *   import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
 *
 *   describe('orders', () => {
 *     let database: TestDatabase;
 *     beforeAll(async () => { database = await createTestDatabase(); });
 *     afterAll(() => database.dispose());
 *     beforeEach(() => truncateAll(database));   // when the tests must not see each other's rows
 *     it('...', async () => { await database.query('select 1'); });
 *   });
 *
 * - Without TEST_DATABASE_URL: a migrated PGlite in memory. The first call in a process migrates a
 *   fresh PGlite and keeps its data folder as a template (also on disk under
 *   node_modules/.cache/vitrina-db, keyed by the migrations); later calls start from the template
 *   (~1 s instead of ~5 s).
 * - With TEST_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test): a fresh PostgreSQL database
 *   `vitrina_test_<random>` is created through that URL's server, migrated, and dropped by dispose().
 *   CI runs the whole suite on PGlite, then the files this module reaches again on PostgreSQL
 *   (`npm run test:databases`, listed by scripts/database-tests.mjs).
 *
 * - With TEST_PGLITE_THREAD=1 (and no TEST_DATABASE_URL): the PGlite runs in a worker thread
 *   (packages/db/src/pglite-threaded.ts), as the shop's does by default (PGLITE_THREAD). `npm test`
 *   keeps the in-process PGlite (faster to open, and the tests that read `database.pglite`);
 *   `npm run test:thread` runs the database package and the transaction-heavy API suites (orders,
 *   their keys and statements, stock, the flash sale) in the thread.
 *
 * `database.kind` tells a test which one it got, for the rare assertion that differs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPg } from './pg-loader.ts';
import { openDatabase, type Database } from './client.ts';
import { MIGRATIONS_DIR, MIGRATIONS_TABLE, migrate, readMigrations } from './migrate.ts';

// a test ends the embedded database's thread as a crash would (the shop must exit, not limp on)
export { threadOf } from './pglite-threaded.ts';

export interface TestDatabase extends Database {
  /** closes the database and, on PostgreSQL, drops it */
  dispose(): Promise<void>;
  /** the PostgreSQL database name, or 'memory' */
  readonly name: string;
}

export interface TestDatabaseOptions {
  /** PostgreSQL server URL to create the database on (default: process.env.TEST_DATABASE_URL) */
  url?: string | undefined;
  /** skip migrations (default false) */
  empty?: boolean;
}

/** TEST_PGLITE_THREAD=1: the PGlite test databases run in a worker thread, as PGLITE_THREAD=1 runs the shop's */
export function pgliteThreadInTests(): boolean {
  return process.env.TEST_PGLITE_THREAD === '1';
}

/** 'postgres' when TEST_DATABASE_URL is set (tests run against a server), else 'pglite' */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

/** A migrated database for a test suite; see the module comment. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = options.url ?? process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url, options) : createPgliteTestDatabase(options);
}

/** Empties every table (not the migrations record): fast isolation between tests. */
export async function truncateAll(database: Database): Promise<void> {
  const tables = await database.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() and tablename <> $1`,
    [MIGRATIONS_TABLE],
  );
  if (tables.length > 0)
    await database.exec(`truncate ${tables.map((t) => t.name).join(', ')} restart identity`);
}

// ---------------------------------------------------------------- PostgreSQL

async function createPostgresTestDatabase(url: string, options: TestDatabaseOptions): Promise<TestDatabase> {
  const name = `vitrina_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: target.toString(), poolMax: 5 });
    if (!options.empty) await migrate(database);
  } catch (err) {
    await adminQuery(url, `drop database if exists ${name} with (force)`).catch(() => {});
    throw err;
  }
  let disposed = false;
  return Object.assign(database, {
    name,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await database.close().catch(() => {});
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  });
}

async function adminQuery(url: string, sqlText: string): Promise<void> {
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- PGlite

let template: Promise<Blob> | undefined;

function templateCacheFile(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@electric-sql/pglite');
    const pkg = path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
    const pgliteVersion = (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
    const hash = createHash('sha256').update(pgliteVersion);
    for (const m of readMigrations(MIGRATIONS_DIR)) hash.update(m.name).update(m.hash);
    const root = fileURLToPath(new URL('../../../node_modules/.cache/vitrina-db', import.meta.url));
    return path.join(root, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  } catch {
    return undefined;
  }
}

async function buildTemplate(): Promise<Blob> {
  const file = templateCacheFile();
  if (file) {
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // not cached yet
    }
  }
  const database = await openDatabase({});
  try {
    await migrate(database);
    const dump = await (database.pglite as NonNullable<Database['pglite']>).dumpDataDir('none');
    if (file) {
      try {
        mkdirSync(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
        renameSync(tmp, file);
        // templates of older migrations are of no more use
        for (const old of readdirSync(path.dirname(file))) {
          if (old.startsWith('pglite-template-') && old.endsWith('.tar') && old !== path.basename(file)) {
            rmSync(path.join(path.dirname(file), old), { force: true });
          }
        }
      } catch {
        // a read-only tree: no disk cache, still the in-process template
      }
    }
    return dump;
  } finally {
    await database.close();
  }
}

async function createPgliteTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  let database: Database;
  if (options.empty) {
    database = await openDatabase({ pgliteThread: pgliteThreadInTests() });
  } else {
    template ??= buildTemplate();
    let dump: Blob;
    try {
      dump = await template;
    } catch (err) {
      template = undefined;
      throw err;
    }
    database = await openDatabase({ loadDataDir: dump, pgliteThread: pgliteThreadInTests() });
    await migrate(database); // a no-op on a current template; applies what a stale cache lacks
  }
  return Object.assign(database, {
    name: 'memory',
    dispose: () => database.close(),
  });
}
