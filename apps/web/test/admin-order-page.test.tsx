// @vitest-environment jsdom
/**
 * One order in the back office (routes/admin/order.tsx and its parts, admin/order/): every section
 * renders from the staff API's order (summary, addresses, actions, returns, lines, VAT, payments,
 * money, history), and each form posts what the route's action reads.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import AdminOrder from '../app/routes/admin/order';
import { statusLabels } from '../app/admin/labels.server';

afterEach(cleanup);

const address = {
  firstname: 'Ona',
  lastname: 'Onaitė',
  company: 'UAB Ona',
  company_code: '123456789',
  vat_id: 'LT123456789',
  street: ['Gedimino pr. 1', '2'],
  city: 'Vilnius',
  postcode: 'LT-01103',
  country_id: 'LT',
  telephone: '+37060000000',
};

const ORDER = {
  id: 7,
  number: '000000007',
  created_at: '2026-11-20T10:00:00.000Z',
  status: 'processing',
  status_label: 'Processing',
  payment_status: 'paid',
  shipping_status: 'pending',
  email: 'ona@example.com',
  name: 'Ona Onaitė',
  store_code: 'en',
  payment_method: 'banktransfer',
  shipping_method: 'courier',
  personal_details: {},
  billing_address: address,
  shipping_address: { ...address, pickup_point: { name: 'Omniva 1', address: 'Ozo g. 1', city: 'Vilnius' } },
  subtotal_incl_tax: 100000,
  discount_amount: 5000,
  shipping_incl_tax: 500,
  payment_fee: 200,
  tax_amount: 16500,
  grand_total: 95700,
  coupon_code: 'SALE5',
  cancel_reason: null,
  carrier: 'omniva',
  tracking_number: 'CC123',
  tracking_url: 'https://example.com/track/CC123',
  is_pickup: false,
  lines: [
    {
      id: 11,
      sku: 'LAPTOP-A',
      name: 'Laptop A',
      qty: 2,
      product_option: {
        extension_attributes: { configurable_item_options: [{ label: 'Colour', value: 'Silver' }] },
      },
      grade: 'A',
      price_incl_tax: 50000,
      row_total_incl_tax: 100000,
      tax_percent: 21,
    },
  ],
  vat_by_rate: [{ rate: 21, gross: 95200, net: 78678, vat: 16522 }],
  vat_other: { gross: 500, net: 413, vat: 87 },
  vat_total: { gross: 95700, net: 79200, vat: 16500 },
  payment_method_title: 'Bank transfer',
  shipping_method_title: 'Courier',
  payments: [
    {
      id: 1,
      provider: 'banktransfer',
      status: 'paid',
      amount: 95700,
      external_id: null,
      received_on: '2026-11-21',
      reference: 'REF-1',
      created_at: '2026-11-21T09:00:00.000Z',
    },
  ],
  history: [
    {
      at: '2026-11-20T10:00:00.000Z',
      action: 'place',
      from_status: null,
      to_status: 'pending',
      payment_status: 'pending',
      who: null,
      actor_kind: 'customer',
      note: null,
    },
    {
      at: '2026-11-21T09:00:00.000Z',
      action: 'pay',
      from_status: 'pending',
      to_status: 'processing',
      payment_status: 'paid',
      who: 'staff@example.com',
      actor_kind: 'staff',
      note: 'paid at the bank',
    },
  ],
  actions: ['ship', 'cancel', 'refund'],
  money: { due: 95700, paid: 100000, refunded: 4300, outstanding: 1000, refundable: 50000, recordable: 1000 },
  refund_offer: { lines: { '11': 1 }, shipping: 500 },
  refunds: [
    {
      id: 3,
      method: 'manual' as const,
      status: 'pending' as const,
      total: 4300,
      reason: 'scratch',
      error: 'bank said no',
      reference: null,
      created_at: '2026-11-22T09:00:00.000Z',
      done_at: null,
      credit_note: 'KR-1',
    },
    {
      id: 4,
      method: 'provider' as const,
      status: 'done' as const,
      total: 1000,
      reason: 'late',
      error: null,
      reference: 'R-9',
      created_at: '2026-11-23T09:00:00.000Z',
      done_at: '2026-11-23T10:00:00.000Z',
      credit_note: null,
    },
  ],
  invoice: { number: 'INV-7', issued_at: '2026-11-21T09:00:00.000Z', supplied_on: null },
  credit_notes: [
    { number: 'KR-1', kind: 'refund', total: 4300, issued_at: '2026-11-22T09:00:00.000Z', reason: 'scratch' },
  ],
};

const RETURNS = {
  items: [{ id: 5, reason: 'warranty', state: 'received', units: 1, created_at: '2026-11-24T09:00:00.000Z' }],
  lines: [{ item_id: 11, sku: 'LAPTOP-A', name: 'Laptop A', qty: 2, left: 1 }],
};

function renderOrderPage() {
  const labels = statusLabels('en');
  const data = {
    lang: 'en' as const,
    returns: RETURNS,
    order: ORDER,
    carriers: [{ code: 'omniva', name: 'Omniva' }],
    labels: { ...labels, payments: { paid: labels.payment.paid } },
  };
  const Stub = createRoutesStub([
    {
      id: 'order',
      path: '/admin/orders/:id',
      loader: () => data,
      Component: AdminOrder as unknown as ComponentType,
    },
  ]);
  return render(
    <Stub initialEntries={['/admin/orders/7']} hydrationData={{ loaderData: { order: data } }} />,
  );
}

describe('an order in the back office', () => {
  it('shows every section of the order', async () => {
    renderOrderPage();
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order 000000007');
    const text = document.body.textContent ?? '';
    for (const part of [
      'UAB Ona',
      'LT123456789',
      'Omniva 1',
      'Colour: Silver',
      'SALE5',
      'INV-7',
      'KR-1',
      'REF-1',
      'paid at the bank',
      'staff@example.com',
    ])
      expect(text).toContain(part);
    expect(screen.getByRole('link', { name: 'CC123' }).getAttribute('href')).toBe(
      'https://example.com/track/CC123',
    );
  });

  it('posts the fields the route’s action reads', async () => {
    const { container } = renderOrderPage();
    await act(async () => {});
    const forms = [...container.querySelectorAll('form')];
    const named = (name: string) => forms.filter((f) => f.querySelector(`[name="${name}"]`)).length;
    // the lifecycle's actions, one form each; a return; a payment; a refund; a pending refund marked done
    expect(
      forms.map((f) => (f.querySelector('[name="action"], [name="intent"]') as HTMLInputElement).value),
    ).toEqual(['ship', 'cancel', 'refund', 'create_return', 'payment', 'refund', 'refund_done']);
    expect(named('tracking_number')).toBe(1);
    expect(named('qty_11')).toBe(2);
    expect(named('refund_id')).toBe(1);
  });
});
