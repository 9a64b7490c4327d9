/**
 * A coupon's usage cap holds under concurrent orders: the newsletter's single-use
 * coupon applied to many carts at once gives its discount to one order only; the others are refused
 * with the spec's coupon message and write nothing. On PGlite the orders are serialised; on
 * PostgreSQL (TEST_DATABASE_URL) they really race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

async function cartWithCoupon(sku: string, coupon: string): Promise<string> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  const line = await api.call({
    method: 'POST',
    url: `/vsbridge/cart/update?cartId=${cart}`,
    payload: { cartItem: { sku, qty: 1 } },
  });
  expect(line.status, JSON.stringify(line.body)).toBe(200);
  const applied = await api.call({
    method: 'POST',
    url: `/vsbridge/cart/apply-coupon?cartId=${cart}&coupon=${coupon}`,
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return cart;
}

const orderOf = (cartId: string, sku: string, key: string) =>
  orderBody({ cartId, key, products: [{ sku, qty: 1 }] });

const count = async (sql: string, params: unknown[] = []) =>
  Number((await api.database.query<{ n: number }>(sql, params))[0]?.n);
const stockOf = (sku: string) => count('SELECT qty AS n FROM stock WHERE sku = $1', [sku]);

describe('a single-use coupon under concurrent orders', () => {
  it('gives its discount to exactly one of 10 concurrent orders; the others are refused and write nothing', async () => {
    const sku = 'PHN-2001';
    await api.database.query(
      "INSERT INTO coupons (code, type, value, uses_per_coupon) VALUES ('NEWS-ONCE-1', 'percent', 10, 1)",
    );
    await api.database.query('UPDATE stock SET qty = 100, is_in_stock = true WHERE sku = $1', [sku]);
    const carts = [];
    for (let i = 0; i < 10; i++) carts.push(await cartWithCoupon(sku, 'NEWS-ONCE-1'));
    const before = {
      orders: await count('SELECT count(*)::int AS n FROM orders'),
      items: await count('SELECT count(*)::int AS n FROM order_items'),
      outbox: await count('SELECT count(*)::int AS n FROM outbox'),
      stock: await stockOf(sku),
    };

    const answers = await Promise.all(
      carts.map((cart, i) =>
        api.call({
          method: 'POST',
          url: '/vsbridge/order/create?storeCode=en',
          // every shopper from an address of their own: only the coupon may refuse them
          remoteAddress: uniqueAddress(),
          payload: orderOf(cart, sku, `coupon-race-${i}`),
        }),
      ),
    );

    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
    expect(won[0]?.body.result).toMatchObject({ coupon_code: 'NEWS-ONCE-1', discount_amount: 605 });
    expect(lost).toHaveLength(9);
    for (const l of lost) {
      expect(l.status).toBe(400);
      expect(l.body.result).toBe("You've entered an incorrect coupon code. Please try again.");
      expect(l.body.errors).toEqual([
        { field: 'coupon', message: "You've entered an incorrect coupon code. Please try again." },
      ]);
    }
    // the refused orders wrote nothing: one order, its lines, one e-mail, one unit taken
    expect(await count('SELECT count(*)::int AS n FROM orders')).toBe(before.orders + 1);
    expect(await count('SELECT count(*)::int AS n FROM order_items')).toBe(before.items + 1);
    expect(await count('SELECT count(*)::int AS n FROM outbox')).toBe(before.outbox + 1);
    expect(await stockOf(sku)).toBe(before.stock - 1);
    expect(await count("SELECT times_used AS n FROM coupons WHERE code = 'NEWS-ONCE-1'")).toBe(1);
    // the losers' carts are still there to order without the coupon
    expect(
      await count("SELECT count(*)::int AS n FROM carts WHERE id = ANY($1::text[]) AND status = 'active'", [
        carts,
      ]),
    ).toBe(9);
  });

  it("a cancelled order gives its coupon's use back: the single-use coupon can be used again", async () => {
    const sku = 'PHN-2001';
    await api.database.query(
      "INSERT INTO coupons (code, type, value, uses_per_coupon) VALUES ('NEWS-ONCE-3', 'percent', 10, 1)",
    );
    await api.database.query('UPDATE stock SET qty = 100, is_in_stock = true WHERE sku = $1', [sku]);
    const place = async (key: string) =>
      api.call({
        method: 'POST',
        url: '/vsbridge/order/create?storeCode=en',
        remoteAddress: uniqueAddress(),
        payload: orderOf(await cartWithCoupon(sku, 'NEWS-ONCE-3'), sku, key),
      });
    const first = await place('coupon-cancel-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const used = () => count("SELECT times_used AS n FROM coupons WHERE code = 'NEWS-ONCE-3'");
    expect(await used()).toBe(1);

    const cancelled = await api.call({
      method: 'POST',
      url: `/vsbridge/admin/orders/${first.body.result.orderNumber}/transition?storeCode=en`,
      headers: await api.staff(),
      payload: { action: 'cancel', reason: 'Customer called to cancel' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await used()).toBe(0);
    // cancelling again changes nothing (refused: the order is cancelled already)
    expect(
      (
        await api.call({
          method: 'POST',
          url: `/vsbridge/admin/orders/${first.body.result.orderNumber}/transition?storeCode=en`,
          headers: await api.staff(),
          payload: { action: 'cancel', reason: 'again' },
        })
      ).status,
    ).toBe(409);
    expect(await used()).toBe(0);

    const second = await place('coupon-cancel-2');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.result).toMatchObject({ coupon_code: 'NEWS-ONCE-3' });
    expect(await used()).toBe(1);
  });

  it('the database refuses a use beyond the cap whatever the code does', async () => {
    await api.database.query(
      "INSERT INTO coupons (code, type, value, uses_per_coupon, times_used) VALUES ('NEWS-ONCE-2', 'percent', 10, 1, 1)",
    );
    await expect(
      api.database.query("UPDATE coupons SET times_used = times_used + 1 WHERE code = 'NEWS-ONCE-2'"),
    ).rejects.toThrow(/coupons_times_used_within_limit/);
    // a coupon without a cap is counted freely
    await api.database.query("UPDATE coupons SET times_used = times_used + 5 WHERE code = 'SAVE10'");
  });
});
