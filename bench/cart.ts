/**
 * Cart (target p95 <= 15 ms): the server cart's update round trip and its totals with a
 * coupon, a shipping method and the cash-on-delivery fee, through in-process HTTP (inject), on a fresh
 * database holding the API tests' fixture shop (known prices, special price, coupons, shipping).
 * Runs on PGlite, and also on PostgreSQL when BENCH_DATABASE_URL is set (a scratch database is
 * created there and dropped after).
 */
import { buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { createTestDatabase } from '@vitrina/db/testing';
import { testCatalog } from '../apps/api/test/fixtures.ts';
import { address } from '../apps/api/test/helpers.ts';
import { summarize, time } from './stats.ts';

const ROUNDS = 300;

async function benchOn(url: string | undefined) {
  const database = await createTestDatabase({ url: url ?? '' });
  try {
    await importCatalog(database, testCatalog());
    const app = await buildApi({ database, config: loadApiConfig({ ...process.env }), logger: false });
    await app.ready();
    const call = async (
      method: 'GET' | 'POST',
      path: string,
      cartId: string,
      payload?: unknown,
      extra = '',
    ) => {
      const res = await app.inject({
        method,
        url: `/vsbridge/cart/${path}?cartId=${encodeURIComponent(cartId)}&storeCode=en${extra}`,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json().result;
    };
    const cartId = (await app.inject({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).json()
      .result as string;
    const line = await call('POST', 'update', cartId, { cartItem: { sku: 'PHN-2001', qty: 1 } });
    await call('POST', 'update', cartId, { cartItem: { sku: 'ACC-3002', qty: 2 } });
    await call('POST', 'update', cartId, { cartItem: { sku: 'LAP-1001', qty: 1 } });
    await call('POST', 'shipping-information', cartId, {
      addressInformation: {
        shippingAddress: address(),
        shippingCarrierCode: 'omniva',
        shippingMethodCode: 'omniva',
        paymentMethodCode: 'cashondelivery',
      },
    });
    await call('POST', 'apply-coupon', cartId, undefined, '&coupon=SAVE10');
    const check = await call('GET', 'totals', cartId);
    if (!check.coupon_code || !check.shipping_incl_tax || !check.payment_fee)
      throw new Error('totals without coupon, shipping or fee');

    // queries per call: the figure that does not depend on the machine's load
    let queries = 0;
    const query = database.query.bind(database);
    database.query = ((text: string, params?: readonly unknown[]) => {
      queries++;
      return query(text, params);
    }) as typeof database.query;
    const count = async (fn: () => Promise<unknown>) => {
      const before = queries;
      await fn();
      return queries - before;
    };
    const perCall = {
      update: await count(() =>
        call('POST', 'update', cartId, { cartItem: { sku: 'PHN-2001', qty: 2, item_id: line.item_id } }),
      ),
      totals: await count(() => call('GET', 'totals', cartId)),
      pull: await count(() => call('GET', 'pull', cartId)),
    };

    const update: number[] = [];
    const totals: number[] = [];
    const clientSync: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const qty = 1 + (i % 3);
      const [u] = await time(() =>
        call('POST', 'update', cartId, { cartItem: { sku: 'PHN-2001', qty, item_id: line.item_id } }),
      );
      const [t] = await time(() => call('GET', 'totals', cartId));
      // what the storefront's cart engine sends for one change: pull, update, totals
      const [s] = await time(async () => {
        await call('GET', 'pull', cartId);
        await call('POST', 'update', cartId, {
          cartItem: { sku: 'PHN-2001', qty: 1 + ((i + 1) % 3), item_id: line.item_id },
        });
        await call('GET', 'totals', cartId);
      });
      if (i >= 20) {
        update.push(u);
        totals.push(t);
        clientSync.push(s);
      }
    }
    console.log(`\ncart, ${database.kind}, in-process HTTP (inject), 3 lines, coupon + shipping + COD fee`);
    console.log(
      `queries per call (top level, transactions count once): update ${perCall.update}, totals ${perCall.totals}, pull ${perCall.pull}`,
    );
    summarize('cart/update (qty change, stock checked)', update);
    summarize('cart/totals (coupon, shipping, COD fee)', totals);
    summarize('client sync of one change (pull+update+totals)', clientSync);
    await app.close();
  } finally {
    await database.dispose();
  }
}

export async function runCartBench() {
  await benchOn(undefined);
  if (process.env.BENCH_DATABASE_URL) await benchOn(process.env.BENCH_DATABASE_URL);
}
