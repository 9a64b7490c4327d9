/**
 * Server-rendered pages (DESIGN.md budget: product and category pages uncached >= 450 req/s on 2 cores,
 * p95 <= 30 ms). Starts the shop on a free port with a bench data folder and loads it with autocannon.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { percentile } from './stats.ts';
import { benchPagePaths, startShopProcess } from './shop-process.ts';

/** autocannon's connections (the performance goals are measured at 10; BENCH_CONNECTIONS to change) */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/**
 * What the loads ask for, as Chromium does: a page compressed. Without it the bench measured answers
 * no browser gets (the cached ones uncompressed at ~2,800-3,800 req/s, while a browser's, compressed
 * again for each hit, came at ~200 req/s). BENCH_ACCEPT_ENCODING to change ('' for none).
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

/** autocannon's run plus every response time (its summary has no p95) */
async function load(url: string, seconds = 8) {
  const times: number[] = [];
  const headers = ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return { result, p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function runSsrBench() {
  // BENCH_PAGE_CACHE: the page cache settings to measure (PAGE_CACHE, apps/server/src/page-cache.ts)
  for (const mode of (process.env.BENCH_PAGE_CACHE ?? 'off,memory').split(','))
    await runSsrBenchWith(mode.trim());
}

async function runSsrBenchWith(pageCache: string) {
  const server = await startShopProcess({ PAGE_CACHE: pageCache });
  const base = `http://127.0.0.1:${server.port}`;
  const { product, category } = await benchPagePaths(server.port);
  const pages: [string, string][] = [
    ['home /', '/'],
    ['product', product],
    ['category', category],
    ['home /en', '/en'],
  ];
  console.log(
    `\nSSR, page cache ${pageCache}, autocannon ${CONNECTIONS} connections, 8 s each, Accept-Encoding: ${ACCEPT_ENCODING || '(none)'}, shop in its own process (NODE_ENV=production), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, render threads ${process.env.RENDER_THREADS || 'as the shop plans them (one per core)'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const [label, p] of pages) {
    await load(base + p, 2); // warm
    const cpuBefore = server.cpuMs();
    const { result: r, p50, p95 } = await load(base + p);
    const cpuAfter = server.cpuMs();
    // the shop's own CPU per answer, and what that is in answers per second of one core
    const cpu =
      cpuBefore === null || cpuAfter === null || r.requests.total === 0
        ? ''
        : `  shop CPU ${(((cpuAfter - cpuBefore) * 1000) / r.requests.total).toFixed(0)} µs/answer (${Math.round((r.requests.total * 1000) / Math.max(cpuAfter - cpuBefore, 1))} per core-second)`;
    console.log(
      `${label.padEnd(12)} ${p.slice(0, 60).padEnd(62)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50=${p50.toFixed(1)} ms p95=${p95.toFixed(1)} ms p99=${r.latency.p99} ms  non-2xx=${r.non2xx}${cpu}`,
    );
  }
  const memory = server.memory();
  if (memory)
    console.log(
      `shop RSS after these loads: ${memory.rssMb} MB (peak ${memory.peakMb} MB), all its processes`,
    );
  await server.close();
}
