/**
 * Reads interaction traces kept by `BENCH_INTERACTION_TRACE_DIR` and prints, per trace, the rendering
 * work between the input and the bench's settled mark as counts, which the machine's other load does
 * not stretch: elements whose style was recalculated (`UpdateLayoutTree` elementCount), layout objects
 * laid out (`Layout` dirtyObjects, and the document's totalObjects), paints, and the main thread's
 * time in style, layout, paint (with pre-paint and layerize) and compositor commit.
 *
 *   node --import tsx bench/trace-rendering.ts var/traces/filter-*.json
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TraceEvent } from './browser.ts';
import { mainThreadFigure } from './interactions.ts';

interface Event extends Omit<TraceEvent, 'args'> {
  args?: { elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number } };
}

/** the events not inside an earlier one of the list (same thread) */
function outermost(events: Event[]): Event[] {
  const ends = new Map<number, number>();
  return [...events]
    .sort((a, b) => a.ts - b.ts)
    .filter((e) => {
      if (e.ts < (ends.get(e.tid) ?? 0)) return false;
      ends.set(e.tid, e.ts + (e.dur ?? 0));
      return true;
    });
}

const rows: Record<string, number>[] = [];
for (const file of process.argv.slice(2)) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Event[] }).traceEvents;
  const window = mainThreadFigure(events as TraceEvent[]);
  const settled = events.find((e) => e.name === 'bench-settled');
  const inWindow = events.filter(
    (e) => e.pid === settled?.pid && e.ts >= window.startTs && e.ts < window.endTs && e.ph === 'X',
  );
  const named = (...names: string[]) => inWindow.filter((e) => names.includes(e.name));
  const ms = (es: Event[]) => es.reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
  const row = {
    total: window.totalMs,
    styledElements: named('UpdateLayoutTree').reduce((s, e) => s + (e.args?.elementCount ?? 0), 0),
    laidOutObjects: named('Layout').reduce((s, e) => s + (e.args?.beginData?.dirtyObjects ?? 0), 0),
    layoutObjects: Math.max(0, ...named('Layout').map((e) => e.args?.beginData?.totalObjects ?? 0)),
    paints: named('Paint').length,
    styleMs: ms(named('UpdateLayoutTree')),
    layoutMs: ms(named('Layout')),
    paintMs: ms(named('Paint', 'PrePaint', 'Layerize', 'PaintImage')),
    commitMs: ms(named('Commit')),
    // the outermost script events only (a function call inside an event's dispatch counted once)
    scriptMs: ms(
      outermost(named('FunctionCall', 'RunMicrotasks', 'EventDispatch', 'TimerFire', 'FireAnimationFrame')),
    ),
  };
  rows.push(row);
  console.log(
    `${path.basename(file).padEnd(16)} ${Object.entries(row)
      .map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toFixed(1)}`)
      .join(' ')}`,
  );
}
if (rows.length > 1) {
  const keys = Object.keys(rows[0] ?? {});
  console.log(
    `${'median'.padEnd(16)} ${keys
      .map((k) => {
        const v = rows.map((r) => r[k] ?? 0).sort((a, b) => a - b);
        const m = v[Math.floor(v.length / 2)] ?? 0;
        return `${k}=${Number.isInteger(m) ? m : m.toFixed(1)}`;
      })
      .join(' ')}`,
  );
}
