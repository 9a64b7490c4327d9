import { generateLargeCatalog } from './src/demo/index.ts';
import { importCatalog } from './src/index.ts';
import { createTestDatabase } from './src/testing.ts';
const file = generateLargeCatalog({ seed: 7, productCount: 2000 });
const database = await createTestDatabase({ url: 'postgres://root@127.0.0.1:5432/test' });
await importCatalog(database, file);
console.log(database.name);
await database.close();
