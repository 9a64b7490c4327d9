/**
 * Reads interaction traces kept by `BENCH_INTERACTION_TRACE_DIR` (taken with
 * `BENCH_INTERACTION_PROFILE=1`) and prints where the main thread's time went between the input and the
 * bench's settled mark: the trace events' self time by name (script, style, layout, paint…) and the
 * sampling profiler's self time by function (name, file and line), both summed over the files given.
 *
 *   node --import tsx bench/trace-profile.ts var/traces/filter-*.json [--top 30]
 *
 * The profiler samples a function every ~100 µs of the (throttled) thread, so its sums are estimates;
 * the event sums are the trace's own durations.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TraceEvent } from './browser.ts';
import { mainThreadFigure, type RunFigureSource } from './interactions.ts';

interface Node {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
/** a trace event (bench/browser.ts), with the profiler's samples the profile events carry */
interface Event extends Omit<TraceEvent, 'args'> {
  id?: string;
  args?: {
    name?: string;
    data?: {
      type?: string;
      startTime?: number;
      cpuProfile?: { nodes?: Node[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 30;
const files = args.filter((a, i) => !a.startsWith('--') && i !== topAt + 1);

const byEvent = new Map<string, number>();
const byFunction = new Map<string, number>();
let windowMs = 0;
for (const file of files) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Event[] }).traceEvents;
  const w = mainThreadFigure(events as RunFigureSource);
  windowMs += w.totalMs;
  const settled = events.find((e) => e.name === 'bench-settled');
  if (!settled) continue;
  const main = events.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === settled.pid,
  );
  if (!main) continue;
  const onMain = (e: Event) => e.pid === main.pid && e.tid === main.tid;
  const inWindow = (ts: number) => ts >= w.startTs && ts < w.endTs;

  // the events' self time: each complete event's duration less its direct children's
  const complete = events
    .filter((e) => e.ph === 'X' && onMain(e) && e.dur !== undefined && inWindow(e.ts))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: { e: Event; self: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.e.ts + (stack.at(-1)!.e.dur ?? 0) <= until) {
      const { e, self } = stack.pop()!;
      byEvent.set(e.name, (byEvent.get(e.name) ?? 0) + self / 1000);
    }
  };
  for (const e of complete) {
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.self -= e.dur ?? 0;
    stack.push({ e, self: e.dur ?? 0 });
  }
  close(Infinity);

  // the profiler's samples: a profile's chunks share its id; sample times are the start plus the deltas
  const profiles = events.filter((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid);
  for (const profile of profiles) {
    const nodes = new Map<number, Node>();
    let t = profile.args?.data?.startTime ?? profile.ts;
    let previous: number | null = null;
    for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id)) {
      for (const n of chunk.args?.data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
      const samples = chunk.args?.data?.cpuProfile?.samples ?? [];
      const deltas = chunk.args?.data?.timeDeltas ?? [];
      samples.forEach((id, i) => {
        t += deltas[i] ?? 0;
        // the sample's weight: the time since the one before it
        if (previous !== null && inWindow(t)) {
          const f = nodes.get(id)?.callFrame;
          const key = f
            ? `${f.functionName || '(anonymous)'} ${f.url ? path.basename(f.url) : ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`
            : String(id);
          byFunction.set(key, (byFunction.get(key) ?? 0) + (t - previous) / 1000);
        }
        previous = t;
      });
    }
  }
}

const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(v / files.length).toFixed(1).padStart(8)} ms  ${k}`);
};
console.log(
  `${files.length} trace(s), main-thread tasks in the window: ${(windowMs / files.length).toFixed(1)} ms a run`,
);
print('trace events, self time a run', byEvent);
print('profiler, self time a run', byFunction);
