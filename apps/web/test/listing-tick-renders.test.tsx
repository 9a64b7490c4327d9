// @vitest-environment jsdom
/**
 * What a filter's tick renders again that it does not change: the subcategory tiles (the same
 * category's children, new objects in the loader's answer) and the language links (the page's
 * alternates, the same at a tick), each read through the router's state. Counted by wrapping the
 * shop's `Link`.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { linkRenders } from './support/counted-link';
import { LanguageSwitch } from '../app/components/LanguageSwitch';
import type { MenuItem } from '../app/components/navigation/menu';
import { SubcategoryTiles } from '../app/features/listing/components/SubcategoryTiles';
import { StoreCodeContext } from '../app/lib/store';

vi.mock('../app/lib/link', async (orig) =>
  (await import('./support/counted-link')).countingLinks(await orig()),
);

afterEach(cleanup);
beforeEach(() => {
  linkRenders.count = 0;
});

/** the category's children as the loader answers them: new objects at every answer */
const children = (names: string[]): MenuItem[] =>
  names.map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase(), children: [] }));

/** a category page whose loader answers its children and its alternates anew at every navigation */
function renderCategory(names: () => string[]) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        loader: () => ({
          seo: { paths: { lt: '/c/kompiuteriai', en: '/en/c/computers', ru: '/ru/c/kompyutery' } },
          subcategories: children(names()),
        }),
        HydrateFallback: () => null,
        Component: function Page() {
          const data = useLoaderData<{ subcategories: MenuItem[] }>();
          // the layout's: the store view does not follow each location
          return (
            <StoreCodeContext.Provider value="lt">
              <LanguageSwitch />
              <SubcategoryTiles items={data.subcategories} />
            </StoreCodeContext.Provider>
          );
        },
      },
    ],
    { initialEntries: ['/c/kompiuteriai'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a filter’s tick renders no link it does not change', () => {
  it('the subcategory tiles and the language links stay as they are; another category’s children are rendered', async () => {
    let names = ['Laptops', 'Desktops', 'Monitors'];
    const router = renderCategory(() => names);
    await screen.findByRole('link', { name: 'Laptops' });
    const first = linkRenders.count;
    // the tiles' 3 and the two other languages'
    expect(first).toBe(5);
    const laptops = screen.getByRole('link', { name: 'Laptops' });
    await act(() => router.navigate('/c/kompiuteriai?condition=4'));
    expect(screen.getByRole('link', { name: 'Laptops' })).toBe(laptops);
    expect(linkRenders.count).toBe(first);
    names = ['Laptops', 'Desktops', 'Tablets'];
    await act(() => router.navigate('/c/kompiuteriai?condition=2'));
    expect(screen.getByRole('link', { name: 'Tablets' })).toBeTruthy();
    expect(linkRenders.count).toBe(first + 3);
    expect(screen.getByRole('link', { name: 'EN' }).getAttribute('href')).toBe('/en/c/computers');
  });
});
