// @vitest-environment jsdom
/**
 * A filter's values: at a tick every value's URL changes (each carries the listing's query), so the
 * values are rendered again at every filter. They are plain links under the list's one click
 * handler, not a `Link` component each: counted by wrapping the shop's `Link`. A click on a value
 * still navigates in the router, keeping the scroll position, as the `Link` did.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
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
