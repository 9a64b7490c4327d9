/**
 * The embedded database in its worker thread (PGLITE_THREAD, pglite-threaded.ts): the same Database
 * as the in-process PGlite, with the main thread free while a statement runs. The whole client
 * suite runs on it too with TEST_PGLITE_THREAD=1 (client.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/client.ts';
import { PGLITE_THREAD_YOUNG_GENERATION_MB, threadOf } from '../src/pglite-threaded.ts';
import { migrate } from '../src/migrate.ts';
import { createTestDatabase } from '../src/testing.ts';
import * as schema from '../src/schema.ts';

describe('PGlite in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ pgliteThread: true });
    await database.exec(
      'CREATE TABLE t (id int PRIMARY KEY, qty int NOT NULL, at timestamptz DEFAULT now())',
    );
  });
  afterAll(() => database.close());

  it('runs outside this thread: the event loop keeps turning while a long statement runs', async () => {
    expect(database.pglite).toBeUndefined();
    let turns = 0;
    let done = false;
    const spin = () => {
      turns++;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    // seconds of WebAssembly work; in this thread it would hold the event loop for all of it
    await database.query('SELECT sum(g) FROM generate_series(1, 3000000) g');
    done = true;
    expect(turns).toBeGreaterThan(100);
  });

  it("keeps a young generation of its own, a few MB, not an isolate's default 48 MB", () => {
    // what the thread allocates is dead by the next scavenge; a default young generation held up to
    // 32 MB of it resident (scripts/shop-node-flags.mjs says why no global flag may override this)
    const limits = threadOf(database)!.resourceLimits!;
    expect(limits.maxYoungGenerationSizeMb).toBe(PGLITE_THREAD_YOUNG_GENERATION_MB);
    expect(PGLITE_THREAD_YOUNG_GENERATION_MB).toBeLessThanOrEqual(8);
  });

  it('answers values as the in-process PGlite does, and errors with their SQLSTATE', async () => {
    const [row] = await database.query<Record<string, unknown>>(
      `SELECT 2::int8 AS big, 1.5::numeric AS n, now() AS t, '{"a":[1]}'::jsonb AS j, '\\x0102'::bytea AS b`,
    );
    expect(row).toMatchObject({ big: 2, n: '1.5', j: { a: [1] } });
    expect(row!.t).toBeInstanceOf(Date);
    expect([...(row!.b as Uint8Array)]).toEqual([1, 2]);
    await database.query('INSERT INTO t (id, qty) VALUES (1, 1)');
    const err = await database.query('INSERT INTO t (id, qty) VALUES (1, 1)').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    await database.exec('DELETE FROM t');
  });

  it('holds the connection for a transaction: a statement from outside waits for its commit', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const tx = database.transaction(async (t) => {
      await t.query('INSERT INTO t (id, qty) VALUES (10, 1)');
      entered();
      await held;
      await t.query('UPDATE t SET qty = 2 WHERE id = 10');
    });
    await inside;
    // posted while the transaction is open: it must see the committed row, never the one in between
    const outside = database.query<{ qty: number }>('SELECT qty FROM t WHERE id = 10');
    release();
    await tx;
    expect(await outside).toEqual([{ qty: 2 }]);
    await database.exec('DELETE FROM t');
  });

  it('rolls a transaction back when it throws, and a savepoint back alone', async () => {
    await expect(
      database.transaction(async (t) => {
        await t.query('INSERT INTO t (id, qty) VALUES (20, 1)');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await database.transaction(async (t) => {
      await t.query('INSERT INTO t (id, qty) VALUES (21, 1)');
      await t
        .transaction(async (inner) => {
          await inner.query('INSERT INTO t (id, qty) VALUES (22, 1)');
          throw new Error('inner');
        })
        .catch(() => {});
      await t.transaction((inner) => inner.query('INSERT INTO t (id, qty) VALUES (23, 1)'));
    });
    const ids = await database.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    expect(ids.map((r) => r.id)).toEqual([21, 23]);
    await database.exec('DELETE FROM t');
  });

  it('a failed statement ends its transaction without committing anything of it', async () => {
    await expect(
      database.transaction(async (t) => {
        await t.query('INSERT INTO t (id, qty) VALUES (30, 1)');
        await t.query('INSERT INTO t (id, qty) VALUES (30, 1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await database.query('SELECT id FROM t')).toEqual([]);
    // and the connection is free again
    expect(await database.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('refuses a query on the outer database inside its own transaction instead of hanging', async () => {
    await expect(database.transaction(() => database.query('SELECT 1'))).rejects.toThrow(/wait forever/);
  });

  it("moves the write counters on the caller's side, around the statement", async () => {
    const watch = database.watchWrites!(['t']);
    const before = watch.count;
    const write = database.query('UPDATE t SET qty = 3');
    expect(watch.count).toBe(before + 1); // moved when the statement starts
    await write;
    expect(watch.count).toBe(before + 2);
    await database.query('SELECT * FROM t');
    await database.transaction((t) => t.query('DELETE FROM t WHERE id = 0'));
    expect(watch.count).toBe(before + 4);
  });

  it("runs a transaction's statements without a turn of the event loop: the connection is never held behind it", async () => {
    let turns = 0;
    let spinning = true;
    // a busy event loop: each task holds it 2 ms, as requests do on a loaded shop
    const spin = () => {
      turns++;
      const until = performance.now() + 2;
      while (performance.now() < until);
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    await new Promise((resolve) => setImmediate(resolve));
    const outside = database.query<{ n: number }>('SELECT count(*)::int AS n FROM t');
    let during = -1;
    await database.transaction(async (t) => {
      const at = turns;
      for (let i = 0; i < 12; i++) await t.query('INSERT INTO t (id, qty) VALUES ($1, 1)', [100 + i]);
      await t.transaction((inner) => inner.query('UPDATE t SET qty = 2 WHERE id = 100'));
      during = turns - at;
    });
    spinning = false;
    expect(during).toBe(0);
    // the statement from outside, sent first, ran before the transaction took the connection
    expect((await outside)[0]!.n).toBe(0);
    expect(await database.query('SELECT count(*)::int AS n FROM t WHERE id >= 100')).toEqual([{ n: 12 }]);
    await database.exec('DELETE FROM t WHERE id >= 100');
  });

  it('transactions of this thread run one after the other, however many are asked for at once', async () => {
    await database.exec('INSERT INTO t (id, qty) VALUES (200, 0)');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.transaction(async (t) => {
          const [row] = await t.query<{ qty: number }>('SELECT qty FROM t WHERE id = 200');
          await new Promise((resolve) => setImmediate(resolve)); // a turn of the event loop inside
          await t.query('UPDATE t SET qty = $1 WHERE id = 200', [row!.qty + 1]);
        }),
      ),
    );
    expect(await database.query('SELECT qty FROM t WHERE id = 200')).toEqual([{ qty: 20 }]);
    await database.exec('DELETE FROM t WHERE id = 200');
  });
});

describe('PGlite in a worker thread that stops', () => {
  it('tells onThreadExit once, and every statement after fails; a close() tells nothing', async () => {
    const stops: Error[] = [];
    const database = await openDatabase({ pgliteThread: true, onThreadExit: (err) => stops.push(err) });
    await database.query('SELECT 1');
    await threadOf(database)!.terminate(); // as a crash of the thread would end it
    await expect(database.query('SELECT 1')).rejects.toThrow(/thread stopped/);
    await expect(database.transaction((t) => t.query('SELECT 1'))).rejects.toThrow(/thread stopped/);
    expect(stops).toHaveLength(1);
    expect(stops[0]!.message).toMatch(/thread stopped/);
    await database.close();

    const closed: Error[] = [];
    const other = await openDatabase({ pgliteThread: true, onThreadExit: (err) => closed.push(err) });
    await other.close();
    expect(closed).toEqual([]);
  }, 240_000);
});

describe('PGlite in a worker thread, on a data folder', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-pglite-thread-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from a dump, answers drizzle, keeps what it committed after close, and reopens', async () => {
    // the migrated test template (initdb of a fresh data folder takes a minute on a busy machine)
    const template = await createTestDatabase({ url: '' });
    const dump = await template.dumpDataDir!();
    await template.dispose();
    const first = await openDatabase({ dataDir: dir, loadDataDir: dump, pgliteThread: true });
    await migrate(first); // nothing to apply: the dump is migrated
    const inside = await first.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO categories (id, path, name, slug) VALUES (7, '7', '{"en":"Phones"}', '{"en":"phones"}')`,
      );
      return tx.db
        .select({ id: schema.categories.id, updatedAt: schema.categories.updatedAt })
        .from(schema.categories);
    });
    expect(inside).toEqual([{ id: 7, updatedAt: expect.any(Date) }]);
    await first.close();
    const again = await openDatabase({ dataDir: dir, pgliteThread: true });
    try {
      const [row] = await again.db.select({ n: count() }).from(schema.categories);
      expect(row?.n).toBe(1);
      expect((await again.dumpDataDir!()).size).toBeGreaterThan(0);
    } finally {
      await again.close();
    }
  });
});
