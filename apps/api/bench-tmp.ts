// temporary measurement script (deleted after use)
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importCatalog, migrate, openDatabase } from '@vitrina/db';
import { generateDemoCatalog, generateDemoImages } from '@vitrina/db/demo';
import { buildApi, loadApiConfig } from './src/index.ts';

const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { databaseUrl: url } : {});
await migrate(database);
const mediaDir = await mkdtemp(path.join(tmpdir(), 'bench-media-'));
let t = performance.now();
const catalog = generateDemoCatalog({ seed: 42 });
const counts = await importCatalog(database, catalog);
console.log('import', counts.products, 'products', Math.round(performance.now() - t), 'ms');
await generateDemoImages(mediaDir, { seed: 42 });
const app = await buildApi({ database, config: loadApiConfig({ MEDIA_DIR: mediaDir, CATALOG_CACHE_ENTRIES: '0' }) });
await app.ready();
const first = (catalog as { products: { image?: string }[] }).products.find((p) => p.image)?.image ?? '';

async function time(label: string, n: number, f: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await f(i);
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1);
  console.log(`${label}: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms (n=${n})`);
}
const s = (req: unknown, extra = '') =>
  app.inject({ url: `/vsbridge/catalog/vue_storefront_catalog_en/product/_search?size=24${extra}&request=${encodeURIComponent(JSON.stringify(req))}` });
const r0 = await s({ query: 'samsung', filters: { category_ids: [2] }, aggregations: ['color', 'condition', 'price'] });
console.log('sample', r0.statusCode, r0.json().hits.total.value);
await time('text + 2 filters + 3 facets', 50, () => s({ query: 'samsung', filters: { condition: [5, 6, 7, 8, 9, 10], final_price: { gte: 1000 } }, aggregations: ['color', 'condition', 'price'] }));
await time('category listing + 3 facets', 50, (i) => s({ filters: { category_ids: [10 + (i % 5)] }, aggregations: ['color', 'condition', 'price'] }, '&sort=final_price:asc'));
await time('typo search (fallback)', 30, () => s({ query: 'samsnug' }));
const cart = (await app.inject({ method: 'POST', url: '/vsbridge/cart/create' })).json().result;
const sku = r0.json().hits.hits[0]._source.sku;
await time('cart update', 50, (i) => app.inject({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cart}`, payload: { cartItem: { sku, qty: 1 + (i % 2), item_id: undefined } } }));
await time('cart totals', 50, () => app.inject(`/vsbridge/cart/totals?cartId=${cart}`));
await time('image 266 first', 1, () => app.inject(`/vsbridge/image/266/266/resize${first}`));
await time('image 266 cached', 50, () => app.inject(`/vsbridge/image/266/266/resize${first}`));
await app.close();
await database.close();
