import { generateLargeCatalog } from './src/demo/index.ts';
import { importCatalog, reindexProducts } from './src/index.ts';
import { createTestDatabase } from './src/testing.ts';
const n = Number(process.argv[2] ?? 5000);
const file = generateLargeCatalog({ seed: 7, productCount: n });
const database = await createTestDatabase({ url: process.argv[3] ?? '' });
await importCatalog(database, file);
for (const label of ['run1', 'run2']) {
  (globalThis as any).__prof = [0,0,0]; (globalThis as any).__prof2 = [0,0,0];
  const t = performance.now(); await reindexProducts(database, {});
  console.log(label, Math.round(performance.now()-t), (globalThis as any).__prof.map(Math.round), 'delete/stringify', (globalThis as any).__prof2.map(Math.round));
}
await database.exec('vacuum analyze product_index');
(globalThis as any).__prof = [0,0,0]; (globalThis as any).__prof2 = [0,0,0];
let t = performance.now(); await reindexProducts(database, {});
console.log('after vacuum', Math.round(performance.now()-t), (globalThis as any).__prof.map(Math.round), (globalThis as any).__prof2.map(Math.round));
await database.dispose();
