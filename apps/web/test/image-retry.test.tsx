// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductCard } from '../app/components/ProductCard';
import { productDoc } from './support/documents';

afterEach(cleanup);

describe('lazy images: two load attempts (catalogue-and-cart.md §9)', () => {
  it('a failed card image is asked for once more, then left alone', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/en']}>
        <ul>
          <ProductCard
            product={productDoc({
              id: 1,
              sku: 'A',
              type_id: 'simple',
              name: 'A',
              slug: 'a',
              image: '/demo/a.png',
              price: 1,
              price_incl_tax: 1,
              final_price: 1,
              final_price_incl_tax: 1,
            })}
          />
        </ul>
      </MemoryRouter>,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('src')).toBe('/vsbridge/image/266/266/resize/demo/a.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/vsbridge/image/266/266/resize/demo/a.png?attempt=2');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/vsbridge/image/266/266/resize/demo/a.png?attempt=2');
  });
});
