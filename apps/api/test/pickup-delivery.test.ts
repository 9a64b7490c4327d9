/**
 * A parcel locker or store pickup needs no home address, a courier does. The
 * order (and the cart's shipping information) with a pickup method and no street is accepted; a
 * courier order without one is refused, the missing fields named in the shopper's language. Store
 * pickup's point carries its opening hours into the pickup-point list and the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, orderBody, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  // the shop's own store as a pickup point with opening hours (the demo shop's shape)
  await api.database.query(
    `INSERT INTO shipping_methods (code, carrier_code, method_code, title, price_cents, countries, needs_pickup_point, position)
     VALUES ('storepickup_storepickup', 'storepickup', 'storepickup', '{"lt":"Atsiėmimas parduotuvėje","en":"Store pickup","ru":"Самовывоз"}', 0, '{LT}', true, 9)`,
  );
  await api.database.query(
    `INSERT INTO pickup_points (id, carrier_code, name, address, city, postcode, country_id, opening_hours)
     VALUES ('store-1', 'storepickup', 'Vitrina Vilnius', 'Gedimino pr. 9', 'Vilnius', 'LT-01103', 'LT',
       '{"1":"10:00-19:00","2":"10:00-19:00","3":"10:00-19:00","4":"10:00-19:00","5":"10:00-19:00","6":"10:00-16:00","7":null}')`,
  );
});
afterAll(async () => api?.close());

/** the contact a pickup order gives: names, phone, e-mail and country; no street, city or postcode */
const contactOnly = () => {
  const { street: _s, city: _c, postcode: _p, ...rest } = address();
  return rest;
};

const body = (
  key: string,
  carrier: string,
  method: string,
  shippingAddress: Record<string, unknown>,
  point?: string,
) => {
  const b = orderBody({
    cartId: `no-cart-${key}`,
    key,
    products: [{ sku: 'PHN-2001', qty: 1 }],
    payment: 'banktransfer',
  });
  return {
    ...b,
    addressInformation: {
      ...b.addressInformation,
      shippingAddress,
      billingAddress: shippingAddress,
      shipping_carrier_code: carrier,
      shipping_method_code: method,
      ...(point ? { pickup_point_id: point } : {}),
    },
  };
};
const create = (store: string, payload: Record<string, unknown>) =>
  api.call({ method: 'POST', url: `/vsbridge/order/create?storeCode=${store}`, payload });

describe('POST /vsbridge/order/create: the address a delivery method needs', () => {
  it('accepts a parcel-locker order without a home address and keeps the chosen point', async () => {
    const r = await create('lt', body('pickup-locker-1', 'omniva', 'omniva', contactOnly(), 'omniva-LT-1'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [row] = await api.database.query<{ shipping_address: Record<string, unknown>; is_pickup: boolean }>(
      'SELECT shipping_address, is_pickup FROM orders WHERE increment_id = $1',
      [r.body.result.orderNumber],
    );
    expect(row?.is_pickup).toBe(true);
    expect(row?.shipping_address).toMatchObject({
      street: [],
      telephone: '+37060000000',
      pickup_point: { id: 'omniva-LT-1' },
    });
    // the webhook event carries the point, so a warehouse receiving it knows where the parcel goes
    const [event] = await api.database.query<{ payload: { order: Record<string, unknown> } }>(
      `SELECT e.payload FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.increment_id = $1 AND e.type = 'order.created'`,
      [r.body.result.orderNumber],
    );
    expect(event?.payload.order).toMatchObject({ isPickup: true, pickupPoint: { id: 'omniva-LT-1' }, shippingMethod: 'omniva_omniva' });
  });

  it('accepts a store-pickup order without a home address; the order keeps the store and its opening hours', async () => {
    const r = await create(
      'en',
      body('pickup-store-1', 'storepickup', 'storepickup', contactOnly(), 'store-1'),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { orderNumber, orderToken } = r.body.result as { orderNumber: string; orderToken: string };
    const pulled = await api.call(
      `/vsbridge/order/pull?number=${orderNumber}&orderToken=${encodeURIComponent(orderToken)}&storeCode=en`,
    );
    expect(pulled.status).toBe(200);
    expect(pulled.body.result.shipping_address.pickup_point).toMatchObject({
      name: 'Vitrina Vilnius',
      address: 'Gedimino pr. 9',
      opening_hours: { '1': '10:00-19:00', '6': '10:00-16:00', '7': null },
    });
  });

  it('still asks a pickup order for the point', async () => {
    const r = await create('en', body('pickup-nopoint', 'storepickup', 'storepickup', contactOnly()));
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('addressInformation.pickup_point_id');
  });

  it.each([
    ['lt', 'Pristatymui kurjeriu nurodykite gatvę ir namo numerį.'],
    ['en', 'Courier delivery needs the street and house number.'],
    ['ru', 'Для доставки курьером укажите улицу и номер дома.'],
  ])(
    "refuses a courier order without a street (%s), naming the field in the shopper's language",
    async (store, message) => {
      const r = await create(
        store,
        body(`courier-nostreet-${store}`, 'courier', 'courier', { ...address(), street: [''] }),
      );
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'addressInformation.shippingAddress.street', message }]);
      expect(r.body.result).toContain(message);
    },
  );

  it('names every missing part of a courier address', async () => {
    const r = await create('en', body('courier-contact-only', 'courier', 'courier', contactOnly()));
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toEqual([
      'addressInformation.shippingAddress.street',
      'addressInformation.shippingAddress.city',
      'addressInformation.shippingAddress.postcode',
    ]);
    const [{ n } = { n: -1 }] = await api.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE idempotency_key = 'courier-contact-only'",
    );
    expect(n).toBe(0);
  });

  it('still checks a postcode that is given', async () => {
    const r = await create(
      'en',
      body('pickup-badzip', 'omniva', 'omniva', { ...contactOnly(), postcode: '12' }, 'omniva-LT-1'),
    );
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('addressInformation.shippingAddress.postcode');
  });
});

describe('POST /vsbridge/cart/shipping-information and the pickup points', () => {
  const cartWithPhone = async () => {
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=lt' })).body
      .result as string;
    const r = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}`,
      payload: { cartItem: { sku: 'PHN-2001', qty: 1 } },
    });
    expect(r.status).toBe(200);
    return cart;
  };
  const info = (cart: string, carrier: string, shippingAddress: Record<string, unknown>) =>
    api.call({
      method: 'POST',
      url: `/vsbridge/cart/shipping-information?cartId=${cart}&storeCode=lt`,
      payload: {
        addressInformation: { shippingAddress, shippingCarrierCode: carrier, shippingMethodCode: carrier },
      },
    });

  it('takes a locker without a home address and refuses a courier without one', async () => {
    const cart = await cartWithPhone();
    const locker = await info(cart, 'omniva', contactOnly());
    expect(locker.status, JSON.stringify(locker.body)).toBe(200);
    expect(locker.body.result.totals.shipping_incl_tax).toBe(249);
    const courier = await info(cart, 'courier', contactOnly());
    expect(courier.status).toBe(400);
    expect(courier.body.errors[0]).toEqual({
      field: 'addressInformation.shippingAddress.street',
      message: 'Pristatymui kurjeriu nurodykite gatvę ir namo numerį.',
    });
  });

  it('lists the store with its opening hours', async () => {
    const { body: b } = await api.call({ method: 'POST', url: '/vsbridge/pickup-points/?code=storepickup' });
    expect(b.result).toEqual([
      expect.objectContaining({
        id: 'store-1',
        opening_hours: expect.objectContaining({ '5': '10:00-19:00', '7': null }),
      }),
    ]);
  });
});
