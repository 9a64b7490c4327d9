/**
 * "cash on delivery" is a configured code (COD_PAYMENT_CODE), and every client learns
 * a method's kind from the API (methods, checkout options, the order) instead of comparing codes. With
 * the code changed, the fee, the virtual-cart rule and the thank-you page's kind all follow it.
 */
import { importCatalog } from '@vitrina/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ COD_PAYMENT_CODE: 'cod' });
  await importCatalog(api.database, {
    payment_methods: [
      // the import says it may pay a virtual cart and costs 1.00: the configured COD rule wins
      {
        code: 'cod',
        title: 'Pay the courier',
        fee: 1,
        offline: true,
        allowed_for_virtual: true,
        position: 3,
      },
    ],
  });
});
afterAll(async () => api?.close());

type Payment = { code: string; kind: string; allowed_for_virtual: boolean; cost_incl_tax: number };

async function cartWith(sku: string): Promise<string> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/cart/update?cartId=${cart}`,
    payload: { cartItem: { sku, qty: 1 } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return cart;
}

describe('payment kinds by the configured cash-on-delivery code', () => {
  it('checkout options name each kind and whether a virtual cart may use it', async () => {
    const r = await api.call('/vsbridge/shop/checkout-options?storeCode=en');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const lt = (r.body.result.options as { country_id: string; payment_methods: Payment[] }[]).find(
      (o) => o.country_id === 'LT',
    );
    const byCode = Object.fromEntries(lt!.payment_methods.map((m) => [m.code, m]));
    expect(byCode.cod).toMatchObject({
      kind: 'cash_on_delivery',
      allowed_for_virtual: false,
      cost_incl_tax: 300,
    });
    // the default code is now an ordinary offline method with its imported fee (2.00 net + 21 %)
    expect(byCode.cashondelivery).toMatchObject({ kind: 'offline', cost_incl_tax: 242 });
    expect(byCode.banktransfer).toMatchObject({ kind: 'bank_transfer', allowed_for_virtual: true });
  });

  it('a virtual cart is not offered the configured COD method; a physical one is, with its fee', async () => {
    const virtual = await cartWith('SW-5001');
    const forVirtual = (await api.call(`/vsbridge/cart/payment-methods?cartId=${virtual}&storeCode=en`)).body
      .result as Payment[];
    expect(forVirtual.map((m) => m.code)).not.toContain('cod');
    const physical = await cartWith('PHN-2001');
    const forPhysical = (await api.call(`/vsbridge/cart/payment-methods?cartId=${physical}&storeCode=en`))
      .body.result as Payment[];
    expect(forPhysical.find((m) => m.code === 'cod')).toMatchObject({
      kind: 'cash_on_delivery',
      cost_incl_tax: 300,
    });
  });

  it("the order's page is told its payment kind", async () => {
    const cartId = await cartWith('PHN-2001');
    const created = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      payload: orderBody({
        cartId,
        key: 'payment-kind-cod-1',
        products: [{ sku: 'PHN-2001', qty: 1 }],
        payment: 'cod',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { orderNumber, orderToken } = created.body.result as { orderNumber: string; orderToken: string };
    const pulled = await api.call(`/vsbridge/order/pull?number=${orderNumber}&orderToken=${orderToken}`);
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(200);
    expect(pulled.body.result).toMatchObject({
      payment_method_code: 'cod',
      payment_kind: 'cash_on_delivery',
      payment_fee: 300,
    });
  });
});
