// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CompareTable } from '../app/components/CompareTable';
import type { Product } from '../app/lib/types';
import { productDoc } from './support/documents';

afterEach(cleanup);

const product = (sku: string, extra: Partial<Product> = {}): Product =>
  productDoc({
    id: sku.charCodeAt(0),
    sku,
    type_id: 'simple',
    name: `Phone ${sku}`,
    slug: `phone-${sku.toLowerCase()}`,
    price: 10000,
    price_incl_tax: 12100,
    final_price: 10000,
    final_price_incl_tax: 12100,
    stock: { is_in_stock: true, qty: 20, product_id: 1, manage_stock: true },
    total_qty: 20,
    ...extra,
  });
const saved = (sku: string) => ({ sku, name: `Phone ${sku}`, slug: `phone-${sku}`, path: `/en/p/${sku}/x` });

describe('compare: grade, stock and a way to buy each product', () => {
  it('"Add to cart" in stock, "Choose options" with options, nothing to add when sold out', () => {
    render(
      <MemoryRouter initialEntries={['/en/compare']}>
        <CompareTable
          columns={[
            { saved: saved('A'), product: product('A', { condition_label: 'A+ (like new)' }) },
            { saved: saved('B'), product: product('B', { type_id: 'configurable' }) },
            {
              saved: saved('C'),
              product: product('C', {
                stock: { is_in_stock: false, qty: 0, product_id: 3, manage_stock: true },
                total_qty: 0,
              }),
            },
            { saved: saved('D'), product: null },
          ]}
          attributes={[]}
          optionLabel={() => undefined}
          onRemove={() => {}}
        />
      </MemoryRouter>,
    );
    const row = screen.getByRole('row', { name: /^Grade and stock/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(4);
    expect(cells[0]!.textContent).toContain('A+');
    expect(cells[0]!.textContent).toContain('In stock');
    expect(within(cells[0]!).getByRole('button', { name: 'Add to cart: Phone A' })).toBeTruthy();
    expect(within(cells[1]!).getByRole('link', { name: 'Choose options' }).getAttribute('href')).toContain(
      '/en/p/B',
    );
    expect(cells[2]!.textContent).toContain('Out of stock');
    expect(within(cells[2]!).queryByRole('button')).toBeNull();
    expect(within(cells[2]!).queryByRole('link')).toBeNull();
    // a product the catalogue no longer has: nothing to say
    expect(cells[3]!.textContent).toBe('');
  });
});
