/**
 * GROUP_PRICING through the cart and orders: the price a customer of a group sees in the render list
 * is, to the cent, the price of their cart's lines, its totals and the placed order. The customer
 * comes from the cart's owner (or, for an order without a server cart, the request's token), never
 * from the body; a guest pays the base price.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';
import { bearer, customer } from './user-helpers.ts';

/** a tier that does not divide evenly (7 %), so rounding differences would show */
const TIER = 7;
const SKUS = ['LAP-1001', 'PHN-2001', 'MBA-7000-A'];

type Priced = { sku: string; final_price_incl_tax: number; configurable_children?: Priced[] };

async function shownPrices(api: TestApi, headers: Record<string, string>, query = '') {
  const r = await api.call({
    url: `/vsbridge/products/render-list?skus=LAP-1001,PHN-2001,MBA-7000&storeCode=en${query}`,
    headers,
  });
  expect(r.status).toBe(200);
  const prices: Record<string, number> = {};
  for (const item of r.body.result.items as Priced[]) {
    prices[item.sku] = item.final_price_incl_tax;
    for (const c of item.configurable_children ?? []) prices[c.sku] = c.final_price_incl_tax;
  }
  return prices;
}

const cartUrl = (path: string, cartId: string, extra = '') =>
  `/vsbridge/cart/${path}?cartId=${encodeURIComponent(cartId)}&storeCode=en${extra}`;

async function fillCart(api: TestApi, headers: Record<string, string>, body: Record<string, unknown> = {}) {
  const created = await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en', headers });
  expect(created.status).toBe(200);
  const cartId = created.body.result as string;
  const answered: Record<string, number> = {};
  for (const sku of SKUS) {
    const r = await api.call({
      method: 'POST',
      url: cartUrl('update', cartId),
      headers,
      payload: { cartItem: { sku, qty: 1, price: 1, price_incl_tax: 1 }, ...body },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    answered[sku] = r.body.result.price;
  }
  return { cartId, answered };
}

async function totals(api: TestApi, cartId: string, headers: Record<string, string>, extra = '') {
  const r = await api.call({ url: cartUrl('totals', cartId, extra), headers });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as {
    subtotal_incl_tax: number;
    grand_total: number;
    items: { sku: string; price_incl_tax: number }[];
  };
}

const linePrices = (items: { sku: string; price_incl_tax: number }[]) =>
  Object.fromEntries(items.map((i) => [i.sku, i.price_incl_tax]));

function order(cartId: string, extra: Record<string, unknown> = {}) {
  return {
    cart_id: cartId,
    products: SKUS.map((sku) => ({ sku, qty: 1 })),
    addressInformation: {
      shippingAddress: address(),
      shipping_method_code: 'courier',
      shipping_carrier_code: 'courier',
      payment_method_code: 'banktransfer',
    },
    personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
    idempotency_key: `key-${randomBytes(8).toString('hex')}`,
    ...extra,
  };
}

async function place(api: TestApi, payload: Record<string, unknown>, headers: Record<string, string>) {
  const r = await api.call({ method: 'POST', url: '/vsbridge/order/create?storeCode=en', headers, payload });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as {
    subtotal_incl_tax: number;
    grand_total: number;
    items: { sku: string; price_incl_tax: number }[];
  };
}

const pick = (prices: Record<string, number>): Record<string, number> =>
  Object.fromEntries(SKUS.map((s) => [s, prices[s] ?? -1]));

describe('group price tiers in the cart and orders (GROUP_PRICING=true)', () => {
  let api: TestApi;
  let vip: { id: number; accessToken: string; groupToken: string };
  let base: Record<string, number>;
  beforeAll(async () => {
    api = await startApi({
      GROUP_PRICING: 'true',
      MAIL_OUTBOX_INTERVAL_MS: '0',
      DEMO_SPECIAL_OFFERS: 'false',
    });
    await api.database.query('UPDATE customer_groups SET discount_percent = $1 WHERE id = 3', [TIER]);
    const c = await customer(api, 'vip-cart');
    await api.database.query('UPDATE customers SET group_id = 3 WHERE id = $1', [c.id]);
    // a new session: its group token names group 3
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/user/refresh',
      payload: { refreshToken: c.refreshToken },
    });
    expect(r.body.meta.groupId).toBe(3);
    vip = { id: c.id, accessToken: r.body.result, groupToken: r.body.meta.groupToken };
    base = pick(await shownPrices(api, {}));
  });
  // every test places orders: enough stock for all of them
  beforeEach(async () => {
    await api.database.query('UPDATE stock SET qty = 100, is_in_stock = true WHERE sku = ANY($1::text[])', [
      SKUS,
    ]);
  });
  afterAll(async () => api?.close());

  it('a customer of group 3 pays, to the cent, the price the render list shows, in the cart and the order', async () => {
    const shown = pick(await shownPrices(api, {}, `&groupToken=${encodeURIComponent(vip.groupToken)}`));
    // the tier is really in force (and rounds: 7 % of these prices is not whole cents incl. tax)
    for (const sku of SKUS) expect(shown[sku]).toBeLessThan(base[sku] as number);
    expect(pick(await shownPrices(api, bearer(vip.accessToken)))).toEqual(shown);

    const { cartId, answered } = await fillCart(api, bearer(vip.accessToken));
    expect(answered).toEqual(shown);
    const pulled = await api.call({ url: cartUrl('pull', cartId), headers: bearer(vip.accessToken) });
    expect(
      Object.fromEntries(pulled.body.result.map((l: { sku: string; price: number }) => [l.sku, l.price])),
    ).toEqual(shown);
    const t = await totals(api, cartId, bearer(vip.accessToken));
    expect(linePrices(t.items)).toEqual(shown);
    const sum = SKUS.reduce((s, sku) => s + (shown[sku] as number), 0);
    expect(t.subtotal_incl_tax).toBe(sum);

    // the order is priced from the cart's lines, whatever the body's products say
    const placed = await place(
      api,
      order(cartId, { products: [{ sku: 'LAP-1001', qty: 1, price: 1 }], user_id: 999 }),
      bearer(vip.accessToken),
    );
    expect(linePrices(placed.items)).toEqual(shown);
    expect(placed.subtotal_incl_tax).toBe(sum);
  });

  it('the grand total of the cart (with shipping and payment chosen) is what the order charges', async () => {
    const { cartId } = await fillCart(api, bearer(vip.accessToken));
    const info = await api.call({
      method: 'POST',
      url: cartUrl('shipping-information', cartId),
      headers: bearer(vip.accessToken),
      payload: {
        addressInformation: {
          shippingAddress: { ...address(), countryId: 'LT' },
          shippingCarrierCode: 'courier',
          shippingMethodCode: 'courier',
          paymentMethodCode: 'banktransfer',
        },
      },
    });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    const cartTotals = info.body.result.totals;
    const placed = await place(api, order(cartId), bearer(vip.accessToken));
    expect(placed.grand_total).toBe(cartTotals.grand_total);
    expect(placed.subtotal_incl_tax).toBe(cartTotals.subtotal_incl_tax);
  });

  it('an order queued offline (no server cart) is priced at the tier of the token customer', async () => {
    const shown = pick(await shownPrices(api, bearer(vip.accessToken)));
    const placed = await place(
      api,
      order(`offline-${randomBytes(8).toString('hex')}`),
      bearer(vip.accessToken),
    );
    expect(linePrices(placed.items)).toEqual(shown);
  });

  it('a guest pays the base price, whatever group token, group id or user id the request names', async () => {
    const guest = {};
    const forged = '3.9999999999.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
    // the body may name a group or a token: they are not read (never from the body)
    const { cartId, answered } = await fillCart(api, guest, {
      groupToken: vip.groupToken,
      groupId: 3,
      userGroupId: 3,
    });
    expect(answered).toEqual(base);
    for (const extra of [
      '',
      `&groupToken=${encodeURIComponent(vip.groupToken)}`,
      `&groupToken=${forged}`,
      '&userGroupId=3',
    ])
      expect(linePrices((await totals(api, cartId, guest, extra)).items)).toEqual(base);
    const placed = await place(
      api,
      order(cartId, { user_id: vip.id, groupToken: vip.groupToken, groupId: 3 }),
      guest,
    );
    expect(linePrices(placed.items)).toEqual(base);
    const offline = await place(
      api,
      order(`offline-${randomBytes(8).toString('hex')}`, { user_id: vip.id }),
      guest,
    );
    expect(linePrices(offline.items)).toEqual(base);
  });

  it('a forged access token is refused, not priced', async () => {
    const forged = `${vip.accessToken.slice(0, -4)}AAAA`;
    const created = await api.call({
      method: 'POST',
      url: '/vsbridge/cart/create?storeCode=en',
      headers: bearer(forged),
    });
    expect(created.status).toBe(401);
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      headers: bearer(forged),
      payload: order(`offline-${randomBytes(8).toString('hex')}`),
    });
    expect(r.status).toBe(401);
  });

  it("a customer's cart read, update and order read the customer's group once each (tier and tax class together)", async () => {
    const { cartId } = await fillCart(api, bearer(vip.accessToken));
    const database = api.database;
    const { query } = database;
    let reads = 0;
    database.query = ((sql: string, params?: readonly unknown[]) => {
      if (/FROM customers WHERE id = \$1/.test(sql)) reads++;
      return query.call(database, sql, params);
    }) as typeof database.query;
    const readsOf = async (run: () => Promise<unknown>) => {
      reads = 0;
      await run();
      return reads;
    };
    try {
      const headers = bearer(vip.accessToken);
      // a read priced anew, then one answered held (its terms still read for the owner)
      expect(await readsOf(() => totals(api, cartId, headers))).toBe(1);
      expect(await readsOf(() => totals(api, cartId, headers))).toBe(1);
      expect(await readsOf(() => api.call({ url: cartUrl('pull', cartId, '&withTotals=1'), headers }))).toBe(
        1,
      );
      expect(
        await readsOf(() =>
          api.call({
            method: 'POST',
            url: cartUrl('update', cartId),
            headers,
            payload: { cartItem: { sku: SKUS[0], qty: 2 } },
          }),
        ),
      ).toBe(1);
      expect(await readsOf(() => place(api, order(cartId), headers))).toBe(1);
    } finally {
      database.query = query;
    }
  });

  it('a customer of the general group pays the base price', async () => {
    const general = await customer(api, 'general-cart');
    const { cartId, answered } = await fillCart(api, bearer(general.accessToken));
    expect(answered).toEqual(base);
    expect(linePrices((await totals(api, cartId, bearer(general.accessToken))).items)).toEqual(base);
  });
});

describe('group price tiers off (the default): the cart and orders are unchanged', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0', DEMO_SPECIAL_OFFERS: 'false' });
    await api.database.query('UPDATE customer_groups SET discount_percent = $1 WHERE id = 3', [TIER]);
  });
  afterAll(async () => api?.close());

  it('a customer of group 3 pays the base price', async () => {
    const base = pick(await shownPrices(api, {}));
    const c = await customer(api, 'vip-off');
    await api.database.query('UPDATE customers SET group_id = 3 WHERE id = $1', [c.id]);
    const { cartId, answered } = await fillCart(api, bearer(c.accessToken));
    expect(answered).toEqual(base);
    expect(linePrices((await totals(api, cartId, bearer(c.accessToken))).items)).toEqual(base);
    const placed = await place(api, order(cartId), bearer(c.accessToken));
    expect(linePrices(placed.items)).toEqual(base);
  });
});
