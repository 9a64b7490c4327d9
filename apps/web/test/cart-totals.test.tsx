// @vitest-environment jsdom
// The totals box: a zero shipping row reads "Free" once the shopper has chosen a shipping method;
// before that a zero row says nothing and is left out.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CartTotals } from '../app/components/CartTotals';
import type { Totals } from '../app/lib/types';

afterEach(cleanup);

const totals = (shipping: number) =>
  ({
    total_segments: [
      { code: 'subtotal_incl_tax', title: 'Subtotal', value: 124999 },
      { code: 'shipping', title: 'Shipping', value: shipping },
      { code: 'payment', title: 'Payment', value: 0 },
      { code: 'tax', title: 'Tax', value: 21694 },
      { code: 'grand_total', title: 'Grand total', value: 124999 + shipping },
    ],
  }) as unknown as Totals;

const show = (t: Totals, shippingChosen?: boolean, path = '/en/checkout') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <CartTotals totals={t} shippingChosen={shippingChosen} />
    </MemoryRouter>,
  );

const shippingRow = () => document.querySelector('.totals-shipping dd')?.textContent ?? null;

describe('CartTotals shipping row', () => {
  it('reads "Free" for a chosen method that costs nothing', () => {
    show(totals(0), true);
    expect(shippingRow()).toBe('Free');
  });

  it('is in the shopper language', () => {
    show(totals(0), true, '/checkout');
    expect(shippingRow()).toBe('Nemokamai');
  });

  it('is left out while no method is chosen', () => {
    show(totals(0));
    expect(shippingRow()).toBeNull();
    expect(screen.getByText('1,249.99 €', { selector: '.totals-grand_total dd' })).toBeTruthy();
  });

  it('shows the price of a method that costs something', () => {
    show(totals(399), true);
    expect(shippingRow()).toBe('3.99\u00A0€');
  });
});
