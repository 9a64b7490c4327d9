import { describe, expect, it } from 'vitest';
import {
  CHILD_STOCK_PREFETCH_COUNT,
  childStockPrefetchBatches,
  childStockPrefetchSkus,
  type PrefetchProduct,
} from '../src/index.ts';

const conf = (name: string, n: number): PrefetchProduct => ({
  type_id: 'configurable',
  configurable_children: Array.from({ length: n }, (_, i) => ({ sku: `${name}-${i + 1}` })),
});
const simple = (): PrefetchProduct => ({ type_id: 'simple' });

describe('childStockPrefetchSkus (catalogue-and-cart.md §9 prefetch of configurable-children stock)', () => {
  it.each<[string, PrefetchProduct[], number, string[]]>([
    ['nothing listed', [], 8, []],
    ['only simple products', [simple(), simple()], 8, []],
    [
      'simple products are skipped, configurables taken',
      [simple(), conf('a', 2), simple()],
      8,
      ['a-1', 'a-2'],
    ],
    ['capped at the first N configurables', [conf('a', 1), conf('b', 1), conf('c', 1)], 2, ['a-1', 'b-1']],
    ['N = 0 prefetches nothing', [conf('a', 3)], 0, []],
    [
      'a configurable without children does not count towards N',
      [{ type_id: 'configurable', configurable_children: [] }, { type_id: 'configurable' }, conf('b', 1)],
      1,
      ['b-1'],
    ],
    ['a child shared by two parents is asked once', [conf('a', 2), conf('a', 3)], 8, ['a-1', 'a-2', 'a-3']],
    [
      'children without a sku are ignored',
      [{ type_id: 'configurable', configurable_children: [{ sku: 'x' }, {}, { sku: '' }, { sku: 5 }] }],
      8,
      ['x'],
    ],
    ['bundle and grouped are not configurable', [{ type_id: 'bundle' }, { type_id: 'grouped' }], 8, []],
  ])('%s', (_name, products, count, expected) => {
    expect(childStockPrefetchSkus(products, count)).toEqual(expected);
  });

  it('defaults to CHILD_STOCK_PREFETCH_COUNT configurables', () => {
    const many = Array.from({ length: CHILD_STOCK_PREFETCH_COUNT + 3 }, (_, i) => conf(`p${i}`, 1));
    expect(childStockPrefetchSkus(many)).toHaveLength(CHILD_STOCK_PREFETCH_COUNT);
  });

  it('rejects a negative or fractional count', () => {
    expect(() => childStockPrefetchSkus([], -1)).toThrow(RangeError);
    expect(() => childStockPrefetchSkus([], 1.5)).toThrow(RangeError);
  });
});

describe('childStockPrefetchBatches (15 skus per stock list request)', () => {
  it.each<[number, number]>([
    [0, 0],
    [1, 1],
    [15, 1],
    [16, 2],
    [30, 2],
    [31, 3],
  ])('%i children skus → %i requests', (k, requests) => {
    const batches = childStockPrefetchBatches([conf('a', k)], 8);
    expect(batches).toHaveLength(requests);
    expect(batches.every((b) => b.length <= 15)).toBe(true);
    expect(batches.flat()).toHaveLength(k);
  });
});
