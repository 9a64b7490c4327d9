// @vitest-environment jsdom
/**
 * The listing's prefetch of configurable-children stock (catalogue-and-cart.md §9 "Prefetch of
 * configurable-children stock", "Stock list batch" 15 skus): after a listing renders in the browser,
 * the children of its first CHILD_STOCK_PREFETCH_COUNT configurables are asked through the real
 * fetch layer (`/stock/list`, 15 skus a request) once the browser is idle; simple products never;
 * nothing on the server render; a failing answer is logged, not thrown. `fetch` answers like the
 * API's `/stock/list` envelope (the API itself is tested in apps/api).
 */
import { cleanup, render, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHILD_STOCK_CACHE_TTL_MS, CHILD_STOCK_PREFETCH_COUNT } from '@vitrina/domain';
import { useChildStockPrefetch } from '../app/components/ChildStockPrefetch';
import { PRODUCT_CARD_FIELDS } from '../app/components/product-card-fields';
import { clearStockCache, getCachedStock } from '../app/state/stock-cache';

type Listed = { sku: string; type_id: string; configurable_children?: { sku: string }[] };

const configurable = (i: number, children: number): Listed => ({
  sku: `CONF-${i}`,
  type_id: 'configurable',
  configurable_children: Array.from({ length: children }, (_, c) => ({ sku: `CONF-${i}-${c + 1}` })),
});
const simple = (i: number): Listed => ({ sku: `SIMPLE-${i}`, type_id: 'simple' });

function ListingProbe({ products }: { products: Listed[] }) {
  useChildStockPrefetch(products);
  return <p>{products.length} products</p>;
}

let requests: string[][];
let failing: boolean;

beforeEach(() => {
  clearStockCache();
  requests = [];
  failing = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.endsWith('/stock/list')) return new Response('not here', { status: 404 });
    const skus = (url.searchParams.get('skus') ?? '').split(',');
    requests.push(skus);
    if (failing) return Response.json({ code: 500, result: 'down' }, { status: 500 });
    return Response.json({
      code: 200,
      result: skus.map((sku, i) => ({
        product_sku: sku,
        product_id: i + 1,
        qty: sku.endsWith('-1') ? 0 : 4,
        is_in_stock: !sku.endsWith('-1'),
        manage_stock: true,
      })),
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderListing = (products: Listed[]) =>
  render(
    <MemoryRouter initialEntries={['/en/c/laptops']}>
      <ListingProbe products={products} />
    </MemoryRouter>,
  );

describe('listing prefetch of configurable-children stock', () => {
  it('the listing asks only the children skus of products (small payload)', () => {
    expect(PRODUCT_CARD_FIELDS).toContain('configurable_children.sku');
    expect(PRODUCT_CARD_FIELDS).not.toContain('configurable_children');
  });

  it('asks ceil(k/15) stock lists for the first N configurables’ children, none for simple products', async () => {
    // simple products between them; more configurables than N: the ones after N are not asked
    const products: Listed[] = [simple(1)];
    for (let i = 1; i <= CHILD_STOCK_PREFETCH_COUNT + 3; i++)
      products.push(configurable(i, 4), simple(i + 1));
    const k = CHILD_STOCK_PREFETCH_COUNT * 4;
    renderListing(products);
    await waitFor(() => expect(requests.length).toBe(Math.ceil(k / 15)));
    const asked = requests.flat();
    expect(asked).toHaveLength(k);
    expect(requests.every((r) => r.length <= 15)).toBe(true);
    expect(asked.some((s) => s.startsWith('SIMPLE'))).toBe(false);
    expect(asked).not.toContain(`CONF-${CHILD_STOCK_PREFETCH_COUNT + 1}-1`);
    await waitFor(() => expect(getCachedStock('CONF-1-2')).toMatchObject({ qty: 4, is_in_stock: true }));
    expect(getCachedStock('CONF-1-1')).toMatchObject({ qty: 0, is_in_stock: false, manage_stock: true });
    expect(getCachedStock('SIMPLE-1')).toBeUndefined();
  });

  it('a listing of simple products asks nothing', async () => {
    renderListing([simple(1), simple(2)]);
    await new Promise((r) => setTimeout(r, 400));
    expect(requests).toEqual([]);
  });

  it('fresh cached skus are not asked again; an entry expires after the TTL', async () => {
    const view = renderListing([configurable(1, 3)]);
    await waitFor(() => expect(requests).toHaveLength(1));
    view.unmount();
    renderListing([configurable(1, 3), configurable(2, 2)]);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toEqual(['CONF-2-1', 'CONF-2-2']);
    const fetchedAt = getCachedStock('CONF-1-2')!.fetchedAt;
    expect(getCachedStock('CONF-1-2', fetchedAt + CHILD_STOCK_CACHE_TTL_MS - 1)).toBeDefined();
    expect(getCachedStock('CONF-1-2', fetchedAt + CHILD_STOCK_CACHE_TTL_MS)).toBeUndefined();
  });

  it('a failing stock list is logged and swallowed', async () => {
    failing = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderListing([configurable(1, 2)]);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('child stock prefetch', expect.anything()));
    expect(requests).toHaveLength(1);
    expect(getCachedStock('CONF-1-1')).toBeUndefined();
  });

  it('the server render asks nothing', async () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/en/c/laptops']}>
        <ListingProbe products={[configurable(1, 2)]} />
      </MemoryRouter>,
    );
    expect(html).toContain('products</p>');
    await new Promise((r) => setTimeout(r, 400));
    expect(requests).toEqual([]);
  });
});
