import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  OrdinalScratch,
  allOf,
  intersectSum,
  matchWords,
  unionMax,
  WEIGHTS as WEIGHT_OF_CODE,
  weightCode,
  type Posting,
  type Scored,
} from '../src/catalog/search/scored-postings.ts';

/** tsvector weights A, B, C, D; postings carry their codes (one byte a posting) */
const WEIGHTS = [1, 0.4, 0.2, 0.1];

/** the dense computation the sparse one replaced: an array of the catalogue's size per step */
function denseAllOf(n: number, groups: Posting[][]): Float32Array | null {
  if (groups.length === 0 || groups.some((g) => g.length === 0)) return null;
  const hit = new Uint16Array(n);
  const score = new Float32Array(n);
  const best = new Float32Array(n);
  groups.forEach((group, gi) => {
    for (const { ords, weights, factor } of group) {
      for (let k = 0; k < ords.length; k++) {
        const o = ords[k] as number;
        const h = hit[o] as number;
        if (h < gi) continue;
        const w = (WEIGHT_OF_CODE[weights[k] as number] as number) * factor;
        if (h === gi) {
          hit[o] = gi + 1;
          best[o] = w;
        } else if (w > (best[o] as number)) best[o] = w;
      }
    }
    for (let o = 0; o < n; o++) if (hit[o] === gi + 1) score[o] = (score[o] as number) + (best[o] as number);
  });
  for (let o = 0; o < n; o++) if (hit[o] !== groups.length) score[o] = 0;
  return score;
}

function denseWords(n: number, words: { exact: Posting[][]; prefix: Posting[][] }[]): Float32Array {
  let total: Float32Array | null = null;
  for (const w of words) {
    const exact = denseAllOf(n, w.exact);
    const prefix = denseAllOf(n, w.prefix);
    const word = new Float32Array(n);
    for (let o = 0; o < n; o++) word[o] = Math.max(exact?.[o] ?? 0, prefix?.[o] ?? 0);
    if (!total) total = word;
    else for (let o = 0; o < n; o++) total[o] = total[o]! > 0 && word[o]! > 0 ? total[o]! + word[o]! : 0;
  }
  return total ?? new Float32Array(n);
}

const toDense = (n: number, s: Scored) => {
  const out = new Float32Array(n);
  s.ords.forEach((o, k) => (out[o] = s.scores[k] as number));
  return out;
};

const N = 60;
const posting = fc
  .record({
    ords: fc.uniqueArray(fc.integer({ min: 0, max: N - 1 }), { maxLength: 25 }),
    factor: fc.constantFrom(1, 0.5),
    seed: fc.nat(),
  })
  .map(({ ords, factor, seed }): Posting => {
    const sorted = [...ords].sort((a, b) => a - b);
    return {
      ords: Int32Array.from(sorted),
      weights: Uint8Array.from(sorted.map((o) => weightCode(WEIGHTS[(o + seed) % WEIGHTS.length] as number))),
      factor,
    };
  });
const group = fc.array(posting, { minLength: 0, maxLength: 3 });
const word = fc.record({
  exact: fc.array(group, { minLength: 0, maxLength: 2 }),
  prefix: fc.array(group, { minLength: 1, maxLength: 2 }),
});

describe('sparse text matching (scored-postings.ts)', () => {
  it('matches the dense computation row for row and score for score, bit for bit', () => {
    const scratch = new OrdinalScratch();
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 3 }), (words) => {
        const sparse = matchWords(words, N, scratch);
        // ascending, distinct, only rows with a score
        for (let k = 1; k < sparse.ords.length; k++)
          expect(sparse.ords[k]).toBeGreaterThan(sparse.ords[k - 1]!);
        expect([...sparse.scores].every((x) => x > 0)).toBe(true);
        expect(toDense(N, sparse)).toEqual(denseWords(N, words));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the best weight of a row within a group and adds the groups up', () => {
    const scratch = new OrdinalScratch();
    const p = (ords: number[], weights: number[], factor = 1): Posting => ({
      ords,
      weights: weights.map(weightCode),
      factor,
    });
    const result = allOf(
      [[p([1, 3, 5], [0.1, 1, 0.4]), p([3, 5], [1, 1], 0.5)], [p([3, 5, 7], [0.2, 0.2, 1])]],
      10,
      scratch,
    );
    expect([...result.ords]).toEqual([3, 5]);
    expect([...result.scores]).toEqual([Math.fround(1 + 0.2), Math.fround(0.5 + 0.2)]);
    expect(allOf([[p([1], [1])], []], 10, scratch).ords.length).toBe(0);
  });

  it('unions with the greater score and intersects with the sum', () => {
    const a: Scored = { ords: Int32Array.from([1, 4, 9]), scores: Float32Array.from([0.5, 1, 0.25]) };
    const b: Scored = { ords: Int32Array.from([4, 5, 9]), scores: Float32Array.from([0.25, 1, 1]) };
    expect([...unionMax(a, b).ords]).toEqual([1, 4, 5, 9]);
    expect([...unionMax(a, b).scores]).toEqual([0.5, 1, 1, 1]);
    expect([...intersectSum(a, b).ords]).toEqual([4, 9]);
    expect([...intersectSum(a, b).scores]).toEqual([1.25, 1.25]);
  });

  it('reuses its scratch space across thousands of passes without carrying marks over', () => {
    const scratch = new OrdinalScratch();
    const p: Posting = { ords: [2, 3], weights: [weightCode(1), weightCode(1)], factor: 1 };
    const q: Posting = { ords: [3, 4], weights: [weightCode(0.4), weightCode(0.4)], factor: 0.5 };
    for (let i = 0; i < 5000; i++) {
      const r = allOf([[p, q]], 8, scratch);
      expect([...r.ords]).toEqual([2, 3, 4]);
    }
  });
});
