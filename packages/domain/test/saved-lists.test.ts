import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COMPARE_MAX_ITEMS,
  addToCompare,
  addToWishlist,
  compareRows,
  removeBySku,
  sanitizeSavedList,
  toggleBySku,
} from '../src/index.ts';

const p = (sku: string, name = sku) => ({ sku, name });

describe('wish list (accounts-checkout-routes.md §3: the product plus qty 1, unique by sku)', () => {
  it.each([
    { given: [], add: 'A', skus: ['A'] },
    { given: ['A'], add: 'B', skus: ['A', 'B'] },
    { given: ['A', 'B'], add: 'A', skus: ['A', 'B'] },
  ])('adding $add to $given gives $skus', ({ given, add, skus }) => {
    const list = given.reduce((l, s) => addToWishlist(l, p(s)), [] as ReturnType<typeof addToWishlist>);
    const next = addToWishlist(list, p(add));
    expect(next.map((x) => x.sku)).toEqual(skus);
    expect(next.every((x) => x.qty === 1)).toBe(true);
  });

  it('adding a listed sku again keeps qty 1 and takes the newer product data', () => {
    const next = addToWishlist(addToWishlist([], p('A', 'old')), { sku: 'A', name: 'new', qty: 5 } as never);
    expect(next).toEqual([{ sku: 'A', name: 'new', qty: 1 }]);
  });

  it('property: skus are unique and every qty is 1 after any adds and removes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.constantFrom('A', 'B', 'C', 'D'))), (ops) => {
        let list: ReturnType<typeof addToWishlist<{ sku: string; name: string }>> = [];
        for (const [add, sku] of ops) list = add ? addToWishlist(list, p(sku)) : removeBySku(list, sku);
        expect(new Set(list.map((x) => x.sku)).size).toBe(list.length);
        expect(list.every((x) => x.qty === 1)).toBe(true);
      }),
    );
  });
});

describe('compare list (a product, unique by sku)', () => {
  it('keeps one entry per sku, in place', () => {
    const list = addToCompare(addToCompare(addToCompare([], p('A')), p('B')), p('A', 'A2'));
    expect(list).toEqual([{ sku: 'A', name: 'A2' }, p('B')]);
  });

  it(`holds at most ${COMPARE_MAX_ITEMS}: the oldest leaves`, () => {
    let list: { sku: string; name: string }[] = [];
    for (const s of ['A', 'B', 'C', 'D', 'E']) list = addToCompare(list, p(s));
    expect(list.map((x) => x.sku)).toEqual(['B', 'C', 'D', 'E']);
  });

  it('property: unique by sku, never above the maximum, the newest always present', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), { minLength: 1 }), (skus) => {
        let list: { sku: string; name: string }[] = [];
        for (const s of skus) list = addToCompare(list, p(s));
        expect(new Set(list.map((x) => x.sku)).size).toBe(list.length);
        expect(list.length).toBeLessThanOrEqual(COMPARE_MAX_ITEMS);
        expect(list.some((x) => x.sku === skus[skus.length - 1])).toBe(true);
      }),
    );
  });

  it('toggle adds an absent sku and removes a present one', () => {
    const once = toggleBySku([], p('A'), addToCompare);
    expect(once.map((x) => x.sku)).toEqual(['A']);
    expect(toggleBySku(once, p('A'), addToCompare)).toEqual([]);
  });
});

describe('sanitizeSavedList (reading storage back)', () => {
  it.each([
    { raw: null, skus: [] },
    { raw: 'x', skus: [] },
    { raw: [{ sku: 'A' }, { nope: 1 }, null, { sku: 2 }, { sku: 'A' }, { sku: 'B' }], skus: ['A', 'B'] },
  ])('$raw → $skus', ({ raw, skus }) => {
    expect(sanitizeSavedList(raw).map((x) => x.sku)).toEqual(skus);
  });
});

describe('compareRows', () => {
  const attrs = [
    { code: 'color', label: 'Colour' },
    { code: 'ram', label: 'RAM' },
    { code: 'weight', label: 'Weight' },
  ];
  it('shows option labels, skips attributes no product has, marks differing rows', () => {
    const rows = compareRows(
      [
        { sku: 'A', color: 1, ram: '8 GB' },
        { sku: 'B', color: 1, ram: '16 GB' },
      ],
      attrs,
      (code, v) => (code === 'color' && v === 1 ? 'Black' : undefined),
    );
    expect(rows).toEqual([
      { code: 'color', label: 'Colour', values: ['Black', 'Black'], differs: false },
      { code: 'ram', label: 'RAM', values: ['8 GB', '16 GB'], differs: true },
    ]);
  });
  it('a product without the attribute shows an empty value', () => {
    const rows = compareRows([{ sku: 'A', ram: [8, 16] }, { sku: 'B' }], attrs);
    expect(rows).toEqual([{ code: 'ram', label: 'RAM', values: ['8, 16', ''], differs: true }]);
  });
});
