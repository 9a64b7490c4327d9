import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate, openDatabase, readMigrations } from '../src/index.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ empty: true });
  });
  afterAll(() => database?.dispose());

  it('finds the SQL files: pg_trgm first, then the schema, then the trigram index', () => {
    const names = readMigrations(MIGRATIONS_DIR).map((m) => m.name);
    expect(names.slice(0, 3)).toEqual(['0000_pg_trgm', '0001_init', '0002_search_text_trgm']);
  });

  it('applies every migration once; a second run (and two concurrent runs) change nothing', async () => {
    const first = await migrate(database);
    expect(first.applied.length).toBe(readMigrations().length);
    const [second, third] = await Promise.all([migrate(database), migrate(database)]);
    expect(second?.applied).toEqual([]);
    expect(third?.applied).toEqual([]);
    expect(second?.skipped).toBe(first.applied.length);
    const [row] = await database.query<{ n: number }>('select count(*) as n from vitrina_migrations');
    expect(row?.n).toBe(first.applied.length);
  });

  it('creates the tables, pg_trgm and the trigram index', async () => {
    const tables = await database.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = current_schema() order by tablename`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(expect.arrayContaining(['products', 'product_index', 'categories', 'meta', 'orders']));
    const [sim] = await database.query<{ s: number }>(`select similarity('thinkpad', 'thinkpda') as s`);
    expect(sim?.s).toBeGreaterThan(0.3);
    const idx = await database.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'product_index_search_text_trgm_idx'`,
    );
    expect(idx[0]?.indexdef).toContain('gin_trgm_ops');
  });

  it('runs concurrently from separate connections on PostgreSQL (advisory lock)', async () => {
    if (database.kind !== 'postgres') return;
    const fresh = await createTestDatabase({ empty: true });
    try {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${fresh.name}`;
      const others = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolMax: 2 })));
      const results = await Promise.all(others.map((d) => migrate(d)));
      expect(results.map((r) => r.applied.length).sort()).toEqual([0, 0, readMigrations().length]);
      await Promise.all(others.map((d) => d.close()));
    } finally {
      await fresh.dispose();
    }
  });

  it('takes another folder of migrations', async () => {
    await expect(migrate(database, { dir: '/nonexistent-folder' })).rejects.toThrow(/Migrations folder not found/);
  });
});
