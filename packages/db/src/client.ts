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
import { preparedRunner } from './pg-prepared.ts';
import { pglitePrepared } from './pglite-prepared.ts';
import { preparedNames } from './prepared.ts';
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
  /** PGlite: a dump of its data folder (PGlite's dumpDataDir), in the process or in its thread */
  dumpDataDir?(): Promise<Blob>;
  /** the PGlite data folder (undefined in memory) */
  readonly dataDir?: string;
  /**
   * PGlite only: a counter of the writes to `tables` (see WriteWatch). Absent on PostgreSQL, where
   * other processes write too and no process can know of every write.
   */
  watchWrites?(tables: readonly string[], kinds?: readonly WriteKind[]): WriteWatch;
}

/**
 * Marks a statement whose caller keeps its own cache of the watched tables coherent (it knows which
 * rows it wrote): such a statement does not move the counters of `watchWrites`.
 */
export const COHERENT_WRITE = '/* coherent write */';

export { PREPARED } from './prepared.ts';

/**
 * Whether the embedded database refuses a query on the outer database inside its own transaction
 * (which would wait forever) with an error: everywhere but production (NODE_ENV=production, as
 * `npm start` runs), where the guard's AsyncLocalStorage would tax every promise of the process.
 */
export function guardTransactions(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV !== 'production';
}

/**
 * How many statements that may write the watched tables have started or ended on this database. The
 * embedded database belongs to one process (server-lock.ts), so every write of its rows goes through
 * this client: a value remembered with a cached read, still the same later, proves no statement wrote
 * those tables in between, and the read can be answered from memory. Moved at a statement's start and
 * at its end, so a read racing a write is never kept. A statement mentioning a watched table and any
 * writing keyword (INSERT, UPDATE, DELETE, TRUNCATE, ALTER, DROP, COPY, MERGE; a SELECT ... FOR UPDATE
 * too) counts; writes through drizzle (`db.db`) bypass this client's query and are not seen: the
 * watched tables are written with plain SQL only.
 */
export interface WriteWatch {
  readonly count: number;
}

const WRITE_KINDS = ['insert', 'update', 'delete', 'truncate', 'alter', 'drop', 'copy', 'merge'] as const;

/** a writing keyword a watch may be limited to (watchWrites' `kinds`: e.g. only what adds rows) */
export type WriteKind = (typeof WRITE_KINDS)[number];

const keywords = (kinds: readonly WriteKind[]) => new RegExp(`\\b(${kinds.join('|')})\\b`, 'i');
const WRITING = keywords(WRITE_KINDS);

/** the write counters of one database (watchWrites), moved on the caller's side of its statements */
export class Watches {
  private readonly list: { tables: RegExp; kinds: RegExp; watch: { count: number } }[] = [];

  /** `kinds`: only statements with one of these keywords move it (default: any writing keyword) */
  add(tables: readonly string[], kinds: readonly WriteKind[] = WRITE_KINDS): WriteWatch {
    const names = tables.map((t) => t.replace(/[^a-z0-9_]/gi, '')).join('|');
    const watch = { count: 0 };
    this.list.push({ tables: new RegExp(`\\b(${names})\\b`, 'i'), kinds: keywords(kinds), watch });
    return watch;
  }

  /** the watches a statement moves (none for a read, or a write marked COHERENT_WRITE) */
  of(text: string): { count: number }[] | undefined {
    if (!this.list.length || !WRITING.test(text) || text.startsWith(COHERENT_WRITE)) return undefined;
    const hit = this.list.filter((w) => w.tables.test(text) && w.kinds.test(text)).map((w) => w.watch);
    return hit.length ? hit : undefined;
  }

  /** runs `run`, moving the watches of `text` before and after it */
  async around<T>(text: string, run: () => Promise<T>): Promise<T> {
    const hit = this.of(text);
    if (!hit) return run();
    for (const w of hit) w.count++;
    try {
      return await run();
    } finally {
      for (const w of hit) w.count++;
    }
  }
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined or 'memory://' keeps the database in memory. */
  dataDir?: string | undefined;
  /** pg pool size (default 10). */
  poolMax?: number;
  /** pg: how long a request waits for a connection (a new one, or a free one of the pool); default 5000 */
  connectTimeoutMs?: number;
  /**
   * pg: the server's `statement_timeout` of every connection (default 30000; 0 = none). A transaction
   * idle that long is ended by the server too (`idle_in_transaction_session_timeout`).
   */
  statementTimeoutMs?: number;
  /** pg: where the start and the end of an outage are logged (once each); default the console */
  log?: DatabaseLog;
  /** PGlite: a data folder dump (PGlite.dumpDataDir) to start from instead of initdb. */
  loadDataDir?: Blob | File;
  /**
   * PGlite: its `shared_buffers` in MB (default 32; PGlite's own is 128). They live in the process's
   * WebAssembly memory, which never shrinks: a full 128 MB cost the shop 96 MB of RSS more, while the
   * data folder's pages stay in the operating system's file cache anyway (and the in-process search
   * index answers most catalogue reads).
   */
  sharedBuffersMb?: number;
  /**
   * PGlite: run it in a worker thread (pglite-threaded.ts), so that its work leaves the main thread
   * free for HTTP and the app's logic; the same Database otherwise (PGLITE_THREAD).
   */
  pgliteThread?: boolean;
  /**
   * PGlite in its thread: called once if the thread stops (an error, an exit) without close(); every
   * statement after fails. The shop exits then, rather than answer every request with an error.
   */
  onThreadExit?: (err: Error) => void;
}

/** The pino-compatible logger of the database's outages. */
export interface DatabaseLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

const consoleLog: DatabaseLog = {
  error: (obj, msg) => console.error(msg, obj),
  info: (obj, msg) => console.info(msg, obj),
};

/** SQLSTATEs of a server that is going away, starting, or full (class 08: connection exceptions) */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** socket errors of an unreachable server */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a lost connection, a pool that could not connect in time, a closed pool */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Cannot use a pool after calling end/i;

/**
 * Whether an error says the database cannot be reached now (down, restarting, unreachable, no free
 * connection in time), as opposed to a fault of the statement: the API answers 503, not 500.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code) || /^08[0-9A-Z]{3}$/.test(code))
    return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  // Node's AggregateError of a connection tried on several addresses; an error wrapped with a cause
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * Pauses before retrying what failed because the server was unreachable, while nothing was committed.
 * About a second and a half in all: a restarting server is often back by then; after that the
 * request is answered 503 and its client retries.
 */
const RETRY_DELAYS_MS = [100, 400, 1000];

/** Logs the start and the end of an outage once each, however many requests and connections fail. */
function outageTracker(log: DatabaseLog, where: string) {
  let downSince: number | undefined;
  return {
    failed(err: unknown) {
      if (downSince !== undefined || !isDatabaseUnavailable(err)) return;
      downSince = Date.now();
      log.error(
        { err, database: where },
        'PostgreSQL is unreachable: requests that need it are answered 503 until it is back',
      );
    },
    connected() {
      if (downSince === undefined) return;
      log.info({ database: where, downMs: Date.now() - downSince }, 'PostgreSQL is reachable again');
      downSince = undefined;
    },
  };
}

/** The raw connection a transaction runs on: a PGlite transaction or a pg pool client. */
interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<unknown>;
}

const INT8_OID = 20;

/** Opens PGlite (dataDir or memory) or a pg pool (databaseUrl). Does not migrate: call migrate(). */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  if (options.pgliteThread) {
    const { openPgliteThread } = await import('./pglite-threaded.ts');
    return openPgliteThread(
      options.dataDir,
      options.loadDataDir,
      options.sharedBuffersMb ?? 32,
      options.onThreadExit,
    );
  }
  return openPglite(options.dataDir, options.loadDataDir, options.sharedBuffersMb ?? 32);
}

function makeExecutor(
  db: Db,
  kind: DatabaseKind,
  client: RawClient,
  execFn: (text: string) => Promise<void>,
  watches?: Watches,
): Executor {
  const executor: Executor = {
    db,
    kind,
    exec: watches ? (text) => watches.around(text, () => execFn(text)) : execFn,
    async query<T>(text: string, params: readonly unknown[] = []) {
      const run = () => client.query(text, params as unknown[]);
      const res = await (watches ? watches.around(text, run) : run());
      return res.rows as T[];
    },
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      // drizzle turns a nested transaction into a savepoint on the same connection
      return db.transaction((inner) => fn(makeExecutor(inner, kind, client, execFn, watches)));
    },
  };
  return executor;
}

/** the raw client under a drizzle transaction (drizzle keeps it on the transaction's session) */
function clientOf(tx: unknown): RawClient {
  const client = (tx as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== 'function') {
    throw new Error(
      '@vitrina/db: cannot reach the connection of a drizzle transaction (drizzle-orm changed?)',
    );
  }
  return client;
}

async function openPglite(
  dir: string | undefined,
  loadDataDir: Blob | File | undefined,
  sharedBuffersMb: number,
): Promise<Database> {
  const dataDir = !dir || dir.startsWith('memory://') ? undefined : path.resolve(dir);
  const inMemory = dataDir === undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(inMemory ? {} : { dataDir }),
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${Math.trunc(sharedBuffersMb)}MB`],
  });
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  // a transaction in progress in this async context: a query on the outer database would wait forever.
  // Outside production only: once an AsyncLocalStorage has run, Node calls its hook on every promise
  // the process makes (every request's, not only the database's); the cart bench's cheapest read
  // cost a fifth more CPU with it. The mistake it names is a programming error the tests catch.
  const inTx = guardTransactions() ? new AsyncLocalStorage<boolean>() : undefined;
  const guard = () => {
    if (inTx?.getStore()) {
      throw new Error(
        'PGlite: query on the database inside its own transaction would wait forever; use the `tx` handle given to transaction()',
      );
    }
  };
  const watches = new Watches();
  /** the statements marked PREPARED, parsed once on this instance */
  const prepared = pglitePrepared(pglite);
  return {
    db,
    kind: 'pglite',
    pglite,
    dataDir,
    watchWrites: (tables, kinds) => watches.add(tables, kinds),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    async exec(text) {
      guard();
      await watches.around(text, () => pglite.exec(text));
    },
    async query<T>(text: string, params: readonly unknown[] = []) {
      guard();
      const res = await watches.around(
        text,
        () => prepared.run<T>(text, params, undefined, false) ?? pglite.query<T>(text, params as unknown[]),
      );
      return res.rows;
    },
    transaction<T>(fn: (tx: Executor) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
      guard();
      return db.transaction(async (dtx) => {
        const client = clientOf(dtx) as RawClient & { exec(text: string): Promise<unknown> };
        const statements: RawClient = {
          query: (text, params = []) =>
            prepared.run(text, params, undefined, true) ?? client.query(text, params),
        };
        const tx = makeExecutor(
          dtx,
          'pglite',
          statements,
          async (text) => {
            await client.exec(text);
          },
          watches,
        );
        return inTx ? inTx.run(true, () => fn(tx)) : fn(tx);
      }, config);
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const pg = await loadPg();
  const { drizzle: drizzleNodePg } = await import('drizzle-orm/node-postgres');
  /** pg types: int8 as a JS number (as PGlite returns it), everything else as pg's defaults */
  // one function for every int8 field: the driver asks for each field of every result
  const int8 = (value: string) => Number(value);
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID && format !== 'binary'
        ? int8
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    types,
    // without it a request waits for ever for a server that does not answer, or for a free connection
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    // a server that vanished without closing the connection is noticed by the operating system
    keepAlive: true,
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, idle_in_transaction_session_timeout: statementTimeoutMs }
      : {}),
  });
  const outage = outageTracker(options.log ?? consoleLog, redactUrl(url));
  // a connection lost while idle in the pool (the pool drops it) or while in use (its query fails and
  // the pool drops it on release): logged once per outage, never an unhandled 'error' event, which
  // would end the process
  pool.on('error', (err) => outage.failed(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => outage.failed(err));
    outage.connected();
  });
  // fail fast with a clear message when the server is unreachable
  try {
    const client = await pool.connect();
    client.release();
  } catch (err) {
    await pool.end().catch(() => {});
    throw new Error(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;

  /**
   * drizzle on one pool client, kept with the client. Transactions take their client here rather
   * than through drizzle on the pool: drizzle sends BEGIN outside its try/finally, so a BEGIN that
   * failed on a lost connection never gave its client back and each outage shrank the pool for good.
   */
  const drizzleOf = new WeakMap<pg.PoolClient, Db>();
  function drizzleOn(client: pg.PoolClient): Db {
    let d = drizzleOf.get(client);
    if (!d) {
      d = drizzleNodePg(client, { schema }) as unknown as Db;
      drizzleOf.set(client, d);
    }
    return d;
  }

  /** a pool client; retried while the server is unreachable (nothing was sent yet) */
  async function connect(): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await pool.connect();
      } catch (err) {
        outage.failed(err);
        if (!retryable(err, attempt)) throw err;
        await pause(attempt);
      }
    }
  }

  /** the name of each prepared text (PREPARED), the same on every connection */
  const nameOf = preparedNames();
  const runPrepared = preparedRunner(pg);

  let closed = false;
  return {
    db,
    kind: 'postgres',
    pool,
    async exec(text) {
      await run(text);
    },
    async query<T>(text: string, params: readonly unknown[] = []) {
      return (await run(text, params as unknown[])).rows as T[];
    },
    /**
     * Retried (a fresh connection, `fn` run again) when the connection fails before COMMIT is sent,
     * or on a deadlock or serialisation failure: the server rolled the transaction back, so nothing
     * of it happened. A failure during COMMIT is
     * not retried here (it may have committed): the request is answered 503 and its client retries;
     * an order's idempotency key then answers the order if it was committed.
     */
    async transaction<T>(fn: (tx: Executor) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        let committing = false;
        let client: pg.PoolClient | undefined;
        try {
          client = await connect();
          return await drizzleOn(client).transaction(async (dtx) => {
            const raw = clientOf(dtx);
            const pooled = raw as pg.PoolClient;
            // a PREPARED text is a named statement inside a transaction too (an order's INSERT)
            const statements: RawClient = {
              query(text, params) {
                const name = nameOf(text);
                return name === undefined
                  ? raw.query(text, params)
                  : runPrepared(pooled, name, text, params ?? []);
              },
            };
            const result = await fn(
              makeExecutor(dtx, 'postgres', statements, async (text) => {
                await raw.query(text);
              }),
            );
            committing = true; // drizzle sends COMMIT next
            return result;
          }, config);
        } catch (err) {
          outage.failed(err);
          // a connection that failed is closed, not given back to the pool
          client?.release(isDatabaseUnavailable(err) ? (err as Error) : undefined);
          client = undefined;
          if (committing || !retryable(err, attempt)) throw err;
          await pause(attempt);
        } finally {
          client?.release();
        }
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };

  /** one statement on a pool client; a client whose connection failed is not given back to the pool */
  async function run(text: string, params?: unknown[]) {
    const client = await connect();
    try {
      const name = nameOf(text);
      const res =
        name === undefined
          ? await client.query(text, params)
          : await runPrepared(client, name, text, params ?? []);
      client.release();
      return res;
    } catch (err) {
      // a statement that failed on a lost connection is not retried: it may have been carried out
      outage.failed(err);
      client.release(isDatabaseUnavailable(err) ? (err as Error) : undefined);
      throw err;
    }
  }
}

/**
 * A deadlock or a serialisation failure: PostgreSQL rolled the whole transaction back, so running it
 * again is safe (and is what the server asks for).
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

function retryable(err: unknown, attempt: number): boolean {
  if (attempt >= RETRY_DELAYS_MS.length) return false;
  if (CONFLICT_SQLSTATES.has(String((err as { code?: unknown })?.code))) return true;
  return isDatabaseUnavailable(err) && !/timeout exceeded/i.test(String((err as Error).message));
}

function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
}

/**
 * Lifts the statement and idle-in-transaction time limits of the pool (OpenDatabaseOptions
 * statementTimeoutMs) for the rest of a transaction: an operator's bulk work (a catalogue import,
 * migrations) may rightly run longer than any shopper's request.
 */
export async function liftTimeLimits(tx: Executor): Promise<void> {
  if (tx.kind !== 'postgres') return;
  await tx.query(
    "SELECT set_config('statement_timeout', '0', true), set_config('idle_in_transaction_session_timeout', '0', true)",
  );
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
