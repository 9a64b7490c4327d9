// @vitest-environment jsdom
/**
 * What the first screen's hydration takes: the header without the desktop's category bar (not shown
 * on a phone), and a page's first product tiles without the rest. Those keep the server's nodes and
 * hydrate later (HydrateLater): the bar at idle or when seen, the tiles when they near the screen, each
 * at a click in it.
 */
import { act, createContext, useContext } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../app/components/Header';
import { ProductGrid } from '../app/components/ProductCard';
import type { MenuItem } from '../app/components/navigation/menu';
import { RootDataContext } from '../app/lib/router';
import type { Product } from '../app/lib/types';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** the parts watched, and a way to bring them all near the screen */
const observers: { cb: IntersectionObserverCallback; els: Element[] }[] = [];
class FakeIntersectionObserver {
  private entry: { cb: IntersectionObserverCallback; els: Element[] };
  constructor(cb: IntersectionObserverCallback) {
    this.entry = { cb, els: [] };
    observers.push(this.entry);
  }
  observe(el: Element) {
    this.entry.els.push(el);
  }
  disconnect() {
    this.entry.els = [];
  }
}
const idle: (() => void)[] = [];

const menu: MenuItem[] = [
  { id: 1, name: 'Laptops', slug: 'laptops', url_path: 'laptops', children: [] },
  {
    id: 2,
    name: 'Phones',
    slug: 'phones',
    url_path: 'phones',
    children: [
      { id: 3, name: 'Smartphones', slug: 'smartphones', url_path: 'phones/smartphones', children: [] },
    ],
  },
] as unknown as MenuItem[];

const products = Array.from(
  { length: 8 },
  (_, i) =>
    ({
      id: i + 1,
      sku: `P${i + 1}`,
      type_id: 'simple',
      name: `Product ${i + 1}`,
      slug: `product-${i + 1}`,
      image: '/demo/a.png',
      price: 10000,
      price_incl_tax: 10000,
      final_price: 10000,
      final_price_incl_tax: 10000,
      stock: { is_in_stock: true, qty: 5, manage_stock: true, product_id: i + 1 },
    }) as unknown as Product,
);

const ListContext = createContext(products);

function Screen() {
  return (
    <RootDataContext.Provider value={{ menu, storeInfo: null }}>
      <Header menu={menu} />
      <main>
        <ProductGrid products={useContext(ListContext)} eagerCount={4} hydrateFirst={4} />
      </main>
    </RootDataContext.Provider>
  );
}

/** the page in a data router (the header reads the navigation), one router a render side */
function Page({
  list = products,
  router,
}: {
  list?: Product[];
  router: ReturnType<typeof createMemoryRouter>;
}) {
  return (
    <ListContext.Provider value={list}>
      <RouterProvider router={router} />
    </ListContext.Provider>
  );
}
const newRouter = () => createMemoryRouter([{ path: '*', element: <Screen /> }], { initialEntries: ['/en'] });

/** whether React has adopted the element (it carries React's props) */
const adopted = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

let container: HTMLElement;
let root: Root | null = null;

let router = newRouter();

async function hydratePage() {
  router = newRouter();
  document.documentElement.dataset.hydrated = '';
  container.innerHTML = renderToString(<Page router={newRouter()} />);
  delete document.documentElement.dataset.hydrated;
  const before = [...container.querySelectorAll('*')];
  await act(async () => {
    root = hydrateRoot(container, <Page router={router} />);
  });
  document.documentElement.dataset.hydrated = '';
  return before;
}

beforeEach(() => {
  observers.length = 0;
  idle.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
  vi.stubGlobal('cancelIdleCallback', () => {});
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  delete document.documentElement.dataset.hydrated;
  vi.unstubAllGlobals();
});

describe('the first screen’s hydration', () => {
  it('leaves the category bar and the tiles after the first four to later, keeping the server’s nodes', async () => {
    const before = await hydratePage();
    const cards = [...container.querySelectorAll('li.card')];
    expect(cards).toHaveLength(8);
    expect(cards.slice(0, 4).every(adopted)).toBe(true);
    expect(cards.slice(4).some(adopted)).toBe(false);
    const nav = container.querySelector('nav.category-nav')!;
    expect(nav).not.toBeNull();
    expect([nav, ...nav.querySelectorAll('*')].some(adopted)).toBe(false);
    expect(adopted(container.querySelector('.cart-btn')!)).toBe(true);

    // the bar at the first idle moment, the tiles when they near the screen: the same nodes
    await act(async () => idle.splice(0).forEach((cb) => cb()));
    expect(adopted(nav)).toBe(true);
    await act(async () => {
      for (const o of observers)
        if (o.els.length)
          o.cb(
            o.els.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
            o as never,
          );
    });
    expect(cards.every(adopted)).toBe(true);
    expect([...container.querySelectorAll('*')]).toEqual(before);
  });

  it('a click on the bar before it hydrated opens its panel', async () => {
    await hydratePage();
    const button = container.querySelector<HTMLButtonElement>('#category-nav-btn-2')!;
    expect(adopted(button)).toBe(false);
    await act(async () => {
      button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
      button.click();
    });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('#category-nav-panel-2')?.textContent).toContain('Smartphones');
  });

  it('another list before the later tiles hydrated is rendered at once, not the server’s tiles', async () => {
    await hydratePage();
    const other = products.map((p) => ({ ...p, id: p.id + 100, name: `Other ${p.id}` }) as Product);
    await act(async () => root?.render(<Page list={other} router={router} />));
    const names = [...container.querySelectorAll('li.card')].map((c) => c.textContent ?? '');
    expect(names).toHaveLength(8);
    expect(names.every((n) => n.includes('Other'))).toBe(true);
  });
});
