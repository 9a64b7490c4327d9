/**
 * Issue #17 item 1: the API's money-bearing answers are what the shared contracts
 * (packages/domain/src/contracts) say, field for field: each answer is parsed strictly, so a field
 * added, renamed or retyped on one side fails here before it reaches the storefront's types.
 */
import {
  cartTotalsContract,
  orderPullContract,
  paymentMethodContract,
  shippingMethodContract,
} from '@vitrina/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { address, orderBody, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({
    SHOP_COMPANY_NAME: 'UAB Vitrina',
    SHOP_BANK_NAME: 'AB SEB bankas',
    SHOP_IBAN: 'LT12 7044 0600 0000 0001',
  });
});
afterAll(async () => api?.close());

function conforms<T>(contract: z.ZodType<T>, value: unknown): T {
  const parsed = contract.safeParse(value);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues, null, 1)).toBe(true);
  return parsed.data as T;
}

const post = (path: string, cart: string, payload?: Record<string, unknown>, query = '') =>
  api.call({ method: 'POST', url: `/vsbridge/cart/${path}?cartId=${cart}&storeCode=en${query}`, payload });

async function filledCart(): Promise<string> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  for (const sku of ['PHN-2001', 'LAP-1002'])
    expect((await post('update', cart, { cartItem: { sku, qty: 1 } })).status).toBe(200);
  return cart;
}

describe('the cart answers keep the contract', () => {
  it('totals, shipping and payment methods, with a coupon, a courier and cash on delivery', async () => {
    const cart = await filledCart();
    conforms(
      cartTotalsContract,
      (await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=en`)).body.result,
    );
    const methods = (await post('shipping-methods', cart, { address: { countryId: 'LT' } })).body.result;
    for (const m of methods as unknown[]) conforms(shippingMethodContract, m);
    const info = await post('shipping-information', cart, {
      addressInformation: {
        shippingAddress: address(),
        shippingCarrierCode: 'courier',
        shippingMethodCode: 'courier',
      },
    });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    conforms(cartTotalsContract, info.body.result.totals);
    for (const m of info.body.result.payment_methods as unknown[]) conforms(paymentMethodContract, m);
    expect((await post('apply-coupon', cart, undefined, '&coupon=SAVE10')).status).toBe(200);
    const totals = conforms(
      cartTotalsContract,
      (await post('collect-totals', cart, { methods: { paymentMethod: { method: 'cashondelivery' } } })).body
        .result,
    );
    expect(totals.payment_fee).toBe(300);
    expect(totals.total_segments.map((s) => s.code)).toContain('discount');
  });

  it('checkout options: every country, every method', async () => {
    const r = await api.call('/vsbridge/shop/checkout-options?storeCode=lt');
    const { options } = r.body.result as {
      options: { shipping_methods: unknown[]; payment_methods: unknown[] }[];
    };
    expect(options.length).toBeGreaterThan(0);
    for (const o of options) {
      for (const m of o.shipping_methods) conforms(shippingMethodContract, m);
      for (const m of o.payment_methods) conforms(paymentMethodContract, m);
    }
  });
});

describe('the order answer keeps the contract', () => {
  it.each(['cashondelivery', 'banktransfer'])('order/pull of a %s order', async (payment) => {
    const cartId = await filledCart();
    const created = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=lt',
      payload: orderBody({
        cartId,
        key: `contract-${payment}`,
        products: [{ sku: 'PHN-2001', qty: 1 }],
        payment,
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { orderNumber, orderToken } = created.body.result as { orderNumber: string; orderToken: string };
    const pulled = await api.call(`/vsbridge/order/pull?number=${orderNumber}&orderToken=${orderToken}`);
    const order = conforms(orderPullContract, pulled.body.result);
    expect(order.bank_transfer === null).toBe(payment !== 'banktransfer');
    expect(order.payment_kind).toBe(payment === 'banktransfer' ? 'bank_transfer' : 'cash_on_delivery');
  });
});
