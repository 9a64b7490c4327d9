// @vitest-environment jsdom
// What a shopper reads about an order's methods: the checkout's method tiles (mark, name, when it
// arrives or how paying works, price) and the account's order page (the methods by name, the
// country by its name, the delivery promised, each line with its image).
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShippingMethodList } from '../app/features/checkout/components/ShippingMethodList';
import { PaymentMethodList } from '../app/features/checkout/components/PaymentMethodList';
import { OrderDetails } from '../app/features/account/components/OrderDetails';
import type { HistoryOrder, PaymentMethod, ShippingMethod } from '../app/lib/types';
import { orderAmounts } from './support/documents';

afterEach(cleanup);

const at = (path: string, ui: ReactNode) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

const shipping = (
  carrier: string,
  method: string,
  title: string,
  price: number,
  pickup: boolean,
): ShippingMethod => ({
  code: `${carrier}_${method}`,
  carrier_code: carrier,
  method_code: method,
  carrier_title: title,
  method_title: title,
  title,
  default: false,
  offline: false,
  available: true,
  needs_pickup_point: pickup,
  cost_incl_tax: price,
  price_incl_tax: price,
  amount: price,
});

const payment = (code: string, title: string, kind: PaymentMethod['kind'], fee = 0): PaymentMethod => ({
  code,
  title,
  default: false,
  is_server_method: false,
  offline: kind !== 'online',
  kind,
  allowed_for_virtual: true,
  cost_incl_tax: fee,
});

describe('checkout method tiles', () => {
  it('each delivery method says when it arrives, or from when the store has it, and its price', () => {
    const onChoose = vi.fn();
    at(
      '/en/checkout',
      <ShippingMethodList
        methods={[
          shipping('courier', 'courier', 'Courier to your door', 399, false),
          shipping('omniva', 'parcel_terminal', 'Omniva parcel locker', 0, true),
          shipping('storepickup', 'storepickup', 'Pickup at our store in Vilnius', 0, true),
        ]}
        chosen={{ carrier_code: 'courier', method_code: 'courier' }}
        error={null}
        onChoose={onChoose}
      />,
    );
    const courier = screen.getByRole('radio', { name: /Courier to your door/ });
    expect(courier.closest('.method-tile')?.textContent).toMatch(
      /Courier to your door\s*Arrives \S+ \d+.*3\.99\s€/,
    );
    expect(
      screen.getByRole('radio', { name: /Omniva parcel locker/ }).closest('.method-tile')?.textContent,
    ).toMatch(/Arrives .*Free/);
    const store = screen.getByRole('radio', { name: /Pickup at our store/ });
    expect(store.closest('.method-tile')?.textContent).toMatch(/Ready to collect from \S+ \d+/);
    expect(store.closest('.method-tile')?.getAttribute('data-mark')).toBe('store');
    fireEvent.click(store);
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ carrier_code: 'storepickup' }));
  });

  it('each payment method says how paying with it works, and its fee', () => {
    at(
      '/checkout',
      <PaymentMethodList
        methods={[
          payment('NEOPAY', 'Mokėjimas per banką', 'online'),
          payment('banktransfer', 'Bankinis pavedimas', 'bank_transfer'),
          payment('cashondelivery', 'Grynaisiais pristatymo metu', 'cash_on_delivery', 300),
        ]}
        chosen="NEOPAY"
        onChoose={() => {}}
      />,
    );
    const tile = (name: RegExp) => screen.getByRole('radio', { name }).closest('.method-tile')?.textContent;
    expect(tile(/Mokėjimas per banką/)).toContain('Apmokėsite savo banke internetu');
    expect(tile(/Bankinis pavedimas/)).toContain('Sąskaitos rekvizitus ir mokėjimo paskirtį parodysime');
    expect(tile(/Grynaisiais/)?.replace(/\s/g, ' ')).toMatch(/Sumokėsite atsiimdami siuntą\s*3,00 €/);
  });
});

describe("the account's order page", () => {
  const order = {
    id: 7,
    increment_id: '100000042',
    orderNumber: '100000042',
    orderToken: 'order-token',
    status: 'new',
    cancel_reason: null,
    payment_status: 'paid',
    shipping_status: 'pending',
    created_at: '2026-11-30T08:00:00.000Z',
    currency: 'EUR',
    ...orderAmounts(124_999),
    coupon_code: null,
    shipping_method_code: 'courier_courier',
    payment_method_code: 'NEOPAY',
    shipping_method_title: 'Kurjeris į namus',
    payment_method_title: 'Mokėjimas per banką (NEOPAY)',
    carrier: null,
    tracking_number: null,
    tracking_url: null,
    is_pickup: false,
    history: [],
    credit_notes: [],
    store_code: 'lt',
    feedback_filled: false,
    bank_transfer: null,
    shipping_address: {
      firstname: 'Anna',
      lastname: 'Ozola',
      street: ['Brīvības iela 1'],
      postcode: 'LV-1010',
      city: 'Rīga',
      countryId: 'LV',
    },
    billing_address: null,
    items: [
      {
        sku: 'LAP-1',
        name: 'Lenovo ThinkPad T14',
        qty: 1,
        product_type: 'simple',
        product_option: null,
        price_incl_tax: 124_999,
        row_total_incl_tax: 124_999,
        tax_percent: 21,
        product_id: 1,
        image: '/demo/laptops/1.png',
      },
    ],
  } as unknown as HistoryOrder;

  it('names the methods, the country, the promised days, and shows each line with its image', () => {
    const { container } = at(
      '/my-account/orders/7',
      <OrderDetails model={{ order, historyPath: '/my-account/orders' }} />,
    );
    const facts = container.querySelector('.order-facts')?.textContent ?? '';
    expect(facts).toContain('Pristatymo būdas');
    expect(facts).toContain('Kurjeris į namus');
    expect(facts).toContain('Mokėjimas per banką (NEOPAY)');
    expect(container.querySelector('address')?.textContent).toContain('LV-1010, Rīga, Latvija');
    expect(screen.getByTestId('delivery-promise').textContent).toMatch(/^Pristatysime gruodžio 2/);
    expect(container.querySelector('.order-line-product img')?.getAttribute('src')).toBe(
      '/vsbridge/image/150/150/resize/demo/laptops/1.png',
    );
  });

  it('a failed online payment offers to pay again; a paid or cancelled order does not', () => {
    const failed = { ...order, payment_status: 'failed' } as HistoryOrder;
    at(
      '/en/my-account/orders/7',
      <OrderDetails model={{ order: failed, historyPath: '/en/my-account/orders' }} />,
    );
    expect(screen.getByRole('link', { name: 'Pay again' }).getAttribute('href')).toBe(
      '/vsbridge/neopay/payment/order-token/-',
    );
    cleanup();
    at('/en/my-account/orders/7', <OrderDetails model={{ order, historyPath: '/en/my-account/orders' }} />);
    expect(screen.queryByRole('link', { name: 'Pay again' })).toBeNull();
    cleanup();
    const gone = { ...order, status: 'cancelled', payment_status: 'cancelled' } as HistoryOrder;
    at(
      '/en/my-account/orders/7',
      <OrderDetails model={{ order: gone, historyPath: '/en/my-account/orders' }} />,
    );
    expect(screen.queryByRole('link', { name: 'Pay again' })).toBeNull();
  });

  it("the demo shop's bank account is marked as fictional", () => {
    const transfer = {
      ...order,
      payment_method_code: 'banktransfer',
      payment_status: 'pending',
      bank_transfer: {
        bank_name: 'Demo bankas',
        iban: 'LT00 0000 0000 0000 0000',
        beneficiary: 'UAB „Vitrina demo“',
        amount: 124_999,
        reference: 'Order 100000042',
        due_date: '2026-12-05',
        demo: true,
      },
    } as HistoryOrder;
    at(
      '/en/my-account/orders/7',
      <OrderDetails model={{ order: transfer, historyPath: '/en/my-account/orders' }} />,
    );
    expect(screen.getByTestId('bank-demo').textContent).toContain('do not pay anything');
  });
});
