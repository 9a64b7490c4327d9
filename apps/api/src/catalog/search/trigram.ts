/**
 * pg_trgm's word similarity, computed in process (catalogue-and-cart.md §5: "Typos within one or two
 * letters still find the product (trigram similarity)"), so that the in-process search index can
 * answer a typo query without asking PostgreSQL, with the same rows and the same scores.
 *
 * A port of pg_trgm (contrib/pg_trgm/trgm_op.c, PostgreSQL 16/17): texts are split into words of
 * letters and digits (the database's `iswalnum`, read here as Unicode letters and numbers), each
 * lower-cased word padded with two spaces before and one after, and cut into trigrams in order;
 * `calc_word_similarity` / `iterate_word_similarity` (non-strict) find the greatest similarity
 * count / (|query trigrams| + |extent trigrams| - count) over the continuous extents of the text's
 * trigram sequence, in single precision (float4) as PostgreSQL does. PostgreSQL stores a trigram
 * holding multibyte characters as a 3-byte hash of it; equal trigrams give equal hashes, so keeping
 * them as strings here gives the same equalities (a hash collision aside).
 */

const ASCII = /^[ -~]*$/;
const WORD_SPLIT = /[^\p{L}\p{N}]+/u;

/** the trigrams of a text in order (duplicates kept), as pg_trgm's generate_trgm_only makes them */
export function trigramSequence(text: string): string[] {
  const out: string[] = [];
  for (const word of trigramWords(text)) for (const t of wordTrigrams(word)) out.push(t);
  return out;
}

/** the words of a text that pg_trgm cuts into trigrams (lower-cased), in order */
export function trigramWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(WORD_SPLIT)
    .filter((raw) => raw !== '');
}

/** the trigrams of one word of trigramWords, in order */
export function wordTrigrams(word: string): string[] {
  const out: string[] = [];
  const padded = `  ${word} `;
  if (ASCII.test(padded)) {
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  } else {
    const chars = Array.from(padded);
    for (let i = 0; i + 3 <= chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** the distinct trigrams of a text */
export function trigramSet(text: string): Set<string> {
  return new Set(trigramSequence(text));
}

/** pg_trgm's CALCSML in float4 */
const sml = (count: number, len1: number, len2: number) =>
  Math.fround(Math.fround(count) / Math.fround(len1 + len2 - count));

/**
 * word_similarity(query, text) of pg_trgm: `query` given as its distinct trigrams (trigramSet).
 * Answers a float4 value (a double holding it exactly).
 */
export function wordSimilarity(query: ReadonlySet<string>, text: string): number {
  if (query.size === 0) return 0;
  // number the trigrams (the query's first), then compare by number
  const ids = new Map<string, number>();
  for (const t of query) ids.set(t, ids.size);
  const seq = trigramSequence(text).map((t) => {
    let id = ids.get(t);
    if (id === undefined) ids.set(t, (id = ids.size));
    return id;
  });
  const inQuery = new Uint8Array(ids.size);
  inQuery.fill(1, 0, query.size);
  return sequenceSimilarity(seq, inQuery, query.size, new Int32Array(ids.size).fill(-1));
}

/**
 * The core of pg_trgm's calc_word_similarity / iterate_word_similarity (non-strict): `seq` is the
 * text's trigram sequence as trigram numbers, `inQuery[id]` 1 for the query's trigrams, `ulen1`
 * the number of distinct query trigrams, `lastpos` scratch space by trigram number, all -1 (left
 * all -1 again on return).
 */
export function sequenceSimilarity(
  seq: ArrayLike<number>,
  inQuery: Uint8Array,
  ulen1: number,
  lastpos: Int32Array,
): number {
  const len2 = seq.length;
  if (ulen1 === 0 || len2 === 0) return 0;
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let max = 0;
  for (let i = 0; i < len2; i++) {
    const t = seq[i]!;
    const found = inQuery[t] === 1;
    if (lower >= 0 || found) {
      if (lastpos[t]! < 0) {
        ulen2++;
        if (found) count++;
      }
      lastpos[t] = i;
    }
    if (!found) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = sml(count, ulen1, ulen2);
    // also try to move the lower bound up for a greater similarity
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = sml(tmpCount, ulen1, tmpUlen2);
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tt = seq[tmpLower]!;
      if (lastpos[tt] === tmpLower) {
        tmpUlen2--;
        if (inQuery[tt] === 1) tmpCount--;
      }
    }
    if (current > max) max = current;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tt = seq[tmpLower]!;
      if (lastpos[tt] === tmpLower) lastpos[tt] = -1;
    }
  }
  for (let i = 0; i < len2; i++) lastpos[seq[i]!] = -1;
  return max;
}
