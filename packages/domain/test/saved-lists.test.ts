import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  COMPARE_MAX_ITEMS,
  addToCompare,
  addToWishlist,
  compareRows,
  joinRecentlyViewed,
  joinSavedLists,
  noteViewed,
  RECENTLY_VIEWED_MAX,
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

describe('joinSavedLists (two tabs changing one saved list at once)', () => {
  const skus = (list: { sku: string }[]) => list.map((x) => x.sku);
  it.each([
    ['each side added one', ['A'], ['A', 'B'], ['A', 'C'], ['A', 'C', 'B']],
    ['mine removed, theirs added', ['A', 'B'], ['A'], ['A', 'B', 'C'], ['A', 'C']],
    ['both removed the same', ['A', 'B'], ['A'], ['A'], ['A']],
    ['mine cleared, theirs unchanged', ['A', 'B'], [], ['A', 'B'], []],
    ['mine cleared, theirs added one meanwhile', ['A'], [], ['A', 'B'], ['B']],
    ['both added the same', [], ['A'], ['A'], ['A']],
  ])('%s', (_n, base, mine, theirs, expected) => {
    expect(
      skus(
        joinSavedLists(
          base.map((sku) => p(sku)),
          mine.map((sku) => p(sku)),
          theirs.map((sku) => p(sku)),
        ),
      ),
    ).toEqual(expected);
  });

  it('keeps at most max products, the oldest leaving first', () => {
    const joined = joinSavedLists(
      ['A', 'B', 'C'].map((sku) => p(sku)),
      ['A', 'B', 'C', 'D'].map((sku) => p(sku)),
      ['A', 'B', 'C', 'E'].map((sku) => p(sku)),
      4,
    );
    expect(skus(joined)).toEqual(['B', 'C', 'E', 'D']);
  });

  const list = fc.uniqueArray(
    fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F').map((sku) => p(sku)),
    {
      selector: (x) => x.sku,
      maxLength: 6,
    },
  );
  it('keeps every addition of both sides and no removal of either, unique by sku', () => {
    fc.assert(
      fc.property(list, list, list, (base, mine, theirs) => {
        const joined = skus(joinSavedLists(base, mine, theirs));
        expect(new Set(joined).size).toBe(joined.length);
        const inBase = new Set(skus(base));
        for (const x of [...mine, ...theirs]) if (!inBase.has(x.sku)) expect(joined).toContain(x.sku);
        const kept = (side: typeof mine) => new Set(skus(side));
        for (const sku of inBase)
          if (!kept(mine).has(sku) || !kept(theirs).has(sku)) expect(joined).not.toContain(sku);
      }),
    );
  });
});

describe('recently viewed (newest first, once each) and two tabs viewing at once', () => {
  const skus = (list: { sku: string }[]) => list.map((x) => x.sku);
  const list = (s: string) => [...s].map((sku) => p(sku));
  const viewed = (start: string, views: string, max?: number) =>
    [...views].reduce((l, sku) => noteViewed(l, p(sku), max), list(start));

  it.each([
    ['a new product goes first', '', 'A', 'A'],
    ['a listed product moves first', 'ABC', 'C', 'CAB'],
    ['the oldest leaves past the most', 'ABC', 'D', 'DAB', 3],
  ])('%s', (_n, start, views, expected, max?: number) => {
    expect(skus(viewed(start, views, max)).join('')).toBe(expected);
  });

  it.each([
    ['each tab viewed a new product', 'AB', 'XAB', 'YAB', 'XYAB'],
    ['this tab looked at nothing new', 'AB', 'AB', 'YAB', 'YAB'],
    ['the other tab looked at nothing new', 'AB', 'BA', 'AB', 'BA'],
    ['both viewed the same product', 'AB', 'XAB', 'XAB', 'XAB'],
    ['this tab viewed a listed one, theirs a new one', 'ABC', 'CAB', 'YABC', 'CYAB'],
  ])('joined: %s', (_n, base, mine, theirs, expected) => {
    expect(skus(joinRecentlyViewed(list(base), list(mine), list(theirs))).join('')).toBe(expected);
  });

  it('property: views made in two tabs from one copy are all kept, once each, newest of each tab first', () => {
    const sku = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRST');
    fc.assert(
      fc.property(
        fc.uniqueArray(sku, { maxLength: RECENTLY_VIEWED_MAX }),
        fc.array(sku, { maxLength: 4 }),
        fc.array(sku, { maxLength: 4 }),
        (base, mineViews, theirViews) => {
          const start = base.join('');
          const mine = viewed(start, mineViews.join(''));
          const theirs = viewed(start, theirViews.join(''));
          const joined = skus(joinRecentlyViewed(list(start), mine, theirs));
          expect(new Set(joined).size).toBe(joined.length);
          expect(joined.length).toBeLessThanOrEqual(RECENTLY_VIEWED_MAX);
          for (const s of [...mineViews, ...theirViews]) expect(joined).toContain(s);
          // a view that changed this tab's list puts its product first (a view of the first product
          // changes nothing, and then the other tab's order stands)
          if (skus(mine).join('') !== start) expect(joined[0]).toBe(mineViews.at(-1));
          // one side unchanged: the join is the other side's list
          expect(skus(joinRecentlyViewed(list(start), mine, list(start)))).toEqual(skus(mine));
          expect(skus(joinRecentlyViewed(list(start), list(start), theirs))).toEqual(skus(theirs));
        },
      ),
    );
  });
});
