import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOADED_MAX_PAGES, listingWindow, showMoreParams } from '../src/index.ts';

describe('listing window ("Show more", catalogue-and-cart.md §2 count loaded)', () => {
  it.each([
    // page, loaded, → from, size, firstPage
    [1, null, 0, 12, 1],
    [3, null, 24, 12, 3],
    [2, 24, 0, 24, 1],
    [3, 36, 0, 36, 1],
    // a count not a whole number of pages: whole pages
    [3, 30, 0, 36, 1],
    // more loaded than pages up to this one: from the first page
    [2, 120, 0, 24, 1],
    // started on page 4, two "Show more" later
    [6, 36, 36, 36, 4],
    [1, 0, 0, 12, 1],
    [1, -5, 0, 12, 1],
    [0, null, 0, 12, 1],
    [20, 12 * 50, (20 - LOADED_MAX_PAGES) * 12, LOADED_MAX_PAGES * 12, 20 - LOADED_MAX_PAGES + 1],
  ])('page %s, loaded %s → from %s, size %s, first page %s', (page, loaded, from, size, firstPage) => {
    expect(listingWindow(page, loaded, 12)).toEqual({ from, size, firstPage });
  });

  it.each([
    // page, loaded, total → next
    [1, null, 40, { page: 2, loaded: 24 }],
    [2, 24, 40, { page: 3, loaded: 36 }],
    [3, 36, 40, { page: 4, loaded: 48 }],
    [4, 48, 40, null],
    [1, null, 12, null],
    [1, null, 13, { page: 2, loaded: 24 }],
    [4, null, 100, { page: 5, loaded: 24 }],
  ])('page %s, loaded %s of %s → %j', (page, loaded, total, next) => {
    expect(showMoreParams(page, loaded, 12, total)).toEqual(next);
  });

  it('"Show more" keeps the window’s start and adds one page, until the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 500 }), (page, total) => {
        const before = listingWindow(page, null, 12);
        const next = showMoreParams(page, null, 12, total);
        if (!next) {
          expect(page * 12).toBeGreaterThanOrEqual(total);
          return;
        }
        const after = listingWindow(next.page, next.loaded, 12);
        expect(after.firstPage).toBe(before.firstPage);
        expect(after.from).toBe(before.from);
        expect(after.size).toBe(before.size + 12);
      }),
    );
  });
});
