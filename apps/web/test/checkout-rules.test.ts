// @vitest-environment node
/**
 * The checkout's own pure rules (apps/web/app/features/checkout/rules/): which
 * shipping and payment method is kept or preselected, which payment methods are offered, the order
 * as it is sent (or queued), the thank-you address, the offline estimate at review and what
 * /checkout shows instead of its steps. Moved out of the route's component unchanged; these tests
 * pin their behaviour (the route's component tests drive them through the real API).
 */
import {
  orderCreateSchema,
  PAYMENT_CASH_ON_DELIVERY,
  PAYMENT_MOKILIZINGAS,
  PAYMENT_NEOPAY,
} from '@vitrina/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canPlaceOrder,
  defaultPaymentMethod,
  keepsPaymentMethod,
  offeredPaymentMethods,
  redirectsToProvider,
} from '../app/features/checkout/rules/payment-methods';
import {
  orderCompletedPath,
  orderPayload,
  reviewEstimate,
  type OrderChoices,
} from '../app/features/checkout/rules/order-payload';
import { chosenPointOf } from '../app/features/checkout/rules/pickup-points';
import {
  NO_SHIPPING,
  defaultShippingMethod,
  isChosenMethod,
  keepsShippingMethod,
  methodLabel,
  methodPrice,
} from '../app/features/checkout/rules/shipping-methods';
import { failureMessage } from '../app/features/checkout/rules/failure-message';
import { checkoutScreen } from '../app/features/checkout/rules/steps';
import { getT } from '../app/i18n';
import { ApiError } from '../app/api-client/api';
import type { Address, PaymentMethod, ShippingMethod } from '../app/lib/types';
import { UNCONNECTED_CART_ID } from '../app/sync/offline-orders';

// (a method cached from the checkout options may carry its free-shipping threshold)
const ship = (
  over: Partial<ShippingMethod & { free_from_incl_tax: number | null }> = {},
): ShippingMethod & { free_from_incl_tax?: number | null } => ({
  code: 'flatrate_flatrate',
  carrier_code: 'flatrate',
  method_code: 'flatrate',
  carrier_title: 'Courier',
  method_title: 'Home delivery',
  title: 'Courier',
  default: false,
  offline: false,
  available: true,
  needs_pickup_point: false,
  cost_incl_tax: 399,
  price_incl_tax: 399,
  amount: 399,
  ...over,
});

const pay = (over: Partial<PaymentMethod> = {}): PaymentMethod => ({
  code: 'banktransfer',
  title: 'Bank transfer',
  default: false,
  is_server_method: false,
  offline: true,
  kind: 'bank_transfer',
  allowed_for_virtual: true,
  cost_incl_tax: 0,
  ...over,
});

describe('shipping methods', () => {
  it.each([
    ['carrier and method', ship(), 'Courier – Home delivery'],
    ['a title said once', ship({ carrier_title: 'Omniva', method_title: 'Omniva' }), 'Omniva'],
    ['no carrier title', ship({ carrier_title: '', method_title: 'Store' }), 'Store'],
    ['no titles: the title', ship({ carrier_title: '', method_title: '', title: 'Pickup' }), 'Pickup'],
    ['nothing: the code', ship({ carrier_title: '', method_title: '', title: '', method_code: 'x1' }), 'x1'],
  ])('labels %s', (_, m, label) => {
    expect(methodLabel(m)).toBe(label);
  });

  it('prices a method with VAT, the price first, then the cost, then the amount', () => {
    // an older cached method may lack the newer names: the contract's type does not allow that
    const without = (...names: ('price_incl_tax' | 'cost_incl_tax' | 'amount')[]) => {
      const m: Partial<ShippingMethod> = ship({ price_incl_tax: 500, cost_incl_tax: 400, amount: 300 });
      for (const n of names) delete m[n];
      return m as ShippingMethod;
    };
    expect(methodPrice(without())).toBe(500);
    expect(methodPrice(without('price_incl_tax'))).toBe(400);
    expect(methodPrice(without('price_incl_tax', 'cost_incl_tax'))).toBe(300);
    expect(methodPrice(without('price_incl_tax', 'cost_incl_tax', 'amount'))).toBe(0);
    expect(methodPrice(ship({ price_incl_tax: 0, cost_incl_tax: 400 }))).toBe(0);
  });

  const courier = ship();
  const locker = ship({ carrier_code: 'omniva', method_code: 'locker', default: true });
  const store = ship({ carrier_code: 'store', method_code: 'pickup' });

  it.each([
    [
      'the choice offered: kept',
      [courier, locker],
      { carrier_code: 'flatrate', method_code: 'flatrate' },
      true,
    ],
    ['the choice not offered', [locker, store], { carrier_code: 'flatrate', method_code: 'flatrate' }, false],
    ['same carrier, other method', [courier], { carrier_code: 'flatrate', method_code: 'express' }, false],
    ['no choice', [courier], null, false],
    ['nothing offered', [], { carrier_code: 'flatrate', method_code: 'flatrate' }, false],
  ])('keeps the shopper’s method: %s', (_, offered, chosen, kept) => {
    expect(keepsShippingMethod(offered, chosen)).toBe(kept);
  });

  it('preselects the default method, else the first, else none', () => {
    expect(defaultShippingMethod([courier, locker, store])).toEqual({
      carrier_code: 'omniva',
      method_code: 'locker',
    });
    expect(defaultShippingMethod([store, courier])).toEqual({ carrier_code: 'store', method_code: 'pickup' });
    expect(defaultShippingMethod([])).toBeNull();
  });

  it('a preselected method is always kept afterwards', () => {
    const method = fc.record({
      carrier_code: fc.constantFrom('a', 'b', 'c'),
      method_code: fc.constantFrom('x', 'y'),
      default: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(method, { minLength: 1, maxLength: 6 }), (list) => {
        const offered = list.map((m) => ship(m));
        const chosen = defaultShippingMethod(offered);
        expect(chosen).not.toBeNull();
        expect(keepsShippingMethod(offered, chosen)).toBe(true);
        expect(offered.filter((m) => isChosenMethod(m, chosen)).length).toBeGreaterThan(0);
      }),
    );
  });

  it('sends non-empty codes for a cart with nothing to ship', () => {
    expect(NO_SHIPPING.carrier_code).not.toBe('');
    expect(NO_SHIPPING.method_code).not.toBe('');
  });

  it('keeps a pickup point with its opening hours (null: not known)', () => {
    const point = {
      id: 'p1',
      carrier_code: 'store',
      name: 'Store',
      address: 'Gedimino pr. 1',
      city: 'Vilnius',
      postcode: '01103',
      country_id: 'LT',
      opening_hours: null,
    };
    expect(chosenPointOf(point)).toEqual({
      id: 'p1',
      name: 'Store',
      address: 'Gedimino pr. 1',
      city: 'Vilnius',
      openingHours: null,
    });
  });
});

describe('payment methods', () => {
  const cod = pay({ code: PAYMENT_CASH_ON_DELIVERY, kind: 'cash_on_delivery', cost_incl_tax: 150 });
  const transfer = pay();
  const neopay = pay({
    code: PAYMENT_NEOPAY,
    kind: 'online',
    is_server_method: true,
    offline: false,
    default: true,
  });
  const leasing = pay({
    code: PAYMENT_MOKILIZINGAS,
    kind: 'online',
    allowed_for_virtual: false,
    offline: false,
  });

  it('hides cash on delivery and the methods not allowed for a virtual cart', () => {
    expect(offeredPaymentMethods([cod, transfer, neopay, leasing], false)).toEqual([
      cod,
      transfer,
      neopay,
      leasing,
    ]);
    expect(offeredPaymentMethods([cod, transfer, neopay, leasing], true)).toEqual([transfer, neopay]);
  });

  it('offers every method for goods to ship, never cash on delivery for a virtual cart', () => {
    const method = fc.record({
      code: fc.string(),
      kind: fc.constantFrom('cash_on_delivery', 'bank_transfer', 'online', 'offline' as const),
      allowed_for_virtual: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(method), (list) => {
        const methods = list.map((m) => pay(m));
        expect(offeredPaymentMethods(methods, false)).toEqual(methods);
        const virtual = offeredPaymentMethods(methods, true);
        expect(virtual.every((m) => m.kind !== 'cash_on_delivery' && m.allowed_for_virtual)).toBe(true);
      }),
    );
  });

  it('keeps the shopper’s method when offered, else preselects the default, else the first', () => {
    expect(keepsPaymentMethod([cod, transfer], 'banktransfer')).toBe(true);
    expect(keepsPaymentMethod([cod], 'banktransfer')).toBe(false);
    expect(keepsPaymentMethod([cod, transfer], null)).toBe(false);
    expect(defaultPaymentMethod([cod, neopay, transfer])).toBe(PAYMENT_NEOPAY);
    expect(defaultPaymentMethod([cod, transfer])).toBe(PAYMENT_CASH_ON_DELIVERY);
    expect(defaultPaymentMethod([])).toBeNull();
  });

  it('places the order for server methods and offline ones only', () => {
    expect(canPlaceOrder(neopay)).toBe(true);
    expect(canPlaceOrder(transfer)).toBe(true);
    expect(canPlaceOrder(leasing)).toBe(false);
    expect(canPlaceOrder(undefined)).toBe(false);
  });

  it.each([
    [PAYMENT_NEOPAY, true],
    [PAYMENT_MOKILIZINGAS, true],
    [PAYMENT_CASH_ON_DELIVERY, false],
    ['banktransfer', false],
  ])('sends the browser to the provider after %s: %s', (code, redirects) => {
    expect(redirectsToProvider(code)).toBe(redirects);
  });
});

describe('the order', () => {
  const address: Address = {
    firstname: 'Ona',
    lastname: 'Jonaitė',
    email: 'ona@example.com',
    street: ['Laisvės al.', '10'],
    city: 'Kaunas',
    postcode: 'LT-44444',
    countryId: 'LT',
    telephone: '+37060000001',
  };
  const choices: OrderChoices = {
    cartToken: 'cart-1',
    items: [
      { sku: 'PHN-2001', qty: 2 },
      { sku: 'ACC-3002', qty: 1, product_option: { extension_attributes: { custom_options: [] } } },
    ],
    shippingAddress: address,
    billingAddress: { ...address, street: ['Gedimino pr.', '1'] },
    shippingMethod: { carrier_code: 'omniva', method_code: 'locker' },
    paymentMethod: PAYMENT_NEOPAY,
    bank: 'HABALT22',
    pickupPointId: 'p-7',
    personal: { firstName: ' Ona ', lastName: 'Jonaitė ', emailAddress: ' ona@example.com' },
    idempotencyKey: 'key-1',
  };

  it('is the order contract’s payload: lines, addresses, codes, bank, point, trimmed names', () => {
    expect(orderPayload(choices)).toEqual({
      cart_id: 'cart-1',
      products: [
        { sku: 'PHN-2001', qty: 2 },
        { sku: 'ACC-3002', qty: 1, product_option: { extension_attributes: { custom_options: [] } } },
      ],
      addressInformation: {
        shippingAddress: address,
        billingAddress: { ...address, street: ['Gedimino pr.', '1'] },
        shipping_method_code: 'locker',
        shipping_carrier_code: 'omniva',
        payment_method_code: PAYMENT_NEOPAY,
        payment_method_additional: { bank: 'HABALT22' },
        pickup_point_id: 'p-7',
      },
      personalDetails: { firstName: 'Ona', lastName: 'Jonaitė', emailAddress: 'ona@example.com' },
      idempotency_key: 'key-1',
    });
  });

  it('is a body order/create’s schema takes (OrderPayload is its input type): pickup, options, legal billing', () => {
    const pickup: Address = { ...address, street: [], city: '', postcode: '' };
    const payload = orderPayload({
      ...choices,
      items: [
        ...choices.items,
        {
          sku: 'PHN-3001-BLK',
          qty: 1,
          product_option: {
            extension_attributes: {
              configurable_item_options: [
                { option_id: 93, option_value: 49, label: 'Colour', value: 'Black' },
              ],
            },
          },
        },
      ],
      shippingAddress: pickup,
      billingAddress: { ...address, company: 'UAB Ona', company_code: '123456789' },
      // the checkout's keys are UUIDs (the schema asks at least 8 characters)
      idempotencyKey: '5f0c9a36-7c1e-4f55-9a41-1d2b3c4d5e6f',
    });
    const parsed = orderCreateSchema.safeParse(payload);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // the type requires the name; the schema refuses a payload without it, naming the field
    const { firstname: _firstname, ...noName } = address;
    const refused = orderPayload({
      ...choices,
      billingAddress: noName as Address,
      idempotencyKey: '5f0c9a36-7c1e-4f55-9a41-1d2b3c4d5e70',
    });
    expect(orderCreateSchema.safeParse(refused).error?.issues.map((i) => i.path.join('.'))).toEqual([
      'addressInformation.billingAddress.firstname',
    ]);
  });

  it('sends no bank, no point and no empty option; an unconnected cart gets the placeholder id', () => {
    const payload = orderPayload({
      ...choices,
      cartToken: null,
      items: [{ sku: 'PHN-2001', qty: 1, product_option: undefined }],
      bank: undefined,
      pickupPointId: null,
    });
    expect(payload.cart_id).toBe(UNCONNECTED_CART_ID);
    expect(payload.products).toEqual([{ sku: 'PHN-2001', qty: 1 }]);
    expect(payload.products[0]).not.toHaveProperty('product_option');
    expect(payload.addressInformation).not.toHaveProperty('payment_method_additional');
    expect(payload.addressInformation).not.toHaveProperty('pickup_point_id');
  });

  it('leads to the thank-you page with the order number and, when given, its token', () => {
    expect(orderCompletedPath('lt', { orderNumber: '000000123', orderToken: 'a b&c' })).toBe(
      '/order-completed?number=000000123&token=a%20b%26c',
    );
    expect(orderCompletedPath('en', { orderNumber: '#12' })).toBe('/en/order-completed?number=%2312');
  });

  it('estimates an offline review from the prices last seen and the cached method', () => {
    const lines = [
      { price: 1000, qty: 2 },
      { price: 550, qty: 1 },
    ];
    expect(reviewEstimate(lines, ship({ price_incl_tax: 399 }), 150)).toEqual({
      subtotal_incl_tax: 2550,
      shipping_incl_tax: 399,
      payment_fee: 150,
      grand_total: 3099,
    });
    // free from a subtotal (the cached method's free_from_incl_tax)
    expect(reviewEstimate(lines, ship({ free_from_incl_tax: 2500 }), 0).shipping_incl_tax).toBe(0);
    expect(reviewEstimate(lines, ship({ free_from_incl_tax: 2600 }), 0).shipping_incl_tax).toBe(399);
    // nothing to ship
    expect(reviewEstimate(lines, null, 0).grand_total).toBe(2550);
  });
});

describe('a failed call', () => {
  it('is told in the shopper’s language, naming the products not available', () => {
    const t = getT('lt');
    expect(failureMessage(t, new Error('socket hang up'))).toBe(t.msg('error.generic'));
    expect(failureMessage(t, new ApiError(500, 'order.productsUnavailable'))).toBe(
      'Kai kurių užsakytų prekių nėra!',
    );
    expect(
      failureMessage(
        t,
        new ApiError(400, 'order.productsUnavailable', [
          { field: 'products', message: 'Phone X (PHN-2001)' },
          { field: 'email', message: 'not shown' },
          { field: 'products', message: 'Case (ACC-3002)' },
        ]),
      ),
    ).toBe('Kai kurių užsakytų prekių nėra! Phone X (PHN-2001) Case (ACC-3002)');
  });
});

describe('what /checkout shows', () => {
  const ready = {
    queuedOrderId: null,
    cartLoaded: true,
    itemCount: 2,
    cartToken: 'cart-1',
    online: true,
    syncDisabled: false,
    hasCachedOptions: true,
  };
  it.each([
    ['a connected cart: the steps', {}, 'steps'],
    [
      'a queued order, whatever the cart',
      { queuedOrderId: 'key-1', cartLoaded: false, itemCount: 0 },
      'queued',
    ],
    ['the cart not read yet', { cartLoaded: false }, 'loading'],
    ['an empty cart', { itemCount: 0, cartToken: null }, 'empty'],
    ['online, no server cart yet: connecting', { cartToken: null }, 'unconnected'],
    ['sync disabled', { cartToken: null, online: false, syncDisabled: true }, 'unconnected'],
    [
      'offline without cached methods',
      { cartToken: null, online: false, hasCachedOptions: false },
      'unconnected',
    ],
    ['offline with cached methods: the steps', { cartToken: null, online: false }, 'steps'],
  ])('%s', (_, over, screen) => {
    expect(checkoutScreen({ ...ready, ...over })).toBe(screen);
  });
});
