// @vitest-environment jsdom
// The order pages' VAT invoice link: shown when the API issues the invoice
// (invoiceDue: paid online or by a recorded transfer, or a cash-on-delivery order handed over), pointing at the order-token download in the page's language.
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import OrderCompleted from '../app/routes/order-completed';
import { orderAmounts } from './support/documents';

afterEach(cleanup);

type Props = ComponentProps<typeof OrderCompleted>;
const page = (order: Record<string, unknown>, storeCode = 'en') => {
  const loaderData = {
    storeCode,
    number: '100000042',
    token: 'order-token-0123456789abcdef',
    order: {
      orderNumber: '100000042',
      status: 'new',
      payment_status: 'pending',
      payment_method_code: 'cashondelivery',
      created_at: '2026-11-22T03:00:00.000Z',
      items: [],
      ...orderAmounts(1000),
      currency: 'EUR',
      ...order,
    },
    payment: null,
    unavailable: false,
    seo: {},
  } as unknown as Props['loaderData'];
  render(
    <MemoryRouter initialEntries={[`/${storeCode}/order-completed`]}>
      <OrderCompleted {...({ loaderData } as unknown as Props)} />
    </MemoryRouter>,
  );
};

describe('VAT invoice link on the order page', () => {
  it('links a cash-on-delivery order handed to the carrier to its PDF by the order token', () => {
    page({ status: 'shipped' });
    const link = screen.getByRole('link', { name: 'Download the VAT invoice (PDF)' });
    expect(link.getAttribute('href')).toBe(
      '/vsbridge/order/invoice?number=100000042&orderToken=order-token-0123456789abcdef&storeCode=en',
    );
  });

  it.each([
    ['an online payment still pending', { payment_method_code: 'NEOPAY', payment_status: 'pending' }],
    ['a cancelled order', { status: 'cancelled' }],
    ['a cash-on-delivery order not yet handed over (invoiced at handover)', { status: 'new' }],
    ['a bank transfer not yet paid', { payment_method_code: 'banktransfer', payment_status: 'pending' }],
  ])('is not shown for %s', (_name, over) => {
    page(over);
    expect(screen.queryByTestId('invoice-link')).toBeNull();
  });

  it('is shown for a paid online order, in Lithuanian on the lt page', () => {
    page({ payment_method_code: 'NEOPAY', payment_status: 'paid', status: 'paid' }, 'lt');
    expect(screen.getByRole('link', { name: 'Atsisiųsti PVM sąskaitą faktūrą (PDF)' })).toBeTruthy();
  });
});
