import { generateLargeCatalog } from './src/demo/index.ts';
import { importCatalog, reindexProducts } from './src/index.ts';
import { createTestDatabase } from './src/testing.ts';
const n = Number(process.argv[2] ?? 5000);
const file = generateLargeCatalog({ seed: 7, productCount: n });
const database = await createTestDatabase({ url: process.argv[3] ?? '' });
await importCatalog(database, file);
const idx = ['product_index_cats_idx','product_index_attrs_idx','product_index_search_idx','product_index_children_idx','product_index_search_text_trgm_idx','product_index_sku_idx','product_index_slug_idx','product_index_valid_until_idx'];
const defs = new Map<string,string>();
for (const i of idx) { const [r] = await database.query<any>('select indexdef from pg_indexes where indexname=$1',[i]); defs.set(i, r.indexdef); }
async function run(label: string) { (globalThis as any).__prof = [0,0,0]; const t = performance.now(); await reindexProducts(database, {}); console.log(label, Math.round(performance.now()-t), (globalThis as any).__prof.map(Math.round)); }
await run('all indexes');
for (const i of idx) {
  await database.exec(`drop index ${i}`);
  await run('without ' + i);
  await database.exec(defs.get(i)!);
}
await database.exec(idx.map(i => `drop index ${i}`).join(';'));
await run('no secondary indexes');
await database.exec('truncate product_index');
await run('no indexes, empty table');
let t = performance.now();
for (const i of idx) await database.exec(defs.get(i)!);
console.log('create all indexes', Math.round(performance.now()-t));
const [sz] = await database.query<any>(`select avg(pg_column_size(doc))::int as doc, avg(pg_column_size(search))::int as search, avg(pg_column_size(attrs))::int as attrs from product_index`);
console.log(sz);
await database.dispose();
