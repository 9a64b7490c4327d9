/**
 * The database client: embedded PostgreSQL (PGlite, with pg_trgm) in a data folder or in memory, or a
 * PostgreSQL server through `pg` when a URL is given (DESIGN.md principle 3: same schema, same SQL).
 *
 * PGlite is ONE connection: it runs one transaction at a time and every other query waits until that
 * transaction ends, so on the embedded default a transaction stalls the whole shop while it is open.
 * Keep transactions short: never await the network or a timer inside one. Inside
 * `database.transaction(fn)` use only the `tx` handle: a query on the outer `database` from inside the
 * transaction would wait for the transaction forever on PGlite (we throw instead of hanging when we can
 * see it; drizzle calls on the outer `database.db` cannot be caught and would hang).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransactionConfig } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { loadPg } from './pg-loader.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** The drizzle instance, typed with the schema; the same type for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * What a database and a transaction on it both offer. Functions of this package that read and write
 * (importer, indexer, catalogue version) take an `Executor`, so they run inside a caller's transaction
 * as well as on their own.
 */
export interface Executor {
  /** drizzle, typed with the schema (inside a transaction: the transaction) */
  readonly db: Db;
  readonly kind: DatabaseKind;
  /** Runs SQL text that may hold several statements (no parameters), e.g. a migration file. */
  exec(sqlText: string): Promise<void>;
  /**
   * One parameterised statement ($1, $2 ...), rows as objects. Values come back the same on both
   * drivers: int8/bigint and count(*) as numbers, numeric as strings, timestamptz as Date, jsonb parsed.
   */
  query<T = Record<string, unknown>>(sqlText: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Runs `fn` in a transaction (a savepoint when already inside one); commits when it resolves, rolls
   * back when it throws. On PGlite this holds the only connection: keep it short.
   */
  transaction<T>(fn: (tx: Executor) => Promise<T>, config?: PgTransactionConfig): Promise<T>;
}

export interface Database extends Executor {
  /** Closes the pool or the embedded database. */
  close(): Promise<void>;
  /** the embedded database, when kind is 'pglite' (e.g. for dumpDataDir) */
  readonly pglite?: PGlite;
  /** the connection pool, when kind is 'postgres' */
  readonly pool?: pg.Pool;
  /** the PGlite data folder (undefined in memory) */
  readonly dataDir?: string;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined or 'memory://' keeps the database in memory. */
  dataDir?: string | undefined;
  /** pg pool size (default 10). */
  poolMax?: number;
  /** PGlite: a data folder dump (PGlite.dumpDataDir) to start from instead of initdb. */
  loadDataDir?: Blob | File;
}

/** The raw connection a transaction runs on: a PGlite transaction or a pg pool client. */
interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<unknown>;
}

const INT8_OID = 20;

/** Opens PGlite (dataDir or memory) or a pg pool (databaseUrl). Does not migrate: call migrate(). */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

function makeExecutor(db: Db, kind: DatabaseKind, client: RawClient, execFn: (text: string) => Promise<void>): Executor {
  const executor: Executor = {
    db,
    kind,
    exec: execFn,
    async query<T>(text: string, params: readonly unknown[] = []) {
      const res = await client.query(text, params as unknown[]);
      return res.rows as T[];
    },
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      // drizzle turns a nested transaction into a savepoint on the same connection
      return db.transaction((inner) => fn(makeExecutor(inner, kind, client, execFn)));
    },
  };
  return executor;
}

/** the raw client under a drizzle transaction (drizzle keeps it on the transaction's session) */
function clientOf(tx: unknown): RawClient {
  const client = (tx as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error('@vitrina/db: cannot reach the connection of a drizzle transaction (drizzle-orm changed?)');
  }
  return client;
}

async function openPglite(dir: string | undefined, loadDataDir: Blob | File | undefined): Promise<Database> {
  const dataDir = !dir || dir.startsWith('memory://') ? undefined : path.resolve(dir);
  const inMemory = dataDir === undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(inMemory ? {} : { dataDir }),
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  // a transaction in progress in this async context: a query on the outer database would wait forever
  const inTx = new AsyncLocalStorage<boolean>();
  const guard = () => {
    if (inTx.getStore()) {
      throw new Error(
        'PGlite: query on the database inside its own transaction would wait forever; use the `tx` handle given to transaction()',
      );
    }
  };
  return {
    db,
    kind: 'pglite',
    pglite,
    dataDir,
    async exec(text) {
      guard();
      await pglite.exec(text);
    },
    async query<T>(text: string, params: readonly unknown[] = []) {
      guard();
      const res = await pglite.query<T>(text, params as unknown[]);
      return res.rows;
    },
    transaction<T>(fn: (tx: Executor) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
      guard();
      return db.transaction(async (dtx) => {
        const client = clientOf(dtx) as RawClient & { exec(text: string): Promise<unknown> };
        const tx = makeExecutor(dtx, 'pglite', client, async (text) => {
          await client.exec(text);
        });
        return inTx.run(true, () => fn(tx));
      }, config);
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pg = await loadPg();
  const { drizzle: drizzleNodePg } = await import('drizzle-orm/node-postgres');
  /** pg types: int8 as a JS number (as PGlite returns it), everything else as pg's defaults */
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && format !== 'binary'
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max, types });
  // an idle client that loses its connection (server restart, database dropped) must not crash the process
  pool.on('error', () => {});
  // fail fast with a clear message when the server is unreachable
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}`, { cause: err });
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'postgres',
    pool,
    async exec(text) {
      await pool.query(text);
    },
    async query<T>(text: string, params: readonly unknown[] = []) {
      const res = await pool.query(text, params as unknown[]);
      return res.rows as T[];
    },
    transaction<T>(fn: (tx: Executor) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
      return db.transaction((dtx) => {
        const client = clientOf(dtx);
        return fn(
          makeExecutor(dtx, 'postgres', client, async (text) => {
            await client.query(text);
          }),
        );
      }, config);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** the URL without its password, for messages */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable database URL)';
  }
}
