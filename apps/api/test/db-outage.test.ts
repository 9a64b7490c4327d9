/**
 * PostgreSQL goes away during a burst of cart and order requests and comes back.
 * Clients create carts, add a product and place orders, each order with its own idempotency key and
 * retried with the same key and body on 503 (as a shop's client does after a Retry-After); the
 * private server (private-postgres.ts, never the shared one) is stopped mid-burst, kept down for
 * longer than the database client's own retries, and started again. Then: no answer other than 200
 * and 503 (no 500), every 503 carries Retry-After, every acknowledged order is in the database once
 * with the number it was acknowledged with, no connection is left checked out of the pool, and
 * requests succeed again within seconds of the return.
 *
 * Runs with the PostgreSQL tests (TEST_DATABASE_URL set: CI's second `npm test`) where a private
 * server can be started (root, Debian's PostgreSQL binaries); the figures are printed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, startApi, type TestApi } from './helpers.ts';
import {
  privatePostgresUnavailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from './private-postgres.ts';

const CLIENTS = 6;
/** the server is stopped after this many orders were acknowledged */
const STOP_AFTER_ACKS = 15;
/** how long the server stays down: more than the client's own retries (about 1.5 s) */
const DOWN_MS = 2500;
/** orders acknowledged after the server's return before the burst ends */
const ACKS_AFTER_RETURN = 15;
/** everything answers again within this long of the server's return */
const RECOVERY_LIMIT_MS = 10_000;

const skip = process.env.TEST_DATABASE_URL
  ? privatePostgresUnavailable()
  : 'runs with the PostgreSQL tests (TEST_DATABASE_URL)';
if (skip) console.log(`database outage test skipped: ${skip}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(skip !== undefined)('PostgreSQL stopped and started again during a burst of orders', () => {
  let pg: PrivatePostgres;
  let api: TestApi;
  beforeAll(async () => {
    pg = await startPrivatePostgres();
    api = await startApi({}, { databaseServerUrl: pg.url });
    await api.database.query("UPDATE stock SET qty = 100000, is_in_stock = true WHERE sku = 'PHN-2001'");
  });
  afterAll(async () => {
    try {
      await api?.close();
    } finally {
      await pg?.dispose();
    }
  });

  it(
    'answers 503 with Retry-After while it is down, never 500, loses no acknowledged order',
    { timeout: 120_000 },
    async () => {
      const byStatus: Record<number, number> = {};
      const unexpected: string[] = [];
      let without503Header = 0;
      const acked = new Map<string, string>();
      let resends = 0;
      let stoppedAt = 0;
      let returnedAt = 0;
      let firstSuccessAfterReturn = 0;
      let done = false;

      const call = async (method: 'POST', url: string, payload?: unknown) => {
        const r = await api.call({
          method,
          url,
          ...(payload ? { payload: payload as Record<string, unknown> } : {}),
        });
        byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
        if (r.status === 503 && !r.res.headers['retry-after']) without503Header++;
        if (r.status !== 200 && r.status !== 503)
          unexpected.push(`${r.status} ${url} ${JSON.stringify(r.body)}`);
        if (r.status === 200 && returnedAt && !firstSuccessAfterReturn) firstSuccessAfterReturn = Date.now();
        return r;
      };

      const client = async (n: number) => {
        for (let i = 0; !done; i++) {
          const cart = await call('POST', '/vsbridge/cart/create?storeCode=en');
          if (cart.status !== 200) {
            await sleep(100);
            continue;
          }
          const line = await call('POST', `/vsbridge/cart/update?cartId=${cart.body.result}`, {
            cartItem: { sku: 'PHN-2001', qty: 1 },
          });
          if (line.status !== 200) continue; // a new cart: no order was asked for yet
          const key = `outage-${n}-${i}`;
          const body = orderBody({
            cartId: cart.body.result,
            key,
            products: [{ sku: 'PHN-2001', qty: 1 }],
            email: `outage-${n}@example.com`,
          });
          // the same key and body until answered: a 503 may hide an order that was committed
          for (let sends = 0; ; sends++) {
            if (sends > 0) resends++;
            const placed = await call('POST', '/vsbridge/order/create?storeCode=en', body);
            if (placed.status === 200) {
              acked.set(key, placed.body.result.orderNumber as string);
              break;
            }
            if (placed.status !== 503) break; // counted as unexpected
            await sleep(200);
          }
        }
      };

      const outage = (async () => {
        while (acked.size < STOP_AFTER_ACKS) await sleep(20);
        stoppedAt = Date.now();
        await pg.stop();
        await sleep(DOWN_MS);
        await pg.start();
        returnedAt = Date.now();
        const ackedAtReturn = acked.size;
        while (acked.size < ackedAtReturn + ACKS_AFTER_RETURN && Date.now() - returnedAt < 30_000)
          await sleep(20);
        done = true;
      })();
      await Promise.all([outage, ...Array.from({ length: CLIENTS }, (_, n) => client(n))]);

      const orders = await api.database.query<{ idempotency_key: string; increment_id: string }>(
        "SELECT idempotency_key, increment_id FROM orders WHERE idempotency_key LIKE 'outage-%'",
      );
      const inDatabase = new Map<string, string[]>();
      for (const o of orders)
        inDatabase.set(o.idempotency_key, [...(inDatabase.get(o.idempotency_key) ?? []), o.increment_id]);
      const lost = [...acked].filter(([key, number]) => inDatabase.get(key)?.join() !== number);
      const pool = api.database.pool;
      // every connection was given back or closed: none leaked by a transaction cut off by the outage.
      // Work the orders started in the background (the mail outbox sending their confirmations) may
      // hold one for a moment after the last answer (seen once in CI: 1 checked out); a leaked
      // connection never comes back, so it is waited for, a few seconds at most.
      const checkedOutNow = () => (pool ? pool.totalCount - pool.idleCount : 0);
      for (const since = Date.now(); checkedOutNow() > 0 && Date.now() - since < 5000; ) await sleep(50);
      const checkedOut = checkedOutNow();
      const figures = {
        clients: CLIENTS,
        answersByStatus: byStatus,
        ordersAcknowledged: acked.size,
        orderResends: resends,
        ordersInDatabase: orders.length,
        acknowledgedLostOrChanged: lost.length,
        downMs: returnedAt - stoppedAt,
        connectionsCheckedOutAfter: checkedOut,
        firstSuccessAfterReturnMs: firstSuccessAfterReturn ? firstSuccessAfterReturn - returnedAt : null,
      };
      console.log(`database outage test: ${JSON.stringify(figures)}`);

      expect(unexpected).toEqual([]);
      expect(byStatus[503] ?? 0, 'requests met the outage').toBeGreaterThan(0);
      expect(without503Header).toBe(0);
      expect(lost).toEqual([]);
      // an order is written once per key, even when its acknowledgement was lost to the outage
      expect(orders.length).toBe(inDatabase.size);
      expect(checkedOut).toBe(0);
      expect(firstSuccessAfterReturn).toBeGreaterThan(0);
      expect(firstSuccessAfterReturn - returnedAt).toBeLessThan(RECOVERY_LIMIT_MS);
    },
  );
});
