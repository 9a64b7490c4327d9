/**
 * Orders take their stock rows in one order (by sku), whatever the order of their lines, so two
 * orders of the same products never deadlock on PostgreSQL (a deadlock is answered 500 and the
 * shopper's order is lost). PGlite runs one transaction at a time: the race exists only on
 * PostgreSQL (TEST_DATABASE_URL).
 *
 * Deterministic: a third transaction holds sku A; order 1 (lines A, B) waits on A; order 2 (lines
 * B, A) — taking stock in line order — would hold B and wait on A; releasing A then lets order 1
 * reach for B: a deadlock. Taken by sku, order 2 waits on A before it holds anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestCart, orderBody, startApi, waitForLockWaiters, type TestApi } from './helpers.ts';
import { uniqueAddress } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const order = (cartId: string, skus: string[], key: string) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=en',
    remoteAddress: uniqueAddress(),
    payload: orderBody({ cartId, key, products: skus.map((sku) => ({ sku, qty: 1 })) }),
  });

describe('orders of the same products in opposite line order', () => {
  it('both succeed: stock rows are taken by sku, never in a deadlock', async (ctx) => {
    if (api.database.kind === 'pglite') ctx.skip();
    const [a, b] = ['ACC-3001', 'PHN-2001'];
    await api.database.query('UPDATE stock SET qty = 50, is_in_stock = true WHERE sku = ANY($1)', [[a, b]]);
    const cart1 = await guestCart(api, [a, b]);
    const cart2 = await guestCart(api, [b, a]);

    let answers: Awaited<ReturnType<typeof order>>[] = [];
    await api.database.transaction(async (tx) => {
      await tx.query('SELECT qty FROM stock WHERE sku = $1 FOR UPDATE', [a]);
      const first = order(cart1, [a, b], 'lock-order-1');
      await waitForLockWaiters(api, 1);
      const second = order(cart2, [b, a], 'lock-order-2');
      await waitForLockWaiters(api, 2);
      // the holder commits when this callback returns; the two orders go on meanwhile
      void Promise.all([first, second]).then((r) => (answers = r));
    });
    for (let i = 0; i < 400 && answers.length === 0; i++) await new Promise((r) => setTimeout(r, 25));

    expect(
      answers.map((r) => r.status),
      JSON.stringify(answers.map((r) => r.body)),
    ).toEqual([200, 200]);
    const stock = await api.database.query<{ sku: string; qty: number }>(
      'SELECT sku, qty FROM stock WHERE sku = ANY($1) ORDER BY sku',
      [[a, b]],
    );
    expect(stock.map((s) => Number(s.qty))).toEqual([48, 48]);
  });
});
