import { readFileSync } from 'node:fs';
import { createTestDatabase } from './src/testing.ts';
const json = readFileSync('/tmp/bench/batch.json', 'utf8');
const db = await createTestDatabase({ url: '' });
const p = db.pglite!;
for (let i = 0; i < 3; i++) {
  let t = performance.now();
  await p.query('select length($1::text)', [json]);
  const a = performance.now() - t;
  t = performance.now();
  await p.exec(`select length('${json.replace(/'/g, "''")}'::text)`);
  const b = performance.now() - t;
  t = performance.now();
  await p.query(`select length('${json.replace(/'/g, "''")}'::text)`);
  const c = performance.now() - t;
  t = performance.now();
  const enc = new TextEncoder().encode(json);
  const d = performance.now() - t;
  console.log('param', Math.round(a), 'exec literal', Math.round(b), 'query literal', Math.round(c), 'encode', Math.round(d));
}
await db.dispose();
