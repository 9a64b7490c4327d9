/**
 * The in-process port of pg_trgm's word similarity (src/catalog/search/trigram.ts) against the database's
 * own `word_similarity` and `show_trgm`: random words and texts (ASCII, Lithuanian, Cyrillic, digits,
 * hyphens, typos) answer the same float4 value, and the same `<%` decision at the shop's threshold.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { trigramSequence, trigramSet, wordSimilarity } from '../src/catalog/search/trigram.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

const alphabet = 'abcdeilmnorstuvxz0123456789ąčęėįšųūžнбкутпаоыё -';
const textArb = fc.string({ unit: fc.constantFrom(...alphabet.split('')), minLength: 0, maxLength: 40 });
const wordArb = fc.string({
  unit: fc.constantFrom(...'abcdeilmnorstuz01ąčнбкуто'.split('')),
  minLength: 1,
  maxLength: 10,
});

async function sqlSimilarities(pairs: [string, string][]): Promise<{ sim: number; close: boolean }[]> {
  const found = await database.transaction(async (tx) => {
    await tx.query("SELECT set_config('pg_trgm.word_similarity_threshold', '0.4', true)", []);
    return tx.query<{ i: number; sim: number; close: boolean }>(
      `SELECT i::int, word_similarity(w, t)::float8 AS sim, (w <% t) AS close
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(w, t, i) ORDER BY i`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
  });
  return found.map((r) => ({ sim: Number(r.sim), close: r.close }));
}

describe('pg_trgm word similarity, in process', () => {
  it('makes the trigrams pg_trgm makes (ASCII words)', async () => {
    const [row] = await database.query<{ t: string[] }>("SELECT show_trgm('Lenovo ThinkPad-T14 x') AS t", []);
    expect([...trigramSet('Lenovo ThinkPad-T14 x')].sort()).toEqual([...row!.t].sort());
    expect(trigramSequence('ab c')).toEqual(['  a', ' ab', 'ab ', '  c', ' c ']);
  });

  it('answers the same similarity as word_similarity for typos of words of the text', async () => {
    const texts = [
      'lenovo thinkpad t14 nešiojamas kompiuteris lenovo lap-1001 21ah00f1lt',
      'ноутбук lenovo thinkpad t14 lenovo lap-1001',
      'samsung galaxy s23 samsung phn-2001 sm-s911b',
      'sony wh-1000xm5 ausinės sony aud-4001',
    ];
    const words = [
      'lenvo',
      'thinkpda',
      'samsnug',
      'galaksy',
      'nesiojamas',
      'ноутбк',
      'ausines',
      'wh1000',
      'zzzqqq',
      'sony',
      'kompjuteris',
      'lap-1001',
    ];
    const pairs: [string, string][] = texts.flatMap((t) => words.map((w) => [w, t] as [string, string]));
    const sql = await sqlSimilarities(pairs);
    pairs.forEach(([w, t], i) => {
      expect(wordSimilarity(trigramSet(w), t), `${w} | ${t}`).toBe(sql[i]!.sim);
      expect(wordSimilarity(trigramSet(w), t) >= 0.4, `${w} | ${t}`).toBe(sql[i]!.close);
    });
  });

  it('answers the same similarity for random words and texts', async () => {
    const pairs = fc.sample(fc.tuple(wordArb, textArb), { numRuns: 1500, seed: 20261122 });
    // a word of the text with a letter changed: the case typo matching is for
    const typos = fc.sample(
      fc.tuple(textArb, fc.nat(), fc.constantFrom(...'aeiouнк'.split(''))).map(([t, i, c]) => {
        const words = t.split(/[ -]+/).filter((w) => w.length >= 3);
        const w = words[i % Math.max(1, words.length)] ?? 'abc';
        const at = i % w.length;
        return [w.slice(0, at) + c + w.slice(at + 1), t] as [string, string];
      }),
      { numRuns: 500, seed: 7 },
    );
    const all = [...pairs, ...typos];
    const sql = await sqlSimilarities(all);
    all.forEach(([w, t], i) => {
      const sim = wordSimilarity(trigramSet(w), t);
      expect(sim, JSON.stringify([w, t])).toBe(sql[i]!.sim);
      expect(sim >= 0.4, JSON.stringify([w, t])).toBe(sql[i]!.close);
    });
  });
});
