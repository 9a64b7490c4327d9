/**
 * Sparse text matching for the in-process search index (search-index.ts): the rows a query's words
 * match, as a sorted list of ordinals with a relevance each. Work is proportional to the postings
 * read, never to the catalogue's size, and nothing of catalogue size is allocated per query (the
 * dense arrays this replaced cost a few milliseconds and most of the garbage collection of a
 * search over 100k products).
 *
 * Scores are single precision and summed in the order the dense version summed them (group by
 * group, then word by word, each sum rounded to float4), so relevance is unchanged to the bit.
 */

/**
 * One lexeme's postings: ordinals ascending, the weight code of each (WEIGHTS[code]: one byte a
 * posting, not four), and the factor of the lexeme (prefix matches count half).
 */
export type Posting = { ords: ArrayLike<number>; weights: ArrayLike<number>; factor: number };

/** the tsvector weights D, C, B, A by code, in single precision (as the scores sum them) */
export const WEIGHTS = Float32Array.of(0.1, 0.2, 0.4, 1);

/** the code of a tsvector weight (0.1, 0.2, 0.4 or 1) */
export const weightCode = (w: number): number => (w >= 1 ? 3 : w >= 0.4 ? 2 : w >= 0.2 ? 1 : 0);

/** ordinals ascending, a score each */
export type Scored = { ords: Int32Array; scores: Float32Array };

const NONE: Scored = { ords: new Int32Array(0), scores: new Float32Array(0) };

/**
 * Scratch space by ordinal, reused by every query of one store view (queries run one at a time
 * between awaits; the functions using it are synchronous). `stamp[o] === epoch` marks an ordinal
 * seen in the current pass, so nothing is cleared between passes.
 */
export class OrdinalScratch {
  private stamp = new Int32Array(0);
  private value = new Float32Array(0);
  private epoch = 0;

  /** a fresh pass over ordinals below `n` */
  pass(n: number): { stamp: Int32Array; value: Float32Array; epoch: number } {
    if (this.stamp.length < n) {
      const size = Math.max(n, Math.ceil(this.stamp.length * 1.25));
      this.stamp = new Int32Array(size);
      this.value = new Float32Array(size);
      this.epoch = 0;
    }
    if (++this.epoch === 0x7fffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
    return { stamp: this.stamp, value: this.value, epoch: this.epoch };
  }
}

/** the ordinals of any of the postings (one query lexeme, matched by any of its lexemes), with the best weight × factor of each */
export function unionBest(postings: Posting[], n: number, scratch: OrdinalScratch): Scored {
  if (postings.length === 0) return NONE;
  if (postings.length === 1) {
    const { ords, weights, factor } = postings[0] as Posting;
    const scores = new Float32Array(ords.length);
    for (let k = 0; k < ords.length; k++) scores[k] = (WEIGHTS[weights[k] as number] as number) * factor;
    return { ords: Int32Array.from(ords), scores };
  }
  const { stamp, value, epoch } = scratch.pass(n);
  const seen: number[] = [];
  for (const { ords, weights, factor } of postings) {
    for (let k = 0; k < ords.length; k++) {
      const o = ords[k] as number;
      const w = (WEIGHTS[weights[k] as number] as number) * factor;
      if (stamp[o] !== epoch) {
        stamp[o] = epoch;
        value[o] = w;
        seen.push(o);
      } else if (w > (value[o] as number)) value[o] = w;
    }
  }
  const ords = Int32Array.from(seen).sort();
  const scores = new Float32Array(ords.length);
  for (let k = 0; k < ords.length; k++) scores[k] = value[ords[k] as number] as number;
  return { ords, scores };
}

/** the ordinals in both, scores summed (float4) */
export function intersectSum(a: Scored, b: Scored): Scored {
  const size = Math.min(a.ords.length, b.ords.length);
  const ords = new Int32Array(size);
  const scores = new Float32Array(size);
  let i = 0;
  let j = 0;
  let out = 0;
  while (i < a.ords.length && j < b.ords.length) {
    const x = a.ords[i] as number;
    const y = b.ords[j] as number;
    if (x < y) i++;
    else if (y < x) j++;
    else {
      ords[out] = x;
      scores[out++] = (a.scores[i++] as number) + (b.scores[j++] as number);
    }
  }
  return { ords: ords.subarray(0, out), scores: scores.subarray(0, out) };
}

/** the ordinals in either, the greater score of each */
export function unionMax(a: Scored, b: Scored): Scored {
  if (a.ords.length === 0) return b;
  if (b.ords.length === 0) return a;
  const ords = new Int32Array(a.ords.length + b.ords.length);
  const scores = new Float32Array(ords.length);
  let i = 0;
  let j = 0;
  let out = 0;
  while (i < a.ords.length || j < b.ords.length) {
    const x = i < a.ords.length ? (a.ords[i] as number) : Infinity;
    const y = j < b.ords.length ? (b.ords[j] as number) : Infinity;
    if (x < y) {
      ords[out] = x;
      scores[out++] = a.scores[i++] as number;
    } else if (y < x) {
      ords[out] = y;
      scores[out++] = b.scores[j++] as number;
    } else {
      ords[out] = x;
      scores[out++] = Math.max(a.scores[i++] as number, b.scores[j++] as number);
    }
  }
  return { ords: ords.subarray(0, out), scores: scores.subarray(0, out) };
}

/** the ordinals found in every group (a group: one query lexeme's postings), score = Σ the best weight in each group */
export function allOf(groups: Posting[][], n: number, scratch: OrdinalScratch): Scored {
  if (groups.length === 0 || groups.some((g) => g.length === 0)) return NONE;
  let acc: Scored | null = null;
  for (const group of groups) {
    const hits = unionBest(group, n, scratch);
    acc = acc ? intersectSum(acc, hits) : hits;
    if (acc.ords.length === 0) return NONE;
  }
  return acc ?? NONE;
}

/**
 * The rows matching every word, with their relevance: a word matches by its exact lexemes (all of
 * them, plainto_tsquery) or by a lexeme starting with each of its parts (to_tsquery 'part:*'),
 * scoring the better of the two; the words' scores add up (the SQL `&&`).
 */
export function matchWords(
  words: { exact: Posting[][]; prefix: Posting[][] }[],
  n: number,
  scratch: OrdinalScratch,
): Scored {
  let total: Scored | null = null;
  for (const w of words) {
    const word = unionMax(allOf(w.exact, n, scratch), allOf(w.prefix, n, scratch));
    total = total ? intersectSum(total, word) : word;
    if (total.ords.length === 0) return NONE;
  }
  return total ?? NONE;
}
