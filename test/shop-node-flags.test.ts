import { describe, expect, it } from 'vitest';
import { shopEnv, shopNodeFlags } from '../scripts/shop-node-flags.mjs';

describe('the shop process Node flags (npm start and the benches that start the shop)', () => {
  it('gives the shop a 16 MB young generation and an old generation that grows by half at most', () => {
    expect(shopNodeFlags(undefined)).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=50']);
    expect(shopNodeFlags('--enable-source-maps')).toEqual([
      '--max-semi-space-size=16',
      '--heap-growing-percent=50',
    ]);
  });

  it('leaves the young generation to a size of your own in NODE_OPTIONS', () => {
    expect(shopNodeFlags('--max-semi-space-size=64')).toEqual(['--heap-growing-percent=50']);
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
