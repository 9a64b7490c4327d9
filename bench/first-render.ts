/**
 * What the first render of a page costs, in counts the machine's load does not stretch: loads each URL
 * in Chromium (a phone's viewport, 412 × 823 at 1.75, as Lighthouse's mobile run; CPU not throttled)
 * with the page's scripts blocked, so the render measured is the server's HTML and its inlined sheet,
 * and reads the trace: the document's elements, the first style recalc's elements (`UpdateLayoutTree`
 * elementCount) and the first layout's objects (`Layout` totalObjects), the selector match attempts of
 * the style recalcs before the first paint (`SelectorStats`, trace category
 * `disabled-by-default-blink.debug`, with the costliest selectors), and the thread time of the task
 * that holds the first style recalc (style, layout, pre-paint and paint).
 *
 *   node --import tsx bench/first-render.ts http://127.0.0.1:4300/ http://127.0.0.1:4301/   (alternated)
 *
 * FIRST_RENDER_RUNS (default 5): runs per URL, the URLs alternated. FIRST_RENDER_SELECTORS (default 0):
 * how many of the costliest selectors (by match attempts) to print. FIRST_RENDER_SELECTOR_STATS=0 leaves
 * the selector statistics out (they slow the recalc they measure: the thread times are then the
 * page's own). A tool for a person comparing builds; never a timed test.
 */
import { loadavg } from 'node:os';
import { launchBenchChromium, type TraceEvent } from './browser.ts';

interface Event extends Omit<TraceEvent, 'args'> {
  args?: {
    elementCount?: number;
    beginData?: { dirtyObjects?: number; totalObjects?: number; frame?: string; url?: string };
    selector_stats?: {
      selector_timings: {
        selector: string;
        'elapsed (us)': number;
        match_attempts: number;
        fast_reject_count: number;
        match_count: number;
      }[];
    };
    data?: Record<string, unknown>;
  };
}

const CATEGORIES = [
  'devtools.timeline',
  'blink.debug',
  'disabled-by-default-devtools.timeline',
  'blink',
  'loading',
  'toplevel',
];

export interface FirstRender {
  elements: number;
  svgElements: number;
  htmlBytes: number;
  inlineCssBytes: number;
  styledElements: number;
  /** the most layout objects a layout of the load counted (`Layout` totalObjects) */
  layoutObjects: number;
  /** SVG images made (`IsolatedSVGDocumentHost` loads: a document of its own each) */
  svgImages: number;
  matchAttempts: number;
  fastRejects: number;
  matches: number;
  /** thread time, ms, of the load's main-thread tasks, and of its biggest (with its style, layout and paint) */
  tasksMs: number;
  biggestTaskMs: number;
  biggestStyleLayoutPaintMs: number;
  styleMs: number;
  layoutMs: number;
  paintMs: number;
  top: { selector: string; attempts: number; elapsedUs: number }[];
}

export async function firstRender(
  browser: Awaited<ReturnType<typeof launchBenchChromium>>,
  url: string,
  selectorStats: boolean,
): Promise<FirstRender> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.route(/\.(m?js)(\?|$)/, (r) => r.abort());
  let htmlBytes = 0;
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'document') htmlBytes = (await res.body()).length;
  });
  const categories = selectorStats ? [...CATEGORIES, 'disabled-by-default-blink.debug'] : CATEGORIES;
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  const buffer = await browser.stopTracing();
  const counts = await page.evaluate(() => ({
    elements: document.getElementsByTagName('*').length,
    svgElements: document.querySelectorAll('svg, svg *').length,
    inlineCssBytes: [...document.querySelectorAll('style')].reduce(
      (s, e) => s + (e.textContent ?? '').length,
      0,
    ),
  }));
  await context.close();
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: Event[] }).traceEvents;
  // the page's renderer: the one whose main thread ran the document's parse
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  const pid = parse?.pid ?? events.find((e) => e.name === 'UpdateLayoutTree')?.pid;
  const mine = events.filter((e) => e.pid === pid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  // the page's main thread from the document's parse on; the rendering of the whole load (its parse
  // is cut in chunks by the machine's speed, so "the first recalc" is not the same unit run to run)
  const main = mine.filter((e) => e.tid === parse?.tid && parse && e.ts >= parse.ts - 1000);
  const tasks = main.filter((e) => e.name === 'RunTask');
  const biggest = tasks.reduce<Event | undefined>(
    (a, b) => ((b.tdur ?? 0) > (a?.tdur ?? 0) ? b : a),
    undefined,
  );
  const threadMs = (names: string[], within?: Event) =>
    main
      .filter(
        (e) =>
          names.includes(e.name) && (!within || (e.ts >= within.ts && e.ts < within.ts + (within.dur ?? 0))),
      )
      .reduce((s, e) => s + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  // the selector statistics of the load's recalcs
  const stats = new Map<string, { attempts: number; elapsedUs: number; rejects: number; matches: number }>();
  for (const e of events) {
    if (e.name !== 'SelectorStats' || e.pid !== pid) continue;
    for (const t of e.args?.selector_stats?.selector_timings ?? []) {
      const s = stats.get(t.selector) ?? { attempts: 0, elapsedUs: 0, rejects: 0, matches: 0 };
      s.attempts += t.match_attempts;
      s.elapsedUs += t['elapsed (us)'];
      s.rejects += t.fast_reject_count;
      s.matches += t.match_count;
      stats.set(t.selector, s);
    }
  }
  const all = [...stats.values()];
  return {
    ...counts,
    htmlBytes,
    styledElements: main
      .filter((e) => e.name === 'UpdateLayoutTree')
      .reduce((s, e) => s + (e.args?.elementCount ?? 0), 0),
    layoutObjects: Math.max(
      0,
      ...mine.filter((e) => e.name === 'Layout').map((e) => e.args?.beginData?.totalObjects ?? 0),
    ),
    svgImages: mine.filter((e) => e.name === 'IsolatedSVGDocumentHost::IsolatedSVGDocumentHost::load').length,
    matchAttempts: all.reduce((s, x) => s + x.attempts, 0),
    fastRejects: all.reduce((s, x) => s + x.rejects, 0),
    matches: all.reduce((s, x) => s + x.matches, 0),
    tasksMs: tasks.reduce((s, e) => s + (e.tdur ?? 0), 0) / 1000,
    biggestTaskMs: (biggest?.tdur ?? 0) / 1000,
    biggestStyleLayoutPaintMs: biggest
      ? threadMs(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint'], biggest)
      : 0,
    styleMs: threadMs(['UpdateLayoutTree']),
    layoutMs: threadMs(['Layout']),
    paintMs: threadMs(['PrePaint', 'Paint', 'Layerize']),
    top: [...stats.entries()]
      .map(([selector, s]) => ({ selector, attempts: s.attempts, elapsedUs: s.elapsedUs }))
      .sort((a, b) => b.elapsedUs - a.elapsedUs),
  };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const urls = process.argv.slice(2);
  const runs = Number(process.env.FIRST_RENDER_RUNS ?? 5);
  const topN = Number(process.env.FIRST_RENDER_SELECTORS ?? 0);
  const selectorStats = process.env.FIRST_RENDER_SELECTOR_STATS !== '0';
  const browser = await launchBenchChromium();
  const byUrl = new Map<string, FirstRender[]>();
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (let i = 0; i < runs; i++)
    for (const url of urls) {
      const r = await firstRender(browser, url, selectorStats);
      byUrl.set(url, [...(byUrl.get(url) ?? []), r]);
      const { top, ...row } = r;
      console.log(
        `${url} ${Object.entries(row)
          .map(([k, v]) => `${k}=${Number.isInteger(v) ? v : (v as number).toFixed(1)}`)
          .join(' ')}`,
      );
      if (i === 0 && topN)
        for (const t of top.slice(0, topN))
          console.log(
            `    ${String(t.elapsedUs).padStart(6)} µs ${String(t.attempts).padStart(6)} tries  ${t.selector}`,
          );
    }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const keys = [
    'tasksMs',
    'biggestTaskMs',
    'biggestStyleLayoutPaintMs',
    'styleMs',
    'layoutMs',
    'paintMs',
  ] as const;
  for (const [url, rs] of byUrl)
    console.log(
      `median ${url} ${keys.map((k) => `${k}=${median(rs.map((r) => r[k])).toFixed(1)}`).join(' ')}`,
    );
  console.log(
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await browser.close();
}
