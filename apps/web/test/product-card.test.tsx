// @vitest-environment jsdom
/**
 * A card shows the grade with the design system's GradeBadge (its colour by grade)
 * and the stock with StockLine: in stock green, low stock amber ("Only 3 left", class `low`, not the
 * green in-stock look), sold out red, each with the dot.
 */
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductCard } from '../app/components/ProductCard';
import type { Product } from '../app/lib/types';
import { stockDoc } from './support/documents';

afterEach(cleanup);

const product = (stock: Product['stock'], condition_label?: string): Product =>
  ({
    id: 1,
    sku: 'A',
    type_id: 'simple',
    name: 'Laptop A',
    slug: 'laptop-a',
    image: '/demo/a.png',
    price: 10000,
    price_incl_tax: 10000,
    final_price: 10000,
    final_price_incl_tax: 10000,
    stock,
    ...(condition_label ? { condition_label } : {}),
  }) as Product;

function card(p: Product) {
  const { container } = render(
    <MemoryRouter initialEntries={['/en']}>
      <ul>
        <ProductCard product={p} />
      </ul>
    </MemoryRouter>,
  );
  return container.querySelector('li.card') as HTMLElement;
}

describe('product card: grade badge and stock line', () => {
  it.each([
    [{ is_in_stock: true, qty: 40, manage_stock: true }, 'in', 'In stock'],
    [{ is_in_stock: true, qty: 3, manage_stock: true }, 'low', 'Only 3 left'],
    [{ is_in_stock: false, qty: 0, manage_stock: true }, 'out', 'Out of stock'],
    [{ is_in_stock: true, qty: 0, manage_stock: true }, 'out', 'Out of stock'],
  ] as const)('%j: the %s stock line', (stock, level, text) => {
    const line = card(product({ ...stock, product_id: 1 } as Product['stock']));
    const lines = line.querySelectorAll('.stock-line');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.className).toBe(`stock stock-line ${level}`);
    expect(lines[0]?.textContent).toBe(text);
    // a sold-out card offers no add-to-cart
    expect(line.querySelector('.card-add') !== null).toBe(level !== 'out');
  });

  it("the grade is the design system's badge, coloured by its grade", () => {
    const c = card(
      product({ is_in_stock: true, qty: 9, manage_stock: true } as Product['stock'], 'A+ (like new)'),
    );
    const badge = c.querySelector('.grade-badge');
    expect(badge?.textContent).toBe('A+ (like new)');
    expect(badge?.classList.contains('grade-a-plus')).toBe(true);
    expect(c.querySelector('.badge.grade-badge')).toBeNull();
    expect(card(product(stockDoc())).querySelector('.grade-badge')).toBeNull();
  });

  it('a configurable card names the grade of its "from" price: "from 400.00 € C+"', () => {
    const child = (sku: string, final: number) => ({
      sku,
      final_price_incl_tax: final,
      stock: { is_in_stock: true, qty: 2, manage_stock: true },
    });
    const c = card({
      ...product({ is_in_stock: true, qty: 4, manage_stock: true, product_id: 1 }),
      type_id: 'configurable',
      final_price_incl_tax: 40000,
      total_qty: 4,
      price_condition_label: 'C+ (fair)',
      configurable_children: [child('A-C', 40000), child('A-A', 70000)],
    } as unknown as Product);
    const price = c.querySelector('.price');
    // a card shows no dot before the grade (a narrow card wraps the line there); the badge holds its words
    expect(price?.textContent).toBe('from\u00a0400.00\u00a0€ C+Fair');
    const badge = price?.querySelector('.grade-badge');
    expect(badge?.className).toContain('grade-c-plus');
    expect(badge?.getAttribute('title')).toBe('Fair');
    expect(badge?.querySelector('.sr-only')?.textContent).toBe('Fair');
    // one naming of the grade: no second badge above the price
    expect(c.querySelectorAll('.grade-badge')).toHaveLength(1);
  });

  it('a card is few elements: no wrapper that only carries a style, the icons inline', () => {
    // a filter's tick makes most of a listing's cards anew: every element is made, styled and laid out
    const graded = card(
      product({ is_in_stock: true, qty: 9, manage_stock: true } as Product['stock'], 'A+ (like new)'),
    );
    // li, a, img, name, grade badge and its meaning, price, stock line, actions, add, save buttons and
    // two, each with its icon's svg and path
    expect(graded.querySelectorAll('*').length + 1).toBe(17);
    expect(graded.querySelector('.grade-code, .price > span')).toBeNull();
    // the icons are no SVG image, which the first style recalc would make a document of its own for
    // (record 0151): an svg and a path in the text colour each
    expect(
      [...graded.querySelectorAll('.btn-save > svg[aria-hidden="true"] > path')].map((p) =>
        p.getAttribute('stroke'),
      ),
    ).toEqual(['currentColor', 'currentColor']);
    expect(graded.querySelector('.grade-badge')?.textContent).toBe('A+ (like new)');
    expect([...graded.querySelectorAll('.btn-save')].map((b) => b.getAttribute('title'))).toEqual([
      'Add Laptop A to the wish list',
      'Add Laptop A to compare',
    ]);
    expect(graded.querySelector('.price')?.textContent).toBe('100.00\u00a0€');
  });
});
