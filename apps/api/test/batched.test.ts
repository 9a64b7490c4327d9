/**
 * lib/batched.ts: the ids asked while a run is in progress join one next run, and each caller's
 * promise settles with a run that began after it asked (so the run sees the caller's change).
 */
import { describe, expect, it } from 'vitest';
import { batchedRuns } from '../src/lib/batched.ts';

/** a run that ends when the test says, recording what it was given and when it began */
function controlledRun() {
  const runs: { ids: number[]; end: () => void; begunAt: number }[] = [];
  let clock = 0;
  const run = (ids: number[]) =>
    new Promise<void>((resolve) => runs.push({ ids, end: resolve, begunAt: ++clock }));
  return { runs, run, tick: () => ++clock };
}

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('batchedRuns', () => {
  it('callers arriving while a run is in progress share the next run, after it', async () => {
    const { runs, run, tick } = controlledRun();
    const refresh = batchedRuns(run);
    const first = refresh([1]);
    await new Promise((r) => setImmediate(r));
    expect(runs.map((r) => r.ids)).toEqual([[1]]);

    const askedAt = tick();
    const second = refresh([1, 2]);
    const third = refresh([3, 1]);
    await new Promise((r) => setImmediate(r));
    // nothing joins the run in progress: it may have read before these callers' changes
    expect(runs).toHaveLength(1);
    expect(await settled(second)).toBe(false);

    runs[0]!.end();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(runs.map((r) => r.ids)).toEqual([[1], [1, 2, 3]]);
    expect(runs[1]!.begunAt).toBeGreaterThan(askedAt);
    expect(await settled(third)).toBe(false);
    runs[1]!.end();
    await Promise.all([second, third]);
  });

  it('a caller after the run it would have joined began gets a run of its own', async () => {
    const { runs, run } = controlledRun();
    const refresh = batchedRuns(run);
    const first = refresh([1]);
    await new Promise((r) => setImmediate(r));
    runs[0]!.end();
    await first;
    const later = refresh([2]);
    await new Promise((r) => setImmediate(r));
    expect(runs.map((r) => r.ids)).toEqual([[1], [2]]);
    runs[1]!.end();
    await later;
  });

  it('a failed run fails its callers, and the next run still happens', async () => {
    let calls = 0;
    const refresh = batchedRuns(async () => {
      if (++calls === 1) throw new Error('index down');
    });
    await expect(refresh([1])).rejects.toThrow('index down');
    await expect(refresh([1])).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
