import { describe, expect, it } from 'vitest';
import { shopEnv, shopNodeFlags } from '../scripts/shop-node-flags.mjs';

describe('the shop process Node flags (npm start and the benches that start the shop)', () => {
  it('gives the shop an old generation that grows by half at most, and no process-wide young generation', () => {
    expect(shopNodeFlags(undefined)).toEqual(['--heap-growing-percent=50']);
    expect(shopNodeFlags('--enable-source-maps')).toEqual(['--heap-growing-percent=50']);
  });

  it("lets a worker thread's own young generation limit hold in the shop's process", async () => {
    // under a --max-semi-space-size flag V8 ignores a thread's resourceLimits: the database's thread
    // then grew a 32 MB new space (packages/db/src/pglite-threaded.ts)
    const { execFileSync } = await import('node:child_process');
    const thread = `
      const v8 = require('node:v8');
      let keep = [];
      for (let i = 0; i < 1e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 20000) keep = []; }
      const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      require('node:worker_threads').parentPort.postMessage(space.space_size);`;
    const main = `
      const { Worker } = require('node:worker_threads');
      const w = new Worker(${JSON.stringify(thread)}, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 6 } });
      w.once('message', (size) => { console.log(size); process.exit(0); });`;
    const out = execFileSync(process.execPath, [...shopNodeFlags(undefined), '-e', main]);
    expect(Number(out.toString().trim())).toBeLessThanOrEqual(6 * 1024 * 1024);
  });

  it('gives Node only flags it accepts on its command line', async () => {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(process.execPath, [...shopNodeFlags(undefined), '-e', 'console.log("ok")']);
    expect(out.toString().trim()).toBe('ok');
  });

  it('has glibc give large allocations back to the system when freed, unless set already', () => {
    expect(shopEnv({})).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(shopEnv({ MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({});
  });
});
