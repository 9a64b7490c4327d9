// @vitest-environment jsdom
/**
 * The product page (routes/product.tsx) rendered as React Router renders it, from route data:
 *
 * - stock hints: the server render and the hydration show the route data's stock; after
 *   hydration a cached children-stock answer (state/stock-cache.ts, filled by a listing's prefetch)
 *   fetched after the route data was read replaces it for the chosen child's stock lines and the
 *   option pickers' availability, until the page's own live `/stock/list` answer arrives;
 * - a bundle's header price follows the shopper's selection (catalogue-and-cart.md §4 "Bundle price
 *   is computed from the default or selected options"), as the picker's total does;
 * - with a customer group's tier prices (state/group-prices.ts), the grouped and bundle pickers'
 *   prices and the bundle's header price follow the tier.
 *
 * `fetch` answers `/stock/list` like the API's envelope (the API itself is tested in apps/api);
 * every other request (reviews, related products) answers 404 and is only logged by the page.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Link, Outlet, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundlePrice, formatPrice } from '@vitrina/domain';
import ProductPage from '../app/routes/product';
import type { LinkedProduct } from '../app/features/product/rules/composite';
import type { Product } from '../app/lib/types';
import { groupPrices, useGroupPriceRefresh } from '../app/state/group-prices';
import { clearStockCache, getCachedStock, putCachedStock } from '../app/state/stock-cache';
import { bundleLink, childDoc, productDoc, productLink, stockDoc } from './support/documents';
import { productRoute } from './support/product-route';
import type * as Banners from '../app/components/Banners';
import type * as DecisionFactsModule from '../app/features/product/components/DecisionFacts';
import type * as CmsBlockModule from '../app/components/CmsBlock';
import type * as WishlistModule from '../app/state/wishlist';
import type * as JsonLdRules from '../app/features/product/rules/json-ld';

/**
 * renders of the banners below the buy box (the first of the parts memoised on the route's data); a
 * grade choice must not render them again. (Not the related products: every component that reads
 * the store view through useT reads the location, so it renders again at any navigation.)
 */
const lowerRenders = vi.hoisted(() => ({ banners: 0, facts: 0 }));
vi.mock('../app/components/Banners', async (importOriginal) => {
  const m = await importOriginal<typeof Banners>();
  return {
    ...m,
    BannerGrid: (props: Parameters<typeof m.BannerGrid>[0]) => {
      lowerRenders.banners++;
      return m.BannerGrid(props);
    },
  };
});

/** renders of the decision facts (rendered by the page itself): an add to the cart must not render the page again */
vi.mock('../app/features/product/components/DecisionFacts', async (importOriginal) => {
  const m = await importOriginal<typeof DecisionFactsModule>();
  return {
    ...m,
    DecisionFacts: (props: Parameters<typeof m.DecisionFacts>[0]) => {
      lowerRenders.facts++;
      return m.DecisionFacts(props);
    },
  };
});

/**
 * What does not change with the grade, counted: the grades' CMS block (the picker's popover), the
 * save buttons' renders (each reads the wish list), the structured data's product part and offer.
 */
const unchanged = vi.hoisted(() => ({ cmsBlocks: 0, saveButtons: 0, jsonLdBase: 0, jsonLd: 0 }));
vi.mock('../app/components/CmsBlock', async (importOriginal) => {
  const m = await importOriginal<typeof CmsBlockModule>();
  return {
    ...m,
    CmsBlock: (props: Parameters<typeof m.CmsBlock>[0]) => {
      unchanged.cmsBlocks++;
      return m.CmsBlock(props);
    },
  };
});
vi.mock('../app/state/wishlist', async (importOriginal) => {
  const m = await importOriginal<typeof WishlistModule>();
  return {
    ...m,
    useInWishlist: (sku: string) => {
      unchanged.saveButtons++;
      return m.useInWishlist(sku);
    },
  };
});
vi.mock('../app/features/product/rules/json-ld', async (importOriginal) => {
  const m = await importOriginal<typeof JsonLdRules>();
  return {
    ...m,
    productJsonLdBase: (...args: Parameters<typeof m.productJsonLdBase>) => {
      unchanged.jsonLdBase++;
      return m.productJsonLdBase(...args);
    },
    productJsonLd: (...args: Parameters<typeof m.productJsonLd>) => {
      unchanged.jsonLd++;
      return m.productJsonLd(...args);
    },
  };
});

type StockRow = { product_sku: string; qty: number; is_in_stock: boolean; manage_stock: boolean };

let stockRequests: string[][];
/** the live `/stock/list` answers: resolved by each test when it wants the server to answer */
let answerStock: (rows: StockRow[]) => void;

beforeEach(() => {
  clearStockCache();
  stockRequests = [];
  let pending: ((rows: StockRow[]) => void)[] = [];
  answerStock = (rows) => {
    for (const resolve of pending) resolve(rows);
    pending = [];
  };
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (!url.pathname.endsWith('/stock/list')) return new Response('not here', { status: 404 });
    const skus = (url.searchParams.get('skus') ?? '').split(',');
    stockRequests.push(skus);
    const rows = await new Promise<StockRow[]>((resolve) => pending.push(resolve));
    return Response.json({ code: 200, result: rows.filter((r) => skus.includes(r.product_sku)) });
  });
});
afterEach(() => {
  cleanup();
  groupPrices.store.set({ groupToken: null, prices: {} });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const child = (sku: string, id: number, condition: number, final: number, qty: number) =>
  childDoc({
    id,
    sku,
    name: 'Phone X',
    image: null,
    price: final,
    price_incl_tax: final,
    final_price: final,
    final_price_incl_tax: final,
    special_price: null,
    status: 1,
    stock: { is_in_stock: qty > 0, qty, product_id: id, manage_stock: true },
    condition,
  });

const base = {
  name: 'Phone X',
  image: null,
  status: 1,
  visibility: 4,
  price: 39900,
  price_incl_tax: 39900,
  final_price: 39900,
  final_price_incl_tax: 39900,
  special_price: null,
  tax: 21,
  product_links: [],
  bundle_options: [],
};

/** A+ at 449 € (10 in stock), B at 399 € (10 in stock): the cheaper B is the default choice */
const phone: Product = productDoc({
  ...base,
  id: 100,
  sku: 'PX',
  slug: 'phone-x',
  type_id: 'configurable',
  stock: { is_in_stock: true, qty: 20, product_id: 100, manage_stock: true },
  configurable_options: [
    {
      attribute_id: 93,
      attribute_code: 'condition',
      label: 'Condition',
      values: [
        { value_index: 1, label: 'A+' },
        { value_index: 2, label: 'B' },
      ],
    },
  ],
  configurable_children: [child('PX-A', 101, 1, 44900, 10), child('PX-B', 102, 2, 39900, 10)],
});

function routeData(product: Product, stockAt: number, linked: LinkedProduct[] = []) {
  return {
    notFound: false as const,
    storeCode: 'en' as const,
    product,
    stockAt,
    trail: [],
    linked,
    banners: [],
    routeName: `${product.type_id}-product`,
    attributes: [],
    delivery: null,
    gradesInfo: null as string | null,
    deliveryDays: null,
    origin: 'http://localhost',
    seo: { canonical: `http://localhost/en/p/${product.sku}/${product.slug}` },
  };
}

/**
 * The page at its URL, with `data` as the loader's answer (already there: as after a server render),
 * under `Layout` when one is given (a layout route, as root.tsx is).
 */
function page(data: ReturnType<typeof routeData>, Layout?: ComponentType) {
  const product = {
    id: 'product',
    path: '/en/p/:parentSku/:slug/:childSku?',
    Component: ProductPage as unknown as ComponentType,
    loader: () => data,
  };
  const Stub = createRoutesStub(
    Layout ? [{ id: 'layout', Component: Layout, children: [product] }] : [product],
  );
  return (
    <Stub
      initialEntries={[`/en/p/${data.product.sku}/${data.product.slug}`]}
      hydrationData={{ loaderData: { product: data } }}
    />
  );
}

const stockLine = () => document.querySelector('.product-info .stock:not(.low)')?.textContent;
const onlyLine = () => document.querySelector('.product-info .stock.low')?.textContent ?? null;
/** a picker's radio by the value's name (its label goes on with the price and what it means) */
const radio = (name: string) =>
  screen.getByRole('radio', { name: (n) => n === name || n.startsWith(`${name} `) }) as HTMLInputElement;
const why = (name: string) => radio(name).parentElement?.querySelector('.opt-why')?.textContent ?? null;
const shownSku = () => document.querySelector('.product-info .muted')?.textContent;

describe('product page: children stock hints', () => {
  it('renders and hydrates the route data’s stock, then shows a fresher cached answer until the live one', async () => {
    const stockAt = Date.now() - 30_000;
    // a listing's prefetch, after the route data was read: B has 2 left, A+ is sold out
    putCachedStock('PX-B', { qty: 2, is_in_stock: true, manage_stock: true }, stockAt + 10_000);
    putCachedStock('PX-A', { qty: 0, is_in_stock: false, manage_stock: true }, stockAt + 10_000);
    const tree = page(routeData(phone, stockAt));

    // the server render: the route data only (10 of B, A+ choosable)
    const html = renderToString(tree);
    expect(html).not.toContain('Only 2');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    expect(container.querySelector('input[value="1"]')?.hasAttribute('disabled')).toBe(false);

    // hydration sees the same markup (no mismatch), then the hint shows
    const recoverable: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, tree, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    await waitFor(() => expect(onlyLine()).toBe('Only 2 left in stock'));
    expect(shownSku()).toContain('PX-B');
    // the picker follows too: A+ says it is sold out (still choosable: its page offers the
    // back-in-stock request)
    expect(why('A+')).toBe('Out of stock');
    expect(radio('A+').disabled).toBe(false);
    expect(radio('B').checked).toBe(true);

    // the page asks the server itself (one request: 2 skus), and its answer replaces the hint
    expect(stockRequests).toEqual([['PX-A', 'PX-B']]);
    await act(async () => {
      answerStock([
        { product_sku: 'PX-A', qty: 4, is_in_stock: true, manage_stock: true },
        { product_sku: 'PX-B', qty: 7, is_in_stock: true, manage_stock: true },
      ]);
    });
    // B stays the choice (the URL names none: the domain's cheapest); with 7 left, no low-stock line
    await waitFor(() => expect(onlyLine()).toBeNull());
    expect(shownSku()).toContain('PX-B');
    expect(stockLine()).toBe('In stock');
    // and A+ is in stock again
    expect(why('A+')).toBeNull();
    // the live answer is kept for the next page that reads the cache
    expect(getCachedStock('PX-B')?.qty).toBe(7);
    act(() => root?.unmount());
    container.remove();
  });

  it('ignores a cached answer older than the route data; a sold-out child is left for another', async () => {
    const stockAt = Date.now() - 5_000;
    putCachedStock('PX-B', { qty: 1, is_in_stock: true, manage_stock: true }, stockAt - 1_000);
    render(page(routeData(phone, stockAt)));
    await act(async () => {});
    expect(onlyLine()).toBeNull();
    expect(stockLine()).toBe('In stock');
    expect(shownSku()).toContain('PX-B');

    // the live answer: B sold out since, so the page shows the available A+ (and its low stock)
    await act(async () => {
      answerStock([
        { product_sku: 'PX-A', qty: 3, is_in_stock: true, manage_stock: true },
        { product_sku: 'PX-B', qty: 0, is_in_stock: false, manage_stock: true },
      ]);
    });
    await waitFor(() => expect(shownSku()).toContain('PX-A'));
    expect(onlyLine()).toBe('Only 3 left in stock');
    expect(why('B')).toBe('Out of stock');
  });

  it('a failing live answer keeps the hint', async () => {
    const stockAt = Date.now() - 5_000;
    putCachedStock('PX-B', { qty: 1, is_in_stock: true, manage_stock: true }, stockAt + 1_000);
    vi.stubGlobal('fetch', async () => Response.json({ code: 500, result: 'down' }, { status: 500 }));
    render(page(routeData(phone, stockAt)));
    await waitFor(() => expect(onlyLine()).toBe('Only 1 left in stock'));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(onlyLine()).toBe('Only 1 left in stock');
    expect(console.error).toHaveBeenCalledWith('product stock', expect.anything());
  });
});

const linked = (sku: string, price: number): LinkedProduct => ({
  id: sku.charCodeAt(0) * 10 + sku.length,
  sku,
  name: `Item ${sku}`,
  slug: sku.toLowerCase(),
  image: null,
  status: 1,
  type_id: 'simple',
  final_price_incl_tax: price,
  stock: stockDoc({ is_in_stock: true, qty: 10 }),
});

const bundleOptions = [
  {
    option_id: 1,
    title: 'Laptop',
    required: true,
    type: 'radio',
    product_links: [
      bundleLink({ sku: 'L1', qty: 1, is_default: true }),
      bundleLink({ sku: 'L2', qty: 1, is_default: false }),
    ],
  },
  {
    option_id: 2,
    title: 'Extras',
    required: false,
    type: 'checkbox',
    product_links: [bundleLink({ sku: 'M', qty: 2, is_default: false })],
  },
];
const bundleLinked = [linked('L1', 50000), linked('L2', 60000), linked('M', 1000)];
/** the bundle document's price is the default selection's (as the indexer computes it) */
const bundle: Product = productDoc({
  ...base,
  id: 900,
  sku: 'BND-1',
  slug: 'set',
  type_id: 'bundle',
  price: 50000,
  price_incl_tax: 50000,
  final_price: 50000,
  final_price_incl_tax: 50000,
  stock: stockDoc({ is_in_stock: true, qty: 10 }),
  bundle_options: bundleOptions,
});

const headerPrice = () => document.querySelector('.product-info > .price');
const headerShown = () =>
  (headerPrice()?.querySelector('ins') ?? headerPrice()?.querySelector('span:not(.sr-only)'))?.textContent;
const pickerTotal = () =>
  document.querySelector('.bundle-picker output, .grouped-picker output')?.textContent;
const money = (cents: number) => formatPrice(cents, 'en');

describe('product page: bundle header price', () => {
  it('follows the shopper’s selection, as the picker’s total does', async () => {
    render(page(routeData(bundle, Date.now(), bundleLinked)));
    expect(headerShown()).toBe(money(50000));
    fireEvent.click(screen.getByRole('radio', { name: /Item L2/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Item M/ }));
    // L2 + 2 × M, by the domain's bundlePrice
    const expected = bundlePrice(
      bundleOptions,
      new Map(bundleLinked.map((p) => [p.sku, p.final_price_incl_tax])),
      {
        1: ['L2'],
        2: ['M'],
      },
    );
    expect(expected).toBe(62000);
    expect(headerShown()).toBe(money(expected));
    expect(pickerTotal()).toBe(money(expected));
    expect(headerPrice()?.querySelector('del')).toBeNull();
    // back to the default laptop
    fireEvent.click(screen.getByRole('radio', { name: /Item L1/ }));
    expect(headerShown()).toBe(money(52000));
  });
});

describe('product page: bundle stock', () => {
  it('a bundle whose required option has nothing in stock is out of stock, whatever its own row says', () => {
    const soldOut = (sku: string) => ({
      ...linked(sku, 50000),
      stock: stockDoc({ is_in_stock: false, qty: 0 }),
    });
    render(page(routeData(bundle, Date.now(), [soldOut('L1'), soldOut('L2'), linked('M', 1000)])));
    expect(stockLine()).toBe('Out of stock');
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('product page: pickers at the customer group’s tier', () => {
  it('bundle: link prices, total and header follow the tier; the base total, never charged before, is not struck', async () => {
    render(page(routeData(bundle, Date.now(), bundleLinked)));
    // the render list's answer for the group (what useGroupPriceRefresh stores after login)
    act(() =>
      groupPrices.store.set({
        groupToken: '3.t',
        prices: {
          L1: { final: 46500, reference: null },
          L2: { final: 55800, reference: null },
          M: { final: 930, reference: null },
          // the bundle's own document price is the default selection's: never shown over a selection
          'BND-1': { final: 46500, reference: null },
        },
      }),
    );
    expect(headerShown()).toBe(money(46500));
    expect(headerPrice()?.querySelector('del')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Item L2/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Item M/ }));
    expect(headerShown()).toBe(money(55800 + 2 * 930));
    expect(pickerTotal()).toBe(money(55800 + 2 * 930));
    expect(headerPrice()?.querySelector('del')).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Item M/ }).parentElement?.textContent).toContain(
      `+${money(2 * 930)}`,
    );
    // logout: the base prices again
    act(() => groupPrices.store.set({ groupToken: null, prices: {} }));
    expect(headerShown()).toBe(money(62000));
    expect(headerPrice()?.querySelector('del')).toBeNull();
  });

  it('grouped: the linked products are re-priced through the render list; rows and total follow', async () => {
    const grouped: Product = productDoc({
      ...base,
      id: 901,
      sku: 'SET-1',
      slug: 'set-1',
      type_id: 'grouped',
      stock: stockDoc({ is_in_stock: true, qty: 10 }),
      product_links: [productLink('TV', 1), productLink('CABLE', 2)],
    });
    const tier: Record<string, number> = { TV: 93000, CABLE: 1163, 'SET-1': 1 };
    const asked: string[][] = [];
    // the render list at the group's tier (the real one is tested in group-prices.test.tsx)
    const renderList = async (skus: string[]) => {
      asked.push([...skus].sort());
      return skus.map(
        (sku) => ({ sku, final_price_incl_tax: tier[sku], price_incl_tax: null }) as unknown as Product,
      );
    };
    function LoggedIn() {
      useGroupPriceRefresh(renderList, '3.t');
      return null;
    }
    render(
      <>
        {page(routeData(grouped, Date.now(), [linked('TV', 100000), linked('CABLE', 1250)]))}
        <LoggedIn />
      </>,
    );
    expect(pickerTotal()).toBe(money(102500));
    await waitFor(() => expect(pickerTotal()).toBe(money(93000 + 2 * 1163)));
    expect(asked.flat()).toEqual(expect.arrayContaining(['TV', 'CABLE']));
    const row = document.querySelector('tr[data-sku="CABLE"]');
    expect(row?.textContent).toContain(money(1163));
  });
});

describe('product page: is_configured (catalogue-and-cart.md §4)', () => {
  const info = () => document.querySelector('.product-info') as HTMLElement;
  it('is marked configured by the rule’s choice and after the shopper’s choice', async () => {
    render(page(routeData(phone, Date.now())));
    await waitFor(() => expect(info().dataset.configured).toBe('true'));
    expect(radio('B').checked).toBe(true);
    fireEvent.click(radio('A+'));
    await waitFor(() => expect(radio('A+').checked).toBe(true));
    expect(info().dataset.configured).toBe('true');
  });

  it('without an available variant it is not configured: the spec error, nothing to add', async () => {
    const soldOut: Product = productDoc({
      ...phone,
      configurable_children: [child('PX-A', 101, 1, 44900, 0), child('PX-B', 102, 2, 39900, 0)],
    });
    render(page(routeData(soldOut, Date.now())));
    await waitFor(() => expect(info().dataset.configured).toBe('false'));
    expect(screen.getByText('No available product variants')).toBeTruthy();
    // the back-in-stock request, for the variant the price stands for (the cheaper PX-B
    // item 14: a listing links a sold-out product's card to this page)
    // the request's form is a lazy part: its module (and the account texts it imports) loads on first use,
    // which in jsdom on a loaded machine takes longer than findBy's default second
    expect(
      await screen.findByRole('heading', { name: 'Notify me when it is back in stock' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(document.querySelector('.stock-alert h2')?.id).toBe('stock-alert-PX-B-title');
  });
});

describe('product page: a grade choice renders only what depends on the grade', () => {
  it('does not render the banners, related products and reviews again from the page above', async () => {
    render(page(routeData(phone, Date.now())));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    const before = lowerRenders.banners;
    expect(before).toBeGreaterThan(0);
    fireEvent.click(radio('A+'));
    // (the navigation's render of the whole page takes over a second in jsdom on a loaded machine)
    await waitFor(() => expect(radio('A+').checked).toBe(true), { timeout: 10_000 });
    expect(shownSku()).toContain('PX-A');
    expect(lowerRenders.banners).toBe(before);
  });
});

describe('product page: a grade choice renders again only what the grade changes', () => {
  it('keeps the grades’ popover, the save buttons and the structured data’s product part', async () => {
    render(page({ ...routeData(phone, Date.now()), gradesInfo: '<p>A+ is as new</p>' }));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    expect(document.querySelector('.grade-popover .cms-block')?.textContent).toBe('A+ is as new');
    const before = { ...unchanged };
    expect(before.cmsBlocks).toBeGreaterThan(0);
    expect(before.saveButtons).toBeGreaterThan(0);
    fireEvent.click(radio('A+'));
    expect(radio('A+').checked).toBe(true);
    expect(unchanged.cmsBlocks).toBe(before.cmsBlocks);
    expect(unchanged.saveButtons).toBe(before.saveButtons);
    expect(unchanged.jsonLdBase).toBe(before.jsonLdBase);
    // the offer is the grade's
    expect(unchanged.jsonLd).toBe(before.jsonLd + 1);
    const data = [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map(
        (script) =>
          JSON.parse(script.textContent ?? '{}') as {
            '@type'?: string;
            sku?: string;
            offers?: { price?: string };
          },
      )
      .find((d) => d['@type'] === 'Product');
    expect(data?.sku).toBe('PX-A');
    expect(data?.offers?.price).toBe('449.00');
  });
});

describe('product page: a grade choice is the page’s state, its URL put in the address bar', () => {
  /** what the router's location readers see (the header, the language links, the route tracking) */
  const router = { renders: 0, pathname: '' };
  function LocationProbe() {
    const location = useLocation();
    router.renders++;
    router.pathname = location.pathname;
    return (
      <>
        <Link to={`/en/p/${phone.sku}/${phone.slug}/PX-B`}>grade B by a link</Link>
        <Outlet />
      </>
    );
  }

  it('shows the grade without a router navigation, the child’s URL in place of the page’s', async () => {
    window.history.replaceState(null, '', `/en/p/${phone.sku}/${phone.slug}`);
    const entries = window.history.length;
    render(page(routeData(phone, Date.now()), LocationProbe));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    const renders = router.renders;
    const replaced = vi.spyOn(window.history, 'replaceState');
    fireEvent.click(radio('A+'));
    expect(radio('A+').checked).toBe(true);
    expect(shownSku()).toContain('PX-A');
    // the address waits for the choice's paint: Chromium's replaceState was the click's largest script
    expect(replaced).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe(`/en/p/${phone.sku}/${phone.slug}`);
    await waitFor(() => expect(window.location.pathname).toBe(`/en/p/${phone.sku}/${phone.slug}/PX-A`));
    expect(replaced).toHaveBeenCalledTimes(1);
    replaced.mockRestore();
    // replaced, not pushed: the back button leaves for the page before, as after the navigation
    expect(window.history.length).toBe(entries);
    expect(router.renders).toBe(renders);
    expect(router.pathname).toBe(`/en/p/${phone.sku}/${phone.slug}`);
  });

  it('gives way to the URL at the next navigation (a link to another grade, back, forward)', async () => {
    render(page(routeData(phone, Date.now()), LocationProbe));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    fireEvent.click(radio('A+'));
    expect(radio('A+').checked).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'grade B by a link' }));
    // (a navigation: its render of the whole page takes over a second in jsdom on a loaded machine)
    await waitFor(() => expect(radio('B').checked).toBe(true), { timeout: 10_000 });
    expect(shownSku()).toContain('PX-B');
  });

  it('writes the last of two fast choices, once', async () => {
    render(page(routeData(phone, Date.now()), LocationProbe));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    const replaced = vi.spyOn(window.history, 'replaceState');
    fireEvent.click(radio('A+'));
    fireEvent.click(radio('B'));
    await waitFor(() => expect(window.location.pathname).toBe(`/en/p/${phone.sku}/${phone.slug}/PX-B`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(replaced).toHaveBeenCalledTimes(1);
    replaced.mockRestore();
  });
});

describe('product page: a grade choice keeps the gallery while its pictures are the same', () => {
  const pictured = (own: Record<string, string | null>): Product =>
    productDoc({
      ...phone,
      image: 'phone.jpg',
      media_gallery: [{ image: 'phone.jpg' }, { image: 'phone-back.jpg' }],
      configurable_children: [
        { ...child('PX-A', 101, 1, 44900, 10), image: own['PX-A'] ?? null },
        { ...child('PX-B', 102, 2, 39900, 10), image: own['PX-B'] ?? null },
      ],
    });
  const mainImage = () => document.querySelector<HTMLImageElement>('.gallery-main img');

  it('keeps its elements (no new images to decode and lay out) when the grades share the pictures', async () => {
    render(page(routeData(pictured({}), Date.now())));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    const gallery = document.querySelector('.gallery');
    const image = mainImage();
    expect(image?.getAttribute('src')).toContain('phone.jpg');
    fireEvent.click(radio('A+'));
    await waitFor(() => expect(radio('A+').checked).toBe(true), { timeout: 10_000 });
    expect(shownSku()).toContain('PX-A');
    expect(document.querySelector('.gallery')).toBe(gallery);
    expect(mainImage()).toBe(image);
  });

  it('opens anew on the grade’s own first picture when the pictures differ', async () => {
    render(page(routeData(pictured({ 'PX-A': 'unit-a.jpg', 'PX-B': 'unit-b.jpg' }), Date.now())));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    const gallery = document.querySelector('.gallery');
    expect(mainImage()?.getAttribute('src')).toContain('unit-b.jpg');
    fireEvent.click(radio('A+'));
    await waitFor(() => expect(radio('A+').checked).toBe(true), { timeout: 10_000 });
    expect(mainImage()?.getAttribute('src')).toContain('unit-a.jpg');
    expect(document.querySelector('.gallery')).not.toBe(gallery);
  });
});

describe('product page: an add to the cart', () => {
  it('renders the buy box ("Adding…", then the button again), not the whole page', async () => {
    const { cartEngineLoaded, cartState } = await import('../app/state/cart-view');
    // offline: the line stays on the device (no cart server in this test)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(page(routeData(phone, Date.now())));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    const before = lowerRenders.facts;
    expect(before).toBeGreaterThan(0);
    // an add before the cart engine's chunk is in waits for it: the button says so meanwhile (the
    // page's preload at idle may have brought it in already on a slow test run)
    const waits = !cartEngineLoaded();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add to cart' })[0]!);
    if (waits)
      await waitFor(() =>
        expect(screen.getAllByRole('button', { name: 'Adding…' }).length).toBeGreaterThan(0),
      );
    await waitFor(() => expect(cartState().items.map((i) => i.sku)).toContain('PX-B'), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryAllByRole('button', { name: 'Adding…' })).toEqual([]), {
      timeout: 10_000,
    });
    expect(lowerRenders.facts).toBe(before);
    // nor the structured data (the same variant: the same offer)
    const jsonLdBefore = unchanged.jsonLd;

    // the engine loaded, an add is done on the device at once: the button does not say "Adding…"
    // and back within the click (two renders of the buy box and its bar that never reach the screen)
    const button = screen.getAllByRole('button', { name: 'Add to cart' })[0]!;
    const labels: string[] = [];
    const observer = new MutationObserver(() => labels.push(button.textContent ?? ''));
    observer.observe(button, { childList: true, characterData: true, subtree: true });
    fireEvent.click(button);
    await waitFor(() => expect(cartState().items.find((i) => i.sku === 'PX-B')?.qty).toBe(2));
    observer.disconnect();
    expect(labels).toEqual([]);
    expect(unchanged.jsonLd).toBe(jsonLdBefore);
  });
});

describe('product page: a grade ladder that makes no sense (domain grade-ladder.ts)', () => {
  it('does not offer B at the price of A+: A+ is shown, B has no button', async () => {
    const flat: Product = productDoc({
      ...phone,
      configurable_children: [child('PX-A', 101, 1, 39900, 10), child('PX-B', 102, 2, 39900, 10)],
    });
    render(page(routeData(flat, Date.now())));
    await waitFor(() => expect(radio('A+').checked).toBe(true));
    expect(screen.queryByRole('radio', { name: (n) => n === 'B' || n.startsWith('B ') })).toBeNull();
    expect(shownSku()).toContain('PX-A');
  });

  it('a variant’s own URL still opens it chosen', async () => {
    const flat: Product = productDoc({
      ...phone,
      configurable_children: [child('PX-A', 101, 1, 39900, 10), child('PX-B', 102, 2, 39900, 10)],
    });
    const data = routeData(flat, Date.now());
    render(productRoute(data, '/en/p/PX/phone-x/PX-B'));
    await waitFor(() => expect(radio('B').checked).toBe(true));
    expect(shownSku()).toContain('PX-B');
  });

  it('offers B again while A+ at its price is sold out', async () => {
    const flat: Product = productDoc({
      ...phone,
      configurable_children: [child('PX-A', 101, 1, 39900, 0), child('PX-B', 102, 2, 39900, 10)],
    });
    render(page(routeData(flat, Date.now())));
    await waitFor(() => expect(radio('B').checked).toBe(true));
  });
});

// ---- One headline price for grouped products (docs/decisions/0055-one-headline-price-for-grouped-and-bundle-products.md)
describe('product page: a grouped product’s total is its headline', () => {
  it('shows every part its document carries (visibility 1 too); the starting total equals the headline', async () => {
    const { compositePartsOf } = await import('../app/features/product/data/load-product-parts');
    const part = (sku: string, price: number, visibility: number, inStock = true) => ({
      ...linked(sku, price),
      visibility,
      stock: stockDoc({ is_in_stock: inStock, qty: inStock ? 10 : 0 }),
    });
    // the demo's SET-6721: a phone, a power bank and a cable not visible individually; one part sold out
    const headline = 89999 + 2999 + 900;
    const grouped: Product = productDoc({
      ...base,
      id: 902,
      sku: 'SET-2',
      slug: 'set-2',
      type_id: 'grouped',
      price_incl_tax: headline,
      final_price_incl_tax: headline,
      stock: stockDoc({ is_in_stock: true, qty: 5 }),
      product_links: [
        productLink('PHN', 1),
        productLink('PWB', 1),
        productLink('CBL', 1),
        productLink('OUT', 1),
      ],
      composite_parts: [
        part('PHN', 89999, 4),
        part('PWB', 2999, 4),
        part('CBL', 900, 1),
        part('OUT', 5000, 1, false),
      ],
    });
    render(page(routeData(grouped, Date.now(), compositePartsOf(grouped))));
    expect(document.querySelector('tr[data-sku="CBL"]')?.textContent).toContain('Item CBL');
    expect(document.querySelectorAll('.grouped-picker tbody tr')).toHaveLength(4);
    expect(headerShown()).toBe(money(headline));
    expect(pickerTotal()).toBe(money(headline));
  });
});
