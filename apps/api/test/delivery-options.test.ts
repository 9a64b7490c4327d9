/**
 * The product page quotes delivery before there is a cart
 * (`GET /vsbridge/shop/delivery-options`). Its fees must be the ones checkout then charges for the
 * store view's default country, to the cent, and it names the payment methods a cart may use.
 */
import { importCatalog } from '@vitrina/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  await importCatalog(api.database, {
    products: [
      {
        id: 9201,
        sku: 'DLV-GADGET',
        name: 'Delivery test gadget',
        url_key: 'delivery-test-gadget',
        price: 30,
        tax_class_id: 2,
        category_ids: [10],
        stock: { is_in_stock: true, qty: 10, manage_stock: true },
      },
    ],
    shipping_methods: [
      {
        code: 'dlvcourier_dlvcourier',
        carrier_code: 'dlvcourier',
        method_code: 'dlvcourier',
        title: 'Courier',
        price: 3.3,
        free_threshold: 81.82,
        countries: ['LT', 'LV'],
        position: 20,
      },
      {
        code: 'dlvlatvia_dlvlatvia',
        carrier_code: 'dlvlatvia',
        method_code: 'dlvlatvia',
        title: 'Latvia only',
        price: 5,
        countries: ['LV'],
        position: 21,
      },
    ],
  });
});
afterAll(async () => api?.close());

type Option = { code: string; price_incl_tax: number; free_from_incl_tax: number | null };

describe('GET /vsbridge/shop/delivery-options', () => {
  it("answers the default country's methods at checkout's prices incl. VAT", async () => {
    const r = await api.call({ method: 'GET', url: '/vsbridge/shop/delivery-options?storeCode=lt' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const result = r.body.result as {
      country_id: string;
      shipping_methods: Option[];
      payment_methods: string[];
    };
    expect(result.country_id).toBe('LT');
    const courier = result.shipping_methods.find((m) => m.code === 'dlvcourier_dlvcourier');
    // 3,30 € net + 21 % = 3,99 €; threshold 81,82 € net + 21 % = 99,00 €
    expect(courier).toMatchObject({ price_incl_tax: 399, free_from_incl_tax: 9900 });
    // a method the default country is not served by is not quoted
    expect(result.shipping_methods.some((m) => m.code === 'dlvlatvia_dlvlatvia')).toBe(false);
    expect(result.payment_methods.length).toBeGreaterThan(0);

    // checkout offers the same fee for a Lithuanian address
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=lt' })).body
      .result as string;
    await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}`,
      payload: { cartItem: { sku: 'DLV-GADGET', qty: 1 } },
    });
    const offered = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/shipping-methods?cartId=${cart}&storeCode=lt`,
      payload: { address: address() },
    });
    const methods = offered.body.result as { carrier_code: string; cost_incl_tax: number }[];
    expect(methods.find((m) => m.carrier_code === 'dlvcourier')?.cost_incl_tax).toBe(courier?.price_incl_tax);
  });

  it('refuses an unknown store view with a 400', async () => {
    const r = await api.call({ method: 'GET', url: '/vsbridge/shop/delivery-options?storeCode=xx' });
    expect(r.status).toBe(400);
  });
});

type Method = {
  code: string;
  carrier_code: string;
  cost_incl_tax: number;
  free_from_incl_tax?: number | null;
};
type Payment = {
  code: string;
  title: string;
  cost_incl_tax: number;
  offline: boolean;
  is_server_method: boolean;
};

describe('GET /vsbridge/shop/checkout-options (the offline checkout)', () => {
  it('per delivery country: the methods and fees checkout offers a small cart there, to the cent', async () => {
    const r = await api.call({ method: 'GET', url: '/vsbridge/shop/checkout-options?storeCode=en' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { options } = r.body.result as {
      options: { country_id: string; shipping_methods: Method[]; payment_methods: Payment[] }[];
    };
    const lv = options.find((o) => o.country_id === 'LV');
    const lt = options.find((o) => o.country_id === 'LT');
    expect(lv && lt).toBeTruthy();
    // the Latvia-only method is offered for Latvia and not for Lithuania
    expect(lv!.shipping_methods.some((m) => m.code === 'dlvlatvia_dlvlatvia')).toBe(true);
    expect(lt!.shipping_methods.some((m) => m.code === 'dlvlatvia_dlvlatvia')).toBe(false);
    // each country's figures are the ones a cart with one line is offered for an address there
    for (const option of [lt!, lv!]) {
      const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
        .result as string;
      await api.call({
        method: 'POST',
        url: `/vsbridge/cart/update?cartId=${cart}`,
        payload: { cartItem: { sku: 'DLV-GADGET', qty: 1 } },
      });
      const offered = await api.call({
        method: 'POST',
        url: `/vsbridge/cart/shipping-methods?cartId=${cart}&storeCode=en`,
        payload: { address: address({ countryId: option.country_id }) },
      });
      const methods = offered.body.result as Method[];
      expect(option.shipping_methods.map((m) => [m.code, m.cost_incl_tax])).toEqual(
        methods.map((m) => [m.code, m.cost_incl_tax]),
      );
      const payments = (
        await api.call({ method: 'GET', url: `/vsbridge/cart/payment-methods?cartId=${cart}&storeCode=en` })
      ).body.result as Payment[];
      expect(option.payment_methods).toEqual(payments);
    }
    expect(lt!.shipping_methods.find((m) => m.code === 'dlvcourier_dlvcourier')).toMatchObject({
      cost_incl_tax: 399,
      free_from_incl_tax: 9900,
    });
  });
});
