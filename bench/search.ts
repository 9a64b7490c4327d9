/**
 * Catalogue search over a large generated catalogue (DESIGN.md budget: text + 2 filters + 3 facets
 * over 100k products, p95 <= 10 ms). The catalogue is imported once into var/bench/ and reused.
 * With BENCH_DATABASE_URL the same bench runs against that PostgreSQL server.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { indexPhases, indexStats } from '../apps/api/src/catalog/search/search-index.ts';
import { importCatalog, migrate, openDatabase, type Database } from '@vitrina/db';
import { generateLargeCatalog } from '@vitrina/demo';
import { summarize, time } from './stats.ts';

async function prepare(products: number): Promise<Database> {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = path.resolve('var/bench', `search-${products}`);
  const fresh = !url && !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!url) mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: url, dataDir: url ? undefined : dataDir });
  await migrate(database);
  const [row] = await database.query<{ n: number }>('select count(*)::int as n from products', []);
  if (fresh || (row?.n ?? 0) < products) {
    const [genMs, catalog] = await time(async () =>
      generateLargeCatalog({ seed: 7, productCount: products }),
    );
    console.log(`generated ${products} products in ${genMs.toFixed(0)} ms; importing (one-off)…`);
    const [importMs] = await time(() => importCatalog(database, catalog));
    console.log(`imported and indexed in ${(importMs / 1000).toFixed(1)} s`);
  }
  return database;
}

export async function runSearchBench({ products }: { products: number }) {
  const database = await prepare(products);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  // the response cache off (CATALOG_CACHE_ENTRIES=0): every request is searched; SEARCH_INDEX=sql
  // measures the SQL search alone, the default (memory) the in-process index in front of it
  const config = loadApiConfig({ ...process.env, CATALOG_CACHE_ENTRIES: '0' });
  const app = await buildApi({ database, config, logger: false });
  // the in-process index builds in the background after ready: wait until it answers (SQL answers meanwhile)
  const [readyMs] = await time(async () => {
    await app.ready();
    if (config.searchIndex !== 'memory') return;
    // every store view's index: one still building would compete with the measured requests
    for (const index of [
      'vue_storefront_catalog',
      'vue_storefront_catalog_en',
      'vue_storefront_catalog_ru',
    ]) {
      const probe = `/vsbridge/catalog/${index}/product/_search?size=1&request=${encodeURIComponent('{}')}`;
      for (const start = Date.now(); Date.now() - start < 900_000;) {
        const before = indexStats.answered;
        await app.inject(probe);
        if (indexStats.answered > before) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  });
  gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(
    `search index: ${config.searchIndex}; start-up (index build, 3 store views) ${readyMs.toFixed(0)} ms; heap +${((heapAfter - heapBefore) / 1048576).toFixed(0)} MB (${gc ? 'after gc' : 'no gc: run with NODE_OPTIONS=--expose-gc'}), rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`,
  );
  const categories = await database.query<{ id: number }>(
    'select id from categories where level >= 2 order by id',
    [],
  );
  const words = ['lenovo', 'samsung', 'laptop', 'headphones', 'philips', 'monitor', 'bosch', 'sony'];
  /** word i % 8 with one letter (position and letter from i) replaced: 217 different misspellings in 220 */
  const misspell = (i: number) => {
    const word = words[i % words.length]!;
    const k = Math.floor(i / words.length);
    const at = 1 + (k % (word.length - 1));
    return word.slice(0, at) + 'qxzjvwkf'[Math.floor(k / (word.length - 1)) % 8] + word.slice(at + 1);
  };
  const cases: [string, (i: number) => unknown][] = [
    [
      'text + 2 filters + 3 facets',
      (i) => ({
        query: words[i % words.length],
        filters: { category_ids: categories[i % categories.length]?.id ?? 2, final_price: { gte: 1000 } },
        aggregations: ['condition', 'color', 'price'],
      }),
    ],
    [
      'category listing + 3 facets (no text)',
      (i) => ({
        filters: { category_ids: categories[i % categories.length]?.id ?? 2 },
        aggregations: ['condition', 'color', 'price'],
      }),
    ],
    // a different misspelling each time (nothing remembered from an earlier request)
    ['text only, typo (trigram), each misspelling new', (i) => ({ query: misspell(i) })],
    // eight misspellings asked again (the search page after the panel, next pages): remembered matches
    [
      'text only, typo, a misspelling asked again',
      (i) => ({ query: `${words[i % words.length]!.slice(0, -1)}x` }),
    ],
  ];
  console.log(
    `\ncatalogue search, ${products} products, ${database.kind}, in-process HTTP (inject), cache off`,
  );
  for (const [label, makeRequest] of cases) {
    const phasesBefore = { ...indexPhases };
    const samples: number[] = [];
    let timeouts = 0;
    for (let i = 0; i < 220; i++) {
      const request = encodeURIComponent(JSON.stringify(makeRequest(i)));
      const [ms, res] = await time(() =>
        app.inject({
          method: 'GET',
          url: `/vsbridge/catalog/vue_storefront_catalog_en/product/_search?size=24&request=${request}`,
        }),
      );
      if (res.statusCode === 503)
        timeouts++; // the server search timeout (1000 ms): counted at its time
      else if (res.statusCode !== 200)
        throw new Error(`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (i >= 20) samples.push(ms); // first 20 warm the caches of the database
    }
    summarize(label, samples);
    // where the index's time went (mean per request; the rest is HTTP, validation, serialisation)
    const phases = Object.entries(indexPhases)
      .map(([name, ms]) => [name, (ms - (phasesBefore[name] ?? 0)) / 220] as const)
      .filter(([, ms]) => ms >= 0.05)
      .map(([name, ms]) => `${name} ${ms.toFixed(2)}`);
    if (phases.length) console.log(`  index phases, mean ms per request: ${phases.join(', ')}`);
    if (timeouts) console.log(`  ${timeouts} of 220 answered 503 (server search timeout)`);
  }
  console.log(
    'index answers (answered / typo → SQL typo query / declined → SQL):',
    JSON.stringify(indexStats),
  );
  await app.close();
  await database.close();
}
