export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

export function summarize(label: string, samplesMs: number[]) {
  const s = [...samplesMs].sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(2).padStart(8);
  console.log(
    `${label.padEnd(48)} n=${String(s.length).padStart(5)} p50=${fmt(percentile(s, 50))} ms p95=${fmt(percentile(s, 95))} ms max=${fmt(s[s.length - 1] ?? NaN)} ms`,
  );
}

export async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}

/**
 * Total Blocking Time's sum over task durations (ms) on a CPU `slowdown` times slower: each task's part
 * past 50 ms. Over thread (CPU) time it reads the page's own work; over wall time, as Lighthouse's
 * simulation takes it, it also holds the waits for a core that other processes held.
 */
export function blockingTimeMs(durationsMs: readonly number[], slowdown: number): number {
  return durationsMs.reduce((sum, ms) => sum + Math.max(0, ms * slowdown - 50), 0);
}
