// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchPanelStart } from '../app/components/SearchPanel';
import type { MenuItem } from '../app/components/navigation/menu';

afterEach(cleanup);

const item = (id: number, name: string, slug: string): MenuItem => ({ id, name, slug, children: [] });
const MENU = [
  item(98, 'Atnaujinta technika', 'atnaujinta-technika'),
  item(10, 'Kompiuteriai', 'kompiuteriai'),
];

function at(path: string, popular: string[], onFollow = () => {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SearchPanelStart popular={popular} menu={MENU} onFollow={onFollow} />
    </MemoryRouter>,
  );
}

describe('the search panel before anything is typed', () => {
  it("offers the owner's popular searches in their order, each a link to its results, then the categories", () => {
    at('/', ['šaldytuvas', 'iPhone 13']);
    const popular = screen.getByRole('group', { name: 'Populiarios paieškos' });
    const links = within(popular).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['šaldytuvas', '/search?q=%C5%A1aldytuvas'],
      ['iPhone 13', '/search?q=iPhone%2013'],
    ]);
    const categories = screen.getByRole('group', { name: 'Populiarios kategorijos' });
    expect(
      within(categories)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Atnaujinta technika', 'Kompiuteriai']);
  });

  it("in the store view's language and address", () => {
    at('/ru', ['холодильник']);
    const link = within(screen.getByRole('group', { name: 'Популярные запросы' })).getByRole('link');
    expect(link.getAttribute('href')).toBe(
      '/ru/search?q=%D1%85%D0%BE%D0%BB%D0%BE%D0%B4%D0%B8%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA',
    );
  });

  it('none chosen: no empty heading, the categories alone', () => {
    at('/en', []);
    expect(screen.queryByRole('group', { name: 'Popular searches' })).toBeNull();
    expect(screen.queryByText('Popular searches')).toBeNull();
    expect(screen.getByRole('group', { name: 'Popular categories' })).toBeTruthy();
  });

  it('following a popular search closes the panel (the caller is told)', () => {
    let followed = 0;
    at('/en', ['fridge'], () => followed++);
    fireEvent.click(screen.getByRole('link', { name: 'fridge' }));
    expect(followed).toBe(1);
  });
});
