/**
 * The embedded database in a worker thread (PGLITE_THREAD): the same Database as client.ts's PGlite,
 * its statements posted to pglite-thread.ts. The main thread keeps HTTP and the app's logic and no
 * longer runs PGlite's WebAssembly; the statements' CPU is the same, moved to the second core, plus
 * a copy of each statement and its rows between the threads (docs/decisions/0065-*.md has the figures).
 *
 * What stays the same: one connection; a transaction holds it and everything else waits (on the
 * thread, PGlite's own lock); the write counters (watchWrites) move on this side, around each
 * statement's round trip, so a cached read is still never kept across a write; a query on the outer
 * database from inside its own transaction throws rather than waiting forever.
 *
 * A transaction's begin and statements are answered synchronously (Atomics.wait, then
 * receiveMessageOnPort): the connection is held for the statements' own work, not for a turn of this
 * busy event loop per statement (record 0079). This thread's transactions take the connection one
 * after the other, so a begin waits only for work the database's thread finishes alone.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { drizzle as drizzleProxy } from 'drizzle-orm/pg-proxy';
import { Watches, guardTransactions, type Database, type Db, type Executor } from './client.ts';
import type { FromPgliteThread, PgliteThreadData, ToPgliteThread } from './pglite-protocol.ts';
import * as schema from './schema.ts';

/**
 * The thread's script: the server bundle's `pglite-thread.mjs` beside it (scripts/server-bundle.mjs),
 * or, run from the sources (tests, benches, `npm run dev`), pglite-thread.ts through tsx's API (Node
 * 20's workers do not take `--import tsx`'s loader).
 */
function threadScript(): URL {
  if (!import.meta.url.endsWith('.ts')) return new URL('./pglite-thread.mjs', import.meta.url);
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const thread = JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href);
  const code = `const { tsImport } = await import(${api}); await tsImport(${thread}, ${thread});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/**
 * The thread's young generation (MB, V8's two semi-spaces and its new large objects): 6 gives 2 MB
 * semi-spaces instead of the 16 MB ones every isolate gets by default. What the thread allocates
 * (a statement's rows, parsed, then copied to the shop's thread) is dead by the next scavenge, so a
 * larger one only holds garbage longer: under the shopper mix the thread's new space grew to its 32
 * MB and stayed resident, the largest part of what the thread added to the shop's RSS
 * (docs/decisions/0085-*.md). It holds only while no `--max-semi-space-size` is given to the process:
 * V8 lets that flag win over every thread's own limit (scripts/shop-node-flags.mjs).
 */
export const PGLITE_THREAD_YOUNG_GENERATION_MB = 6;

type Answer =
  Extract<FromPgliteThread, { rows: unknown[] }> | Extract<FromPgliteThread, { dump: ArrayBuffer }>;

/** an error of the thread as an Error again, with its fields (code, detail...) */
function errorOf(data: Record<string, unknown>): Error {
  const err = new Error(String(data.message));
  for (const [key, value] of Object.entries(data))
    if (key !== 'message') (err as unknown as Record<string, unknown>)[key] = value;
  return err;
}

/** what drizzle's PgTransactionConfig asks of a transaction, as PostgreSQL's words */
function setTransaction(config: PgTransactionConfig | undefined): string | undefined {
  if (!config) return undefined;
  const parts = [
    config.isolationLevel ? `ISOLATION LEVEL ${config.isolationLevel.toUpperCase()}` : '',
    config.accessMode ? config.accessMode.toUpperCase() : '',
    config.deferrable === undefined ? '' : config.deferrable ? 'DEFERRABLE' : 'NOT DEFERRABLE',
  ].filter(Boolean);
  return parts.length ? `SET TRANSACTION ${parts.join(' ')}` : undefined;
}

/** the thread of each database opened here: tests end it as a crash would (threadOf) */
const threads = new WeakMap<Database, Worker>();

/** the worker thread a database of openPgliteThread runs in (for tests: to end it as a crash would) */
export function threadOf(database: Database): Worker | undefined {
  return threads.get(database);
}

export async function openPgliteThread(
  dir: string | undefined,
  loadDataDir: Blob | File | undefined,
  sharedBuffersMb: number,
  /** called once if the thread stops without close(): every statement after fails */
  onThreadExit?: (err: Error) => void,
): Promise<Database> {
  const dataDir = !dir || dir.startsWith('memory://') ? undefined : path.resolve(dir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const { port1: syncPort, port2: threadSyncPort } = new MessageChannel();
  const signalBuffer = new SharedArrayBuffer(8);
  const signal = new Int32Array(signalBuffer);
  const workerData: PgliteThreadData = {
    dataDir,
    sharedBuffersMb,
    syncPort: threadSyncPort,
    signal: signalBuffer,
    ...(loadDataDir ? { loadDataDir: await loadDataDir.arrayBuffer() } : {}),
  };
  const worker = new Worker(threadScript(), {
    workerData,
    resourceLimits: { maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_GENERATION_MB },
    transferList: [threadSyncPort, ...(workerData.loadDataDir ? [workerData.loadDataDir] : [])],
  });

  let nextId = 1;
  const pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  /** the transactions that hold the connection: resolved when the thread says they ended */
  const ending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let stopped: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (message: FromPgliteThread) => {
    if (message.ended) {
      const waiter = ending.get(message.id);
      ending.delete(message.id);
      if (message.error) waiter?.reject(errorOf(message.error));
      else waiter?.resolve();
      return;
    }
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (!waiter) return;
    if (message.error) waiter.reject(errorOf(message.error));
    else waiter.resolve(message as Answer);
  });
  const fail = (err: Error) => {
    stopped ??= err;
    for (const w of [...pending.values(), ...ending.values()]) w.reject(stopped);
    pending.clear();
    ending.clear();
  };
  let closing: Promise<void> | undefined;
  const died = (err: Error) => {
    const first = !stopped;
    fail(err);
    if (first && !closing) onThreadExit?.(stopped!);
  };
  worker.on('error', (err) =>
    died(new Error(`the embedded database's thread failed: ${err.message}`, { cause: err })),
  );
  worker.on('exit', (code) => died(new Error(`the embedded database's thread stopped (exit code ${code})`)));

  function request(message: ToPgliteThread & { id: number }): Promise<Answer> {
    if (stopped) return Promise.reject(stopped);
    return new Promise((resolve, reject) => {
      pending.set(message.id, { resolve, reject });
      worker.postMessage(message);
    });
  }
  const rowsOf = async (message: ToPgliteThread & { id: number }) => (await request(message)).rows ?? [];

  /**
   * A statement of an open transaction, its answer waited for here, blocking this thread (Atomics.wait)
   * and taken off the sync port at once. Asynchronously, the answer would wait behind every task in
   * this event loop's queue, a turn per statement, while the transaction holds the connection and
   * every other statement waits for it (record 0079). Never a deadlock: the thread answers a
   * statement of a transaction that holds the connection without anything from this thread.
   */
  function requestSync(message: Extract<ToPgliteThread, { op: 'query' | 'exec' | 'begin' }>): Answer {
    if (stopped) throw stopped;
    worker.postMessage({ ...message, sync: true } satisfies ToPgliteThread);
    for (;;) {
      const seen = Atomics.load(signal, 0);
      const got = receiveMessageOnPort(syncPort);
      if (got) {
        const answer = got.message as FromPgliteThread;
        if (answer.error) throw errorOf(answer.error);
        return answer as Answer;
      }
      if (Atomics.load(signal, 1)) {
        died(new Error("the embedded database's thread stopped"));
        throw stopped!;
      }
      Atomics.wait(signal, 0, seen, 1000);
    }
  }
  /** the transactions of this thread, one after the other: resolves with the call that lets the next start */
  let lastTransaction: Promise<void> = Promise.resolve();
  function nextTransactionTurn(): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const before = lastTransaction;
    lastTransaction = before.then(() => done);
    return before.then(() => release);
  }
  /** a statement's rows: in a transaction at once (requestSync), else through the event loop */
  const rowsIn = (tx: number | undefined, message: Extract<ToPgliteThread, { op: 'query' | 'exec' }>) =>
    tx === undefined ? rowsOf(message) : Promise.resolve(requestSync(message).rows ?? []);

  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    throw err;
  }

  const watches = new Watches();
  /** drizzle posting its statements to the thread, inside the transaction `tx` when given */
  const drizzleOn = (tx: number | undefined) =>
    drizzleProxy(
      async (text, params, method) => ({
        rows: await rowsIn(tx, {
          op: 'query',
          id: nextId++,
          text,
          params,
          tx,
          drizzle: method === 'all' ? 'array' : 'object',
        }),
      }),
      { schema },
    ) as unknown as Db;

  /** the executor of the transaction `tx`; `depth` names its savepoints */
  function executorIn(tx: number, depth: number): Executor {
    let db: Db | undefined;
    const executor: Executor = {
      // made when first asked for: most transactions use plain SQL only, and drizzle reads the schema anew
      get db() {
        return (db ??= drizzleOn(tx));
      },
      kind: 'pglite',
      async exec(text) {
        await watches.around(text, () => rowsIn(tx, { op: 'exec', id: nextId++, text, tx }));
      },
      async query<T>(text: string, params: readonly unknown[] = []) {
        return (await watches.around(text, () =>
          rowsIn(tx, { op: 'query', id: nextId++, text, params, tx }),
        )) as T[];
      },
      async transaction<T>(fn: (inner: Executor) => Promise<T>): Promise<T> {
        const savepoint = `sp${depth + 1}`;
        await executor.exec(`SAVEPOINT ${savepoint}`);
        try {
          const result = await fn(executorIn(tx, depth + 1));
          await executor.exec(`RELEASE SAVEPOINT ${savepoint}`);
          return result;
        } catch (err) {
          await executor.exec(`ROLLBACK TO SAVEPOINT ${savepoint}`);
          throw err;
        }
      },
    };
    return executor;
  }

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

  const database: Database = {
    db: drizzleOn(undefined),
    kind: 'pglite',
    dataDir,
    watchWrites: (tables, kinds) => watches.add(tables, kinds),
    async exec(text) {
      guard();
      await watches.around(text, () => rowsOf({ op: 'exec', id: nextId++, text }));
    },
    async query<T>(text: string, params: readonly unknown[] = []) {
      guard();
      return (await watches.around(text, () => rowsOf({ op: 'query', id: nextId++, text, params }))) as T[];
    },
    async transaction<T>(fn: (tx: Executor) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
      guard();
      // one transaction of this thread at a time takes the connection: its begin then waits (blocking)
      // only for what the database's thread finishes alone (statements from outside queued before
      // it, the last transaction's COMMIT), never for a transaction this thread has yet to end
      const release = await nextTransactionTurn();
      const id = nextId++;
      let ended: Promise<void>;
      try {
        requestSync({ op: 'begin', id, setTransaction: setTransaction(config) });
        ended = new Promise<void>((resolve, reject) => ending.set(id, { resolve, reject }));
      } catch (err) {
        release();
        throw err;
      }
      let result: T;
      try {
        result = await (inTx ? inTx.run(true, () => fn(executorIn(id, 0))) : fn(executorIn(id, 0)));
      } catch (err) {
        if (!stopped) worker.postMessage({ op: 'end', tx: id, commit: false } satisfies ToPgliteThread);
        release();
        await ended.catch(() => {});
        throw err;
      }
      if (!stopped) worker.postMessage({ op: 'end', tx: id, commit: true } satisfies ToPgliteThread);
      release();
      await ended; // a failed COMMIT throws here
      return result;
    },
    async dumpDataDir() {
      const answer = await request({ op: 'dump', id: nextId++ });
      return new Blob([answer.dump!]);
    },
    close() {
      closing ??= (async () => {
        if (stopped) return;
        await request({ op: 'close', id: nextId++ }).catch(() => {});
        await worker.terminate();
      })();
      return closing;
    },
  };
  threads.set(database, worker);
  return database;
}
