// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { formatPrice } from '@vitrina/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { CompareTable } from '../app/components/CompareTable';
import { SavedProductList } from '../app/components/SavedProductList';
import { SaveButtons } from '../app/components/SaveButtons';
import { WishlistDrawer } from '../app/components/WishlistDrawer';
import type { Product } from '../app/lib/types';
import { compare, createCompareStore } from '../app/state/compare';
import { ui } from '../app/state/ui';
import { createWishlistStore, wishlist } from '../app/state/wishlist';
import { useGroupPriceRefresh } from '../app/state/group-prices';
import { productDoc } from './support/documents';

const product = (sku: string, extra: Partial<Product> = {}): Product =>
  productDoc({
    id: sku.charCodeAt(0),
    sku,
    type_id: 'simple',
    name: `Phone ${sku}`,
    slug: `phone-${sku.toLowerCase()}`,
    image: `/demo/${sku}.png`,
    price: 10000,
    price_incl_tax: 12100,
    final_price: 10000,
    final_price_incl_tax: 12100,
    ...extra,
  });
const saved = (sku: string) => ({ sku, name: `Phone ${sku}`, slug: `phone-${sku}`, path: `/en/p/${sku}/x` });

const tick = () => new Promise((r) => setTimeout(r, 20));

afterEach(() => {
  cleanup();
  wishlist.clear();
  compare.clear();
  ui.closeAll();
});

describe('wish list store', () => {
  it('keeps one entry per sku with qty 1; toggle removes; clear empties', () => {
    const w = createWishlistStore();
    w.add(saved('A'));
    w.add(saved('A'));
    w.add(saved('B'));
    expect(w.store.get().map((i) => [i.sku, i.qty])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    w.toggle(saved('A'));
    expect(w.store.get().map((i) => i.sku)).toEqual(['B']);
    w.clear();
    expect(w.store.get()).toEqual([]);
  });

  it('is persisted and shared with other tabs (a second store on the same key)', async () => {
    const key = `wishlist-test-${Math.random()}`;
    const tabA = createWishlistStore({ persistKey: key });
    const tabB = createWishlistStore({ persistKey: key });
    await Promise.all([tabA.store.ready, tabB.store.ready]);
    tabA.add(saved('A'));
    await tick();
    expect(tabB.store.get().map((i) => i.sku)).toEqual(['A']);
    // a new tab reads the persisted list
    const tabC = createWishlistStore({ persistKey: key });
    await tabC.store.ready;
    expect(tabC.store.get().map((i) => [i.sku, i.qty])).toEqual([['A', 1]]);
    tabB.clear();
    await tick();
    expect(tabA.store.get()).toEqual([]);
  });
});

describe('compare store', () => {
  it('keeps one entry per sku and at most four, the oldest leaving', () => {
    const c = createCompareStore();
    for (const s of ['A', 'B', 'A', 'C', 'D', 'E']) c.add(saved(s));
    expect(c.store.get().map((i) => i.sku)).toEqual(['B', 'C', 'D', 'E']);
    c.remove('C');
    expect(c.has('C')).toBe(false);
  });
});

describe('wish list and compare buttons', () => {
  it('are labelled toggle buttons that add and remove the product', () => {
    render(
      <MemoryRouter initialEntries={['/en/c/phones']}>
        <SaveButtons product={product('A')} />
      </MemoryRouter>,
    );
    const wish = screen.getByRole('button', { name: 'Add Phone A to the wish list' });
    expect(wish.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(wish);
    expect(wish.getAttribute('aria-pressed')).toBe('true');
    expect(wish.getAttribute('aria-label')).toBe('Remove Phone A from the wish list');
    expect(wishlist.store.get()).toEqual([
      expect.objectContaining({ sku: 'A', qty: 1, path: '/en/p/A/phone-a', price: 12100 }),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Phone A to compare' }));
    expect(compare.has('A')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Phone A from compare' }));
    expect(compare.has('A')).toBe(false);
  });
});

describe('wish list overlay', () => {
  it('lists the products, removes one by its labelled button, and closes on Escape', () => {
    wishlist.add(saved('A'));
    wishlist.add(saved('B'));
    ui.open('wishlist');
    render(
      <MemoryRouter initialEntries={['/en']}>
        <WishlistDrawer />
      </MemoryRouter>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Wish list' });
    expect(within(dialog).getByRole('link', { name: 'Phone A' }).getAttribute('href')).toBe(
      '/en/p/A/phone-A',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Phone A from the wish list' }));
    expect(wishlist.store.get().map((i) => i.sku)).toEqual(['B']);
    expect(within(dialog).getByRole('link', { name: 'Open the wish list' }).getAttribute('href')).toBe(
      '/en/wishlist',
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(ui.store.get().wishlist).toBe(false);
  });
});

describe('compare table', () => {
  it('shows comparable attributes side by side and can hide equal rows', () => {
    const removed: string[] = [];
    render(
      <MemoryRouter initialEntries={['/en/compare']}>
        <CompareTable
          columns={[
            { saved: saved('A'), product: product('A', { color: 1, ram: '8 GB' }) },
            { saved: saved('B'), product: product('B', { color: 1, ram: '16 GB' }) },
          ]}
          attributes={[
            { code: 'color', label: 'Colour' },
            { code: 'ram', label: 'RAM' },
            { code: 'weight', label: 'Weight' },
          ]}
          optionLabel={(code, v) => (code === 'color' && v === 1 ? 'Black' : undefined)}
          onRemove={(sku) => removed.push(sku)}
        />
      </MemoryRouter>,
    );
    const rows = () => screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows()).toContain('ColourBlackBlack');
    expect(rows()).toContain('RAM8 GB16 GB');
    expect(rows().some((r) => r?.startsWith('Weight'))).toBe(false);
    fireEvent.click(screen.getByLabelText('Show only differences'));
    expect(rows()).not.toContain('ColourBlackBlack');
    expect(rows()).toContain('RAM8 GB16 GB');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Phone B from compare' }));
    expect(removed).toEqual(['B']);
  });
});

describe("saved products at the customer group's tier", () => {
  it('show the tier price in the compare table and the wish list while a group token is set, the base price after logout', async () => {
    const tier: Record<string, number> = { A: 9900, B: 10500 };
    // the render list at the group's tier (the real one is tested in group-prices.test.tsx)
    const renderList = async (skus: string[]) =>
      skus.map(
        (sku) => ({ sku, final_price_incl_tax: tier[sku], price_incl_tax: null }) as unknown as Product,
      );
    function Session({ token }: { token: string | null }) {
      useGroupPriceRefresh(renderList, token);
      return null;
    }
    const items = [
      { ...saved('A'), price: 12100 },
      { ...saved('B'), price: 13000 },
    ];
    const view = (token: string | null) => (
      <MemoryRouter initialEntries={['/en/compare']}>
        <Session token={token} />
        <CompareTable
          columns={[
            { saved: items[0]!, product: product('A') },
            { saved: items[1]!, product: null },
          ]}
          attributes={[]}
          optionLabel={() => undefined}
          onRemove={() => {}}
        />
        <SavedProductList items={items} onRemove={() => {}} removeLabel={(n) => `Remove ${n}`} />
      </MemoryRouter>
    );
    const money = (cents: number) => formatPrice(cents, 'en');
    const priceRow = () => screen.getAllByRole('row')[1]?.textContent ?? '';
    const listPrices = () => [...document.querySelectorAll('.saved-list .price')].map((e) => e.textContent);
    const { rerender } = render(view(null));
    expect(priceRow()).toBe(`Price${money(12100)}${money(13000)}`);
    expect(listPrices()).toEqual([money(12100), money(13000)]);
    rerender(view('3.t'));
    await waitFor(() => expect(priceRow()).toBe(`Price${money(9900)}${money(10500)}`));
    expect(listPrices()).toEqual([money(9900), money(10500)]);
    rerender(view(null));
    await waitFor(() => expect(listPrices()).toEqual([money(12100), money(13000)]));
    expect(priceRow()).toBe(`Price${money(12100)}${money(13000)}`);
  });
});
