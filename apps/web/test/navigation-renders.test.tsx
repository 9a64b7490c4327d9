// @vitest-environment jsdom
/**
 * What a client-side navigation renders again. A filter's tick and a grade's choice are navigations,
 * and React Router renders its route tree at each change of its state (the start, the loading, the
 * end): a component that subscribes to that state renders with it, whatever it shows. Counted with
 * React's Profiler (its onRender runs at each commit the part took part in).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  Outlet,
  RouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  createMemoryRouter,
} from 'react-router';
import { Profiler, memo, useCallback, useState, type ComponentProps, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CategoryNav } from '../app/components/CategoryNav';
import { useCmsBlock } from '../app/components/cms-blocks';
import { useCartAddNotice } from '../app/components/use-cart-add-notice';
import { Link } from '../app/lib/link';
import { RootDataContext, usePathNavigate } from '../app/lib/router';
import { useShopInfo } from '../app/lib/shop-info';
import { StoreCodeContext } from '../app/lib/store';
import type { StoreInfo } from '../app/lib/types';
import type { MenuItem } from '../app/components/navigation/menu';

afterEach(cleanup);

/** commits of each counted part, by its id */
let commits: Record<string, number> = {};
function Counted({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Profiler id={id} onRender={() => (commits[id] = (commits[id] ?? 0) + 1)}>
      {children}
    </Profiler>
  );
}

const MENU: MenuItem[] = [
  {
    id: 3,
    name: 'Phones',
    slug: 'phones',
    children: [{ id: 4, name: 'Refurbished', slug: 'refurbished', children: [] }],
  },
];

/** the commits of the parts that have nothing to show for a navigation (the category bar follows the page) */
const quiet = () => ({
  link: commits.link ?? 0,
  reader: commits.reader ?? 0,
  navigator: commits.navigator ?? 0,
  notice: commits.notice ?? 0,
});

/** the root's data as the root loader answers it (only what the readers below read) */
const ROOT_DATA = {
  menu: [],
  storeInfo: { shop: { name: 'Vitrina' } } as unknown as StoreInfo,
  blocks: { 'footer-terms': '<p>Terms</p>' },
};

function ShopName() {
  const shop = useShopInfo();
  const terms = useCmsBlock('footer-terms');
  return (
    <p>
      {shop?.name} {terms ? 'terms' : 'no terms'}
    </p>
  );
}

/** a part that renders only when its own inputs change: a memoised link, a memoised reader */
const Parts = memo(function Parts() {
  return (
    <>
      <Counted id="link">
        <Link to="/slow">to the slow page</Link>
      </Counted>
      <Counted id="reader">
        <ShopName />
      </Counted>
      <Counted id="navigator">
        <Navigator />
      </Counted>
      <Counted id="notice">
        <AddNotice />
      </Counted>
    </>
  );
});

/** what an add-to-cart button (a listing card's, the product page's) keeps to tell the shopper */
function AddNotice() {
  useCartAddNotice();
  return null;
}

/** a component that navigates on a click (as the grade picker and the price form do) */
function Navigator() {
  const navigate = usePathNavigate();
  const onClick = useCallback(() => navigate('/slow?grade=b', { replace: true }), [navigate]);
  return (
    <button type="button" onClick={onClick}>
      choose
    </button>
  );
}

/** the root layout as root.tsx gives its data: the same object until the root loader runs again */
function Layout() {
  return (
    <RootDataContext.Provider value={ROOT_DATA}>
      <StoreCodeContext.Provider value="lt">
        <Parts />
        <Counted id="bar">
          <CategoryNav menu={MENU} />
        </Counted>
        <Outlet />
      </StoreCodeContext.Provider>
    </RootDataContext.Provider>
  );
}

function setup() {
  let release = () => {};
  const slow = new Promise<null>((resolve) => (release = () => resolve(null)));
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        element: <Layout />,
        loader: () => ROOT_DATA,
        children: [
          { path: '/', element: <h1>Start</h1> },
          { path: '/slow', element: <h1>Slow</h1>, loader: () => slow },
        ],
      },
    ],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  render(<RouterProvider router={router} />);
  return { router, release };
}

describe('a navigation renders again only what it changes', () => {
  it('the links, the root data readers and the navigators render not once at a navigation (they have nothing to show for it)', async () => {
    const { router, release } = setup();
    await screen.findByRole('heading', { name: 'Start' });
    expect(screen.getByText('Vitrina terms')).toBeTruthy();
    commits = {};
    fireEvent.click(screen.getByRole('link', { name: 'to the slow page' }));
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await act(async () => release());
    await screen.findByRole('heading', { name: 'Slow' });
    expect(router.state.location.pathname).toBe('/slow');
    // the start, the loading's end and the new page: three states of the router, no commit of these
    expect(quiet()).toEqual({ link: 0, reader: 0, navigator: 0, notice: 0 });
    // a navigator's navigation replaces the entry as asked, and renders them no more
    fireEvent.click(screen.getByRole('button', { name: 'choose' }));
    await waitFor(() => expect(router.state.location.search).toBe('?grade=b'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(quiet()).toEqual({ link: 0, reader: 0, navigator: 0, notice: 0 });
  });

  it('the category bar renders once at a new page, not a second time to close its panels; a new page still closes an open one', async () => {
    const { router, release } = setup();
    await screen.findByRole('heading', { name: 'Start' });
    fireEvent.click(screen.getByRole('button', { name: 'Phones' }));
    expect(screen.getByRole('button', { name: 'Phones' }).getAttribute('aria-expanded')).toBe('true');
    commits = {};
    fireEvent.click(screen.getByRole('link', { name: 'to the slow page' }));
    await act(async () => release());
    await screen.findByRole('heading', { name: 'Slow' });
    expect(router.state.location.pathname).toBe('/slow');
    expect(screen.getByRole('button', { name: 'Phones' }).getAttribute('aria-expanded')).toBe('false');
    expect(commits.bar).toBe(1);
  });
});

/** The name of the nearest component above a DOM element (React's own fiber of it). */
function ownerName(el: Element): string | undefined {
  const key = Object.keys(el).find((k) => k.startsWith('__reactFiber$'));
  type Fiber = { return: Fiber | null; type: unknown };
  let fiber = key ? ((el as unknown as Record<string, Fiber>)[key]?.return ?? null) : null;
  for (; fiber; fiber = fiber.return) {
    const t = fiber.type as { name?: string; render?: { name?: string } } | string | null;
    if (t && typeof t !== 'string') return t.name ?? t.render?.name;
  }
  return undefined;
}

describe('a link of the shop', () => {
  it('is one component, its <a> rendered by Link itself (~140 on a category page to hydrate and render again)', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <Link to="/c/phones">phones</Link>
              <Link to="/c/tablets" prefetch="intent">
                tablets
              </Link>
            </>
          ),
        },
        { path: '/c/*', element: <h1>Category</h1> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const plain = await screen.findByRole('link', { name: 'phones' });
    expect(ownerName(plain)).toBe('Link');
    // one that prefetches keeps its state in a component of its own
    expect(ownerName(screen.getByRole('link', { name: 'tablets' }))).toBe('PrefetchingPathLink');
    fireEvent.click(plain);
    await screen.findByRole('heading', { name: 'Category' });
    expect(router.state.location.pathname).toBe('/c/phones');
  });
});

describe('a link that prefetches on intent', () => {
  type Framework = NonNullable<ComponentProps<typeof FrameworkContext.Provider>['value']>;
  /** React Router's framework context as HydratedRouter gives it: a new object at every new location */
  const framework = () => ({ manifest: { routes: {} }, routeModules: {} }) as unknown as Framework;
  const Prefetching = memo(function Prefetching() {
    return (
      <Counted id="prefetching">
        <Link to="/c/tablets" prefetch="intent">
          tablets
        </Link>
      </Counted>
    );
  });
  const page = (value: Framework | null) => (
    <FrameworkContext.Provider value={value ?? undefined}>
      <Prefetching />
    </FrameworkContext.Provider>
  );

  it("renders not once when the framework's context changes (a filter, a sort, a page: a new location)", async () => {
    let setValue: (v: Framework) => void = () => {};
    function Holder() {
      const [value, set] = useState(framework);
      setValue = set;
      return page(value);
    }
    const held = createMemoryRouter([{ path: '/', element: <Holder /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={held} />);
    await screen.findByRole('link', { name: 'tablets' });
    commits = {};
    act(() => setValue(framework()));
    act(() => setValue(framework()));
    expect(screen.getByRole('link', { name: 'tablets' }).getAttribute('href')).toBe('/c/tablets');
    expect(commits.prefetching ?? 0).toBe(0);
  });

  it('still answers the pointer outside the framework (a component test): its own handlers run, nothing is prefetched', async () => {
    let entered = 0;
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <Link to="/c/tablets" prefetch="intent" onMouseEnter={() => entered++}>
              tablets
            </Link>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    const { container } = render(<RouterProvider router={router} />);
    fireEvent.mouseEnter(await screen.findByRole('link', { name: 'tablets' }));
    await act(() => new Promise((r) => setTimeout(r, 150)));
    expect(entered).toBe(1);
    expect(container.querySelector('link')).toBeNull();
  });
});
