import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '@vitrina/db';
import { orderBody, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0', CATALOG_VERSION_TTL_MS: '60000' });
});
afterAll(async () => api?.close());

async function statementsOf<T>(run: () => Promise<T>): Promise<{ answer: T; statements: string[] }> {
  const statements: string[] = [];
  const database = api.database as unknown as Executor;
  const { query, exec, transaction } = database;
  const counted = (q: Executor): Executor => ({
    ...q,
    query: (sql, params) => (statements.push(sql + " " + JSON.stringify(params ?? []).slice(0, 60)), q.query(sql, params)),
    exec: (sql) => (statements.push(sql), q.exec(sql)),
    transaction: (fn) =>
      q.transaction((inner) => {
        statements.push('SAVEPOINT');
        return fn(counted(inner));
      }),
  }) as Executor;
  database.query = (sql, params) => (statements.push(sql + " " + JSON.stringify(params ?? []).slice(0, 60)), query.call(database, sql, params)) as never;
  database.exec = (sql) => (statements.push(sql), exec.call(database, sql));
  database.transaction = ((fn: (tx: Executor) => Promise<unknown>, config?: unknown) =>
    (transaction as (...a: unknown[]) => Promise<unknown>).call(database, (tx: Executor) => {
      statements.push('BEGIN');
      return fn(counted(tx)).then((r) => (statements.push('COMMIT'), r));
    }, config)) as never;
  try {
    return { answer: await run(), statements };
  } finally {
    database.query = query;
    database.exec = exec;
    database.transaction = transaction;
  }
}

describe('explore', () => {
  it('counts', async () => {
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('stm');
      const c = await statementsOf(() => api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' }));
      const cart = c.answer.body.result as string;
      const u = await statementsOf(() =>
        api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cart}&storeCode=en`, payload: { cartItem: { sku: 'ACC-3001', qty: 1 } } }),
      );
      const body = orderBody({ cartId: cart, key: `stm-${round}-${Date.now()}`, products: [{ sku: 'ACC-3001', qty: 1 }], email });
      const s = await statementsOf(() =>
        api.call({
          method: 'POST',
          url: `/vsbridge/cart/shipping-information?cartId=${cart}&storeCode=en`,
          payload: {
            addressInformation: {
              shippingAddress: body.addressInformation.shippingAddress,
              shippingCarrierCode: 'courier',
              shippingMethodCode: 'courier',
              paymentMethodCode: 'cashondelivery',
            },
          },
        }),
      );
      const o = await statementsOf(() =>
        api.call({ method: 'POST', url: '/vsbridge/order/create?storeCode=en', remoteAddress: uniqueAddress(), payload: body }),
      );
      expect(o.answer.status, JSON.stringify(o.answer.body)).toBe(200);
      const show = (name: string, x: { statements: string[] }) =>
        console.log(`${api.database.kind} round ${round} ${name}: ${x.statements.length}\n  ` + x.statements.map((t) => t.replace(/\s+/g, ' ').slice(0, 110) + " … " + t.slice(t.lastIndexOf("[")).slice(0,60)).join('\n  '));
      show('create', c);
      show('update', u);
      show('shipping', s);
      show('order', o);
    }
  });
});
