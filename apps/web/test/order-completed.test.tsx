// @vitest-environment jsdom
// The order page after a payment: "Pay again" for a cancelled or failed payment, and, when paying
// again was refused because the products sold out meanwhile (`&unavailable=1`), the spec's message
// instead of the link.
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPrice, orderPullContract, type OrderPullAnswer } from '@vitrina/domain';
import OrderCompleted from '../app/routes/order-completed';
import { orderAmounts } from './support/documents';

afterEach(cleanup);

type Props = ComponentProps<typeof OrderCompleted>;
const page = (over: Partial<Props['loaderData']>, path = '/en/order-completed') => {
  const loaderData = {
    storeCode: 'en',
    number: '100000042',
    token: 'order-token-0123456789abcdef',
    order: {
      payment_method_code: 'NEOPAY',
      created_at: '2026-11-22T03:00:00.000Z',
      items: [],
      ...orderAmounts(1000),
      currency: 'EUR',
    },
    payment: 'cancelled',
    unavailable: false,
    seo: {},
    ...over,
  } as unknown as Props['loaderData'];
  render(
    <MemoryRouter initialEntries={[path]}>
      <OrderCompleted {...({ loaderData } as unknown as Props)} />
    </MemoryRouter>,
  );
};

describe('order completed page after a cancelled payment', () => {
  it('offers to pay again', () => {
    page({});
    expect(screen.getByRole('link', { name: 'Pay again' }).getAttribute('href')).toBe(
      '/vsbridge/neopay/payment/order-token-0123456789abcdef/-',
    );
    expect(screen.queryByText('Some of the ordered products are not available!')).toBeNull();
  });

  it('says the products are not available, without the link, when paying again was refused', () => {
    page({ unavailable: true });
    expect(screen.getByText('Some of the ordered products are not available!')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay again' })).toBeNull();
  });
});

describe('the thank-you text follows the payment method and status', () => {
  // the API names the kind with the method's code (COD by the configured code, COD_PAYMENT_CODE)
  const KIND: Record<string, string> = { cashondelivery: 'cash_on_delivery', banktransfer: 'bank_transfer' };
  const order = (method: string) =>
    ({
      payment_method_code: method,
      payment_kind: KIND[method] ?? 'online',
      created_at: '2026-11-22T03:00:00.000Z',
      items: [],
      ...orderAmounts(1000),
      currency: 'EUR',
    }) as unknown as Props['loaderData']['order'];
  const payOnDelivery = 'You will pay when the parcel is delivered.';

  it.each([
    ['NEOPAY', 'paid'],
    ['NEOPAY', 'pending'],
    ['MOKILIZINGAS', 'paid'],
    ['banktransfer', null],
  ] as const)('%s with payment %s is never told to pay on delivery', (method, payment) => {
    page({ order: order(method), payment });
    expect(screen.getByText('We will send the order confirmation to your e-mail.')).toBeTruthy();
    expect(screen.queryByText(payOnDelivery)).toBeNull();
  });

  it('cash on delivery is told it pays when the parcel is delivered', () => {
    page({ order: order('cashondelivery'), payment: null });
    expect(screen.getByText(payOnDelivery)).toBeTruthy();
  });
});

// An order not paid in time is cancelled by the shop; its page says why, in the
// store view's language, and neither waits for the payment nor offers to pay again
describe('order completed page of an order cancelled because it was not paid in time', () => {
  // the order as order/pull answers it: the fixture is checked against the shared contract
  const expired = (over: Partial<OrderPullAnswer> = {}) => ({
    order: orderPullContract.parse({
      orderNumber: '100000042',
      orderToken: 'order-token-0123456789abcdef',
      increment_id: '100000042',
      status: 'cancelled',
      cancel_reason: 'payment_timeout',
      payment_status: 'pending',
      shipping_status: 'pending',
      created_at: '2026-11-22T03:00:00.000Z',
      currency: 'EUR',
      grand_total: 1000,
      subtotal_incl_tax: 1000,
      discount_amount: 0,
      shipping_incl_tax: 0,
      payment_fee: 0,
      tax_amount: 174,
      coupon_code: null,
      shipping_method_code: 'courier',
      payment_method_code: 'NEOPAY',
      payment_kind: 'online',
      carrier: null,
      tracking_number: null,
      tracking_url: null,
      is_pickup: false,
      history: [],
      credit_notes: [],
      items: [],
      email: 'jonas@example.com',
      personal_details: null,
      shipping_address: null,
      billing_address: null,
      shipping_method_title: 'Courier',
      payment_method_title: 'Bank link (NEOPAY)',
      bank_transfer: null,
      ...over,
    }) as Props['loaderData']['order'],
    payment: 'pending' as const,
  });

  it('says it was cancelled because it was not paid in time, without "Pay again" or "Waiting for the payment"', () => {
    page(expired());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Order cancelled');
    expect(
      screen.getByText(
        'This order was cancelled because it was not paid in time. Its products were returned to stock: you are welcome to order them again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay again' })).toBeNull();
    expect(screen.queryByText('Waiting for the payment')).toBeNull();
    expect(screen.queryByText('Thank you for your purchase!')).toBeNull();
  });

  it('says a payment that came too late will be refunded', () => {
    page(expired({ payment_status: 'refund_due' }));
    expect(
      screen.getByText(
        'Your payment arrived after the order was cancelled and its products were no longer available. We will refund the payment.',
      ),
    ).toBeTruthy();
  });
});

describe('thank-you page per payment method', () => {
  const base = {
    created_at: '2026-11-22T03:00:00.000Z',
    items: [],
    ...orderAmounts(123456),
    currency: 'EUR',
    shipping_method_title: 'Courier to your door',
    shipping_address: {
      firstname: 'Ona',
      lastname: 'Onaitė',
      street: ['Gedimino pr.', '1'],
      city: 'Vilnius',
      postcode: 'LT-01103',
    },
  };
  const order = (over: Record<string, unknown>) =>
    ({ ...base, ...over }) as unknown as Props['loaderData']['order'];

  it('a bank transfer awaiting payment shows the account by bank name, the amount and the reference', () => {
    page({
      payment: null,
      order: order({
        payment_method_code: 'banktransfer',
        payment_kind: 'bank_transfer',
        payment_status: 'pending',
        bank_transfer: {
          bank_name: 'Swedbank',
          iban: 'LT12 1000 0111 0100 1000',
          beneficiary: 'UAB Vitrina',
          amount: 123456,
          reference: 'Order 100000042',
          due_date: '2026-11-27',
        },
      }),
    });
    expect(screen.getByRole('heading', { name: 'Waiting for your bank transfer' })).toBeTruthy();
    const details = screen.getByTestId('bank-details');
    for (const text of [
      'Swedbank',
      'LT12 1000 0111 0100 1000',
      'UAB Vitrina',
      formatPrice(123456, 'en'),
      'Order 100000042',
      'Pay by',
      '2026-11-27',
    ])
      expect(details.textContent).toContain(text);
    expect(screen.getByText('We prepare the order once your transfer arrives.')).toBeTruthy();
  });

  it('in Lithuanian: the recipient, IBAN, amount, reference (the order number) and the last day to pay', () => {
    page(
      {
        storeCode: 'lt',
        payment: null,
        order: order({
          store_code: 'lt',
          payment_method_code: 'banktransfer',
          payment_kind: 'bank_transfer',
          payment_status: 'pending',
          bank_transfer: {
            bank_name: 'AB SEB bankas',
            iban: 'LT97 7044 0600 0000 0001',
            beneficiary: 'UAB Technikos kampas',
            amount: 123456,
            reference: 'Užsakymas 100000042',
            due_date: '2026-11-27',
          },
        }),
      },
      '/order-completed',
    );
    expect(screen.getByRole('heading', { name: 'Laukiame jūsų bankinio pavedimo' })).toBeTruthy();
    const details = screen.getByTestId('bank-details');
    const row = (label: string) =>
      [...details.querySelectorAll('div')]
        .find((d) => d.querySelector('dt')?.textContent === label)
        ?.querySelector('dd')?.textContent;
    expect(row('Gavėjas')).toBe('UAB Technikos kampas');
    expect(row('Sąskaitos numeris (IBAN)')).toBe('LT97 7044 0600 0000 0001');
    expect(row('Suma')).toBe(formatPrice(123456, 'lt'));
    expect(row('Mokėjimo paskirtis')).toBe('Užsakymas 100000042');
    expect(row('Apmokėti iki')).toBe('2026-11-27');
  });

  it('a bank transfer without a configured account invents none', () => {
    page({
      payment: null,
      order: order({
        payment_method_code: 'banktransfer',
        payment_kind: 'bank_transfer',
        payment_status: 'pending',
        bank_transfer: null,
      }),
    });
    expect(screen.queryByTestId('bank-details')).toBeNull();
    expect(screen.getByText("Contact customer service for the shop's account details.")).toBeTruthy();
  });

  it('cash on delivery says the amount to pay at the door and what happens next', () => {
    page({
      payment: null,
      order: order({
        payment_method_code: 'cashondelivery',
        payment_kind: 'cash_on_delivery',
        payment_status: 'pending',
      }),
    });
    expect(screen.getByTestId('payment-status').textContent).toContain(
      `To pay on delivery: ${formatPrice(123456, 'en')}`,
    );
    expect(
      screen.getByText('We prepare the order and hand it to the carrier; you pay when it is delivered.'),
    ).toBeTruthy();
  });

  it('a new order promises the delivery days of its method, names the payment method and shows no status log', () => {
    page({
      payment: null,
      order: order({
        status: 'new',
        shipping_status: 'pending',
        // Monday 10:00 in Vilnius: leaves that day, the settings' 2–3 working days after it
        created_at: '2026-11-30T08:00:00.000Z',
        payment_method_code: 'cashondelivery',
        payment_kind: 'cash_on_delivery',
        payment_status: 'pending',
        payment_method_title: 'Cash on delivery',
        history: [
          {
            to_status: 'new',
            payment_status: 'pending',
            shipping_status: 'pending',
            created_at: '2026-11-30T08:00:00.000Z',
          },
        ],
      }),
    });
    expect(screen.getByTestId('delivery-promise').textContent?.replace(/\s+/g, ' ')).toBe(
      'Arrives December 2 – 3',
    );
    expect(screen.getByRole('region', { name: 'Payment method' }).textContent).toContain('Cash on delivery');
    expect(screen.queryByTestId('order-progress')).toBeNull();
    cleanup();
    // store pickup: ready the working day after it leaves; an unpaid bank transfer is promised no date
    page({
      payment: null,
      order: order({
        status: 'new',
        shipping_status: 'pending',
        created_at: '2026-11-30T08:00:00.000Z',
        payment_kind: 'cash_on_delivery',
        payment_status: 'pending',
        shipping_address: {
          pickup_point: {
            id: 'store',
            carrier_code: 'storepickup',
            name: 'Vitrina',
            address: 'Gedimino pr. 1',
            city: 'Vilnius',
            postcode: '01103',
            country_id: 'LT',
            opening_hours: null,
          },
        },
      }),
    });
    expect(screen.getByTestId('delivery-promise').textContent).toBe('Ready to collect from December 1');
    cleanup();
    page({
      payment: null,
      order: order({
        status: 'awaiting_payment',
        shipping_status: 'pending',
        payment_method_code: 'banktransfer',
        payment_kind: 'bank_transfer',
        payment_status: 'pending',
      }),
    });
    expect(screen.queryByTestId('delivery-promise')).toBeNull();
  });

  it('shows the delivery method and address, or the pickup point', () => {
    page({ payment: 'paid', order: order({ payment_method_code: 'NEOPAY', payment_status: 'paid' }) });
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(delivery.textContent).toContain('Courier to your door');
    expect(delivery.textContent).toContain('Gedimino pr. 1, Vilnius, LT-01103');
    cleanup();
    page({
      payment: 'paid',
      order: order({
        payment_method_code: 'NEOPAY',
        payment_status: 'paid',
        shipping_address: {
          pickup_point: { name: 'Omniva Akropolis', address: 'Ozo g. 25', city: 'Vilnius' },
        },
      }),
    });
    expect(screen.getByText('Pickup point: Omniva Akropolis, Ozo g. 25, Vilnius')).toBeTruthy();
  });

  it('a failed payment offers to pay again and says the order waits for it', () => {
    page({ payment: 'failed', order: order({ payment_method_code: 'NEOPAY', payment_status: 'failed' }) });
    expect(screen.getByRole('link', { name: 'Pay again' })).toBeTruthy();
    expect(screen.getByText('The order waits for your payment: pay again when you are ready.')).toBeTruthy();
  });
});
