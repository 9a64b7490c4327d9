import { describe, expect, it } from 'vitest';
import { shopNodeFlags } from '../scripts/shop-node-flags.mjs';

describe('the shop process Node flags (npm start and the benches that start the shop)', () => {
  it('gives the shop a 16 MB young generation (issue #16 goal 7: memory over the search tail)', () => {
    expect(shopNodeFlags(undefined)).toEqual(['--max-semi-space-size=16']);
    expect(shopNodeFlags('--enable-source-maps')).toEqual(['--max-semi-space-size=16']);
  });

  it('leaves the young generation to a size of your own in NODE_OPTIONS', () => {
    expect(shopNodeFlags('--max-semi-space-size=64')).toEqual([]);
  });
});
