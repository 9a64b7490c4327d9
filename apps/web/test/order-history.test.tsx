// @vitest-environment jsdom
// The account's order history table.
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderHistory } from '../app/features/account/components/OrderHistory';
import type { OrderHistoryModel } from '../app/features/account/hooks/use-order-history';

afterEach(cleanup);

describe('order history', () => {
  it('links each order and writes its day and time as two unbroken parts (Vilnius time)', () => {
    const model = {
      list: [
        {
          id: 7,
          increment_id: '100000002',
          created_at: '2026-11-29T00:52:00.000Z',
          status: 'pending',
          grand_total: 125_299,
        },
      ],
      page: 1,
      pages: 1,
      base: '/en/my-account/orders',
    } as unknown as OrderHistoryModel;
    const { container } = render(
      <MemoryRouter initialEntries={['/en/my-account/orders']}>
        <OrderHistory model={model} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: /100000002/ }).getAttribute('href')).toBe(
      '/en/my-account/orders/7',
    );
    const time = container.querySelector('td.order-date time')!;
    expect(time.getAttribute('dateTime')).toBe('2026-11-29T00:52:00.000Z');
    expect([...time.querySelectorAll('span')].map((s) => s.textContent)).toEqual(['2026-11-29', '02:52']);
  });
});
