/**
 * Lighthouse (mobile, default simulated throttling) on the home, a category, a product and a search page of
 * the built storefront (`npm run build -w @vitrina/web` first). Starts the shop on a free port with the
 * bench data folder (BENCH_DATA_DIR, default var/bench/ssr), like the SSR bench, and drives Debian's Chromium (`CHROME_PATH`, default
 * /usr/bin/chromium) through chrome-launcher. Prints the four category scores, LCP/TBT/CLS and the ids of
 * the failing audits per page.
 */
import { mkdirSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * The shop in a child process, as it runs in production (`NODE_ENV=production`, like scripts/start.mjs).
 * Not in this process: Lighthouse's own work here (trace processing, between and during runs) would
 * delay the shop's answers, and Lighthouse's simulation takes the observed response times as the
 * server's latency, which inflated FCP and LCP of every page by seconds.
 */
async function startShopProcess() {
  const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? 'var/bench/ssr');
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('apps/server/src/cli.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(child, 'exit');
  const close = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, child);
  } catch (e) {
    await close();
    throw e;
  }
  return { port, close };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** The shop answers /healthz only once its database is open and seeded (first start: minutes). */
async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the shop did not answer ${url} within ${timeoutMs / 1000} s`);
}

type Hits = { hits: { hits: { _source: { url_path: string } }[] } };

export async function runLighthouseBench() {
  const server = await startShopProcess();
  const base = `http://127.0.0.1:${server.port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const search = await fetch(
      `${base}/vsbridge/catalog/vue_storefront_catalog/product/_search?size=1&sort=sales_count:desc`,
    );
    const hit = ((await search.json()) as Hits).hits.hits[0];
    const cats = await fetch(
      `${base}/vsbridge/catalog/vue_storefront_catalog/category/_search?size=50&request=${encodeURIComponent(JSON.stringify({ filters: { level: 2 } }))}`,
    );
    const cat = ((await cats.json()) as Hits).hits.hits[0];
    const pages: [string, string][] = [
      ['home', '/'],
      ['category', `/${cat?._source.url_path ?? ''}`],
      ['product', `/${hit?._source.url_path ?? ''}`],
      ['search', '/en/search?q=lenovo'],
    ];
    console.log(
      `\nLighthouse, mobile, default (simulated) throttling, shop in its own process (NODE_ENV=production), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const [label, p] of pages) {
      const result = await lighthouse(base + p, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`lighthouse returned nothing for ${p}`);
      const { lhr } = result;
      const score = (id: string) => {
        const s = lhr.categories[id]?.score;
        return s == null ? '  -' : String(Math.round(s * 100)).padStart(3);
      };
      const audit = (id: string) => lhr.audits[id]?.displayValue ?? '-';
      // TTFB: the server response time observed under load; the simulation adds it to FCP and LCP
      console.log(
        `${label.padEnd(9)} ${p.slice(0, 50).padEnd(52)} perf=${score('performance')} a11y=${score('accessibility')} bp=${score('best-practices')} seo=${score('seo')}  FCP=${audit('first-contentful-paint')} LCP=${audit('largest-contentful-paint')} TBT=${audit('total-blocking-time')} CLS=${audit('cumulative-layout-shift')} TTFB=${Math.round(lhr.audits['server-response-time']?.numericValue ?? NaN)} ms`,
      );
      if (lhr.runtimeError)
        console.log(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const failing = new Set<string>();
      for (const id of CATEGORIES) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (!a || a.score === null || a.scoreDisplayMode === 'notApplicable') continue;
          if (a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'manual') continue;
          if (a.score < 0.9) failing.add(`${ref.id}${a.score > 0 ? `(${Math.round(a.score * 100)})` : ''}`);
        }
      }
      console.log(`  failing: ${[...failing].join(' ') || 'none'}`);
    }
  } finally {
    chrome.kill();
    await server.close();
  }
}
