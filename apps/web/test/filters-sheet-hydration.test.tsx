// @vitest-environment jsdom
/**
 * The listing's filters hydrate later: on a phone they are a sheet hidden until the bar's "Filters"
 * opens it, so the page's first hydration leaves them (HydrateLater), and the bar's button, outside
 * the part, opens the part and the sheet in the same press: after the page's hydration, before it,
 * and from the keyboard. The server's nodes are kept.
 */
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Listing } from '../app/features/listing';
import type { FacetFilter } from '../app/features/listing/rules/facets';
import { parseListingQuery } from '../app/features/listing/rules/query';

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

const FILTERS: FacetFilter[] = [
  {
    code: 'condition',
    label: 'Condition',
    options: { '1': 'Brand New', '2': 'A+ (like new)', '4': 'B (good)' },
    order: ['1', '2', '4'],
  },
];
const AGGREGATIONS = {
  price: [
    { key: '0.0-50.0', count: 2 },
    { key: '150.0-*', count: 9 },
  ],
  condition: [
    { key: '1', count: 3 },
    { key: '2', count: 9 },
    { key: '4', count: 20 },
  ],
};

function CategoryListing() {
  const location = useLocation();
  const query = parseListingQuery(new URLSearchParams(location.search), ['condition']);
  return (
    <>
      <Listing
        aggregations={AGGREGATIONS}
        filters={FILTERS}
        query={query}
        total={32}
        pages={1}
        pageSize={12}
        label="Laptops"
      >
        <p>products</p>
      </Listing>
      <output data-testid="url">{location.pathname + location.search}</output>
    </>
  );
}

const newRouter = () =>
  createMemoryRouter([{ path: '*', element: <CategoryListing /> }], { initialEntries: ['/en/c/laptops'] });

/** a phone: the sheet is hidden, so it is never near the screen */
class NeverNearObserver {
  observe() {}
  disconnect() {}
}

/** whether React has adopted the element (it carries React's props) */
const adopted = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactProps$'));

let container: HTMLElement;
let root: Root | null = null;
const idle: (() => void)[] = [];

/** the server's HTML in the container, as the browser has it before the scripts run */
function serverHtml() {
  document.documentElement.dataset.hydrated = '';
  container.innerHTML = renderToString(<RouterProvider router={newRouter()} />);
  delete document.documentElement.dataset.hydrated;
}

async function hydratePage() {
  serverHtml();
  const sheet = container.querySelector('#filters')!;
  await act(async () => {
    root = hydrateRoot(container, <RouterProvider router={newRouter()} />);
  });
  // what useHydratedMarker does once the document's hydration has committed
  document.documentElement.dataset.hydrated = '';
  return sheet;
}

const toggle = () => container.querySelector<HTMLAnchorElement>('a.filters-toggle')!;

beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  idle.length = 0;
  vi.stubGlobal('IntersectionObserver', NeverNearObserver);
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
  vi.stubGlobal('cancelIdleCallback', () => {});
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  act(() => root?.unmount());
  root = null;
  container.remove();
  delete document.documentElement.dataset.hydrated;
  document.documentElement.classList.remove('sheet-open');
  vi.unstubAllGlobals();
});

describe('the filter sheet hydrates later, opened by the bar in one press', () => {
  it('is left by the page’s first hydration: the bar is adopted, the sheet keeps the server’s nodes', async () => {
    const sheet = await hydratePage();
    expect(adopted(toggle())).toBe(true);
    expect([sheet, ...sheet.querySelectorAll('*')].some(adopted)).toBe(false);
    expect(sheet.querySelectorAll('*').length).toBeGreaterThan(20);
    // the page's first interaction elsewhere, then idle: the part hydrates, same nodes
    await act(async () => {
      container.querySelector('select')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    });
    await act(async () => idle.splice(0).forEach((cb) => cb()));
    expect(adopted(sheet)).toBe(true);
    expect(container.querySelector('#filters')).toBe(sheet);
  });

  it('one click on "Filters" opens the waiting sheet as a dialog, its server nodes adopted, focus inside', async () => {
    const sheet = await hydratePage();
    const firstLink = sheet.querySelector('a')!;
    await act(async () => {
      toggle().focus();
      toggle().dispatchEvent(new Event('pointerdown', { bubbles: true }));
      toggle().click();
    });
    expect(container.querySelector('#filters')).toBe(sheet);
    expect(sheet.className).toBe('filters is-open');
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(document.documentElement.classList.contains('sheet-open')).toBe(true);
    expect(adopted(sheet) && adopted(firstLink)).toBe(true);
    expect(sheet.contains(document.activeElement)).toBe(true);
    // and it works: a value filters the listing
    const value = [...sheet.querySelectorAll('a')].find((a) => a.textContent?.startsWith('B (good)'))!;
    await act(async () => value.click());
    expect(container.querySelector('[data-testid="url"]')?.textContent).toBe('/en/c/laptops?condition=4');
  });

  it('from the keyboard: Enter on "Filters" opens it, Escape closes it and gives the focus back', async () => {
    const sheet = await hydratePage();
    const button = toggle();
    button.focus();
    await act(async () => {
      button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      // what a browser makes of Enter on a link
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 0 }));
    });
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(sheet.contains(document.activeElement)).toBe(true);
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(sheet.className).toBe('filters');
    expect(document.activeElement).toBe(button);
  });

  it('a click before the page has hydrated opens the sheet too, in that click', async () => {
    serverHtml();
    const sheet = container.querySelector('#filters')!;
    const button = toggle();
    // React's own scheduling, not act's: the hydration is still pending when the click comes
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    root = hydrateRoot(container, <RouterProvider router={newRouter()} />);
    expect(adopted(button)).toBe(false);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(adopted(button)).toBe(true);
    // React hydrated the page for the click; the click's update (the part hydrated first, then the
    // sheet open) is flushed in the task's microtasks, before the browser paints
    await Promise.resolve();
    await Promise.resolve();
    expect(container.querySelector('#filters')).toBe(sheet);
    expect(sheet.className).toBe('filters is-open');
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(adopted(sheet)).toBe(true);
  });

  it('a sheet the bar’s link opened before the scripts ran (`#filters`) becomes the dialog, and × closes it', async () => {
    // the phone's sheet rule, as the stylesheet has it
    const style = document.createElement('style');
    style.textContent = '#filters { position: fixed }';
    document.head.append(style);
    window.location.hash = '#filters';
    try {
      const sheet = await hydratePage();
      await act(async () => {});
      expect(sheet.getAttribute('role')).toBe('dialog');
      expect(sheet.className).toBe('filters is-open');
      expect(adopted(sheet)).toBe(true);
      await act(async () => sheet.querySelector<HTMLAnchorElement>('.filters-close')!.click());
      expect(sheet.className).toBe('filters');
      // the target is the grid now: the browser shows the sheet no longer
      expect(window.location.hash).toBe('#listing-products');
    } finally {
      style.remove();
      window.location.hash = '';
    }
  });
});
