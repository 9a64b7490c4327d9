// @vitest-environment jsdom
/**
 * While the phone's filter sheet is open (a modal dialog over the products), a filter's tick renders
 * the sheet and not the products under it: they keep the elements they had, and follow the last tick
 * as the sheet closes. Where the filters are a side column (a desktop's width) the products follow
 * each tick at once, and a sheet left open as the window widens lets them follow.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChildStockPrefetch } from '../app/components/ChildStockPrefetch';
import { Listing } from '../app/features/listing';
import type { FacetFilter } from '../app/features/listing/rules/facets';
import { parseListingQuery } from '../app/features/listing/rules/query';
import { clearStockCache } from '../app/state/stock-cache';

/** the phone's width or a desktop's, as the listing's media query answers it */
const media = {
  matches: true,
  listeners: new Set<() => void>(),
  addEventListener: (_: string, l: () => void) => media.listeners.add(l),
  removeEventListener: (_: string, l: () => void) => media.listeners.delete(l),
};
function widen() {
  media.matches = false;
  act(() => media.listeners.forEach((l) => l()));
}

beforeAll(() => {
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe('(max-width: 899px)');
    return media;
  });
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  media.matches = true;
});
afterEach(cleanup);

const FILTERS: FacetFilter[] = [
  {
    code: 'condition',
    label: 'Condition',
    options: { '1': 'Brand New', '2': 'A+ (like new)' },
    order: ['1', '2'],
  },
];
const AGGREGATIONS = {
  price: [],
  condition: [
    { key: '1', count: 3 },
    { key: '2', count: 9 },
  ],
};

/**
 * the listing with products that name the address they are for; with `pages` > 1, products that
 * prefetch their children's stock, as the category page's do
 */
function CategoryListing({ total = 12, pages = 1 }: { total?: number; pages?: number }) {
  const location = useLocation();
  const query = parseListingQuery(new URLSearchParams(location.search), ['condition']);
  return (
    <Listing
      aggregations={AGGREGATIONS}
      filters={FILTERS}
      query={query}
      total={total}
      pages={pages}
      pageSize={12}
      label="Laptops"
    >
      <p data-testid="products">{`products of ${location.search || 'all'}`}</p>
      {pages > 1 ? <ChildStockPrefetch products={productsOf(location.search)} /> : null}
    </Listing>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <CategoryListing /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}
const products = () => screen.getByTestId('products');
const tick = async (label: string) => {
  const dialog = screen.getByRole('dialog', { name: 'Filters' });
  const link = within(dialog)
    .getAllByRole('link')
    .find((a) => a.textContent?.startsWith(`${label} (`));
  await act(async () => {
    fireEvent.click(link!);
  });
};

describe('the products under the open filter sheet', () => {
  it('keep their elements while the sheet is open on a phone and follow the last tick as it closes', async () => {
    const router = renderAt('/en/c/laptops');
    const before = products();
    fireEvent.click(screen.getByRole('link', { name: /^Filters/ }));
    await tick('Brand New');
    expect(router.state.location.search).toBe('?condition=1');
    // the sheet follows the tick: the value ticked is current
    expect(
      within(screen.getByRole('dialog'))
        .getAllByRole('link')
        .find((a) => a.textContent?.startsWith('Brand New'))
        ?.getAttribute('aria-current'),
    ).toBe('true');
    expect(products()).toBe(before);
    expect(products().textContent).toBe('products of all');
    await tick('A+ (like new)');
    expect(router.state.location.search).toBe('?condition=1%2C2');
    expect(products().textContent).toBe('products of all');

    fireEvent.click(screen.getByRole('link', { name: 'Show 12 products' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(products().textContent).toBe('products of ?condition=1%2C2');
    router.dispose();
  });

  it('follow each tick at once where the filters are a side column, and when the window widens', async () => {
    const router = renderAt('/en/c/laptops');
    fireEvent.click(screen.getByRole('link', { name: /^Filters/ }));
    await tick('Brand New');
    expect(products().textContent).toBe('products of all');
    // wider than a phone with the sheet left open: the filters are the side column beside the products
    widen();
    expect(products().textContent).toBe('products of ?condition=1');
    await tick('A+ (like new)');
    expect(products().textContent).toBe('products of ?condition=1%2C2');
    router.dispose();
  });
});

/** configurables whose children's skus name the address they were listed for */
const productsOf = (search: string) =>
  [1, 2].map((i) => ({
    sku: `C${i}${search}`,
    type_id: 'configurable',
    configurable_children: [{ sku: `C${i}${search}-child` }],
  }));

describe('the parts of the products under the open filter sheet', () => {
  let stockAsked: string[];
  beforeEach(() => {
    stockAsked = [];
    clearStockCache();
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const skus = (url.searchParams.get('skus') ?? '').split(',');
      if (url.pathname.endsWith('/stock/list')) stockAsked.push(...skus);
      return Response.json({ code: 200, result: [] });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('"Show more", the page links and the stock prefetch follow the last tick as the sheet closes', async () => {
    const router = createMemoryRouter([{ path: '*', element: <CategoryListing total={30} pages={3} /> }], {
      initialEntries: ['/en/c/laptops'],
    });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(stockAsked).toContain('C1-child'));
    const more = () => screen.getByRole('link', { name: /^Show \d+ more/ });
    const page2 = () => screen.getByRole('link', { name: 'Next page' });
    const [moreBefore, page2Before] = [more(), page2()];
    expect(page2Before.getAttribute('href')).toBe('/en/c/laptops?page=2');

    fireEvent.click(screen.getByRole('link', { name: /^Filters/ }));
    await tick('Brand New');
    expect(router.state.location.search).toBe('?condition=1');
    // under the sheet: the same elements, the address they were for, no stock asked for the tick's products
    expect(more()).toBe(moreBefore);
    expect(page2()).toBe(page2Before);
    expect(page2().getAttribute('href')).toBe('/en/c/laptops?page=2');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(stockAsked.filter((s) => s.includes('condition'))).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Show 30 products' }));
    expect(page2().getAttribute('href')).toBe('/en/c/laptops?condition=1&page=2');
    await waitFor(() => expect(stockAsked).toContain('C1?condition=1-child'));
    router.dispose();
  });
});
