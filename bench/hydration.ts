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
 * - the page's main-thread task and script time (CDP Performance.getMetrics TaskDuration, ScriptDuration);
 * - from a trace, the CPU (thread) time of the hydration's task and of the longest task: the figures the
 *   machine's load does not distort.
 * Durations are wall time on a throttled CPU: the load average is printed, compare runs on the same machine.
 */
import { loadavg } from 'node:os';
import { launchBenchChromium, type TraceEvent } from './browser.ts';
import { benchPagePaths, startShopProcess } from './shop-process.ts';

interface Sample {
  hydrate: number | null;
  /** CPU time (thread time, unthrottled) of the task that held the hydration call, and of the longest task */
  hydrateCpu: number | null;
  longestCpu: number;
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

const TRACE_CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/**
 * From a trace of the page's load: the thread time of the renderer main thread's tasks (CPU time, which
 * neither the 4× slowdown, done by pausing the thread, nor the machine's load stretches; ×4 is what a
 * phone 4× slower spends), the longest and the one that holds the `vitrina:hydrate-start` mark.
 */
function taskCpu(trace: Buffer): { hydrate: number | null; longest: number } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined && mains.has(`${e.pid}:${e.tid}`),
  );
  const mark = events.find((e) => e.name === 'vitrina:hydrate-start');
  const holder = mark
    ? tasks.find((t) => t.pid === mark.pid && t.ts <= mark.ts && mark.ts <= t.ts + (t.dur ?? 0))
    : undefined;
  return {
    hydrate: holder ? holder.tdur! / 1000 : null,
    longest: Math.max(0, ...tasks.map((t) => t.tdur! / 1000)),
  };
}

export async function runHydrationBench() {
  const runs = Number(process.env.BENCH_HYDRATION_RUNS ?? 3);
  const server = await startShopProcess();
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await launchBenchChromium();
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
      'page       hydrate ms (max/median)   its CPU ms   longest task ms   its CPU ms   long tasks   blocking ms   task ms   script ms',
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
        await browser.startTracing(page, { categories: TRACE_CATEGORIES });
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
        const cpu = taskCpu(await browser.stopTracing());
        samples.push({
          hydrate: seen.hydrate,
          hydrateCpu: cpu.hydrate,
          longestCpu: cpu.longest,
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
        `${label.padEnd(10)} ${pair((s) => s.hydrate).padStart(12)}              ${pair((s) => s.hydrateCpu).padStart(9)}    ${pair((s) => s.longest).padStart(9)}         ${pair((s) => s.longestCpu).padStart(9)}    ${pair((s) => s.longTasks).padStart(5)}      ${pair((s) => s.blocking).padStart(9)}   ${pair((s) => s.taskMs).padStart(9)}  ${pair((s) => s.scriptMs).padStart(9)}`,
      );
    }
    console.log(
      '(max/median of the runs; hydrate: Preact builds only; CPU: thread time of the task, unthrottled, ×4 for the phone)',
    );
  } finally {
    await browser.close();
    await server.close();
  }
}
