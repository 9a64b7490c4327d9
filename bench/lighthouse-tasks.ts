/**
 * What each long task of a Lighthouse run is: runs Lighthouse (mobile, default simulated throttling) on
 * the built shop's pages, as the lighthouse bench does, and breaks down each of the trace's top-level
 * main-thread tasks that the simulation makes long (× 4, Lighthouse's own factor, ≥ 50 ms) by the trace
 * events' self time (ParseHTML, EvaluateScript, v8.compileModule, FunctionCall,
 * UpdateLayoutTree, Layout, Paint…), with the script (file:line:column) of its script events.
 *
 *   BENCH_ONLY=lighthouse-tasks LIGHTHOUSE_RUNS=1 npm run bench   (after `npm run build`)
 *
 * LIGHTHOUSE_TASKS_MIN_MS: the least simulated duration printed (default 50). LIGHTHOUSE_TRACE_DIR:
 * also writes each run's trace there (Chrome's trace format, openable in DevTools' Performance panel).
 * Tasks are chosen and broken down by thread (CPU) time, which the machine's load stretches far less than
 * the wall time Lighthouse's simulation scales (a shared machine at load 17 showed 50 ms wall for 1 ms of
 * thread); both are printed. Compare builds back to back at the same load.
 *
 * Per run, after the first paint: the tasks the simulation keeps (≥ 10 ms of wall) and how much of
 * their wall was thread time; goal 1's TBT summed over thread time × 4 (`TBT of thread time`: what the
 * page's own work blocks on a CPU 4× slower that runs nothing else); and the frames Lighthouse
 * captured for its filmstrip (each a copy of the frame made while the page loads).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { benchPagePaths, startBenchShop } from './shop-process.ts';
import { blockingTimeMs } from './stats.ts';

const SLOWDOWN = 4;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** thread (CPU) time, µs: what the machine's load does not stretch */
  tdur?: number;
  args?: { data?: Record<string, unknown>; beginData?: Record<string, unknown> };
}
interface TaskNode {
  event: TraceEvent;
  children: TaskNode[];
  parent?: TaskNode;
  startTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: { id: string };
}

const short = (url: unknown) =>
  typeof url === 'string' && url ? path.basename(url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!) : '';

/** the script an event ran, when it names one */
function scriptOf(e: TraceEvent): string {
  const d = e.args?.data ?? {};
  const url = short(d.url ?? (d.stackTrace as { url?: string }[] | undefined)?.[0]?.url);
  if (!url) return '';
  const line = d.lineNumber;
  const column = d.columnNumber;
  const fn = typeof d.functionName === 'string' && d.functionName ? ` ${d.functionName}` : '';
  return line !== undefined ? `${url}:${line}:${column ?? ''}${fn}` : url;
}

/** the events whose script is named in the breakdown */
const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'TimerFire',
  'EventDispatch',
  'RunMicrotasks',
  'FireAnimationFrame',
  'FireIdleCallback',
  'XHRReadyStateChange',
  'ParseHTML',
]);

/** a task's own thread time (ms), less its children's: the machine's load stretches wall time, not this */
const selfThreadMs = (t: TaskNode) =>
  ((t.event.tdur ?? 0) - t.children.reduce((sum, c) => sum + (c.event.tdur ?? 0), 0)) / 1000;

/** self time (ms) by event name, and by event name + script for the script events, over a task's tree */
function breakdown(task: TaskNode): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (t: TaskNode, script: string) => {
    const own = scriptOf(t.event) || script;
    const key = SCRIPT_EVENTS.has(t.event.name) ? `${t.event.name}${own ? ` (${own})` : ''}` : t.event.name;
    out.set(key, (out.get(key) ?? 0) + selfThreadMs(t));
    for (const c of t.children) walk(c, own);
  };
  walk(task, '');
  return out;
}

export async function runLighthouseTasksBench() {
  const minMs = Number(process.env.LIGHTHOUSE_TASKS_MIN_MS ?? 50);
  const traceDir = process.env.LIGHTHOUSE_TRACE_DIR;
  const server = await startBenchShop();
  const base = `http://127.0.0.1:${server.port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const { product, category } = await benchPagePaths(server.port);
    const pages: [string, string][] = [
      ['home', '/'],
      ['category', category],
      ['product', product],
      ['search', '/en/search?q=lenovo'],
    ];
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const [, p] of pages) await (await fetch(base + p)).arrayBuffer();
    // a first run not counted: a fresh browser's first page pays its start-up (lighthouse.ts)
    await lighthouse(base + '/', {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
    console.log(
      `\nLighthouse long tasks (observed × ${SLOWDOWN} ≥ ${minMs} ms), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (let run = 1; run <= runs; run++)
      for (const [label, p] of pages) {
        if (only && !only.includes(label)) continue;
        const result = await lighthouse(base + p, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          clearStorageTypes: [
            'file_systems',
            'shader_cache',
            'service_workers',
            'cache_storage',
            'local_storage',
          ],
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${p}`);
        const trace = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace;
        if (traceDir) {
          mkdirSync(traceDir, { recursive: true });
          writeFileSync(path.join(traceDir, `${label}-${run}.json`), JSON.stringify(trace));
        }
        const { lhr } = result;
        printTasks(
          `${label} ${p.slice(0, 60)} perf=${Math.round((lhr.categories.performance?.score ?? 0) * 100)} TBT=${lhr.audits['total-blocking-time']?.displayValue} LCP=${lhr.audits['largest-contentful-paint']?.displayValue} main-thread=${lhr.audits['mainthread-work-breakdown']?.displayValue} bench=${Math.round(lhr.environment.benchmarkIndex)}`,
          trace,
          minMs,
        );
        printAudits(lhr as unknown as Lhr);
      }
  } finally {
    chrome.kill();
    await server.close();
  }
}

/** the trace's top-level main-thread tasks: totals, thread time by Lighthouse's groups, the long ones broken down */
function printTasks(title: string, trace: { traceEvents: TraceEvent[] }, minMs: number) {
  const processed = TraceProcessor.processTrace(trace as never) as unknown as {
    mainThreadEvents: TraceEvent[];
    frames: { id: string; url: string }[];
    timestamps: { traceEnd: number; timeOrigin: number };
  };
  const tasks = (
    MainThreadTasks.getMainThreadTasks(
      processed.mainThreadEvents as never,
      processed.frames,
      processed.timestamps.traceEnd,
      processed.timestamps.timeOrigin,
    ) as unknown as TaskNode[]
  ).filter((t) => !t.parent);
  const total = tasks.reduce((s, t) => s + t.duration, 0);
  const cpu = tasks.reduce((s, t) => s + (t.event.tdur ?? 0) / 1000, 0);
  const long = tasks.filter((t) => ((t.event.tdur ?? 0) / 1000) * SLOWDOWN >= minMs);
  console.log(
    `\n${title}; main-thread tasks ${total.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms thread (×4 ${(cpu * SLOWDOWN).toFixed(0)}), ${long.length} long (thread × 4 ≥ ${minMs})`,
  );
  // Lighthouse's simulation keeps a task after the first paint only with ≥ 10 ms of observed wall
  // (record 0138): those it keeps, and those of ≥ 10 ms of thread, which a quiet machine would keep
  const fcp = trace.traceEvents.find((e) => e.name === 'firstContentfulPaint');
  if (fcp) {
    const after = tasks.filter((t) => t.startTime >= (fcp.ts - processed.timestamps.timeOrigin) / 1000);
    const kept = after.filter((t) => t.duration >= 10);
    const thread = after.filter((t) => (t.event.tdur ?? 0) / 1000 >= 10);
    // TBT's sum over the tasks' thread time: what the page's own work blocks on a CPU 4× slower that
    // runs nothing else; Lighthouse's TBT scales their wall time, which on a 2-core machine holds the
    // waits for a core taken by the browser's other threads, among them its own screenshots of each frame
    const threadTbt = blockingTimeMs(
      after.map((t) => (t.event.tdur ?? 0) / 1000),
      SLOWDOWN,
    );
    const frames = trace.traceEvents.filter((e) => e.name === 'Screenshot' && e.ts >= fcp.ts).length;
    console.log(
      `  after the first paint: ${kept.length} tasks of ≥ 10 ms wall (${kept.reduce((s, t) => s + t.duration, 0).toFixed(0)} ms, ${kept.reduce((s, t) => s + (t.event.tdur ?? 0) / 1000, 0).toFixed(0)} ms of it thread), ${thread.length} of ≥ 10 ms thread; TBT of thread time ×${SLOWDOWN} ${threadTbt.toFixed(0)} ms; ${frames} frames captured`,
    );
  }
  const byGroup = new Map<string, number>();
  const walk = (n: TaskNode) => {
    byGroup.set(n.group.id, (byGroup.get(n.group.id) ?? 0) + selfThreadMs(n));
    n.children.forEach(walk);
  };
  tasks.forEach(walk);
  console.log(
    `  by group (thread ms): ${[...byGroup]
      .sort((a, b) => b[1] - a[1])
      .map(([g, v]) => `${g} ${v.toFixed(1)}`)
      .join(', ')}`,
  );
  for (const t of long) {
    const parts = [...breakdown(t)].filter(([, v]) => v >= 0.5).sort((a, b) => b[1] - a[1]);
    console.log(
      `  @${t.startTime.toFixed(0)} thread ${((t.event.tdur ?? 0) / 1000).toFixed(1)} ms (×4 ${(((t.event.tdur ?? 0) / 1000) * SLOWDOWN).toFixed(0)}), wall ${t.duration.toFixed(1)} ${t.attributableURLs.map(short).filter(Boolean).join(' ') || 'unattributable'}`,
    );
    for (const [k, v] of parts.slice(0, 8)) console.log(`      ${v.toFixed(1).padStart(6)}  ${k}`);
  }
}

interface Lhr {
  audits: Record<
    string,
    {
      numericValue?: number;
      displayValue?: string;
      score?: number | null;
      details?: { type: string; items?: Record<string, unknown>[] };
    }
  >;
}

/**
 * What Lighthouse itself says of the run beside the tasks: its main-thread breakdown (simulated: the
 * observed wall time × its CPU factor), the largest paint's element and phases, and the counts that do
 * not follow the machine's load (the document's elements, its bytes, unused CSS, the image's priority).
 */
function printAudits(lhr: Lhr) {
  const a = lhr.audits;
  const items = (id: string) => a[id]?.details?.items ?? [];
  const breakdown = items('mainthread-work-breakdown')
    .map((i) => `${String(i.group)} ${Number(i.duration).toFixed(0)}`)
    .join(', ');
  console.log(`  Lighthouse's main-thread work by category (ms): ${breakdown}`);
  const [element, phases] = items('largest-contentful-paint-element') as {
    items?: Record<string, unknown>[];
  }[];
  const node = element?.items?.[0]?.node as { snippet?: string; selector?: string } | undefined;
  console.log(
    `  LCP element: ${node?.selector ?? '?'} ${(node?.snippet ?? '').slice(0, 160)}; phases: ${(
      phases?.items ?? []
    )
      .map((p) => `${String(p.phase)} ${Number(p.timing).toFixed(0)}`)
      .join(', ')}`,
  );
  const count = (id: string) => a[id]?.displayValue ?? (a[id]?.numericValue ?? '').toString();
  console.log(
    `  DOM ${count('dom-size')}; bytes ${count('total-byte-weight')}; unused CSS ${count('unused-css-rules') || '0'}; render-blocking ${count('render-blocking-resources') || 'none'}; LCP image preload ${a['prioritize-lcp-image']?.score === 1 ? 'not needed' : (a['prioritize-lcp-image']?.displayValue ?? 'n/a')}; LCP lazy-loaded ${a['lcp-lazy-loaded']?.score === 0 ? 'yes' : 'no'}`,
  );
}

// `node --import tsx bench/lighthouse-tasks.ts <trace.json>…`: the same breakdown of traces kept by LIGHTHOUSE_TRACE_DIR
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const minMs = Number(process.env.LIGHTHOUSE_TASKS_MIN_MS ?? 50);
  for (const file of process.argv.slice(2))
    printTasks(
      path.basename(file),
      JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] },
      minMs,
    );
}
