import { generateLargeCatalog } from './src/demo/index.ts';
import { importCatalog, reindexProducts } from './src/index.ts';
import { createTestDatabase } from './src/testing.ts';
const n = Number(process.argv[2] ?? 5000);
const file = generateLargeCatalog({ seed: 7, productCount: n });
const database = await createTestDatabase({ url: process.argv[3] ?? '' });
(globalThis as any).__prof = [0,0,0];
let t = performance.now();
await importCatalog(database, file);
console.log(database.kind, 'import', Math.round(performance.now() - t), 'index load/build/write', (globalThis as any).__prof.map(Math.round));
const q = async (label: string, sql: string, params: unknown[] = []) => { const t = performance.now(); for (let i = 0; i < 5; i++) await database.query(sql, params); console.log(label, ((performance.now() - t) / 5).toFixed(1), 'ms'); };
await q('expand', `with given as (select id, sku, parent_id from products where id = any($1::int[])),
     skus as (select sku from given union select p.sku from products p join given g on p.id = g.parent_id)
     select parent_id as id from given where parent_id is not null
     union select p.id from products p cross join lateral jsonb_array_elements(p.product_links) l
       where p.type_id = 'grouped' and l->>'linked_product_sku' in (select sku from skus)
     union select p.id from products p cross join lateral jsonb_array_elements(p.bundle_options) o
       cross join lateral jsonb_array_elements(o->'product_links') l
       where p.type_id = 'bundle' and l->>'sku' in (select sku from skus)`, [[1037]]);
t = performance.now();
for (let i = 0; i < 10; i++) await reindexProducts(database, { productIds: [1000 + i * 37] });
console.log('reindex 1 product, avg ms', Math.round((performance.now() - t) / 10));
await database.dispose();
