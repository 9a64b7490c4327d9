// @vitest-environment jsdom
/**
 * A filter's change on the category page (routes/category.tsx) is shown in place: the listing asks
 * the search API for the new products through the browser's API, renders the grid, the count and
 * the chips from that answer and puts the address in a new history entry, without a navigation of
 * the router (its loader is not asked again). Back is the router's navigation to the address left:
 * the listing before is shown again. The page is React Router's in a browser router over jsdom's
 * history; `fetch` answers the catalogue's searches from a small catalogue.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CategoryPage from '../app/routes/category';
import { LOADER_AFTER_MS } from '../app/features/listing/hooks/use-listing-in-place';
import { facetFilters, shownValuesOnly } from '../app/features/listing/rules/facets';
import { parseListingQuery } from '../app/features/listing/rules/query';
import { ui } from '../app/state/ui';
import type { AttributeDoc, Product } from '../app/lib/types';
import { productDoc } from './support/documents';

afterEach(cleanup);

const ATTRIBUTES = [
  {
    attribute_id: 93,
    attribute_code: 'condition',
    frontend_label: 'Condition',
    is_filterable: true,
    options: [
      { value: 1, label: 'New' },
      { value: 2, label: 'Refurbished' },
    ],
  },
] as unknown as AttributeDoc[];

/** three phones: two new, one refurbished */
const PRODUCTS: Product[] = [
  { ...productDoc({ sku: 'P1', name: 'Phone One', id: 1 }), condition: 1 } as Product,
  { ...productDoc({ sku: 'P2', name: 'Phone Two', id: 2 }), condition: 1 } as Product,
  { ...productDoc({ sku: 'P3', name: 'Phone Three', id: 3 }), condition: 2 } as Product,
];

/** the catalogue's answer to a product search under `filters` */
function searchAnswer(filters: Record<string, unknown>) {
  const wanted = filters.condition as number[] | undefined;
  const items = PRODUCTS.filter((p) => !wanted || wanted.includes(p.condition as number));
  const count = (c: number) => PRODUCTS.filter((p) => p.condition === c).length;
  return {
    hits: { total: { value: items.length }, hits: items.map((p) => ({ _source: p })) },
    aggregations: {
      price: { buckets: [] },
      condition: {
        buckets: [
          { key: 1, doc_count: count(1) },
          { key: 2, doc_count: count(2) },
        ],
      },
    },
    attribute_metadata: [],
  };
}

/** the API's searches the browser asked */
let asked: string[] = [];
const loader = vi.fn(({ request }: { request: Request }) => {
  const q = parseListingQuery(new URL(request.url).searchParams, ['condition']);
  const answer = searchAnswer(
    q.attributes.condition ? { condition: q.attributes.condition.map(Number) } : {},
  );
  const products = answer.hits.hits.map((h) => h._source);
  const aggregations = {
    price: [],
    condition: answer.aggregations.condition.buckets.map((b) => ({ key: String(b.key), count: b.doc_count })),
  };
  return {
    notFound: false as const,
    storeCode: 'lt' as const,
    category: { id: 3, name: 'Phones', slug: 'phones', description: null },
    subcategories: [],
    // as the loader answers them (no configurable here: the products as found)
    products,
    total: products.length,
    aggregations,
    filters: shownValuesOnly(facetFilters(ATTRIBUTES, [], products), aggregations, q.attributes),
    query: q,
    trail: [{ name: 'Phones', path: '/c/phones' }],
    banners: [],
    origin: 'http://localhost',
    seo: { paths: { lt: '/c/phones' } },
  };
});

beforeEach(() => {
  asked = [];
  loader.mockClear();
  window.history.replaceState(null, '', '/c/phones');
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    asked.push(url.pathname);
    const request = JSON.parse(url.searchParams.get('request') ?? '{}') as {
      filters?: Record<string, unknown>;
    };
    const body = url.pathname.endsWith('/attribute/_search')
      ? { hits: { total: { value: 1 }, hits: ATTRIBUTES.map((a) => ({ _source: a })) } }
      : url.pathname.endsWith('/product/_search')
        ? searchAnswer(request.filters ?? {})
        : null;
    return new Response(JSON.stringify(body ?? { code: 404, result: 'Not found' }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => vi.unstubAllGlobals());

const names = () => screen.queryAllByText(/^Phone (One|Two|Three)$/).map((e) => e.textContent);
const filterLink = (label: string) =>
  screen.getAllByRole('link').find((a) => a.textContent?.startsWith(`${label} (`)) as HTMLAnchorElement;

/** the category page under a browser router, its data from `loader` */
function categoryRouter() {
  return createBrowserRouter([
    {
      id: 'category',
      path: '/c/*',
      loader,
      HydrateFallback: () => null,
      // the framework gives a route module's component its data as a prop
      Component: function Page() {
        const Category = CategoryPage as unknown as ComponentType<{ loaderData: unknown }>;
        return <Category loaderData={useLoaderData()} />;
      },
    },
  ]);
}

describe('a filter’s change on the category page is shown in place', () => {
  it('updates the grid, the count, the chips and the address without the loader; back shows the listing before', async () => {
    const router = categoryRouter();
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(names()).toEqual(['Phone One', 'Phone Two', 'Phone Three']));
    expect(loader).toHaveBeenCalledTimes(1);
    const entries = window.history.length;

    fireEvent.click(filterLink('New'));
    // an answer in time is shown with no loading bar put up and taken down (a late one's below)
    expect(ui.store.get().loader).toBe(false);
    await waitFor(() => expect(names()).toEqual(['Phone One', 'Phone Two']));
    expect(ui.store.get().loader).toBe(false);
    // the count, the address (a new entry, as the router's navigation gave it) and the chip
    expect(screen.getByText(/^2\b/, { selector: '.listing-head p' })).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe('/c/phones?condition=1');
    expect(window.history.length).toBe(entries + 1);
    expect(screen.getByRole('link', { name: /Condition: New/ })).toBeTruthy();
    expect(filterLink('New').getAttribute('aria-current')).toBe('true');
    // asked of the API, not of the route's loader
    expect(loader).toHaveBeenCalledTimes(1);
    expect(asked.filter((p) => p.endsWith('/product/_search'))).toHaveLength(1);

    // the links follow the address shown: the value ticked now removes the filter
    expect(filterLink('New').getAttribute('href')).toBe('/c/phones');

    // the chip removes the filter in place too: a new entry again
    fireEvent.click(screen.getByRole('link', { name: /Condition: New/ }));
    await waitFor(() => expect(names()).toEqual(['Phone One', 'Phone Two', 'Phone Three']));
    expect(window.location.pathname + window.location.search).toBe('/c/phones');
    expect(window.history.length).toBe(entries + 2);
    expect(loader).toHaveBeenCalledTimes(1);

    // back: the router's navigation to the address left, its data from the loader
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    await waitFor(() => expect(names()).toEqual(['Phone One', 'Phone Two']));
    expect(window.location.pathname + window.location.search).toBe('/c/phones?condition=1');
    expect(filterLink('New').getAttribute('aria-current')).toBe('true');
    expect(loader).toHaveBeenCalledTimes(2);
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    await waitFor(() => expect(names()).toEqual(['Phone One', 'Phone Two', 'Phone Three']));
    expect(filterLink('New').getAttribute('aria-current')).toBeNull();
    expect(loader).toHaveBeenCalledTimes(3);
    router.dispose();
  });

  it('shows the header’s loading bar while a late answer is awaited, as the router’s navigation did', async () => {
    const router = categoryRouter();
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(names()).toEqual(['Phone One', 'Phone Two', 'Phone Three']));
    // the product search answers only once let go
    const answered = globalThis.fetch;
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    vi.stubGlobal('fetch', async (input: string) => {
      if (new URL(input, 'http://localhost').pathname.endsWith('/product/_search')) await held;
      return answered(input);
    });
    fireEvent.click(filterLink('New'));
    expect(ui.store.get().loader).toBe(false);
    await waitFor(() => expect(ui.store.get().loader).toBe(true), { timeout: LOADER_AFTER_MS * 4 });
    letGo();
    await waitFor(() => expect(names()).toEqual(['Phone One', 'Phone Two']));
    expect(ui.store.get().loader).toBe(false);
    router.dispose();
  });
});

describe('the value ticked in the open filter sheet', () => {
  it('stays where it was on the screen: the sheet scrolls by what the answer moved it', async () => {
    const router = categoryRouter();
    const { container } = render(<RouterProvider router={router} />);
    await waitFor(() => expect(names()).toEqual(['Phone One', 'Phone Two', 'Phone Three']));
    fireEvent.click(container.querySelector('.filters-toggle') as Element);
    const sheet = container.querySelector('#filters') as HTMLElement;
    await waitFor(() => expect(sheet.classList.contains('is-open')).toBe(true));
    // jsdom lays nothing out: a value's top is 300 px, less what the sheet is scrolled, and the
    // applied filters' chips (put up at the sheet's top by the answer) push it 48 px down
    const top = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const y = 300 + (sheet.querySelector('.chips') ? 48 : 0) - sheet.scrollTop;
      return { top: y, bottom: y + 30, left: 0, right: 100, width: 100, height: 30, x: 0, y } as DOMRect;
    });
    try {
      const ticked = filterLink('New');
      fireEvent.click(ticked);
      await waitFor(() => expect(filterLink('New').getAttribute('aria-current')).toBe('true'));
      // the same link (focus stays on it), at the same place on the screen
      expect(filterLink('New')).toBe(ticked);
      expect(sheet.scrollTop).toBe(48);
      expect(ticked.getBoundingClientRect().top).toBe(300);
    } finally {
      top.mockRestore();
    }
    router.dispose();
  });
});
