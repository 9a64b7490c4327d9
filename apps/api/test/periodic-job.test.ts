import { describe, expect, it } from 'vitest';
import { PeriodicJob } from '../src/lib/periodic-job.ts';

const quietLog = { error: () => undefined };

/** a run that ends when the test says so */
function heldRun() {
  let release!: () => void;
  let started = 0;
  const run = () => {
    started++;
    return new Promise<void>((resolve) => (release = resolve));
  };
  return { run, release: () => release(), started: () => started };
}

describe('PeriodicJob', () => {
  it('runs at once with { now: true }, and stop() waits for that first run', async () => {
    const held = heldRun();
    // an interval no test outlives: only the first run can happen
    const job = new PeriodicJob(held.run, 3_600_000, quietLog, 'failed');
    job.start({ now: true });
    expect(held.started()).toBe(1);

    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await Promise.resolve();
    await Promise.resolve();
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('waits a period without { now: true }, and never starts with an interval of 0', async () => {
    const held = heldRun();
    const later = new PeriodicJob(held.run, 3_600_000, quietLog, 'failed');
    later.start();
    const never = new PeriodicJob(held.run, 0, quietLog, 'failed');
    never.start({ now: true });
    expect(held.started()).toBe(0);
    await Promise.all([later.stop(), never.stop()]);
  });

  it('logs a failed first run and stops cleanly', async () => {
    const errors: string[] = [];
    const job = new PeriodicJob(
      () => Promise.reject(new Error('database gone')),
      3_600_000,
      { error: (_obj, msg) => errors.push(msg) },
      'the sweep failed',
    );
    job.start({ now: true });
    await job.stop();
    expect(errors).toEqual(['the sweep failed']);
  });
});
