/**
 * Orders take their stock rows in one order (by sku), whatever the order of their lines, so two
 * orders of the same products never deadlock on PostgreSQL (a deadlock is answered 500 and the
 * shopper's order is lost). PGlite runs one transaction at a time: the race exists only on
 * PostgreSQL (TEST_DATABASE_URL).
 *
 * Deterministic: a third transaction holds sku A; order 1 (lines A, B) waits on A; order 2 (lines
 * B, A) — taking stock in line order — would hold B and wait on A; releasing A then lets order 1
 * reach for B: a deadlock. Taken by sku, order 2 waits on A before it holds anything.
 * The two orders come from two shop processes (two API instances on one database): within one
 * process, orders of one product wait for each other before their transactions (stock-turns.ts).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, loadApiConfig } from '../src/index.ts';
import {
  guestCart,
  orderBody,
  startApi,
  TEST_LIMITS_OFF,
  waitForLockWaiters,
  type TestApi,
} from './helpers.ts';
import { uniqueAddress } from './user-helpers.ts';

let api: TestApi;
/** another shop process on the same database */
let second: FastifyInstance;
beforeAll(async () => {
  api = await startApi();
  second = await buildApi({
    database: api.database,
    config: loadApiConfig({
      MEDIA_DIR: api.mediaDir,
      ...TEST_LIMITS_OFF,
    }),
  });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await api?.close();
});

/** an order of the cart, placed through the first shop process or the second */
async function order(cartId: string, skus: string[], key: string, via: 'first' | 'second' = 'first') {
  const request = {
    method: 'POST' as const,
    url: '/vsbridge/order/create?storeCode=en',
    remoteAddress: uniqueAddress(),
    payload: orderBody({ cartId, key, products: skus.map((sku) => ({ sku, qty: 1 })) }),
  };
  if (via === 'first') return api.call(request);
  const res = await second.inject(request);
  return { status: res.statusCode, body: res.json() as unknown };
}

describe('orders of the same products in opposite line order', () => {
  it('both succeed: stock rows are taken by sku, never in a deadlock', async (ctx) => {
    if (api.database.kind === 'pglite') ctx.skip();
    const [a, b] = ['ACC-3001', 'PHN-2001'];
    await api.database.query('UPDATE stock SET qty = 50, is_in_stock = true WHERE sku = ANY($1)', [[a, b]]);
    const cart1 = await guestCart(api, [a, b]);
    const cart2 = await guestCart(api, [b, a]);

    let answers: { status: number; body: unknown }[] = [];
    await api.database.transaction(async (tx) => {
      await tx.query('SELECT qty FROM stock WHERE sku = $1 FOR UPDATE', [a]);
      const first = order(cart1, [a, b], 'lock-order-1');
      await waitForLockWaiters(api, 1);
      const other = order(cart2, [b, a], 'lock-order-2', 'second');
      await waitForLockWaiters(api, 2);
      // the holder commits when this callback returns; the two orders go on meanwhile
      void Promise.all([first, other]).then((r) => (answers = r));
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
