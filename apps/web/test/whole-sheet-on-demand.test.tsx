// @vitest-environment jsdom
/**
 * A page whose document inlines its page type's part of the stylesheet fetches the whole sheet at an
 * idle moment into the cache only (a `prefetch` link): applied there, it restyled the whole document
 * for rules the page did not use. It is applied when a navigation to another page type starts, or
 * when an overlay's module is asked for; a query change on the same page (a filter, a sort) or
 * another page of the same type does not apply it.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

let idle: (() => void)[] = [];
let root: Root | undefined;

beforeEach(() => {
  vi.resetModules();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  idle = [];
  (window as { requestIdleCallback?: unknown }).requestIdleCallback = (task: () => void) => idle.push(task);
  (window as { cancelIdleCallback?: unknown }).cancelIdleCallback = () => {};
  // the server's inline part, as a listing's document has it
  document.head.innerHTML = '<style id="vitrina-styles" data-part="listing">.site-header{color:red}</style>';
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  container = undefined;
  document.head.innerHTML = '';
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});

const links = (rel: string) => [...document.head.querySelectorAll(`link[rel="${rel}"]`)];

/** every listing's data after the first page's: not come yet while the test looks */
let pending: Promise<null>;

/** a product page's data: not come unless a test says so */
let productData: Promise<null>;

let container: HTMLElement | undefined;

/** the page on screen (the route's own element) */
const shownPage = () => container?.querySelector('p')?.textContent;

async function mount() {
  pending = Promise.resolve(null);
  productData = new Promise(() => {});
  const { InlineStyles, withWholeSheet } = await import('../app/inline-styles');
  function Layout() {
    return (
      <>
        <InlineStyles />
        <Outlet />
      </>
    );
  }
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        Component: Layout,
        children: [
          {
            id: 'category',
            path: 'c/:slug',
            loader: () => pending,
            Component: () => <p>listing {useLocation().pathname}</p>,
          },
          { id: 'product', path: 'p/:sku', loader: () => productData, Component: () => <p>product</p> },
        ],
      },
    ],
    { initialEntries: ['/c/laptops'], hydrationData: { loaderData: { category: null } } },
  );
  container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container!);
    root.render(<RouterProvider router={router} />);
  });
  pending = new Promise(() => {});
  return { router, withWholeSheet };
}

describe('the whole stylesheet on a page with its page type’s part', () => {
  it('is fetched at the first idle moment, not applied', async () => {
    await mount();
    expect(links('prefetch')).toHaveLength(0);
    act(() => idle.splice(0).forEach((task) => task()));
    expect(links('prefetch')).toHaveLength(1);
    expect(links('stylesheet')).toHaveLength(0);
  });

  it('is not applied by a navigation to the same page type (a filter, another category)', async () => {
    const { router } = await mount();
    await act(async () => void router.navigate('/c/laptops?condition=2'));
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => void router.navigate('/c/phones'));
    expect(router.state.navigation.state).toBe('loading');
    expect(links('stylesheet')).toHaveLength(0);
  });

  it('is applied when a navigation to another page type starts, before its data has come', async () => {
    const { router } = await mount();
    await act(async () => void router.navigate('/p/LAP-1'));
    expect(router.state.navigation.state).toBe('loading');
    expect(links('stylesheet')).toHaveLength(1);
  });

  it("is applied before an overlay's module answers", async () => {
    const { withWholeSheet } = await mount();
    let answered = false;
    void withWholeSheet(Promise.resolve('overlay')).then(() => (answered = true));
    await act(async () => {});
    const [sheet] = links('stylesheet') as HTMLLinkElement[];
    expect(sheet).toBeDefined();
    expect(answered).toBe(false);
    await act(async () => sheet!.onload?.(new Event('load')));
    expect(answered).toBe(true);
  });

  it('holds a page of another type until it is applied, when the page’s data came first', async () => {
    const { router } = await mount();
    productData = Promise.resolve(null);
    await act(async () => void router.navigate('/p/LAP-1'));
    // the router is done, the page not shown: React keeps the listing on screen
    expect(router.state.navigation.state).toBe('idle');
    expect(shownPage()).toBe('listing /c/laptops');
    const [sheet] = links('stylesheet') as HTMLLinkElement[];
    expect(sheet).toBeDefined();
    await act(async () => sheet!.onload?.(new Event('load')));
    expect(shownPage()).toBe('product');
  });

  it('does not hold a page of the same type (another category), nor apply the sheet for it', async () => {
    const { router } = await mount();
    pending = Promise.resolve(null);
    await act(async () => void router.navigate('/c/phones?sort=price'));
    expect(shownPage()).toBe('listing /c/phones');
    expect(links('stylesheet')).toHaveLength(0);
  });
});
