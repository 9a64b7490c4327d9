import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  RELEVANCE_SORT,
  SEARCH_DEFAULT_SORT,
  compareSearchHits,
  didYouMean,
  foldForMatch,
  searchDefaultSort,
  searchKindRank,
} from '../src/index.ts';

describe('search ranking (docs/decisions/0053-a-search-with-words-is-ranked-by-relevance.md)', () => {
  it.each([
    ['simple', 0],
    ['configurable', 0],
    ['grouped', 0],
    ['bundle', 0],
    ['virtual', 1],
    ['downloadable', 1],
    [null, 0],
    [undefined, 0],
  ] as const)('type %s ranks %i', (type, rank) => {
    expect(searchKindRank(type)).toBe(rank);
  });

  type Hit = { score: number; typeId: string; id: number };
  const hit = (id: number, score: number, typeId = 'simple'): Hit => ({ id, score, typeId });
  it.each([
    // a fridge installation service with the same score as the fridges: after them
    [
      'service after goods for the same score',
      [hit(1, 0.8, 'virtual'), hit(5, 0.8), hit(3, 0.8, 'configurable')],
      [3, 5, 1],
    ],
    // relevance first: a better-matching service stays first
    ['relevance before kind', [hit(5, 0.5), hit(1, 0.9, 'virtual')], [1, 5]],
    ['software after goods', [hit(2, 1, 'downloadable'), hit(9, 1, 'bundle')], [9, 2]],
    ['lower id among equals', [hit(7, 1), hit(4, 1), hit(6, 1)], [4, 6, 7]],
  ])('%s', (_name, hits, order) => {
    expect([...hits].sort(compareSearchHits).map((h) => h.id)).toEqual(order);
  });

  it('is a total order (antisymmetric, transitive through sorting twice)', () => {
    const arb = fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 1000 }),
        score: fc.constantFrom(0.1, 0.5, 1, 2),
        typeId: fc.constantFrom('simple', 'virtual', 'configurable', 'downloadable'),
      }),
      { maxLength: 30, selector: (h) => h.id },
    );
    fc.assert(
      fc.property(arb, (hits) => {
        const once = [...hits].sort(compareSearchHits);
        const twice = [...once].reverse().sort(compareSearchHits);
        expect(twice.map((h) => [h.id, h.score, h.typeId])).toEqual(
          once.map((h) => [h.id, h.score, h.typeId]),
        );
        for (let i = 1; i < once.length; i++)
          expect(compareSearchHits(once[i - 1]!, once[i]!)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it.each([
    ['холодильникк', RELEVANCE_SORT.value],
    ['  ', SEARCH_DEFAULT_SORT],
    ['', SEARCH_DEFAULT_SORT],
    [null, SEARCH_DEFAULT_SORT],
  ])('default sort for %j is %s', (q, sort) => {
    expect(searchDefaultSort(q)).toBe(sort);
  });
});

describe('did you mean', () => {
  const names = ['Šaldytuvai', 'Skalbimo mašinos', 'Televizoriai', 'Холодильники', 'Samsung', 'Apple'];
  it.each([
    ['saldytuvai', ['Šaldytuvai']],
    ['šaldytuvaii', ['Šaldytuvai']],
    ['televizorai', ['Televizoriai']],
    ['холодилники', ['Холодильники']],
    ['samsnug', ['Samsung']],
    ['zzqqxx', []],
    // one stray word: the name the other word was after
    ['šaldytuvas zzqxw', ['Šaldytuvai']],
    // the query itself is no suggestion
    ['Apple', []],
    ['', []],
  ])('"%s" → %j', (q, expected) => {
    expect(didYouMean(q, names)).toEqual(expected);
  });

  it('folds case and diacritics', () => {
    expect(foldForMatch('  Šaldytuvai, ąčę ')).toBe('saldytuvai ace');
  });
});
