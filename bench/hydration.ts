/**
 * Hydration's main-thread cost on a slow phone (`BENCH_ONLY=hydration`): starts the built shop (as the js
 * bench: `npm run build` first; WEB_BUILD_DIR picks another build, e.g. the A/B's Preact one,
 * docs/decisions/0008-react-stays-preact-was-tried-twice-and-is-not-adopted.md), loads home, a category and
 * a product page in Chromium under a 4× CPU slowdown (Lighthouse mobile's) with an empty cache, waits for the
 * hydrated marker (lib/hydrated-marker.ts) and the network to go idle, and reports per page (worst and median of
 * BENCH_HYDRATION_RUNS, default 3):
 * - `hydrate`: the `vitrina:hydrate` measure, the one task of a renderer that hydrates in one go (Preact,
 *   hydrate-document.preact.tsx); React hydrates in slices after the call, so it has none;
 * - the long tasks (> 50 ms, PerformanceObserver) from the navigation to then: the longest, their count and
 *   their time past 50 ms (what Total Blocking Time sums);
 * - the page's main-thread task and script time (CDP Performance.getMetrics TaskDuration, ScriptDuration).
 * Durations are wall time on a throttled CPU: the load average is printed, compare runs on the same machine.
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { benchPagePaths, startShopProcess } from './shop-process.ts';

interface Sample {
  hydrate: number | null;
  longest: number;
  longTasks: number;
  blocking: number;
  taskMs: number;
  scriptMs: number;
}

const LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

export async function runHydrationBench() {
  const runs = Number(process.env.BENCH_HYDRATION_RUNS ?? 3);
  const server = await startShopProcess();
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const { product, category } = await benchPagePaths(server.port);
    const pages: [string, string][] = [
      ['home', '/'],
      ['category', category],
      ['product', product],
    ];
    console.log(
      `\nHydration at 4× CPU slowdown (${runs} runs a page, ${process.env.WEB_BUILD_DIR ?? 'apps/web/build'}), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      'page       hydrate ms (max/median)   longest task ms   long tasks   blocking ms   task ms   script ms',
    );
    for (const [label, p] of pages) {
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.newContext({
          serviceWorkers: 'block',
          viewport: { width: 390, height: 844 },
          locale: 'lt-LT',
        });
        const page = await context.newPage();
        await page.addInitScript(LONG_TASKS);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        const answer = await page.goto(base + p, { waitUntil: 'load' });
        if (!answer?.ok()) throw new Error(`${p} answered ${answer?.status()}`);
        await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, null, {
          timeout: 60_000,
        });
        await page.waitForLoadState('networkidle');
        const seen = await page.evaluate(() => ({
          hydrate: performance.getEntriesByName('vitrina:hydrate')[0]?.duration ?? null,
          longTasks: (window as unknown as { __longTasks: number[] }).__longTasks,
        }));
        const { metrics } = (await cdp.send('Performance.getMetrics')) as {
          metrics: { name: string; value: number }[];
        };
        const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
        samples.push({
          hydrate: seen.hydrate,
          longest: Math.max(0, ...seen.longTasks),
          longTasks: seen.longTasks.length,
          blocking: seen.longTasks.reduce((s, d) => s + Math.max(0, d - 50), 0),
          taskMs: metric('TaskDuration'),
          scriptMs: metric('ScriptDuration'),
        });
        await context.close();
      }
      const pair = (pick: (s: Sample) => number | null) => {
        const values = samples.map(pick).filter((v): v is number => v !== null);
        if (values.length === 0) return '—';
        const sorted = [...values].sort((a, b) => a - b);
        return `${Math.round(sorted.at(-1)!)}/${Math.round(sorted[Math.floor(sorted.length / 2)]!)}`;
      };
      console.log(
        `${label.padEnd(10)} ${pair((s) => s.hydrate).padStart(12)}              ${pair((s) => s.longest).padStart(9)}         ${pair((s) => s.longTasks).padStart(5)}      ${pair((s) => s.blocking).padStart(9)}   ${pair((s) => s.taskMs).padStart(9)}  ${pair((s) => s.scriptMs).padStart(9)}`,
      );
    }
    console.log('(max/median of the runs; hydrate: Preact builds only)');
  } finally {
    await browser.close();
    await server.close();
  }
}
