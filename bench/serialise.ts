/**
 * The answers' serialisation: `JSON.stringify` against the serialiser compiled from the route's
 * contract (apps/api/src/http/answers.ts), on real answers of the demo catalogue: a listing's 24
 * product documents (the render list), one product page's document, the store information and the
 * home page. Serialisation alone, in this process, so that the rest of a request does not drown it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog, migrate, openDatabase } from '@vitrina/db';
import { generateDemoCatalog } from '@vitrina/demo';
import { homePageContract, productDocumentContract, storeInfoContract } from '@vitrina/domain';
import { z } from 'zod';
import { answers, compileAnswer } from '../apps/api/src/http/answers.ts';

function rate(label: string, fn: () => string, rounds: number) {
  for (let i = 0; i < Math.min(rounds, 2000); i++) fn(); // warm up: compiled, optimised
  const t = performance.now();
  let bytes = 0;
  for (let i = 0; i < rounds; i++) bytes += fn().length;
  const us = ((performance.now() - t) * 1000) / rounds;
  console.log(
    `  ${label.padEnd(28)} ${us.toFixed(1).padStart(8)} µs per answer (${(bytes / rounds / 1024).toFixed(1)} kB)`,
  );
  return us;
}

export async function runSerialiseBench() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-bench-serialise-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
    await importCatalog(database, generateDemoCatalog());
    const app = await buildApi({
      database,
      config: loadApiConfig({ ...process.env, MEDIA_DIR: dataDir }),
      logger: false,
    });
    await app.ready();
    const get = async (url: string) => JSON.parse((await app.inject(url)).body) as { result: unknown };
    const search = JSON.parse(
      (
        await app.inject(
          `/vsbridge/catalog/vue_storefront_catalog_en/product/_search?size=24&request=${encodeURIComponent('{}')}`,
        )
      ).body,
    ) as { hits: { hits: { _source: { sku: string } }[] } };
    const skus = search.hits.hits.map((h) => h._source.sku);
    const listing = await get(`/vsbridge/products/render-list?storeCode=en&skus=${skus.join(',')}`);
    const product = await get(`/vsbridge/products/render-list?storeCode=en&skus=${skus[0]}`);
    const cases: [string, z.ZodType, unknown, number][] = [
      [
        `listing (${skus.length} products)`,
        answers(z.strictObject({ items: z.array(productDocumentContract) }))[200],
        listing,
        2000,
      ],
      [
        'product page (1 product)',
        answers(z.strictObject({ items: z.array(productDocumentContract) }))[200],
        product,
        20000,
      ],
      ['store info', answers(storeInfoContract)[200], await get('/vsbridge/store-info?storeCode=en'), 100000],
      ['home page', answers(homePageContract)[200], await get('/vsbridge/home-page?storeCode=en'), 50000],
    ];
    console.log(
      `serialisation (load average ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}):`,
    );
    for (const [label, contract, answer, rounds] of cases) {
      const compiled = compileAnswer(contract);
      // interleaved twice, the better of each kept: other processes share these cores
      const plain = [0, 1].map(() => rate(`${label}: JSON.stringify`, () => JSON.stringify(answer), rounds));
      const fast = [0, 1].map(() => rate(`${label}: compiled`, () => compiled(answer), rounds));
      console.log(
        `  ${label}: compiled takes ${((Math.min(...fast) / Math.min(...plain)) * 100).toFixed(0)}% of JSON.stringify's time`,
      );
    }
    await app.close();
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
