/**
 * Server-rendered pages (DESIGN.md budget: product and category pages uncached >= 450 req/s on 2 cores,
 * p95 <= 30 ms). Starts the shop on a free port with a bench data folder and loads it with autocannon.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

async function load(url: string, seconds = 8) {
  const result = await autocannon({ url, connections: 8, duration: seconds });
  return result;
}

export async function runSsrBench() {
  // the shop runs with NODE_ENV=production (scripts/start.mjs): without it React renders with its
  // development build, twice as slow. Set before the server (and so React) is loaded.
  process.env.NODE_ENV ??= 'production';
  const { loadServerConfig, startServer } = await import('@vitrina/server');
  const dataDir = path.resolve('var/bench/ssr');
  mkdirSync(dataDir, { recursive: true });
  const config = {
    ...loadServerConfig({
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    }),
  };
  const server = await startServer(config);
  const base = `http://127.0.0.1:${server.port}`;
  const search = await fetch(
    `${base}/vsbridge/catalog/vue_storefront_catalog/product/_search?size=1&sort=sales_count:desc`,
  );
  const hit = ((await search.json()) as { hits: { hits: { _source: { url_path: string } }[] } }).hits.hits[0];
  const cats = await fetch(
    `${base}/vsbridge/catalog/vue_storefront_catalog/category/_search?size=50&request=${encodeURIComponent(JSON.stringify({ filters: { level: 2 } }))}`,
  );
  const cat = ((await cats.json()) as { hits: { hits: { _source: { url_path: string } }[] } }).hits.hits[0];
  const pages: [string, string][] = [
    ['home /', '/'],
    ['product', `/${hit?._source.url_path ?? ''}`],
    ['category', `/${cat?._source.url_path ?? ''}`],
    ['home /en', '/en'],
  ];
  console.log(
    `\nSSR, uncached, autocannon 8 connections, 8 s each, NODE_ENV=${process.env.NODE_ENV}, ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
  );
  for (const [label, p] of pages) {
    await load(base + p, 2); // warm
    const r = await load(base + p);
    console.log(
      `${label.padEnd(12)} ${p.slice(0, 60).padEnd(62)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50=${r.latency.p50} ms p97.5=${r.latency.p97_5} ms p99=${r.latency.p99} ms  non-2xx=${r.non2xx}`,
    );
  }
  await server.close();
}
