import { describe, expect, it } from 'vitest';
import { shopNodeFlags } from '../scripts/shop-node-flags.mjs';

describe('the shop process Node flags (npm start and the benches that start the shop)', () => {
  it('gives the shop a 64 MB young generation', () => {
    expect(shopNodeFlags(undefined)).toEqual(['--max-semi-space-size=64']);
    expect(shopNodeFlags('--enable-source-maps')).toEqual(['--max-semi-space-size=64']);
  });

  it('leaves the young generation to a size of your own in NODE_OPTIONS', () => {
    expect(shopNodeFlags('--max-semi-space-size=16')).toEqual([]);
  });
});
