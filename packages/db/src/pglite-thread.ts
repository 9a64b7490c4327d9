/**
 * The embedded database's thread (PGLITE_THREAD): PGlite runs here, in a worker thread, so that its
 * WebAssembly work no longer holds the shop's main thread (HTTP, the app's logic), which only posts
 * statements and receives rows (pglite-threaded.ts). One PGlite, one connection, as in the process:
 * a transaction holds it (PGlite's own transaction lock) and every other statement waits until the
 * transaction ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromPgliteThread, PgliteThreadData, ToPgliteThread } from './pglite-protocol.ts';
import { pglitePrepared } from './pglite-prepared.ts';

/** drizzle's own parsers (drizzle-orm/pglite): it maps dates, timestamps and intervals from text */
const DRIZZLE_PARSERS = {
  [types.TIMESTAMP]: (value: string) => value,
  [types.TIMESTAMPTZ]: (value: string) => value,
  [types.INTERVAL]: (value: string) => value,
  [types.DATE]: (value: string) => value,
  1231: (value: string) => value, // numeric[]
  1115: (value: string) => value, // timestamp[]
  1185: (value: string) => value, // timestamptz[]
  1187: (value: string) => value, // interval[]
  1182: (value: string) => value, // date[]
};

const port = parentPort!;
const data = workerData as PgliteThreadData;

function post(message: FromPgliteThread, transfer?: ArrayBuffer[]) {
  port.postMessage(message, transfer);
}

const signal = new Int32Array(data.signal);
/** the answer to a statement the shop's thread waits for (Atomics.wait): posted, then signalled */
function postSync(message: FromPgliteThread) {
  data.syncPort.postMessage(message);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}
// a shop's thread waiting for an answer would wait forever: tell it the thread is gone
process.on('exit', () => {
  Atomics.store(signal, 1, 1);
  Atomics.notify(signal, 0);
});

/** an error as plain data: its message and every field the callers read (code, detail, constraint...) */
function plain(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    out[key] = value;
  }
  return out;
}

const pglite = await PGlite.create({
  ...(data.dataDir ? { dataDir: data.dataDir } : {}),
  extensions: { pg_trgm },
  ...(data.loadDataDir ? { loadDataDir: new Blob([data.loadDataDir]) } : {}),
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${Math.trunc(data.sharedBuffersMb)}MB`],
});

/** the statements marked PREPARED, parsed once on this instance */
const prepared = pglitePrepared(pglite);

/** the open transactions by id: the handle and how to end it */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();

type Runner = Pick<Transaction, 'query' | 'exec'>;

async function run(on: Runner, message: Extract<ToPgliteThread, { op: 'query' | 'exec' }>) {
  if (message.op === 'exec') {
    await on.exec(message.text);
    return [];
  }
  const options = message.drizzle ? { rowMode: message.drizzle, parsers: DRIZZLE_PARSERS } : undefined;
  const kept = prepared.run(message.text, message.params, options, on !== pglite);
  if (kept) return (await kept).rows;
  return (await on.query(message.text, message.params as unknown[], options)).rows;
}

function begin(id: number, setTransaction: string | undefined, sync: boolean) {
  const answer = sync ? postSync : post;
  let end!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (end = resolve));
  let started = false;
  pglite
    .transaction(async (tx) => {
      if (setTransaction) await tx.exec(setTransaction);
      open.set(id, { tx, end });
      started = true;
      answer({ id, rows: [] });
      // PGlite commits when this resolves and rolls back when it throws
      if (!(await ended)) await tx.rollback();
    })
    .then(
      () => {
        open.delete(id);
        if (started) post({ id, ended: true });
      },
      (err: unknown) => {
        open.delete(id);
        if (started) post({ id, ended: true, error: plain(err) });
        else answer({ id, error: plain(err) });
      },
    );
}

port.on('message', (message: ToPgliteThread) => {
  switch (message.op) {
    case 'query':
    case 'exec': {
      const on = message.tx === undefined ? pglite : open.get(message.tx)?.tx;
      const answer = message.sync ? postSync : post;
      if (!on) {
        answer({ id: message.id, error: { message: 'PGlite thread: the transaction has ended' } });
        return;
      }
      run(on, message).then(
        (rows) => answer({ id: message.id, rows }),
        (err: unknown) => answer({ id: message.id, error: plain(err) }),
      );
      return;
    }
    case 'begin':
      begin(message.id, message.setTransaction, message.sync === true);
      return;
    case 'end': {
      const entry = open.get(message.tx);
      if (!entry)
        post({ id: message.tx, ended: true, error: { message: 'PGlite thread: no such transaction' } });
      else entry.end(message.commit);
      return;
    }
    case 'dump':
      pglite.dumpDataDir('none').then(
        async (blob) => {
          const buffer = await blob.arrayBuffer();
          post({ id: message.id, dump: buffer }, [buffer]);
        },
        (err: unknown) => post({ id: message.id, error: plain(err) }),
      );
      return;
    case 'close':
      (pglite.closed ? Promise.resolve() : pglite.close()).then(
        () => {
          post({ id: message.id, rows: [] });
          port.close();
        },
        (err: unknown) => post({ id: message.id, error: plain(err) }),
      );
      return;
  }
});

post({ id: 0, rows: [] }); // ready
