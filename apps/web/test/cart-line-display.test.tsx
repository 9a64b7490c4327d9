// @vitest-environment jsdom
// The cart says how much is left to free delivery (from the server's totals),
// and each line shows its chosen options (grade, capacity, colour, bundle parts) by label.
import { formatPrice } from '@vitrina/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FreeShippingLeft } from '../app/features/cart/components/FreeShippingLeft';
import { LineOptions, lineOptions } from '../app/components/CartLineOptions';
import type { Totals } from '../app/lib/types';

afterEach(cleanup);

const inEnglish = (node: React.ReactNode) =>
  render(<MemoryRouter initialEntries={['/en/']}>{node}</MemoryRouter>);
const totals = (from: number | null, left: number | null) =>
  ({ free_shipping_from: from, free_shipping_remaining: left }) as unknown as Totals;

describe('what is left to free delivery', () => {
  it('says the amount left, from the server', () => {
    inEnglish(<FreeShippingLeft totals={totals(9900, 3850)} />);
    expect(screen.getByTestId('free-shipping').textContent).toContain(
      `Add ${formatPrice(3850, 'en')} more for free delivery`,
    );
  });
  it('says delivery is free once reached', () => {
    inEnglish(<FreeShippingLeft totals={totals(9900, 0)} />);
    expect(screen.getByText('Delivery is free for this order')).toBeTruthy();
  });
  it('says nothing without a threshold (nothing to ship, or no such method)', () => {
    inEnglish(<FreeShippingLeft totals={totals(null, null)} />);
    expect(screen.queryByTestId('free-shipping')).toBeNull();
  });
});

describe('a line shows its choices', () => {
  it('uses the labels kept with the line', () => {
    inEnglish(
      <LineOptions
        item={{
          options: [
            { label: 'Condition', value: 'A+ (like new)' },
            { label: 'Capacity', value: '1 TB' },
          ],
        }}
      />,
    );
    // a grade is named by its badge and the shop's words for it, as on the product page
    expect(screen.getByRole('list').textContent).toBe('Condition: A+Like newCapacity: 1 TB');
    expect(screen.getByRole('list').querySelector('[data-grade]')?.getAttribute('data-grade')).toBe('a_plus');
  });
  it("falls back to the configurable options' own label and value, and shows nothing without", () => {
    expect(
      lineOptions({
        product_option: {
          extension_attributes: {
            configurable_item_options: [
              { option_id: 93, option_value: 49, label: 'Colour', value: 'Black' },
              { option_id: 94, option_value: 50 },
            ],
          },
        },
      }),
    ).toEqual([{ label: 'Colour', value: 'Black' }]);
    const { container } = inEnglish(<LineOptions item={{ product_option: null }} />);
    expect(container.querySelector('.line-options')).toBeNull();
  });
});
