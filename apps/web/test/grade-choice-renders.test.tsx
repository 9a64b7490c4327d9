// @vitest-environment jsdom
/**
 * What one grade choice renders on the product page, counted in React's own tree after the choice's
 * commit (as a render-counting DevTools hook does in the browser): the components that did work and
 * the host elements given new props. A grade changes the price, the grade's facts, the pickers' checked
 * values, the stock line, the buy row and bar, the specifications' grade row and the structured data's
 * offer; the title, the description, the other values of a picker, the unchanged facts and tables and
 * the deferred lower parts keep their props. The bounds are this fixture's counts with those kept; the
 * page as it was (every part under the page rendered again) gave 21 components and 86 elements, then
 * 19 and 58 with the unchanged parts memoised. The grade is now a store read only by the parts that
 * show it: the page itself (its view model's hooks), the column's and the details' shells and the
 * gallery's part do not render, 51 elements.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../app/lib/types';
import { clearStockCache } from '../app/state/stock-cache';
import { childDoc, productDoc } from './support/documents';
import { productRoute } from './support/product-route';

interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  alternate: Fiber | null;
  memoizedProps: unknown;
  stateNode: unknown;
}

/** React's flag for a fiber whose component ran in this commit (PerformedWork) */
const PERFORMED_WORK = 1;
const HOST_TEXT = 6;
/** a `memo` with a comparison: a wrapper fiber over the component's own, which is the one counted */
const MEMO_WRAPPER = 14;

/** the fiber root under a `render()` container (React's own property on it) */
function fiberRoot(container: HTMLElement): { current: Fiber } {
  const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$'));
  const fiber = (container as unknown as Record<string, Fiber>)[key!]!;
  return fiber.stateNode as { current: Fiber };
}

/** the last commit's work: the components that rendered (by name) and the host elements with new props */
function lastCommit(root: { current: Fiber }) {
  const components: string[] = [];
  let hosts = 0;
  const name = (t: unknown): string => {
    const f = t as {
      displayName?: string;
      name?: string;
      type?: { name?: string };
      render?: { name?: string };
    };
    return f.displayName || f.name || f.type?.name || f.render?.name || '?';
  };
  const mounted = (f: Fiber | null) => {
    for (let c = f; c; c = c.sibling) {
      if (typeof c.type === 'string') hosts++;
      else if (
        c.tag !== HOST_TEXT &&
        c.tag !== MEMO_WRAPPER &&
        c.type &&
        (typeof c.type === 'function' || typeof c.type === 'object')
      )
        components.push(`+${name(c.type)}`);
      mounted(c.child);
    }
  };
  const walk = (f: Fiber | null) => {
    for (let c = f; c; c = c.sibling) {
      const alt = c.alternate;
      if (!alt) {
        mounted(c);
        continue;
      }
      if (typeof c.type === 'string') {
        if (alt.memoizedProps !== c.memoizedProps) hosts++;
      } else if (
        c.tag !== MEMO_WRAPPER &&
        c.type &&
        (typeof c.type === 'function' || typeof c.type === 'object')
      ) {
        if (c.flags & PERFORMED_WORK) components.push(name(c.type));
      }
      if (c.child !== alt.child) walk(c.child);
    }
  };
  walk(root.current.child);
  return { components, hosts };
}

beforeEach(() => {
  clearStockCache();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // the live stock answer never comes: the page shows the route data's stock throughout
  vi.stubGlobal('fetch', async () => new Promise<Response>(() => undefined));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const child = (sku: string, id: number, condition: number, final: number) =>
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
    stock: { is_in_stock: true, qty: 10, product_id: id, manage_stock: true },
    condition,
  });

/** three grades of one phone, with a description and specifications (one of them the grade) */
const phone: Product = productDoc({
  id: 100,
  sku: 'PX',
  slug: 'phone-x',
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
  type_id: 'configurable',
  description: 'First paragraph.\n\nSecond paragraph.\n\nThird paragraph.',
  memory: '8 GB',
  screen_size: '6.1',
  stock: { is_in_stock: true, qty: 30, product_id: 100, manage_stock: true },
  configurable_options: [
    {
      attribute_id: 93,
      attribute_code: 'condition',
      label: 'Condition',
      values: [
        { value_index: 1, label: 'A+' },
        { value_index: 2, label: 'A' },
        { value_index: 3, label: 'B' },
      ],
    },
  ],
  configurable_children: [
    child('PX-A+', 101, 1, 44900),
    child('PX-A', 102, 2, 42900),
    child('PX-B', 103, 3, 39900),
  ],
});

function page() {
  const data = {
    notFound: false as const,
    storeCode: 'en' as const,
    product: phone,
    stockAt: Date.now(),
    trail: [],
    linked: [],
    banners: [],
    routeName: 'configurable-product',
    attributes: [
      {
        attribute_code: 'condition',
        frontend_label: 'Condition',
        frontend_input: 'select',
        options: [
          { value: 1, label: 'A+' },
          { value: 2, label: 'A' },
          { value: 3, label: 'B' },
        ],
      },
      { attribute_code: 'memory', frontend_label: 'Memory', frontend_input: 'text' },
      { attribute_code: 'screen_size', frontend_label: 'Screen', frontend_input: 'text' },
    ],
    delivery: null,
    gradesInfo: null,
    deliveryDays: null,
    origin: 'http://localhost',
    seo: { canonical: 'http://localhost/en/p/PX/phone-x' },
  };
  return productRoute(data, '/en/p/PX/phone-x');
}

const radio = (name: string) =>
  screen.getByRole('radio', { name: (n) => n === name || n.startsWith(`${name} `) }) as HTMLInputElement;

describe('product page: a grade choice renders what the grade changes', () => {
  it('keeps the title, the description, the other grades, the unchanged specifications and the lower parts', async () => {
    const { container } = render(page());
    await waitFor(() => expect(radio('B').checked).toBe(true));
    expect(document.querySelectorAll('.description p')).toHaveLength(3);
    expect(document.querySelectorAll('.spec-table')).toHaveLength(3);
    const root = fiberRoot(container);
    fireEvent.click(radio('A'));
    expect(radio('A').checked).toBe(true);
    expect(document.querySelector('.product-info .muted')?.textContent).toContain('PX-A');
    const { components, hosts } = lastCommit(root);
    // none of these depends on the grade
    for (const kept of ['ProductName', 'BackToList', 'Description', 'HydrateLater', 'LowerParts'])
      expect(components).not.toContain(kept);
    // the values chosen and left, not the third; the general table (the grade's row), not the other two
    expect(components.filter((c) => c === 'OptionValue')).toHaveLength(2);
    expect(components.filter((c) => c === 'SpecTable')).toHaveLength(1);
    expect(components.length).toBeLessThanOrEqual(21);
    expect(hosts).toBeLessThanOrEqual(60);
    // and the page shows the grade: its price, its row in the specifications
    expect(document.querySelector('.product-info .price')?.textContent).toContain('429.00');
    expect(
      [...document.querySelectorAll('.spec-table tr')].some((tr) => tr.textContent === 'ConditionA'),
    ).toBe(true);
  });

  it('renders the parts that show the grade, not the page, its column or the gallery (same pictures)', async () => {
    const { container } = render(page());
    await waitFor(() => expect(radio('B').checked).toBe(true));
    const root = fiberRoot(container);
    const column = document.querySelector('.product-info')!;
    fireEvent.click(radio('A+'));
    expect(radio('A+').checked).toBe(true);
    const { components, hosts } = lastCommit(root);
    // the page's own render (its view model, the article, the column's and the details' shells)
    for (const kept of ['ProductPage', 'Gallery', 'SaveButtons', 'Breadcrumbs'])
      expect(components).not.toContain(kept);
    expect(components).toContain('Price');
    expect(hosts).toBeLessThanOrEqual(52);
    // the same column element, still marked configured, and the grade's price and sku shown
    expect(document.querySelector('.product-info')).toBe(column);
    expect(column.getAttribute('data-configured')).toBe('true');
    expect(document.querySelector('.product-info .price')?.textContent).toContain('449.00');
    expect(document.querySelector('.product-info .product-ids')?.textContent).toContain('PX-A+');
  });
});

describe("product page: a press on a value's label", () => {
  it("chooses the grade without the radio's simulated click, and focuses the radio", async () => {
    const { container } = render(page());
    await waitFor(() => expect(radio('B').checked).toBe(true));
    const a = radio('A');
    const clicks: EventTarget[] = [];
    container.addEventListener('click', (e) => clicks.push(e.target!), true);
    const changes = vi.fn();
    a.addEventListener('change', changes);
    const label = container.querySelector(`label[for="${a.id}"]`)!;
    fireEvent.click(label);
    // one click, the label's: no click or change simulated on the radio (the browser's activation)
    expect(clicks).toEqual([label]);
    expect(changes).not.toHaveBeenCalled();
    expect(a.checked).toBe(true);
    expect(radio('B').checked).toBe(false);
    expect(document.activeElement).toBe(a);
    expect(document.querySelector('.product-info .price')?.textContent).toContain('429.00');
    expect(document.querySelector('.product-info .product-ids')?.textContent).toContain('PX-A');
    // the chosen value's label does what a label does (focuses its radio), and the radio's own click
    // (a keyboard's or an assistive technology's) still chooses
    fireEvent.click(label);
    expect(a.checked).toBe(true);
    fireEvent.click(radio('A+'));
    expect(radio('A+').checked).toBe(true);
    expect(document.querySelector('.product-info .price')?.textContent).toContain('449.00');
  });
});
