/**
 * The cart says how much is left to reach free shipping: the totals answer the
 * lowest free-shipping threshold incl. VAT of the paid methods to the cart's country and the
 * difference to the subtotal, computed by the server (the fixture's courier: 81,82 € net = 99,00 €).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

async function totalsFor(lines: { sku: string; qty: number }[]) {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=lt' })).body
    .result as string;
  for (const cartItem of lines) {
    const r = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}`,
      payload: { cartItem },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const r = await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=lt`);
  expect(r.status).toBe(200);
  return r.body.result as {
    subtotal_incl_tax: number;
    free_shipping_from: number | null;
    free_shipping_remaining: number | null;
  };
}

describe('GET /vsbridge/cart/totals: what is left to free shipping', () => {
  it('answers the threshold incl. VAT and the difference to the subtotal', async () => {
    const t = await totalsFor([{ sku: 'PHN-2001', qty: 1 }]); // 60,50 €
    expect(t.free_shipping_from).toBe(9900);
    expect(t.free_shipping_remaining).toBe(9900 - 6050);
  });

  it('nothing is left once the subtotal reaches it', async () => {
    const t = await totalsFor([{ sku: 'PHN-2001', qty: 2 }]);
    expect(t.free_shipping_remaining).toBe(0);
  });

  it('a cart of licences only (nothing to ship) has no threshold', async () => {
    const t = await totalsFor([{ sku: 'SW-5001', qty: 1 }]);
    expect(t.free_shipping_from).toBeNull();
    expect(t.free_shipping_remaining).toBeNull();
  });
});
