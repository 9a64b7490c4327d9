/**
 * Reads interaction traces kept by `BENCH_INTERACTION_TRACE_DIR` and prints, per trace, where the
 * window's thread time is: the press's task, the release's (or the click's) task, and the tasks that
 * run React's scheduler apart from those two (time-sliced work the input did not ask for, such as a
 * part's hydration). Thread time (tdur), which the machine's other load stretches less than wall time.
 *
 *   node --import tsx bench/trace-input-tasks.ts var/traces/grade-*.json
 *
 * React's scheduler runs in the entry chunk (`entry.client-*.js`, React DOM's bundle): a task with a
 * function call from it and no input event is counted as scheduled work.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TraceEvent } from './browser.ts';
import { mainThreadFigure } from './interactions.ts';

interface Event extends Omit<TraceEvent, 'args'> {
  args?: { name?: string; data?: { type?: string; url?: string } };
}

const REACT_CHUNK = /\/entry\.client-[^/]*\.js$/;

for (const file of process.argv.slice(2)) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Event[] }).traceEvents;
  const w = mainThreadFigure(events as TraceEvent[]);
  const settled = events.find((e) => e.name === 'bench-settled');
  const main = events.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === settled?.pid,
  );
  if (!main) continue;
  const onMain = (e: Event) => e.pid === main.pid && e.tid === main.tid;
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts >= w.startTs && e.ts < w.endTs,
  );
  const within = (t: Event, e: Event) => t.ts <= e.ts && t.ts + (t.dur ?? 0) >= e.ts;
  const inputTask = (type: string) => {
    const dispatch = events.find(
      (e) => onMain(e) && e.name === 'EventDispatch' && e.args?.data?.type === type && e.ts >= w.startTs,
    );
    return dispatch ? tasks.find((t) => within(t, dispatch)) : undefined;
  };
  const press = inputTask('pointerdown');
  const release = inputTask('pointerup') ?? inputTask('click');
  const calls = events.filter((e) => onMain(e) && e.name === 'FunctionCall');
  const scheduled = tasks.filter(
    (t) =>
      t !== press &&
      t !== release &&
      calls.some((c) => within(t, c) && REACT_CHUNK.test(c.args?.data?.url ?? '')),
  );
  const thread = (ts: (Event | undefined)[]) => ts.reduce((s, t) => s + (t?.tdur ?? 0), 0) / 1000;
  console.log(
    `${path.basename(file).padEnd(16)} window ${w.threadMs.toFixed(1)} ms (${w.tasks} tasks); press ${thread([press]).toFixed(1)}, release ${thread([release]).toFixed(1)}; React's scheduled tasks ${scheduled.length}, ${thread(scheduled).toFixed(1)} ms`,
  );
}
