/**
 * Interactions (`BENCH_ONLY=interactions`): the main thread's work of three shopper interactions at 4×
 * CPU slowdown, the goal being ≤ 50 ms each (worst of 5):
 *
 *   filter   on a category page, a filter value ticked (the phone's filter sheet opened before);
 *   grade    on a graded product page, another grade (an enabled, unchosen value of the grade picker) chosen;
 *   add      on a product page, "Add to cart".
 *
 * Starts the built shop (`npm run build` first) in its own process with the bench data folder
 * (BENCH_DATA_DIR, default var/bench/ssr), like the Lighthouse bench, and drives Chromium (`CHROME_PATH`,
 * default /usr/bin/chromium) through playwright-core at a phone's viewport. Each run is a new browser
 * context (empty cache, storage and cart; the service worker blocked, so every run is a first visit):
 * the page loads, React hydrates (`<html data-hydrated>`), the main thread goes idle, a touch scroll
 * brings the grade's or the add's control to the middle of the screen as a shopper's finger would
 * (below the first screen; the network and main thread quiet again after it), then a trace starts
 * (CDP `Tracing.start`, devtools.timeline categories) with `Emulation.setCPUThrottlingRate` 4, the
 * interaction is sent as the browser's own input (CDP `Input.dispatchMouseEvent` at the element's
 * centre, so no script of the bench runs in the page meanwhile) and an observer installed beforehand
 * marks the result once it is visible (the URL and the ticked value, the price and the checked grade,
 * the mini-cart's count) and the page is idle again (two frames, then `requestIdleCallback`).
 *
 * The figure is the sum of the renderer main thread's tasks (`RunTask` on `CrRendererMain`) from the
 * task that dispatched the first input event to that mark: the main thread's cost of the interaction,
 * its network waits left out. Each interaction prints the worst and the median of BENCH_INTERACTION_RUNS
 * runs (default 5), the longest single task, and `after`: the tasks of the 500 ms that follow the mark
 * (an effect's late follow-up, e.g. a fetch the new render started), not counted in the figure.
 * `paint` is the same sum up to the end of the frame that presents the result (the first compositor
 * commit after the mark): what the shopper waits for; the rest of the window is work the click left
 * for after its paint, still counted in the figure.
 *
 * The bench's own code in the page is kept out of the window where it can be: the page is driven
 * through CDP and `page.evaluate` only, never Playwright's locators or actions, whose injected script
 * adds capture listeners on every pointer, mouse and click event of the page (its hit-target
 * interceptor, 0.1–6.4 ms of the window at 4× a run when it was there), and the wait for the settled
 * mark is sent before the trace starts (its answer waits for a task after the mark). The page's own
 * work that follows a first touch, whatever it is (HydrateLater opening the parts below at idle, the
 * related products' request and pictures), comes with the scroll that reached the control, as for a
 * shopper, not inside the tap: scrolled by script (no input event), the tap was the page's first
 * touch and that work ran in its window.
 *
 * Each interaction is followed by its floor (bench/interaction-floor.ts): the same input and the same
 * kind of result on a page with no framework and almost no document, what the browser alone costs on
 * the machine measuring; BENCH_INTERACTIONS names the ones to run (e.g. filter,filter-floor).
 *
 * BENCH_SHOP_CHECKOUT runs another checkout's built shop (`npm run build` there) under this bench, its data
 * in BENCH_DATA_DIR: the A/B pair against a base tree.
 *
 * BENCH_INTERACTION_TRACE_DIR keeps each run's trace (open it in Chromium's Performance panel);
 * BENCH_INTERACTION_PROFILE=1 adds the sampling profiler's samples to it (bench/trace-profile.ts sums them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { type Browser, type CDPSession, type Page } from 'playwright-core';
import { launchBenchChromium, type TraceEvent } from './browser.ts';
import { floorInteractions, startFloorServer } from './interaction-floor.ts';
import { benchPagePaths, startShopProcess } from './shop-process.ts';

// BENCH_INTERACTION_CPU_SLOWDOWN: 1 on a loaded machine gives each task's thread time (tdur) without
// the throttler's share, which other processes' load stretches; the goal is stated at 4
const CPU_SLOWDOWN = Number(process.env.BENCH_INTERACTION_CPU_SLOWDOWN ?? 4);
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'toplevel',
  'blink.user_timing',
  'v8.execute',
  // BENCH_INTERACTION_PROFILE=1: V8's sampling profiler too (ProfileChunk events: which functions ran);
  // it costs the page some time, so figures taken with it are for reading the trace, not for comparing
  ...(process.env.BENCH_INTERACTION_PROFILE === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
];
const START_INPUT = new Set(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);

interface RunFigure {
  /** main-thread task time from the input to the settled result (ms) */
  totalMs: number;
  /** the longest single task in that window (ms) */
  longestMs: number;
  /** tasks in the window */
  tasks: number;
  /** wall time from the input to the settled result (ms) */
  wallMs: number;
  /** task time in the 500 ms after the mark (ms), not counted */
  afterMs: number;
  /** the window's tasks' thread (CPU) time (ms): what the machine's other load does not stretch */
  threadMs: number;
  /** task time from the input to the end of the frame presenting the result (ms) */
  paintMs: number;
}

export interface Interaction {
  name: string;
  /** the page to load */
  path: string;
  /** the server of `path` when not the shop's (the floor's pages: bench/interaction-floor.ts) */
  origin?: string;
  /**
   * before the trace: e.g. the phone's filter sheet opened; resolves to the selector clicked. Through
   * `page.evaluate` and CDP only (see the header: no locator, no Playwright action).
   */
  prepare: (page: Page, cdp: CDPSession) => Promise<string>;
  /**
   * whether the control is reached by a touch scroll (the page's first touch; see boxAfterTouchScroll),
   * else by script (the filter: its sheet's toggle was the first touch)
   */
  touchScroll: boolean;
  /** in the page: true once the interaction's result is visible (given what prepare noted in window.__bench) */
  done: string;
}

export async function runInteractionsBench() {
  // BENCH_SHOP_CHECKOUT: another checkout's built shop (its client build too) under this bench, its
  // data in BENCH_DATA_DIR: an A/B pair measured by the same driver, nothing written in that checkout
  const checkout = process.env.BENCH_SHOP_CHECKOUT;
  const server = await startShopProcess(
    checkout ? { DATA_DIR: path.resolve(process.env.BENCH_DATA_DIR ?? 'var/bench/ssr') } : {},
    checkout,
  );
  const base = `http://127.0.0.1:${server.port}`;
  const floor = await startFloorServer();
  const browser = await launchBenchChromium();
  const runs = Number(process.env.BENCH_INTERACTION_RUNS ?? 5);
  const traceDir = process.env.BENCH_INTERACTION_TRACE_DIR;
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  try {
    const { product, category } = await benchPagePaths(server.port);
    const graded = await gradedProductPath(browser, base, product);
    const only = process.env.BENCH_INTERACTIONS?.split(',');
    // each of the shop's interactions, then its floor: the same on a page with no framework
    const [filterFloor, gradeFloor, addFloor] = floorInteractions(floor.origin);
    const interactions = [
      filterInteraction(category),
      filterFloor,
      gradeInteraction(graded),
      gradeFloor,
      addInteraction(product),
      addFloor,
    ].filter((i): i is Interaction => i !== undefined && (!only || only.includes(i.name)));
    console.log(
      `\nInteractions: main-thread task time (RunTask on CrRendererMain) from the input to the settled result, ${CPU_SLOWDOWN}× CPU slowdown, phone viewport, ${runs} runs each, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    // one page load before the runs: the shop's first render of each page compiles its code
    for (const i of interactions) await (await fetch((i.origin ?? base) + i.path)).arrayBuffer();
    const summary: Record<string, RunFigure[]> = {};
    for (const interaction of interactions) {
      const figures: RunFigure[] = [];
      for (let run = 1; run <= runs; run++) {
        let measured = await measure(browser, base, interaction);
        // a run whose trace began after the press (the renderer's tracing starts a moment after the
        // browser's answer; seen on a loaded machine: no press, no throttling, a 12 ms "add") is run again
        for (let retry = 0; retry < 2 && !pressTraced(measured.trace); retry++) {
          console.log(`  ${interaction.name} run ${run}: the trace has no press, run again`);
          measured = await measure(browser, base, interaction);
        }
        const { figure, trace } = measured;
        figures.push(figure);
        if (traceDir)
          writeFileSync(
            path.join(traceDir, `${interaction.name}-${run}.json`),
            JSON.stringify({ traceEvents: trace }),
          );
      }
      summary[interaction.name] = figures;
      const totals = figures.map((f) => f.totalMs).sort((a, b) => a - b);
      const paints = figures.map((f) => f.paintMs).sort((a, b) => a - b);
      const ms = (n: number) => `${n.toFixed(1)} ms`;
      console.log(
        `${interaction.name.padEnd(6)} ${interaction.path.slice(0, 60).padEnd(62)} worst=${ms(totals[totals.length - 1] ?? NaN)} median=${ms(median(totals))} paint worst=${ms(paints[paints.length - 1] ?? NaN)} median=${ms(median(paints))} longest task=${ms(Math.max(...figures.map((f) => f.longestMs)))}  runs: ${figures
          .map(
            (f) =>
              `${f.totalMs.toFixed(1)} (paint ${f.paintMs.toFixed(1)}, ${f.tasks} tasks, thread ${f.threadMs.toFixed(1)}, ${Math.round(f.wallMs)} ms wall, after ${f.afterMs.toFixed(1)})`,
          )
          .join(', ')}`,
      );
    }
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    mkdirSync('var/bench', { recursive: true });
    const file = `var/bench/interactions-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    writeFileSync(
      file,
      JSON.stringify({ loadAverage: loadavg(), cpuSlowdown: CPU_SLOWDOWN, summary }, null, 2),
    );
    console.log(`summary: ${file}`);
  } finally {
    await browser.close();
    await server.close();
    await floor.close();
  }
}

function median(sorted: number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** Ticks the first value of the first attribute filter (not the price's) in the phone's filter sheet. */
export function filterInteraction(category: string): Interaction {
  return {
    name: 'filter',
    path: category,
    touchScroll: false,
    async prepare(page, cdp) {
      await tapElement(page, cdp, '.listing-bar .filters-toggle');
      await waitInPage(page, `!!document.querySelector('#filters.is-open')`);
      const href = await page.evaluate<string | null>(`(() => {
        const link = document.querySelector('#filters section[aria-labelledby^="filter-"]:not([aria-labelledby="filter-price"]) a:not([aria-current])');
        return link ? link.getAttribute('href') : null; })()`);
      if (!href) throw new Error(`no attribute filter on ${category}`);
      await page.evaluate(`window.__bench = { href: ${JSON.stringify(href)} }`);
      return `#filters a[href=${JSON.stringify(href)}]`;
    },
    // the URL is the link's, and the value it ticked is shown as applied
    done: `(() => { const b = window.__bench; const u = new URL(b.href, location.href);
      return location.pathname + location.search === u.pathname + u.search &&
        !!document.querySelector('#filters a[aria-current="true"]'); })()`,
  };
}

/** Chooses the first enabled, unchosen grade of the grade picker. */
export function gradeInteraction(productPath: string): Interaction {
  return {
    name: 'grade',
    path: productPath,
    touchScroll: true,
    async prepare(page) {
      const noted = await page.evaluate<{ id: string; price: string | null } | null>(`(() => {
        const radio = document.querySelector('.grade-picker input[type=radio]:not(:checked):not(:disabled)');
        const price = document.querySelector('.product-info .price');
        return radio && radio.id ? { id: radio.id, price: price ? price.textContent : null } : null; })()`);
      if (!noted) throw new Error(`no other grade on ${productPath}`);
      await page.evaluate(`window.__bench = ${JSON.stringify(noted)}`);
      return `label[for="${noted.id}"]`;
    },
    // the grade is checked and the price beside the title is the grade's
    done: `(() => { const b = window.__bench; const r = document.getElementById(b.id);
      const p = document.querySelector('.product-info .price');
      return !!r && r.checked && !!p && p.textContent !== b.price; })()`,
  };
}

/** "Add to cart" on the product page; the result is the header's cart count at 1. */
export function addInteraction(productPath: string): Interaction {
  return {
    name: 'add',
    path: productPath,
    touchScroll: true,
    async prepare() {
      return '.buy-row button.btn-primary';
    },
    done: `(() => { const c = document.querySelector('.cart-btn .cart-count'); return !!c && c.textContent.trim() === '1'; })()`,
  };
}

/** The bench's product when it has another grade to choose, else the first configurable one that has. */
export async function gradedProductPath(browser: Browser, base: string, bestSeller: string): Promise<string> {
  const catalog = `${base}/vsbridge/catalog/vue_storefront_catalog`;
  const answer = (await (
    await fetch(`${catalog}/product/_search?size=30&sort=sales_count:desc&q=type_id:configurable`)
  ).json()) as { hits: { hits: { _source: { url_path: string; type_id?: string } }[] } };
  const candidates = [
    bestSeller,
    ...answer.hits.hits
      .filter((h) => h._source.type_id === 'configurable')
      .map((h) => `/${h._source.url_path}`),
  ];
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    for (const p of candidates) {
      await page.goto(base + p);
      if ((await page.locator('.grade-picker input[type=radio]:not(:checked):not(:disabled)').count()) > 0)
        return p;
    }
  } finally {
    await context.close();
  }
  throw new Error('no product with a grade to choose in the bench catalogue');
}

export async function measure(
  browser: Browser,
  base: string,
  interaction: Interaction,
): Promise<{ figure: RunFigure; trace: TraceEvent[] }> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'lt-LT',
  });
  try {
    const page = await context.newPage();
    page.on('crash', () => console.log(`  the page crashed (${interaction.name})`));
    const answer = await page.goto((interaction.origin ?? base) + interaction.path, { waitUntil: 'load' });
    if (!answer?.ok()) throw new Error(`${interaction.path} answered ${answer?.status()}`);
    await waitInPage(page, `document.documentElement.hasAttribute('data-hydrated')`);
    await idle(page);
    const cdp = await page.context().newCDPSession(page);
    const selector = await interaction.prepare(page, cdp);
    const box = interaction.touchScroll
      ? await boxAfterTouchScroll(page, cdp, selector)
      : await boxInView(page, selector);
    // the observer: marks the result once it is visible and the page idle again
    // (in-page code as text: the bench runs through tsx, whose helpers a function's source would name;
    // its check run once here, so that its first call in the window is not its compilation)
    await page.evaluate(`window.__benchSettled = new Promise((resolve) => {
      const check = () => ${interaction.done};
      check();
      const observer = new MutationObserver(() => {
        if (!check()) return;
        observer.disconnect();
        performance.mark('bench-result');
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => {
          performance.mark('bench-settled');
          // in a task of its own: the answer to the bench's wait is not the page's work
          setTimeout(resolve, 0);
        })));
      });
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    }); undefined`); // (not the promise: evaluate would wait for it)
    // the wait for the mark is sent now: its evaluation in the page is not in the window
    const settledInPage = page.evaluate('window.__benchSettled');
    settledInPage.catch(() => undefined);

    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => {
      events.push(...(e.value as unknown as TraceEvent[]));
    });
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: TRACE_CATEGORIES, recordMode: 'recordAsMuchAsPossible' },
      transferMode: 'ReportEvents',
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // the renderer's tracing and throttling begin a moment after the browser answers
    await new Promise((resolve) => setTimeout(resolve, 100));
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await tap(cdp, x, y);
    await Promise.race([
      settledInPage,
      new Promise((_, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${interaction.name}: no result within 30 s on ${interaction.path}`)),
          30_000,
        );
        timer.unref();
      }),
    ]);
    // the tail: what the page still does after its result, shown apart
    await page.waitForTimeout(500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    return { figure: mainThreadFigure(events), trace: events };
  } finally {
    // (a failure above keeps its own error, not the closing's)
    await context.close().catch(() => undefined);
  }
}

/** A mouse press and release at (x, y), as a shopper's click reaches the page. */
async function tap(cdp: CDPSession, x: number, y: number) {
  const common = { x, y, button: 'left' as const, clickCount: 1, pointerType: 'mouse' as const };
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...common });
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...common });
}

/** A tap at the centre of the element `selector` names, scrolled into view first (the bench's preparation). */
export async function tapElement(page: Page, cdp: CDPSession, selector: string) {
  const box = await boxInView(page, selector);
  await tap(cdp, box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * The element's box in the viewport once scrolled into view as Playwright's `scrollIntoViewIfNeeded`
 * does (Chromium's centring if needed), and the page idle again.
 */
async function boxInView(
  page: Page,
  selector: string,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const found =
    await page.evaluate<boolean>(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
    if (!e) return false;
    if (e.scrollIntoViewIfNeeded) e.scrollIntoViewIfNeeded(true); else e.scrollIntoView({ block: 'center' });
    return true; })()`);
  if (!found) throw new Error(`no ${selector} in the page`);
  await idle(page);
  const box = await page.evaluate<{ x: number; y: number; width: number; height: number } | null>(`(() => {
    const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return r.width && r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null; })()`);
  if (!box) throw new Error(`${selector} has no box`);
  return box;
}

/**
 * The element's box once a shopper's finger has scrolled it to the middle of the screen (CDP's
 * synthesised touch scroll: touchstart, moves, touchend), the page's network and main thread quiet
 * again. A shopper reaches a control below the first screen so, and the page's work that follows a
 * first touch whatever it is (the lower parts' hydration at idle, HydrateLater) then comes before the
 * measured tap, not inside it, as it did when the bench scrolled by script (no input event). A control
 * already in the middle third of the screen is not scrolled to.
 */
async function boxAfterTouchScroll(
  page: Page,
  cdp: CDPSession,
  selector: string,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  const centreOf = () =>
    page.evaluate<number | null>(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; const r = e.getBoundingClientRect(); return r.y + r.height / 2; })()`);
  const centre = await centreOf();
  if (centre === null) throw new Error(`no ${selector} in the page`);
  if (Math.abs(centre - size.height / 2) > size.height / 6) {
    await cdp.send('Input.synthesizeScrollGesture', {
      x: Math.round(size.width / 2),
      y: Math.round(size.height / 2),
      yDistance: Math.round(size.height / 2 - centre),
      gestureSourceType: 'touch',
      speed: 1600,
      preventFling: true,
    });
    // what the first touch started (a part's hydration, its requests and pictures) answered and done
    await networkQuiet(page);
  }
  return boxInView(page, selector);
}

/** Waits until the page has had no request in flight for half a second (at most 15 s). */
async function networkQuiet(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => {
    inFlight++;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const until = Date.now() + 15_000;
    await page.waitForTimeout(200);
    while (Date.now() < until && (inFlight > 0 || Date.now() - lastChange < 500))
      await page.waitForTimeout(100);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Waits (up to 30 s) until `condition`, an expression evaluated in the page, is true. */
async function waitInPage(page: Page, condition: string) {
  await page.evaluate(`new Promise((resolve, reject) => {
    const started = performance.now();
    const poll = () => {
      if (${condition}) resolve();
      else if (performance.now() - started > 30000) reject(new Error('timed out waiting for ' + ${JSON.stringify(condition)}));
      else setTimeout(poll, 50);
    };
    poll();
  })`);
}

/** Waits until the page's main thread is idle (two frames, then an idle callback). */
async function idle(page: Page) {
  await page.evaluate(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve()))))',
  );
}

/** Whether the trace holds the tap's press (its pointerdown) on the page's main thread. */
function pressTraced(events: TraceEvent[]): boolean {
  return events.some((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown');
}

/** A trace's events as mainThreadFigure reads them. */
export type RunFigureSource = TraceEvent[];

/** The main-thread figure of one trace (see the header), with the window it sums (trace clock, µs). */
export function mainThreadFigure(events: TraceEvent[]): RunFigure & { startTs: number; endTs: number } {
  // the renderer main thread of the page: the one that recorded the bench's marks
  const settled = events.find((e) => e.name === 'bench-settled');
  if (!settled) throw new Error('the trace has no bench-settled mark');
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const onMain = (e: TraceEvent) => e.pid === settled.pid && mains.has(`${e.pid}:${e.tid}`);
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const input = events
    .filter((e) => e.name === 'EventDispatch' && onMain(e) && START_INPUT.has(e.args?.data?.type ?? ''))
    .sort((a, b) => a.ts - b.ts)[0];
  if (!input) throw new Error('the trace has no input event on the main thread');
  // the task that dispatched the input: the one containing the event
  const start = tasks.find((t) => t.ts <= input.ts && t.ts + (t.dur ?? 0) >= input.ts)?.ts ?? input.ts;
  const end = settled.ts;
  const inWindow = tasks.filter((t) => t.ts >= start && t.ts < end);
  // the frame presenting the result: the first compositor commit after the result's mark, and its task
  const result = events.find((e) => e.name === 'bench-result');
  const commit = events
    .filter((e) => e.name === 'Commit' && onMain(e) && result !== undefined && e.ts >= result.ts)
    .sort((a, b) => a.ts - b.ts)[0];
  const presented = commit
    ? tasks.find((t) => t.ts <= commit.ts && t.ts + (t.dur ?? 0) >= commit.ts)
    : undefined;
  const toPaint = presented ? inWindow.filter((t) => t.ts <= presented.ts) : inWindow;
  const after = tasks.filter((t) => t.ts >= end && t.ts < end + 500_000);
  const sum = (ts: TraceEvent[]) => ts.reduce((s, t) => s + (t.dur ?? 0), 0) / 1000;
  return {
    totalMs: sum(inWindow),
    longestMs: Math.max(0, ...inWindow.map((t) => (t.dur ?? 0) / 1000)),
    tasks: inWindow.length,
    wallMs: (end - start) / 1000,
    afterMs: sum(after),
    threadMs: inWindow.reduce((s, t) => s + (t.tdur ?? 0), 0) / 1000,
    paintMs: sum(toPaint),
    startTs: start,
    endTs: end,
  };
}
