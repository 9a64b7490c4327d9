import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COHERENT_WRITE,
  PREPARED,
  bumpCatalogVersion,
  getCatalogVersion,
  guardTransactions,
  isDatabaseUnavailable,
  schema,
} from '../src/index.ts';
import { createTestDatabase, testDatabaseKind, truncateAll, type TestDatabase } from '../src/testing.ts';

describe('database client', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('is the kind the environment asks for', () => {
    expect(database.kind).toBe(testDatabaseKind());
  });

  it('answers raw parameterised queries with the same value types on both drivers', async () => {
    const [row] = await database.query<Record<string, unknown>>(
      `select count(*) as n, 10000000000::bigint as big, 1.5::numeric as num, $1::int as p, now() as ts, '{"a":1}'::jsonb as j,
              array[1,2] as arr`,
      [7],
    );
    expect(row).toMatchObject({ n: 1, big: 10_000_000_000, num: '1.5', p: 7, j: { a: 1 }, arr: [1, 2] });
    expect(row?.ts).toBeInstanceOf(Date);
  });

  it('answers a statement marked PREPARED alike, prepared once per connection', async () => {
    const text = `select $1::int + 1 as n, $2::text as t ${PREPARED}`;
    for (let i = 0; i < 3; i++) {
      const [row] = await database.query<{ n: number; t: string }>(text, [i, `x${i}`]);
      expect(row).toEqual({ n: i + 1, t: `x${i}` });
    }
    // the pool's connections each hold it under one name, parsed there once; PGlite's one connection once
    const named = await database.query<{ statement: string }>(
      'select statement from pg_prepared_statements where statement = $1',
      [text],
    );
    if (database.kind === 'postgres') expect(named.length).toBeGreaterThan(0);
    else expect(named.length).toBe(1);
  });

  it('prepares a statement marked PREPARED inside a transaction too, on its own connection', async () => {
    const text = `select $1::int * 2 as n ${PREPARED}`;
    for (let i = 0; i < 3; i++) {
      const found = await database.transaction(async (tx) => {
        const [row] = await tx.query<{ n: number }>(text, [i]);
        // a savepoint's statements too
        const [inner] = await tx.transaction((sp) => sp.query<{ n: number }>(text, [i + 10]));
        const named = await tx.query<{ n: number }>(
          'select count(*)::int as n from pg_prepared_statements where statement = $1',
          [text],
        );
        return { n: row?.n, inner: inner?.n, named: named[0]?.n };
      });
      // parsed once on this connection: held there under its name, not sent unnamed each time
      expect(found).toEqual({ n: i * 2, inner: (i + 10) * 2, named: 1 });
    }
    // a failed call inside a transaction rolls it back and leaves the statement usable
    await expect(database.transaction((tx) => tx.query(text, ['not a number']))).rejects.toThrow();
    const [row] = await database.transaction((tx) => tx.query<{ n: number }>(text, [4]));
    expect(row?.n).toBe(8);
  });

  it('keeps a PREPARED statement on the embedded database through failed and rolled-back transactions', async () => {
    if (database.kind !== 'pglite') return;
    await database.exec('create table if not exists prep_t (id int primary key, v text)');
    await database.exec('delete from prep_t');
    const insert = `insert into prep_t (id, v) values ($1, $2) returning id, v ${PREPARED}`;
    const count = `select count(*)::int as n from prep_t where v like $1 ${PREPARED}`;
    const held = async (text: string) =>
      (
        await database.query<{ n: number }>(
          'select count(*)::int as n from pg_prepared_statements where statement = $1',
          [text],
        )
      )[0]?.n;
    // first parsed inside a transaction that fails after it: PostgreSQL keeps it through the rollback
    await expect(
      database.transaction(async (tx) => {
        expect(await tx.query(insert, [1, 'a'])).toEqual([{ id: 1, v: 'a' }]);
        await tx.query(insert, [1, 'twice']); // the key's unique index refuses it
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await held(insert)).toBe(1);
    expect(await database.query(insert, [1, 'b'])).toEqual([{ id: 1, v: 'b' }]);
    // first called in a transaction already aborted: its Parse fails and keeps nothing
    await expect(
      database.transaction(async (tx) => {
        await tx.query('select 1/0');
      }),
    ).rejects.toThrow();
    await expect(
      database.transaction(async (tx) => {
        await tx.query('select 1/0').catch(() => {});
        await tx.query(count, ['%']);
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect(await held(count)).toBe(0);
    // ...and is parsed on its next call, once
    expect(await database.query(count, ['%'])).toEqual([{ n: 1 }]);
    expect(await database.transaction((tx) => tx.query(count, ['b']))).toEqual([{ n: 1 }]);
    expect(await held(count)).toBe(1);
    // a value the column type refuses fails the call alone
    await expect(database.query(insert, ['x', 'c'])).rejects.toMatchObject({ code: '22P02' });
    expect(await database.query(insert, [2, 'c'])).toEqual([{ id: 2, v: 'c' }]);
    // a schema change that changes its rows' type: parsed again, under a new name, on the next call
    const read = `select * from prep_t where id = $1 ${PREPARED}`;
    expect(await database.query(read, [2])).toEqual([{ id: 2, v: 'c' }]);
    await database.exec("alter table prep_t add column w text default 'w'");
    expect(await database.query(read, [2])).toEqual([{ id: 2, v: 'c', w: 'w' }]);
    expect(await held(read)).toBe(1);
    await database.exec('drop table prep_t');
  });

  it('on PGlite, runs statements in the order they were asked, marked PREPARED or not', async () => {
    // PostgreSQL's pool gives no such order between connections; the embedded database's one does
    if (database.kind !== 'pglite') return;
    await database.exec(
      'create table if not exists order_t (id int primary key, v int); delete from order_t;',
    );
    await database.query('insert into order_t values (1, 7)');
    const read = `select v from order_t where id = $1 ${PREPARED}`;
    await database.query(read, [1]); // parsed: the later reads only bind and run
    const before = database.query<{ v: number }>(read, [1]);
    const write = database.query('update order_t set v = 3 where id = 1');
    const after = database.query<{ v: number }>(read, [1]);
    await write;
    expect((await before)[0]?.v).toBe(7);
    expect((await after)[0]?.v).toBe(3);
  });

  it('describes a prepared statement once per connection on PostgreSQL, its later answers parsed alike', async () => {
    const text = `select $1::int as n, 10000000000::bigint as big, now() as ts, '{"a":1}'::jsonb as j, null::text as z ${PREPARED}`;
    const first = await database.query<Record<string, unknown>>(text, [1]);
    if (database.kind !== 'postgres') return;
    const { Connection } = (await import('pg')).default as unknown as {
      Connection: { prototype: { describe(...args: unknown[]): void } };
    };
    const describe = Connection.prototype.describe;
    let described = 0;
    Connection.prototype.describe = function (...args: unknown[]) {
      described++;
      return describe.apply(this, args);
    };
    try {
      for (let i = 0; i < 20; i++) {
        // one at a time, so that the pool hands back the connection that described it
        const [row] = await database.query<Record<string, unknown>>(text, [i]);
        expect(row).toMatchObject({ n: i, big: 10_000_000_000, j: { a: 1 }, z: null });
        expect(row?.ts).toBeInstanceOf(Date);
        expect(Object.keys(row!)).toEqual(Object.keys(first[0]!));
      }
      // the first call's connection knew it already; another connection describes it once
      expect(described).toBeLessThanOrEqual(1);
      // a name twice holds the later column, as the described call answers it
      const twice = `select 1 as a, 2 as a, 'x' as "b c" ${PREPARED}`;
      for (let i = 0; i < 3; i++) expect(await database.query(twice)).toEqual([{ a: 2, 'b c': 'x' }]);
      // a failed call (a value the column type refuses) leaves the statement usable
      await expect(database.query(text, ['not a number'])).rejects.toThrow();
      const [row] = await database.query<{ n: number }>(text, [5]);
      expect(row?.n).toBe(5);
    } finally {
      Connection.prototype.describe = describe;
    }
  });

  it('runs multi-statement SQL through exec', async () => {
    await database.exec(
      `create temporary table t1 (x int); insert into t1 values (1), (2); insert into t1 values (3);`,
    );
    const [row] = await database.query<{ s: number }>('select sum(x)::int as s from t1');
    expect(row?.s).toBe(6);
  });

  it('offers drizzle typed with the schema', async () => {
    await database.db.insert(schema.meta).values({ key: 'hello', value: { a: 1 } });
    const rows = await database.db.select().from(schema.meta).where(eq(schema.meta.key, 'hello'));
    expect(rows[0]?.value).toEqual({ a: 1 });
    const [n] = await database.db.select({ n: count() }).from(schema.meta);
    expect(n?.n).toBeGreaterThan(0);
  });

  it('commits a transaction, rolls it back on error, nests as a savepoint', async () => {
    await truncateAll(database);
    await database.transaction(async (tx) => {
      await tx.query(`insert into meta (key, value) values ('a', '1')`);
      await tx.db.insert(schema.meta).values({ key: 'b', value: 2 });
      await tx
        .transaction(async (inner) => {
          await inner.query(`insert into meta (key, value) values ('c', '3')`);
          throw new Error('inner fails');
        })
        .catch(() => {});
      await tx.exec(
        `insert into meta (key, value) values ('d', '4'); insert into meta (key, value) values ('e', '5');`,
      );
    });
    await expect(
      database.transaction(async (tx) => {
        await tx.query(`insert into meta (key, value) values ('f', '6')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const keys = await database.query<{ key: string }>('select key from meta order by key');
    expect(keys.map((k) => k.key)).toEqual(['a', 'b', 'd', 'e']);
  });

  it('runs concurrent transactions without losing an update', async () => {
    await bumpCatalogVersion(database);
    const start = await getCatalogVersion(database);
    await Promise.all(Array.from({ length: 8 }, () => database.transaction((tx) => bumpCatalogVersion(tx))));
    expect(await getCatalogVersion(database)).toBe(start + 8);
  });

  it('on PGlite, refuses a query on the outer database inside its own transaction instead of hanging', async () => {
    if (database.kind !== 'pglite') return;
    await expect(database.transaction(() => database.query('select 1'))).rejects.toThrow(
      /use the `tx` handle/,
    );
    // and the database still works afterwards
    expect(await database.query('select 1 as x')).toEqual([{ x: 1 }]);
  });

  it('on PGlite, counts the statements that may write a watched table (on PostgreSQL: no count)', async () => {
    if (database.kind !== 'pglite') {
      expect(database.watchWrites).toBeUndefined();
      return;
    }
    const watch = database.watchWrites!(['carts', 'cart_items']);
    const moved = async (run: () => Promise<unknown>) => {
      const before = watch.count;
      await run();
      return watch.count - before;
    };
    expect(await moved(() => database.query("INSERT INTO carts (id) VALUES ('w1')"))).toBe(2);
    expect(await moved(() => database.query("SELECT * FROM carts WHERE id = 'w1'"))).toBe(0);
    expect(await moved(() => database.query("UPDATE meta SET value = value WHERE key = 'none'"))).toBe(0);
    expect(
      await moved(() =>
        database.query(`${COHERENT_WRITE} UPDATE carts SET country_id = 'LT' WHERE id = 'w1'`),
      ),
    ).toBe(0);
    expect(
      await moved(() =>
        database.transaction((tx) => tx.query("DELETE FROM cart_items WHERE cart_id = 'w1'")),
      ),
    ).toBe(2);
    expect(await moved(() => database.exec("DELETE FROM carts WHERE id = 'w1'"))).toBe(2);
    // a statement that failed may have written before it failed: it moves the count too
    expect(await moved(() => database.query('UPDATE carts SET nope = 1').catch(() => undefined))).toBe(2);
  });

  it('on PGlite, a watch of some kinds of write counts only statements of those kinds', async () => {
    if (database.kind !== 'pglite') return;
    // what adds rows to carts: an UPDATE or a DELETE never does
    const watch = database.watchWrites!(['carts'], ['insert', 'copy', 'merge']);
    const moved = async (run: () => Promise<unknown>) => {
      const before = watch.count;
      await run();
      return watch.count - before;
    };
    expect(await moved(() => database.query("INSERT INTO carts (id) VALUES ('k1')"))).toBe(2);
    expect(await moved(() => database.query("UPDATE carts SET country_id = 'LT' WHERE id = 'k1'"))).toBe(0);
    expect(await moved(() => database.query("DELETE FROM carts WHERE id = 'k1'"))).toBe(0);
    expect(await moved(() => database.query(`${COHERENT_WRITE} INSERT INTO carts (id) VALUES ('k2')`))).toBe(
      0,
    );
  });

  it('empties every table but the migrations record with truncateAll', async () => {
    await truncateAll(database);
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from meta');
    expect(row?.n).toBe(0);
    const [m] = await database.query<{ n: number }>('select count(*)::int as n from vitrina_migrations');
    expect(m?.n).toBeGreaterThan(0);
  });
});

describe('guardTransactions', () => {
  it('guards the embedded database against a query inside its own transaction everywhere but production', () => {
    expect(guardTransactions({})).toBe(true);
    expect(guardTransactions({ NODE_ENV: 'test' })).toBe(true);
    // in production the guard's AsyncLocalStorage would put a hook on every promise of the process
    expect(guardTransactions({ NODE_ENV: 'production' })).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  // the shapes node-postgres and Node give these errors (code, message, AggregateError, cause)
  const unavailable: [string, unknown][] = [
    [
      'server shutting down a session (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    [
      'server starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['connection failure (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    [
      'too many connections (53300)',
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    ],
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    [
      'refused on every address',
      Object.assign(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]), {}),
    ],
    ['lost connection', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['broken client', new Error('Client has encountered a connection error and is not queryable')],
    [
      'wrapped',
      new Error('Cannot connect', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }),
    ],
  ];
  const faults: [string, unknown][] = [
    ['unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    [
      'statement timeout (a slow statement, not an outage)',
      Object.assign(new Error('canceling statement'), { code: '57014' }),
    ],
    ['syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ];
  it.each(unavailable)('says so for %s', (_name, err) => expect(isDatabaseUnavailable(err)).toBe(true));
  it.each(faults)('does not for %s', (_name, err) => expect(isDatabaseUnavailable(err)).toBe(false));
});
