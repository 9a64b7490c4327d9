import { describe, expect, it } from 'vitest';
import { suggestedBrands, suggestedCategories } from '../app/components/SearchPanel';
import type { MenuItem } from '../app/components/navigation/menu';
import type { Product } from '../app/lib/types';

const item = (id: number, name: string, children: MenuItem[] = []): MenuItem => ({
  id,
  name,
  slug: name.toLowerCase(),
  children,
});
const MENU = [
  item(60, 'Home appliances', [item(61, 'Refrigerators'), item(62, 'Washing machines')]),
  item(10, 'Computers', [item(11, 'Laptops')]),
  item(90, 'Services', [item(91, 'Installation')]),
];

describe('search panel suggestions', () => {
  it.each([
    // the matches' category counts → the suggested categories
    [
      'the child, not the parent holding the same matches; most matches first',
      [
        { key: '60', count: 5 },
        { key: '61', count: 5 },
        { key: '90', count: 1 },
        { key: '91', count: 1 },
      ],
      ['Refrigerators', 'Installation'],
    ],
    [
      'a parent with more matches than any child stays',
      [
        { key: '60', count: 9 },
        { key: '61', count: 5 },
        { key: '62', count: 4 },
      ],
      ['Home appliances', 'Refrigerators', 'Washing machines'],
    ],
    ['categories the menu does not know are left out', [{ key: '999', count: 40 }], []],
    [
      'at most three',
      [
        { key: '61', count: 4 },
        { key: '62', count: 3 },
        { key: '11', count: 2 },
        { key: '91', count: 1 },
      ],
      ['Refrigerators', 'Washing machines', 'Laptops'],
    ],
  ])('%s', (_name, counts, names) => {
    expect(suggestedCategories(counts, MENU).map((c) => c.name)).toEqual(names);
  });

  it('brands: the shown products’ brands, most frequent first, no empty ones', () => {
    const p = (brand: string | null) => ({ brand }) as unknown as Product;
    expect(
      suggestedBrands([
        p('Bosch'),
        p('Samsung'),
        p('Bosch'),
        p(null),
        p(' '),
        p('Beko'),
        p('Samsung'),
        p('LG'),
      ]),
    ).toEqual(['Bosch', 'Samsung', 'Beko']);
  });
});
