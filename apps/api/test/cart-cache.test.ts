/**
 * Carts kept in memory on the embedded database (cart/cache.ts) answer what the database holds: a
 * write by anyone but the cart service (an order converting its cart, the retention sweep, a staff
 * member's coupon, a stock change, plain SQL) is seen by the very next read, and the cart service's
 * own writes are answered at once. On PostgreSQL nothing is kept and the same must hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const url = (path: string, cart: string, extra = '') =>
  `/vsbridge/cart/${path}?cartId=${encodeURIComponent(cart)}&storeCode=en${extra}`;

async function cartWith(sku: string, qty: number) {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  const add = await api.call({
    method: 'POST',
    url: url('update', cart),
    payload: { cartItem: { sku, qty } },
  });
  expect(add.status, JSON.stringify(add.body)).toBe(200);
  return { cart, itemId: add.body.result.item_id as number };
}

const pull = async (cart: string) => api.call(url('pull', cart));

describe('kept carts answer what the database holds', () => {
  it('sees a line changed or removed by plain SQL at the next read', async () => {
    const { cart, itemId } = await cartWith('PHN-2001', 1);
    expect((await pull(cart)).body.result[0].qty).toBe(1);
    await api.database.query('UPDATE cart_items SET qty = 3 WHERE item_id = $1', [itemId]);
    expect((await pull(cart)).body.result[0].qty).toBe(3);
    await api.database.query('DELETE FROM cart_items WHERE item_id = $1', [itemId]);
    expect((await pull(cart)).body.result).toEqual([]);
  });

  it('answers a converted cart (an order placed it) as gone, and a cart swept away too', async () => {
    const { cart } = await cartWith('PHN-2001', 1);
    expect((await pull(cart)).status).toBe(200);
    await api.database.query("UPDATE carts SET status = 'converted' WHERE id = $1", [cart]);
    expect((await pull(cart)).status).toBe(400);

    const other = await cartWith('ACC-3001', 1);
    expect((await pull(other.cart)).status).toBe(200);
    await api.database.transaction(async (tx) => {
      await tx.query('DELETE FROM cart_items WHERE cart_id = $1', [other.cart]);
      await tx.query('DELETE FROM carts WHERE id = $1', [other.cart]);
    });
    expect((await pull(other.cart)).status).toBe(400);
  });

  it('drops a coupon switched off after the cart was read', async () => {
    const { cart } = await cartWith('PHN-2001', 1);
    expect(
      (await api.call({ method: 'POST', url: url('apply-coupon', cart, '&coupon=SAVE10') })).status,
    ).toBe(200);
    expect((await api.call(url('totals', cart))).body.result.coupon_code).toBe('SAVE10');
    await api.database.query("UPDATE coupons SET is_active = false WHERE code = 'SAVE10'");
    try {
      expect((await api.call(url('totals', cart))).body.result.coupon_code ?? null).toBeNull();
    } finally {
      await api.database.query("UPDATE coupons SET is_active = true WHERE code = 'SAVE10'");
    }
  });

  it('refuses a quantity above stock that fell after the stock was read', async () => {
    const { cart, itemId } = await cartWith('ACC-3002', 1);
    const [stock] = await api.database.query<{ qty: number }>("SELECT qty FROM stock WHERE sku = 'ACC-3002'");
    try {
      await api.database.query("UPDATE stock SET qty = 1 WHERE sku = 'ACC-3002'");
      const more = await api.call({
        method: 'POST',
        url: url('update', cart),
        payload: { cartItem: { sku: 'ACC-3002', qty: 2, item_id: itemId } },
      });
      expect(more.status).toBe(400);
    } finally {
      await api.database.query("UPDATE stock SET qty = $1 WHERE sku = 'ACC-3002'", [stock!.qty]);
    }
  });

  it("answers the cart service's own writes at once, and they are in the database", async () => {
    const { cart, itemId } = await cartWith('PHN-2001', 1);
    await pull(cart);
    await api.call({
      method: 'POST',
      url: url('update', cart),
      payload: { cartItem: { sku: 'PHN-2001', qty: 2, item_id: itemId } },
    });
    await api.call({
      method: 'POST',
      url: url('update', cart),
      payload: { cartItem: { sku: 'ACC-3001', qty: 1 } },
    });
    await api.call({ method: 'POST', url: url('delete', cart), payload: { cartItem: { sku: 'ACC-3001' } } });
    const lines = (await pull(cart)).body.result.map((l: { sku: string; qty: number }) => [l.sku, l.qty]);
    expect(lines).toEqual([['PHN-2001', 2]]);
    const stored = await api.database.query<{ sku: string; qty: number }>(
      'SELECT sku, qty FROM cart_items WHERE cart_id = $1 ORDER BY item_id',
      [cart],
    );
    expect(stored.map((l) => [l.sku, l.qty])).toEqual(lines);
  });
});
