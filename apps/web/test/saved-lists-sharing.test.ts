// @vitest-environment node
/**
 * The wish list, the compare list and recently viewed are shared by the shopper's tabs through the device. Two tabs
 * changing the list at once (one saves a product, the other removes one, each from the copy it had)
 * keep both changes; before, the later write replaced the whole list and the product saved in the
 * first tab was gone in both. A list an earlier version stored as a bare array is still read.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { createWishlistStore as CreateWishlist } from '../app/state/wishlist';
import type { createCompareStore as CreateCompare } from '../app/state/compare';
import type { createRecentlyViewedStore as CreateRecentlyViewed } from '../app/state/recently-viewed';

let createWishlistStore: typeof CreateWishlist;
let createCompareStore: typeof CreateCompare;
let createRecentlyViewedStore: typeof CreateRecentlyViewed;
let idbGet: (key: string) => Promise<unknown>;
let idbSet: (key: string, value: unknown) => Promise<void>;
const opened: { store: { close(): void } }[] = [];

beforeAll(async () => {
  // store.ts persists and broadcasts only "in a browser": it must see a window before it loads
  (globalThis as { window?: unknown }).window ??= globalThis;
  ({ createWishlistStore } = await import('../app/state/wishlist'));
  ({ createCompareStore } = await import('../app/state/compare'));
  ({ createRecentlyViewedStore } = await import('../app/state/recently-viewed'));
  ({ idbGet, idbSet } = await import('../app/lib/idb'));
});
afterEach(() => {
  for (const l of opened.splice(0)) l.store.close();
});

const product = (sku: string) => ({ sku, name: `Product ${sku}`, path: `/p/${sku}/x` });
const skus = (list: { sku: string }[]) => list.map((p) => p.sku);
const wait = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 10_000 });

function wishlistTab(key: string) {
  const tab = createWishlistStore({ persistKey: key });
  opened.push(tab);
  return tab;
}

describe('a saved list shared between tabs', () => {
  it("keeps both tabs' changes made from one copy of the wish list", async () => {
    const a = wishlistTab('wish-1');
    const b = wishlistTab('wish-1');
    await Promise.all([a.store.ready, b.store.ready]);
    a.add(product('A'));
    await wait(() => expect(skus(b.store.get())).toEqual(['A']));

    // both tabs change the copy [A] before either hears of the other's change
    a.add(product('B'));
    b.remove('A');
    await wait(async () => {
      expect(skus(a.store.get())).toEqual(['B']);
      expect(skus(b.store.get())).toEqual(['B']);
      expect(await idbGet('wish-1')).toMatchObject({ items: [{ sku: 'B', qty: 1 }] });
    });
  });

  it('keeps the compare list at its most when both tabs add at once', async () => {
    const tab = () => {
      const t = createCompareStore({ persistKey: 'compare-1' });
      opened.push(t);
      return t;
    };
    const a = tab();
    const b = tab();
    await Promise.all([a.store.ready, b.store.ready]);
    for (const sku of ['A', 'B', 'C']) a.add(product(sku));
    await wait(() => expect(skus(b.store.get())).toEqual(['A', 'B', 'C']));

    a.add(product('D'));
    b.add(product('E'));
    await wait(() => {
      expect(skus(a.store.get())).toHaveLength(4);
      expect(skus(b.store.get())).toEqual(skus(a.store.get()));
      expect(skus(a.store.get())).toEqual(expect.arrayContaining(['D', 'E']));
    });
  });

  it('reads a wish list an earlier version stored as a bare array, and keeps it on the next write', async () => {
    await idbSet('wish-2', [product('OLD')]);
    const a = wishlistTab('wish-2');
    await a.store.ready;
    expect(skus(a.store.get())).toEqual(['OLD']);
    a.add(product('NEW'));
    await wait(async () =>
      expect(await idbGet('wish-2')).toMatchObject({ items: [{ sku: 'OLD' }, { sku: 'NEW' }] }),
    );
  });

  it('keeps the products opened in two tabs at once in recently viewed', async () => {
    const tab = () => {
      const t = createRecentlyViewedStore({ persistKey: 'viewed-1' });
      opened.push(t);
      return t;
    };
    await idbSet('viewed-1', [product('OLD')]);
    const a = tab();
    const b = tab();
    await Promise.all([a.store.ready, b.store.ready]);
    // two product pages opened in new tabs, each noting its product from the copy [OLD]
    a.add(product('X'));
    b.add(product('Y'));
    await wait(async () => {
      expect(skus(a.store.get()).sort()).toEqual(['OLD', 'X', 'Y']);
      expect(skus(b.store.get())).toEqual(skus(a.store.get()));
      expect(skus(((await idbGet('viewed-1')) as { items: { sku: string }[] }).items)).toEqual(
        skus(a.store.get()),
      );
    });
    expect(skus(a.store.get()).at(-1)).toBe('OLD');
  });
});
