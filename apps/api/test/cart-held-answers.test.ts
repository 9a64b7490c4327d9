/**
 * Cart reads' held answers (cart/held.ts): after random writes of a cart, through its routes and
 * behind their back (plain SQL, as another worker, an order, a staff edit or an import writes), the
 * answer of `cart/pull` and `cart/totals` is byte for byte what a shop holding nothing computes from
 * the same database; a held answer is asked with the one statement a read makes anyway.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApi, loadApiConfig } from '../src/index.ts';
import { bumpCatalogVersion } from '@vitrina/db';
import { couponWindowEnd } from '../src/cart/held.ts';
import { TEST_LIMITS_OFF, TEST_SELLER, queriesOf, startApi, type TestApi } from './helpers.ts';
import {
  CART_TEST_SKUS,
  cartRouteActions,
  cartUrl,
  createCart,
  writeCart,
  type CartRouteAction,
} from './cart-route-actions.ts';

let api: TestApi;
/** the same database, holding no answer: every read priced and written anew */
let fresh: FastifyInstance;
beforeAll(async () => {
  api = await startApi();
  fresh = await buildApi({
    database: api.database,
    config: loadApiConfig({
      MEDIA_DIR: api.mediaDir,
      CATALOG_VERSION_TTL_MS: '0',
      ORDER_SOLD_OUT_HORIZON_MS: '0',
      MAIL_OUTBOX_INTERVAL_MS: '0',
      CART_ANSWERS_ENTRIES: '0',
      ...TEST_SELLER,
      ...TEST_LIMITS_OFF,
    }),
    logger: false,
  });
  await fresh.ready();
});
afterAll(async () => {
  await fresh.close();
  await api.close();
});

type Action =
  | CartRouteAction
  // behind the routes' back
  | { kind: 'sqlQty'; pick: number; qty: number }
  | { kind: 'sqlDelete'; pick: number }
  | { kind: 'sqlCountry'; country: string }
  | { kind: 'sqlCoupon'; change: 'used' | 'off' | 'on' | 'value' }
  | { kind: 'price'; pick: number; cents: number }
  | { kind: 'codFee'; cents: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  ...cartRouteActions,
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sqlQty' as const),
      pick: fc.nat(5),
      qty: fc.integer({ min: 1, max: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sqlDelete' as const), pick: fc.nat(5) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('sqlCountry' as const),
      country: fc.constantFrom('LT', 'LV', 'EE', 'PL'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sqlCoupon' as const),
      change: fc.constantFrom('used' as const, 'off' as const, 'on' as const, 'value' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      pick: fc.nat(5),
      cents: fc.constantFrom(-37, -1, 1, 50),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('codFee' as const), cents: fc.nat(300) }) },
);

/** the answer of a read, as sent */
async function read(app: FastifyInstance, path: string) {
  const res = await app.inject(path);
  return { status: res.statusCode, body: res.body };
}

describe('a held cart answer is the answer computed anew', () => {
  it('property: after random writes, by the routes and behind them, to the byte', async () => {
    const db = api.database;
    // on PostgreSQL a read whose statement answered no cart answered its held answer
    let hits = 0;
    const query = db.query;
    db.query = (async (text: string, params?: readonly unknown[]) => {
      const found = await query.call(db, text, params);
      if (/AS rev\b/.test(text) && (found as { cart: unknown }[])[0]?.cart === null) hits++;
      return found;
    }) as typeof db.query;
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
        const cart = await createCart(api);
        const lineIds = async () =>
          (
            await db.query<{ item_id: number; sku: string }>(
              'SELECT item_id, sku FROM cart_items WHERE cart_id = $1 ORDER BY item_id',
              [cart],
            )
          ).map((l) => l);
        const couponOf = async () =>
          (
            await db.query<{ coupon_code: string | null }>('SELECT coupon_code FROM carts WHERE id = $1', [
              cart,
            ])
          )[0]?.coupon_code;
        for (const a of actions) {
          if (a.kind === 'sqlQty' || a.kind === 'sqlDelete') {
            const all = await lineIds();
            const line = all[a.pick % Math.max(1, all.length)];
            if (line && a.kind === 'sqlQty')
              await db.query('UPDATE cart_items SET qty = $2 WHERE item_id = $1', [line.item_id, a.qty]);
            if (line && a.kind === 'sqlDelete')
              await db.query('DELETE FROM cart_items WHERE item_id = $1', [line.item_id]);
          } else if (a.kind === 'sqlCountry') {
            await db.query('UPDATE carts SET country_id = $2 WHERE id = $1', [cart, a.country]);
          } else if (a.kind === 'sqlCoupon') {
            const code = await couponOf();
            if (code) {
              const set = {
                used: 'uses_per_coupon = times_used + 1, times_used = times_used + 1',
                off: 'is_active = false',
                on: 'is_active = true, uses_per_coupon = NULL',
                value: 'value = value + 1',
              }[a.change];
              await db.query(`UPDATE coupons SET ${set} WHERE code = $1`, [code]);
            }
          } else if (a.kind === 'price') {
            // a product of the cart, else any
            const all = await lineIds();
            const sku =
              all[a.pick % Math.max(1, all.length)]?.sku ?? CART_TEST_SKUS[a.pick % CART_TEST_SKUS.length]!;
            await db.query(
              `UPDATE product_index SET doc = doc || jsonb_build_object(
                 'final_price', greatest(1, (doc->>'final_price')::int + $2),
                 'final_price_incl_tax', greatest(1, (doc->>'final_price_incl_tax')::int + $2))
               WHERE sku = $1`,
              [sku, a.cents],
            );
            await bumpCatalogVersion(db);
          } else if (a.kind === 'codFee') {
            await db.query(
              `UPDATE shop_settings SET settings = settings || jsonb_build_object('codFeeCents', $1::int)`,
              [a.cents],
            );
            await bumpCatalogVersion(db);
          } else {
            await writeCart(api, cart, a);
          }
          for (const path of ['pull', 'totals']) {
            const expected = await read(fresh, cartUrl(path, cart));
            // the first read may price and hold; the second may answer the held one
            for (let i = 0; i < 2; i++) {
              const { answer, statements } = await queriesOf(api, () => read(api.app, cartUrl(path, cart)));
              expect(answer.status, answer.body).toBe(expected.status);
              expect(answer.body).toBe(expected.body);
              // one statement on PostgreSQL, with or without a held answer (the catalogue's version and
              // the settings are read anew in these tests: CATALOG_VERSION_TTL_MS=0)
              const cartReads = statements.filter((s) => /FROM carts/.test(s));
              expect(cartReads.length).toBeLessThanOrEqual(1);
              compared++;
            }
          }
        }
      }),
      { numRuns: 40 },
    );
    db.query = query;
    expect(compared).toBeGreaterThan(100);
    if (db.kind === 'postgres') expect(hits).toBeGreaterThan(20);
  }, 240_000);

  it("a coupon's window ending lets no held total outlive it", async () => {
    const cart = await createCart(api);
    await api.call({
      method: 'POST',
      url: cartUrl('update', cart),
      payload: { cartItem: { sku: 'PHN-2001', qty: 1 } },
    });
    // a window long enough for the coupon to be applied and held at any load, then its end waited for
    await api.database.query(
      "INSERT INTO coupons (code, type, value, to_date, is_active) VALUES ('SOON', 'percent', 15, now() + interval '3 seconds', true)",
    );
    expect(
      (await api.call({ method: 'POST', url: cartUrl('apply-coupon', cart, '&coupon=SOON') })).status,
    ).toBe(200);
    const during = await read(api.app, cartUrl('totals', cart));
    expect(JSON.parse(during.body).result.coupon_code).toBe('SOON');
    expect((await read(api.app, cartUrl('totals', cart))).body).toBe(during.body);
    // nothing is written meanwhile: only the window's end can turn the held total
    await vi.waitFor(
      async () => {
        const after = await read(api.app, cartUrl('totals', cart));
        expect(JSON.parse(after.body).result.coupon_code ?? null).toBeNull();
      },
      { timeout: 30_000, interval: 200 },
    );
    expect((await read(api.app, cartUrl('totals', cart))).body).toBe(
      (await read(fresh, cartUrl('totals', cart))).body,
    );
  }, 60_000);

  it('a held answer is not answered to another customer, nor for a cart gone', async () => {
    const cart = await createCart(api);
    await api.call({
      method: 'POST',
      url: cartUrl('update', cart),
      payload: { cartItem: { sku: 'PHN-2001', qty: 1 } },
    });
    expect((await read(api.app, cartUrl('totals', cart))).status).toBe(200);
    expect((await read(api.app, cartUrl('totals', cart))).status).toBe(200);
    // the cart now a customer's (as a login's merge makes it): a guest's read is refused
    const [customer] = await api.database.query<{ id: number }>(
      "INSERT INTO customers (email, firstname, lastname, password_hash) VALUES ('held@example.com', 'A', 'B', 'x') RETURNING id",
    );
    await api.database.query('UPDATE carts SET customer_id = $2 WHERE id = $1', [cart, customer!.id]);
    expect((await read(api.app, cartUrl('totals', cart))).status).toBe(401);
    await api.database.query("UPDATE carts SET customer_id = NULL, status = 'converted' WHERE id = $1", [
      cart,
    ]);
    expect((await read(api.app, cartUrl('pull', cart))).status).toBe(400);
    expect((await read(api.app, cartUrl('totals', cart))).status).toBe(400);
  });

  it("the window's end: the instant its coupon is judged otherwise", () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    expect(couponWindowEnd(null, now)).toBe(Number.POSITIVE_INFINITY);
    expect(couponWindowEnd({ from_date: null, to_date: null }, now)).toBe(Number.POSITIVE_INFINITY);
    expect(couponWindowEnd({ from_date: '2026-06-02T00:00:00Z', to_date: null }, now)).toBe(
      Date.parse('2026-06-02T00:00:00Z'),
    );
    expect(couponWindowEnd({ from_date: null, to_date: '2026-06-01T13:00:00Z' }, now)).toBe(
      Date.parse('2026-06-01T13:00:00Z') + 1,
    );
    // past its end already: judged the same from now on
    expect(couponWindowEnd({ from_date: null, to_date: '2026-05-01T00:00:00Z' }, now)).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(couponWindowEnd({ from_date: 'not a date', to_date: null }, now)).toBe(now);
  });
});
