/**
 * A product save in the back office until the storefront shows it (target: within a second on the
 * demo catalogue, without rebuilding the whole search index). On a fresh PGlite database holding the
 * demo catalogue (5,760 products), through in-process HTTP (inject): a catalogue manager's session
 * saves a simple product's price (gross, CATALOG_PRICES_INCLUDE_TAX=true, as the owner types it), then
 * the catalogue answer the product page reads (a search by sku) and a category listing the search
 * index answers are asked until they show the new price. The index's work is counted: whole builds
 * (a store view read again from product_index) and refreshes (the changed rows only), with their
 * time, and the product_index rows a save rewrote.
 */
import { loadavg } from 'node:os';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { createTestDatabase } from '@vitrina/db/testing';
import { DEMO_SEED, generateDemoCatalog } from '@vitrina/demo';
import { ProductSearchIndex, indexStats } from '../apps/api/src/catalog/search/search-index.ts';
import { runStaffCli } from '../apps/api/src/staff/cli.ts';
import { percentile, summarize } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_SAVE_ROUNDS ?? 20);
/** the longest a round waits for the storefront to show the price before the bench gives up */
const GIVE_UP_MS = 30_000;

/** the index's whole builds and its refreshes, counted and timed by wrapping its two private methods */
function watchIndex() {
  const counts = { builds: 0, buildMs: 0, refreshes: 0, refreshMs: 0, rebuiltAfterRefresh: 0 };
  const proto = ProductSearchIndex.prototype as unknown as Record<
    'build' | 'refresh',
    (...args: unknown[]) => Promise<unknown>
  >;
  const build = proto.build;
  const refresh = proto.refresh;
  proto.build = async function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    try {
      return await build.apply(this, args);
    } finally {
      counts.builds++;
      counts.buildMs += performance.now() - t;
    }
  };
  proto.refresh = async function (this: unknown, ...args: unknown[]) {
    const t = performance.now();
    try {
      const ok = await refresh.apply(this, args);
      if (ok === false) counts.rebuiltAfterRefresh++;
      return ok;
    } finally {
      counts.refreshes++;
      counts.refreshMs += performance.now() - t;
    }
  };
  return {
    counts,
    restore: () => {
      proto.build = build;
      proto.refresh = refresh;
    },
  };
}

export async function runProductSaveBench() {
  const database = await createTestDatabase({ url: '' });
  const index = watchIndex();
  try {
    const demo = generateDemoCatalog({ seed: DEMO_SEED });
    const importStarted = performance.now();
    await importCatalog(database, demo, { pricesIncludeTax: true });
    const importMs = performance.now() - importStarted;
    const [{ n: products } = { n: 0 }] = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM products',
    );
    const config = loadApiConfig({ ...process.env, CATALOG_PRICES_INCLUDE_TAX: 'true' });
    const app = await buildApi({ database, config, logger: false });
    await app.ready();

    // a catalogue manager's session, as the back office holds it
    const email = 'bench-catalog@shop.lt';
    const password = 'bench staff password 42';
    const made = await runStaffCli(
      ['add', email, '--role', 'catalog'],
      { env: {}, cwd: process.cwd(), out: () => {}, err: () => {}, readPassword: async () => password },
      async () => database,
    );
    if (made !== 0) throw new Error('staff add failed');
    const login = await app.inject({
      method: 'POST',
      url: '/vsbridge/staff/login?storeCode=en',
      payload: { email, password },
    });
    if (login.statusCode !== 200) throw new Error(`staff login: ${login.statusCode} ${login.body}`);
    const raw = login.headers['set-cookie'];
    const cookie = String(Array.isArray(raw) ? raw[0] : raw).split(';')[0]!;

    const search = async (request: unknown, size = 12) => {
      const res = await app.inject({
        url: `/vsbridge/catalog/vue_storefront_catalog/product/_search?size=${size}&request=${encodeURIComponent(JSON.stringify(request))}`,
      });
      if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
      return (
        res.json() as {
          hits: {
            hits: { _source: { sku: string; final_price_incl_tax: number; category_ids?: number[] } }[];
          };
        }
      ).hits.hits.map((h) => h._source);
    };

    // a simple product in stock without a special price, and a category listing that shows it
    const [row] = await database.query<{ sku: string; category_id: number }>(
      `SELECT p.sku, pc.category_id FROM products p JOIN product_categories pc ON pc.product_id = p.id
        WHERE p.type_id = 'simple' AND p.visibility = 4 AND p.status = 1 AND p.special_price_cents IS NULL
        ORDER BY p.id LIMIT 1`,
    );
    if (!row) throw new Error('no simple product in a category');
    const { sku, category_id: categoryId } = row;
    const listing = { filters: { category_ids: categoryId, sku } };
    // the index built once before the saves (as a running shop's is)
    await search({ filters: { category_ids: categoryId } });
    for (let i = 0; i < 50 && index.counts.builds === 0; i++) await new Promise((r) => setTimeout(r, 100));
    await search({ filters: { category_ids: categoryId } });
    const before = { ...index.counts };
    const answeredBefore = indexStats.answered;

    const saveMs: number[] = [];
    const pageMs: number[] = [];
    const listingMs: number[] = [];
    const rowsPerSave: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const cents = 44_900 + (i % 2) * 100 + Math.floor(i / 2);
      const form = await app.inject({
        url: `/vsbridge/staff/products/${encodeURIComponent(sku)}?storeCode=en`,
        headers: { cookie },
      });
      const { version } = (form.json() as { result: { product: { version: number } } }).result.product;
      const [{ rev } = { rev: 0 }] = await database.query<{ rev: number }>(
        'SELECT coalesce(max(rev), 0)::float8 AS rev FROM product_index',
      );
      const started = performance.now();
      const saved = await app.inject({
        method: 'POST',
        url: `/vsbridge/staff/products/${encodeURIComponent(sku)}?storeCode=en`,
        headers: { cookie },
        payload: { version, product: { price: (cents / 100).toFixed(2) } },
      });
      if (saved.statusCode !== 200) throw new Error(`save: ${saved.statusCode} ${saved.body}`);
      saveMs.push(performance.now() - started);
      // the product page's catalogue answer (a search by sku), then a listing through the index
      let seenPage = 0;
      let seenListing = 0;
      while (!seenPage || !seenListing) {
        if (performance.now() - started > GIVE_UP_MS)
          throw new Error(`${sku} not shown at ${cents} within ${GIVE_UP_MS} ms`);
        if (!seenPage && (await search({ filters: { sku } }, 1))[0]?.final_price_incl_tax === cents)
          seenPage = performance.now() - started;
        if (
          !seenListing &&
          (await search(listing)).find((d) => d.sku === sku)?.final_price_incl_tax === cents
        )
          seenListing = performance.now() - started;
      }
      pageMs.push(seenPage);
      listingMs.push(seenListing);
      const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM product_index WHERE rev > $1',
        [rev],
      );
      rowsPerSave.push(n);
    }
    const after = index.counts;
    const sorted = [...rowsPerSave].sort((a, b) => a - b);
    console.log(
      `\nproduct save → storefront, ${database.kind}, demo catalogue (${products} products, imported in ${(importMs / 1000).toFixed(1)} s), CATALOG_PRICES_INCLUDE_TAX=true, in-process HTTP (inject), ${ROUNDS} saves of ${sku}'s gross price, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    summarize('save (POST /vsbridge/staff/products/:sku)', saveMs);
    summarize('save → product page answer shows the price', pageMs);
    summarize('save → category listing (index) shows it', listingMs);
    console.log(
      `search index during the saves: ${after.builds - before.builds} whole builds (${(after.buildMs - before.buildMs).toFixed(0)} ms), ${after.refreshes - before.refreshes} refreshes of changed rows (${(after.refreshMs - before.refreshMs).toFixed(0)} ms in all), ${after.rebuiltAfterRefresh - before.rebuiltAfterRefresh} refreshes that gave up for a rebuild; the one build before the saves took ${before.buildMs.toFixed(0)} ms; index answers ${indexStats.answered - answeredBefore}`,
    );
    console.log(
      `product_index rows rewritten per save: median ${percentile(sorted, 50)}, max ${sorted[sorted.length - 1]} (of ${products} products × 3 store views)`,
    );
    await app.close();
  } finally {
    index.restore();
    await database.dispose();
  }
}
