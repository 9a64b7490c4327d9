/**
 * The catalogue answer cache and paging cannot be used to fill the API's memory:
 * the cache is bounded by bytes (CATALOG_CACHE_MB), not only by entries; a product search asks for
 * at most PRODUCT_SEARCH_MAX_SIZE hits and no search starts beyond SEARCH_MAX_FROM (400 naming the
 * field); categories keep the spec's 4000.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { generateLargeCatalog } from '@vitrina/demo';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { CATEGORY_LIST_SIZE, PRODUCT_SEARCH_MAX_SIZE, SEARCH_MAX_FROM } from '@vitrina/domain';
import { buildApi, loadApiConfig } from '../src/index.ts';
import { searchUrl } from './helpers.ts';

const CACHE_MB = 4;
let database: TestDatabase;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await importCatalog(database, generateLargeCatalog({ seed: 7, productCount: 400 }));
  app = await buildApi({
    database,
    config: loadApiConfig({ CATALOG_CACHE_MB: String(CACHE_MB), CATALOG_VERSION_TTL_MS: '0' }),
    logger: false,
  });
  // the burst goes over a socket: `inject` keeps its answers reachable for a while, which would
  // measure the test harness rather than the API
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const search = (type: string, query: Record<string, string | number>, index = 'vue_storefront_catalog_en') =>
  app.inject(searchUrl(type, {}, query, index));

describe('paging limits', () => {
  it('refuses a product page above PRODUCT_SEARCH_MAX_SIZE, naming size', async () => {
    const res = await search('product', { size: PRODUCT_SEARCH_MAX_SIZE + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, errors: [{ field: 'size' }] });
    expect(res.json().result).toContain(String(PRODUCT_SEARCH_MAX_SIZE));
    expect((await search('product', { size: PRODUCT_SEARCH_MAX_SIZE })).statusCode).toBe(200);
  });

  it('keeps the category list size of the spec', async () => {
    expect((await search('category', { size: CATEGORY_LIST_SIZE })).statusCode).toBe(200);
    expect((await search('category', { size: CATEGORY_LIST_SIZE + 1 })).json()).toMatchObject({
      code: 400,
      errors: [{ field: 'size' }],
    });
  });

  it('refuses a start beyond SEARCH_MAX_FROM, naming from', async () => {
    expect((await search('product', { from: SEARCH_MAX_FROM })).statusCode).toBe(200);
    const res = await search('product', { from: SEARCH_MAX_FROM + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, errors: [{ field: 'from' }] });
  });
});

/** the garbage collector, without starting the test process with --expose-gc */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('the answer cache under a burst of large, distinct searches', () => {
  it('stays within CATALOG_CACHE_MB, and so does the heap', async () => {
    const gc = collector();
    const heap = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    const stores = ['vue_storefront_catalog', 'vue_storefront_catalog_en', 'vue_storefront_catalog_ru'];
    const sorts = ['price:asc', 'price:desc', 'updated_at:desc', 'total_qty:desc'];
    // warm up (search index built, attribute metadata read, documents of the index's own page cache
    // loaded) before the baseline
    for (const index of stores)
      for (let from = 0; from < 400; from += PRODUCT_SEARCH_MAX_SIZE)
        await fetch(base + searchUrl('product', {}, { size: PRODUCT_SEARCH_MAX_SIZE, from }, index));
    const before = heap();
    let answered = 0;
    let bytes = 0;
    for (let from = 0; from < 200; from += 10)
      for (const index of stores)
        for (const sort of sorts) {
          const url = searchUrl('product', {}, { size: PRODUCT_SEARCH_MAX_SIZE, from, sort }, index);
          const res = await fetch(base + url);
          expect(res.status).toBe(200);
          bytes += (await res.arrayBuffer()).byteLength;
          answered++;
        }
    const health = (await (await fetch(`${base}/healthz`)).json()) as {
      catalogCache: { entries: number; bytes: number };
    };
    const grown = heap() - before;
    console.log(
      `${answered} searches, ${(bytes / 1e6).toFixed(0)} MB of answers; cache ${health.catalogCache.entries} entries, ` +
        `${(health.catalogCache.bytes / 1e6).toFixed(1)} MB; heap grew ${(grown / 1e6).toFixed(1)} MB`,
    );
    // the answers together are many times the cap, so the cap is what bounds the cache
    expect(bytes).toBeGreaterThan(10 * CACHE_MB * 1024 * 1024);
    expect(health.catalogCache.bytes).toBeLessThanOrEqual(CACHE_MB * 1024 * 1024);
    expect(health.catalogCache.entries).toBeGreaterThan(0);
    // the heap holds the cache and not much else: its growth stays near the cap (slack: the search
    // index's and the runtime's own allocations, a few MB)
    expect(grown).toBeLessThan(CACHE_MB * 1024 * 1024 + 24 * 1024 * 1024);
  });
});
