/** The shop server's configuration: TRUST_PROXY and the PostgreSQL pool (item 16). */
import { describe, expect, it } from 'vitest';
import { loadServerConfig, planRenderThreads, planWorkers } from '../src/config.ts';

describe('loadServerConfig trustProxy', () => {
  it("believes nobody's X-Forwarded-For by default", () => {
    expect(loadServerConfig({}).trustProxy).toBe(false);
  });

  it('takes a hop count or proxy addresses', () => {
    expect(loadServerConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadServerConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
  });

  it('refuses "true" (any client could pick its address)', () => {
    expect(() => loadServerConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('shop process configuration: the PostgreSQL pool', () => {
  it("has time limits by default, and takes the operator's", () => {
    expect(loadServerConfig({}).databasePool).toEqual({
      poolMax: 10,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 30_000,
    });
    expect(
      loadServerConfig({
        DATABASE_POOL_MAX: '20',
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
      }).databasePool,
    ).toEqual({ poolMax: 20, connectTimeoutMs: 2000, statementTimeoutMs: 0 });
  });

  it('refuses values that are not whole numbers, naming the variable', () => {
    expect(() => loadServerConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadServerConfig({ DATABASE_CONNECT_TIMEOUT_MS: '5s' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS/,
    );
    expect(() => loadServerConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });
});

describe('shop process configuration: the embedded database', () => {
  it("keeps 32 MB of PGlite buffers by default (not its 128 MB), and takes the operator's", () => {
    expect(loadServerConfig({}).pgliteSharedBuffersMb).toBe(32);
    expect(loadServerConfig({ PGLITE_SHARED_BUFFERS_MB: '128' }).pgliteSharedBuffersMb).toBe(128);
    expect(() => loadServerConfig({ PGLITE_SHARED_BUFFERS_MB: '0' })).toThrow(/PGLITE_SHARED_BUFFERS_MB/);
  });

  it('runs PGlite in its worker thread by default; PGLITE_THREAD=0 keeps it in the process', () => {
    expect(loadServerConfig({}).pgliteThread).toBe(true);
    expect(loadServerConfig({ PGLITE_THREAD: '' }).pgliteThread).toBe(true);
    expect(loadServerConfig({ PGLITE_THREAD: '1' }).pgliteThread).toBe(true);
    expect(loadServerConfig({ PGLITE_THREAD: '0' }).pgliteThread).toBe(false);
    // a word is refused rather than read as either
    expect(() => loadServerConfig({ PGLITE_THREAD: 'true' })).toThrow(/PGLITE_THREAD must be 1 or 0/);
  });
});

describe('planWorkers: how many shop processes npm start runs', () => {
  const pg = 'postgres://127.0.0.1/shop';
  const table: [string, NodeJS.ProcessEnv, number, number, RegExp | null][] = [
    ['embedded database: one process', {}, 4, 1, null],
    ['embedded database: WEB_CONCURRENCY ignored, said so', { WEB_CONCURRENCY: '4' }, 4, 1, /ignored/],
    ['PostgreSQL + Redis: one per core', { DATABASE_URL: pg, REDIS_URL: 'redis://x' }, 4, 4, null],
    ['PostgreSQL without Redis: one, and how to get more', { DATABASE_URL: pg }, 4, 1, /REDIS_URL/],
    ['PostgreSQL without Redis on one core: nothing to say', { DATABASE_URL: pg }, 1, 1, null],
    [
      'PostgreSQL + Redis on two cores: one process (its render threads take both)',
      { DATABASE_URL: pg, REDIS_URL: 'redis://x' },
      2,
      1,
      null,
    ],
    ['PostgreSQL without Redis on two cores: one, nothing to say', { DATABASE_URL: pg }, 2, 1, null],
    [
      'PostgreSQL + Redis on three cores: one per core',
      { DATABASE_URL: pg, REDIS_URL: 'redis://x' },
      3,
      3,
      null,
    ],
    [
      'WEB_CONCURRENCY chosen on two cores',
      { DATABASE_URL: pg, REDIS_URL: 'redis://x', WEB_CONCURRENCY: '2' },
      2,
      2,
      null,
    ],
    [
      'WEB_CONCURRENCY chosen with Redis',
      { DATABASE_URL: pg, REDIS_URL: 'redis://x', WEB_CONCURRENCY: '3' },
      8,
      3,
      null,
    ],
    [
      'WEB_CONCURRENCY chosen without Redis: warned',
      { DATABASE_URL: pg, WEB_CONCURRENCY: '2' },
      8,
      2,
      /rate-limit/,
    ],
    ['storefront only (API_URL): one per core', { API_URL: 'http://api:3001' }, 2, 2, null],
  ];
  it.each(table)('%s', (_name, env, cores, workers, warning) => {
    const warnings: string[] = [];
    expect(planWorkers(env, cores, warnings)).toBe(workers);
    if (warning) expect(warnings.join(' ')).toMatch(warning);
    else expect(warnings).toEqual([]);
  });

  it('refuses a WEB_CONCURRENCY that is not a positive whole number', () => {
    for (const v of ['0', '-2', 'two', '1.5'])
      expect(() => planWorkers({ DATABASE_URL: pg, WEB_CONCURRENCY: v }, 2)).toThrow(/WEB_CONCURRENCY/);
  });
});

describe('planRenderThreads: worker threads rendering pages', () => {
  const production = { NODE_ENV: 'production' };
  const table: [string, NodeJS.ProcessEnv, cores: number, workers: number, threads: number][] = [
    ['one process in production: one per core', production, 2, 1, 2],
    ['one process on 8 cores', production, 8, 1, 8],
    ['one core: the main thread renders', production, 1, 1, 0],
    ['node:cluster runs a process per core: none', production, 4, 4, 0],
    ['development and tests: none', { NODE_ENV: 'development' }, 4, 1, 0],
    ['no NODE_ENV: none', {}, 4, 1, 0],
    ['RENDER_THREADS chosen', { ...production, RENDER_THREADS: '3' }, 2, 1, 3],
    ['RENDER_THREADS=0: the main thread renders', { ...production, RENDER_THREADS: '0' }, 8, 1, 0],
    ['RENDER_THREADS in a cluster worker too', { ...production, RENDER_THREADS: '1' }, 4, 4, 1],
  ];
  it.each(table)('%s', (_name, env, cores, workers, threads) => {
    expect(planRenderThreads(env, cores, workers)).toBe(threads);
  });

  it('refuses a RENDER_THREADS that is not a whole number', () => {
    for (const v of ['-1', 'two', '1.5'])
      expect(() => planRenderThreads({ RENDER_THREADS: v }, 2, 1)).toThrow(/RENDER_THREADS/);
  });
});
