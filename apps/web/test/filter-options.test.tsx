// @vitest-environment jsdom
/**
 * A filter's values: at a tick every value's URL changes (each carries the listing's query), so the
 * values are rendered again at every filter. They are plain links under the list's one click
 * handler, not a `Link` component each: counted by wrapping the shop's `Link`. A click on a value
 * still navigates in the router, keeping the scroll position, as the `Link` did.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkRenders } from './support/counted-link';
import { FilterOptions } from '../app/features/listing/components/FilterOptions';
import type { FilterOption } from '../app/features/listing/rules/filter-options';

vi.mock('../app/lib/link', async (orig) =>
  (await import('./support/counted-link')).countingLinks(await orig()),
);

afterEach(cleanup);
beforeEach(() => {
  linkRenders.count = 0;
});

/** the grade's values as the listing makes them at `search`: each link toggles its value there */
function gradeOptions(search: string): FilterOption[] {
  const chosen = new URLSearchParams(search).get('condition');
  return ['1', '2', '3'].map((key) => {
    const params = new URLSearchParams(search);
    if (chosen === key) params.delete('condition');
    else params.set('condition', key);
    const query = params.toString();
    return {
      key,
      label: `Grade ${key}`,
      count: 3,
      active: chosen === key,
      to: `/c/phones${query ? `?${query}` : ''}`,
    };
  });
}

function Values() {
  const location = useLocation();
  return (
    <>
      <FilterOptions options={gradeOptions(location.search)} />
      <p data-testid="at">{location.pathname + location.search}</p>
    </>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/c/phones', element: <Values /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('a filter’s values', () => {
  it('are links with their counts, the applied one current', () => {
    renderAt('/c/phones?condition=2');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/c/phones?condition=1',
      '/c/phones',
      '/c/phones?condition=3',
    ]);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(links.every((a) => a.getAttribute('rel') === 'nofollow')).toBe(true);
    expect(links[0]?.textContent).toBe('Grade 1 (3)');
  });

  it('show a value as two texts, its label and its count: the nodes a tick renders and lays out', async () => {
    renderAt('/c/phones');
    const texts = (a: Element) =>
      [...a.querySelectorAll('*')].reduce(
        (n, e) => n + [...e.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).length,
        [...a.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).length,
      );
    const link = screen.getByRole('link', { name: 'Grade 1 (3)' });
    expect(texts(link)).toBe(2);
    expect(link.querySelector('.count')?.textContent).toBe('(3)');
    // a tick changes the count's text alone, in place
    await act(async () => {
      fireEvent.click(link);
    });
    const ticked = screen.getByRole('link', { name: 'Grade 1 (3)' });
    expect(ticked).toBe(link);
    expect(texts(ticked)).toBe(2);
  });

  it('render no link component again when a tick changes every URL, and a click navigates', async () => {
    const router = renderAt('/c/phones');
    linkRenders.count = 0;
    const scrollReset: (boolean | undefined)[] = [];
    router.subscribe((state) => scrollReset.push(state.preventScrollReset));
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Grade 1 (3)' }));
    });
    expect(screen.getByTestId('at').textContent).toBe('/c/phones?condition=1');
    expect(screen.getByRole('link', { name: 'Grade 1 (3)' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'Grade 2 (3)' }).getAttribute('href')).toBe(
      '/c/phones?condition=2',
    );
    expect(scrollReset).toContain(true);
    expect(linkRenders.count).toBe(0);
  });

  it('leave a modified click to the browser', async () => {
    renderAt('/c/phones');
    const link = screen.getByRole('link', { name: 'Grade 3 (3)' });
    let prevented: boolean | null = null;
    const after = (e: Event) => {
      // after React's root listener: whether the shop took the click (then kept from jsdom, which
      // cannot follow it)
      prevented = e.defaultPrevented;
      e.preventDefault();
    };
    window.addEventListener('click', after);
    await act(async () => {
      fireEvent.click(link, { ctrlKey: true });
    });
    window.removeEventListener('click', after);
    expect(prevented).toBe(false);
    expect(screen.getByTestId('at').textContent).toBe('/c/phones');
  });
});

/** ten brands as the listing makes them at `search`: each link toggles its value there, counts per `round` */
function brandOptions(search: string, round = 0): FilterOption[] {
  const chosen = new URLSearchParams(search).getAll('manufacturer');
  return Array.from({ length: 10 }, (_, i) => {
    const key = String(i + 1);
    const params = new URLSearchParams(search);
    if (chosen.includes(key)) params.delete('manufacturer', key);
    else params.append('manufacturer', key);
    return {
      key,
      label: `Brand ${key}`,
      count: 10 + i + round,
      active: chosen.includes(key),
      to: `/c/phones?${params.toString()}`,
    };
  });
}

function Brands() {
  const location = useLocation();
  // every tick changes every count
  const round = new URLSearchParams(location.search).getAll('manufacturer').length * 100;
  return <FilterOptions options={brandOptions(location.search, round)} collapse />;
}

function renderBrandsAt(entry: string) {
  const router = createMemoryRouter([{ path: '/c/phones', element: <Brands /> }], {
    initialEntries: [entry],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const details = () => document.querySelector('details.filter-more') as HTMLDetailsElement;
const hrefs = (root: ParentNode) => [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));

describe('a filter’s long list of values', () => {
  it('shows its first values, the others under “Show all (N)”, in the keyboard’s order', () => {
    renderBrandsAt('/c/phones');
    const first = document.querySelector('ul') as HTMLUListElement;
    expect([...first.querySelectorAll('a')].map((a) => a.textContent)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Brand ${n} (${9 + n})`),
    );
    expect(details().open).toBe(false);
    const summary = details().querySelector('summary') as HTMLElement;
    expect(summary.querySelector('.filter-more-all')?.textContent).toBe('Rodyti visas (10)');
    // the document's order: the first values, the summary, the others
    const order = [...document.querySelectorAll('a, summary')].map((e) => e.textContent);
    expect(order.indexOf(summary.textContent)).toBe(5);
    expect(order).toHaveLength(11);
  });

  it('shows a list one value longer than its first ones whole', () => {
    const six = brandOptions('').slice(0, 6);
    render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/', element: <FilterOptions options={six} collapse /> }])}
      />,
    );
    expect(details()).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(6);
  });

  it('opens by itself when an applied value is among the others, the server’s HTML too', () => {
    renderBrandsAt('/c/phones?manufacturer=8');
    expect(details().open).toBe(true);
    expect(screen.getByRole('link', { name: 'Brand 8 (117)' }).getAttribute('aria-current')).toBe('true');
    cleanup();
    const html = renderToString(
      <MemoryRouter>
        <FilterOptions options={brandOptions('manufacturer=8')} collapse />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<details class="filter-more" open="">/);
  });

  it('renders its closed values with the tick’s data only as they open', async () => {
    const router = renderBrandsAt('/c/phones');
    const hidden = details().querySelector('ul') as HTMLUListElement;
    const hiddenBefore = hrefs(hidden);
    await act(async () => {
      await router.navigate('/c/phones?manufacturer=1', { preventScrollReset: true });
    });
    // the first values follow the tick; the closed ones are not rendered again
    expect(screen.getByRole('link', { name: 'Brand 1 (110)' }).getAttribute('aria-current')).toBe('true');
    expect(hrefs(hidden)).toEqual(hiddenBefore);
    expect(hidden.querySelector('a')?.textContent).toBe('Brand 6 (15)');
    // opened: the tick's URLs and counts
    await act(async () => {
      details().open = true;
      fireEvent(details(), new Event('toggle'));
    });
    expect(hrefs(hidden)).toEqual(hrefs(document).slice(5));
    expect(hrefs(hidden)[0]).toBe('/c/phones?manufacturer=1&manufacturer=6');
    expect(hidden.querySelector('a')?.textContent).toBe('Brand 6 (115)');
    // and stays open at the next tick, its values followed
    await act(async () => {
      await router.navigate('/c/phones?manufacturer=1&manufacturer=6', { preventScrollReset: true });
    });
    expect(details().open).toBe(true);
    expect(screen.getByRole('link', { name: 'Brand 6 (215)' }).getAttribute('aria-current')).toBe('true');
  });
});
