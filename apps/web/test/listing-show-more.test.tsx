// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Listing, listingRange } from '../app/features/listing';
import { pageQuery, toggleFilter } from '../app/features/listing/rules/links';
import { parseListingQuery } from '../app/features/listing/rules/query';

afterEach(cleanup);

const TOTAL = 40;

/** a category listing of 40 products, 12 a page: the products it would ask for, in a list */
function CategoryListing() {
  const location = useLocation();
  const query = parseListingQuery(new URLSearchParams(location.search), ['condition']);
  const range = listingRange(query, 12);
  const shown = Array.from(
    { length: Math.max(0, Math.min(range.size, TOTAL - range.from)) },
    (_, i) => range.from + i + 1,
  );
  return (
    <>
      <Listing
        aggregations={{}}
        filters={[]}
        query={query}
        total={TOTAL}
        pages={4}
        pageSize={12}
        label="Laptops"
      >
        <ol data-testid="products">
          {shown.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ol>
      </Listing>
      <output data-testid="url">{location.pathname + location.search}</output>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <CategoryListing /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}
const products = () =>
  Array.from(screen.getByTestId('products').children).map((li) => Number(li.textContent));
const url = () => screen.getByTestId('url').textContent;

describe('"Show more" on a listing', () => {
  it('appends 12 at a time, the loaded count in the URL, until the last product', () => {
    renderAt('/en/c/laptops?sort=final_price:asc');
    expect(products()).toHaveLength(12);
    expect(screen.getByText('1–12 of 40')).toBeTruthy();
    const more = screen.getByRole('link', { name: 'Show 12 more products' });
    // a plain link: it works without JavaScript
    expect(more.getAttribute('href')).toBe('/en/c/laptops?sort=final_price%3Aasc&page=2&loaded=24');
    fireEvent.click(more);
    expect(url()).toBe('/en/c/laptops?sort=final_price%3Aasc&page=2&loaded=24');
    expect(products()).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    fireEvent.click(screen.getByRole('link', { name: 'Show 12 more products' }));
    expect(products()).toHaveLength(36);
    // 4 left
    fireEvent.click(screen.getByRole('link', { name: 'Show 4 more products' }));
    expect(products()).toHaveLength(40);
    expect(screen.queryByRole('link', { name: /^Show \d+ more/ })).toBeNull();
  });

  it('back navigation returns to the same loaded count (it is in the URL)', async () => {
    const router = renderAt('/en/c/laptops');
    fireEvent.click(screen.getByRole('link', { name: 'Show 12 more products' }));
    fireEvent.click(screen.getByRole('link', { name: 'Show 12 more products' }));
    expect(products()).toHaveLength(36);
    await act(() => router.navigate('/en/p/some-product'));
    expect(url()).toBe('/en/p/some-product');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(url()).toBe('/en/c/laptops?page=3&loaded=36'));
    expect(products()).toHaveLength(36);
  });

  it('starts where the page started: from page 3, "Show more" adds page 4 below it', () => {
    renderAt('/en/c/laptops?page=3');
    expect(products()[0]).toBe(25);
    fireEvent.click(screen.getByRole('link', { name: 'Show 4 more products' }));
    expect(products()).toEqual(Array.from({ length: 16 }, (_, i) => i + 25));
  });

  it('a page link, a filter or a new sort lets the loaded pages go', () => {
    const search = new URLSearchParams('page=3&loaded=36&sort=final_price:asc');
    expect(pageQuery('/c/x', search, 2)).toBe('/c/x?page=2&sort=final_price%3Aasc');
    expect(toggleFilter('/c/x', search, 'condition', '2')).toBe('/c/x?sort=final_price%3Aasc&condition=2');
    // "loaded" is never read as an attribute filter
    expect(parseListingQuery(new URLSearchParams('loaded=24&page=2'), ['loaded']).attributes).toEqual({});
    expect(parseListingQuery(new URLSearchParams('loaded=24&page=2'), []).loaded).toBe(24);
  });
});
