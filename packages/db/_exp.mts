import { createTestDatabase } from './src/testing.ts';
let t = performance.now();
const a = await createTestDatabase();
console.log('first', Math.round(performance.now() - t));
t = performance.now();
const b = await createTestDatabase();
console.log('second', Math.round(performance.now() - t));
await a.dispose(); await b.dispose();
