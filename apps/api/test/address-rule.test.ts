/**
 * The API judges addresses by the one address rule (domain address-rules.ts), as
 * the checkout and account forms do. Each case here was accepted by the API before the rule and
 * refused by the storefront's forms: a courier address without a house number, a delivery without a
 * phone, a billing address of its own without a city, a saved address with a one-letter name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, orderBody, startApi, type TestApi } from './helpers.ts';
import { PASSWORD, bearer, customer } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const create = (
  key: string,
  shippingAddress: Record<string, unknown>,
  billingAddress?: Record<string, unknown>,
  carrier = 'courier',
) => {
  const b = orderBody({
    cartId: `no-cart-${key}`,
    key,
    products: [{ sku: 'PHN-2001', qty: 1 }],
    payment: 'banktransfer',
  });
  return api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=en',
    payload: {
      ...b,
      addressInformation: {
        ...b.addressInformation,
        shippingAddress,
        ...(billingAddress ? { billingAddress } : {}),
        shipping_carrier_code: carrier,
        shipping_method_code: carrier,
        ...(carrier === 'omniva' ? { pickup_point_id: 'omniva-LT-1' } : {}),
      },
    },
  });
};

describe('POST /vsbridge/order/create: the one address rule', () => {
  it('refuses a courier address without a house number, takes one with the number in the street line', async () => {
    const r = await create('rule-no-house', address({ street: ['Gedimino pr.'] }));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      {
        field: 'addressInformation.shippingAddress.street',
        message: 'Courier delivery needs the street and house number.',
      },
    ]);
    const ok = await create('rule-house-2', address({ street: ['Gedimino pr.', '1'] }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('refuses a delivery without a phone, also a parcel locker', async () => {
    const { street: _s, city: _c, postcode: _p, telephone: _t, ...noPhone } = address();
    const r = await create('rule-locker-no-phone', noPhone, undefined, 'omniva');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'addressInformation.shippingAddress.telephone', message: 'Field is required' },
    ]);
  });

  it('checks a billing address of its own with the billing rule; a copy of the shipping one with its company fields', async () => {
    const own = await create('rule-billing-own', address(), address({ firstname: 'Ona', city: '' }));
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual([
      { field: 'addressInformation.billingAddress.city', message: 'Field is required' },
    ]);
    const legal = await create('rule-billing-legal', address(), address({ company: 'UAB A' }));
    expect(legal.status).toBe(400);
    expect(legal.body.errors).toEqual([
      { field: 'addressInformation.billingAddress.company_code', message: 'Field is required' },
    ]);
  });
});

describe('POST /vsbridge/user/me: a saved address by the account rule', () => {
  it('refuses a one-letter name and an address without a city', async () => {
    const c = await customer(api, 'address-rule');
    const addr = {
      firstname: 'J',
      lastname: 'Jonaitis',
      city: '',
      postcode: 'LT-44000',
      street: ['Laisvės al. 1'],
      countryId: 'LT',
    };
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/user/me?storeCode=en',
      headers: bearer(c.accessToken),
      payload: {
        customer: { email: c.email, firstname: 'Jonas', lastname: 'Jonaitis', addresses: [addr] },
        currentPassword: PASSWORD,
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'customer.addresses.0.firstname', message: 'Name must have at least 2 letters.' },
      { field: 'customer.addresses.0.city', message: 'Field is required' },
    ]);
  });
});
