// @vitest-environment jsdom
/**
 * Directive 98/6/EC art. 6a on a card: a reduction is announced only against its reference (the
 * lowest price charged in the 30 days before it, the document's `reference_price_incl_tax`), struck
 * through and named; a regular price that was never charged is never struck.
 */
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductCard } from '../app/components/ProductCard';
import type { Product } from '../app/lib/types';
import { stockDoc } from './support/documents';

afterEach(cleanup);

const product = (extra: Partial<Product>): Product =>
  ({
    id: 1,
    sku: 'A',
    type_id: 'simple',
    name: 'Laptop A',
    slug: 'laptop-a',
    image: '/demo/a.png',
    price: 10661,
    price_incl_tax: 12900,
    special_price: 8182,
    special_price_incl_tax: 9900,
    final_price: 8182,
    final_price_incl_tax: 9900,
    stock: stockDoc({ is_in_stock: true, qty: 40 }),
    ...extra,
  }) as Product;

function card(p: Product, path = '/en') {
  const { container } = render(
    <MemoryRouter initialEntries={[path]}>
      <ul>
        <ProductCard product={p} />
      </ul>
    </MemoryRouter>,
  );
  return container.querySelector('li.card') as HTMLElement;
}

describe('product card: an announced reduction', () => {
  it('a special price whose regular price was never charged: no struck price, no reference line', () => {
    const c = card(product({}));
    expect(c.querySelector('.price')?.textContent).toBe('99.00\u00A0€');
    expect(c.querySelector('del')).toBeNull();
    expect(c.querySelector('.price-reference')).toBeNull();
  });

  it('with a reference: the lowest price of the 30 days before, struck and named (not the regular price)', () => {
    const c = card(product({ reference_price: 9917, reference_price_incl_tax: 11999 }));
    expect(c.querySelector('ins')?.textContent).toBe('99.00\u00A0€');
    expect(c.querySelector('del')?.textContent).toBe('119.99\u00A0€');
    expect(c.querySelector('.price-reference')?.textContent).toBe(
      'Lowest price in 30 days before the discount: 119.99\u00A0€',
    );
  });

  it('under a filter the matching variant’s own reference, not the product’s', () => {
    const child = (sku: string, final: number, reference?: number) => ({
      id: sku === 'A-1' ? 2 : 3,
      sku,
      name: 'Laptop A',
      image: null,
      price: final,
      price_incl_tax: 12900,
      special_price: null,
      special_price_incl_tax: null,
      final_price: final,
      final_price_incl_tax: final,
      status: 1,
      stock: stockDoc({ is_in_stock: true, qty: 5 }),
      condition: sku === 'A-1' ? 1 : 2,
      ...(reference ? { reference_price_incl_tax: reference } : {}),
    });
    const configurable = product({
      type_id: 'configurable',
      reference_price_incl_tax: 11999,
      configurable_children: [child('A-1', 9900, 11999), child('A-2', 8900)],
    });
    const { container } = render(
      <MemoryRouter initialEntries={['/en']}>
        <ul>
          <ProductCard product={configurable} chosen={{ condition: ['2'] }} />
        </ul>
      </MemoryRouter>,
    );
    expect(container.querySelector('.price')?.textContent).toBe('89.00\u00A0€');
    expect(container.querySelector('del')).toBeNull();
  });
});
