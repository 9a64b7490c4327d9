/**
 * Reads interaction traces kept by `BENCH_INTERACTION_TRACE_DIR` and prints what the main thread's
 * tasks between the input and the bench's settled mark are, and where their thread (CPU) time goes,
 * averaged over the files given:
 *
 * - the tasks by kind: React's scheduler slices (a script task whose function is the scheduler's
 *   `performWorkUntilDeadline`, named as the build minified it), other script tasks by their first
 *   function, rendering frames (style, layout, paint), the favicon's SVG document parsed after a
 *   same-document navigation, Chromium's IPC tasks, garbage collection, and the empty ones;
 * - the thread time by category, from each trace event's own thread time (`tdur`) less its children's:
 *   script, style, layout, paint (with pre-paint, layerize, compositor commit, hit tests), GC, and the
 *   time of tasks no child event accounts for.
 *
 *   node --import tsx bench/trace-tasks.ts var/traces/filter-*.json
 *
 * Thread time is what other processes' load stretches least; it is still stretched (a shared machine's
 * caches and cores), so compare runs taken at a similar load average.
 */
import { readFileSync } from 'node:fs';
import type { TraceEvent } from './browser.ts';
import { mainThreadFigure } from './interactions.ts';

interface Event extends Omit<TraceEvent, 'args'> {
  tdur?: number;
  args?: { name?: string; data?: { type?: string; functionName?: string } };
}

/** the category of a trace event's own thread time */
function category(name: string): string {
  if (/^V8\.GC|^(MinorGC|MajorGC)$/.test(name)) return 'gc';
  if (
    /^(FunctionCall|RunMicrotasks|EventDispatch|TimerFire|FireIdleCallback|FireAnimationFrame|EvaluateScript|V8\.|v8\.)/.test(
      name,
    )
  )
    return 'script';
  if (name === 'UpdateLayoutTree' || name === 'ScheduleStyleRecalculation') return 'style';
  if (name === 'Layout') return 'layout';
  if (
    /^(Paint|PrePaint|Layerize|Commit|UpdateLayer|PaintImage|HitTest|IntersectionObserverController)/.test(
      name,
    )
  )
    return 'paint, pre-paint, commit';
  if (name === 'ParseHTML') return 'HTML parsing';
  if (/mojo|SimpleWatcher/i.test(name)) return 'IPC';
  return 'task time no event accounts for';
}

/** what a task is, from the events inside it */
function kind(task: Event, inside: Event[]): string {
  const names = new Set(inside.map((e) => e.name));
  const net =
    names.has('ResourceReceivedData') || names.has('ResourceFinish') || names.has('ResourceReceiveResponse');
  if (names.has('ParseHTML')) return 'a document parsed (the favicon SVG after a same-document navigation)';
  const call = inside.find((e) => e.name === 'FunctionCall');
  if (call)
    return `script, first function ${call.args?.data?.functionName || '(anonymous)'}${net ? ', with network data' : ''}`;
  if (names.has('RunMicrotasks')) return `microtasks${net ? ', with network data' : ''}`;
  if (['Layout', 'UpdateLayoutTree', 'PrePaint', 'Paint'].some((n) => names.has(n)))
    return 'rendering frame (style, layout, paint)';
  if (names.has('MinorGC') || names.has('MajorGC')) return 'garbage collection';
  if (net || names.has('ResourceSendRequest')) return 'network (a response, a request)';
  if ([...names].some((n) => /mojo/i.test(n))) return 'IPC message';
  return (task.dur ?? 0) < 100 ? 'empty (< 0.1 ms)' : 'no event inside';
}

const files = process.argv.slice(2);
const kinds = new Map<string, { n: number; ms: number; thread: number }>();
const byCategory = new Map<string, number>();
let thread = 0;
let taskCount = 0;
for (const file of files) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Event[] }).traceEvents;
  const w = mainThreadFigure(events as TraceEvent[]);
  thread += w.threadMs;
  taskCount += w.tasks;
  const settled = events.find((e) => e.name === 'bench-settled')!;
  const main = events.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === settled.pid,
  );
  if (!main) continue;
  const complete = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === main.pid &&
        e.tid === main.tid &&
        e.dur !== undefined &&
        e.ts >= w.startTs &&
        e.ts < w.endTs,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // the network's events are instants (no duration): a task that only handled a response has them alone
  const instants = events.filter(
    (e) =>
      (e.ph === 'I' || e.ph === 'i') &&
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.ts >= w.startTs &&
      e.ts < w.endTs,
  );
  for (const task of complete.filter((e) => e.name === 'RunTask')) {
    const end = task.ts + (task.dur ?? 0);
    const inside = [...complete, ...instants].filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
    );
    const k = kind(task, inside);
    const g = kinds.get(k) ?? { n: 0, ms: 0, thread: 0 };
    g.n++;
    g.ms += (task.dur ?? 0) / 1000;
    g.thread += (task.tdur ?? 0) / 1000;
    kinds.set(k, g);
  }
  // each event's own thread time: its tdur less its direct children's
  const stack: { e: Event; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.e.ts + (stack.at(-1)!.e.dur ?? 0) <= until) {
      const { e, self } = stack.pop()!;
      const c = category(e.name);
      byCategory.set(c, (byCategory.get(c) ?? 0) + self / 1000);
    }
  };
  for (const e of complete.filter((x) => x.tdur !== undefined)) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.self -= e.tdur ?? 0;
    stack.push({ e, self: e.tdur ?? 0 });
  }
  close(Infinity);
}

const n = files.length;
console.log(
  `${n} trace(s): ${(taskCount / n).toFixed(0)} tasks, ${(thread / n).toFixed(1)} ms of thread time a run\n\ntasks by kind (a run): count, wall ms, thread ms`,
);
for (const [k, g] of [...kinds].sort((a, b) => b[1].thread - a[1].thread))
  console.log(
    `${(g.n / n).toFixed(1).padStart(7)} ${(g.ms / n).toFixed(1).padStart(8)} ${(g.thread / n).toFixed(1).padStart(8)}  ${k}`,
  );
console.log('\nthread time by category (a run)');
for (const [c, ms] of [...byCategory].sort((a, b) => b[1] - a[1]))
  console.log(`${(ms / n).toFixed(1).padStart(8)} ms  ${c}`);
