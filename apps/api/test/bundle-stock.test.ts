/**
 * A bundle keeps no stock of its own: an order of a bundle holds the units of the products it
 * chose (link qty × line qty), taken with the order's other lines, refused as a whole when one is
 * short (naming the bundle), given back once when the payment is cancelled or the unpaid order
 * expires, and taken again when the shopper pays again. Before, an order took stock only by each
 * line's own sku, so a bundle's products were never deducted and could be oversold.
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { loadApiConfig } from '../src/index.ts';
import { UnpaidOrderSweeper } from '../src/order/unpaid.ts';
import { compositeCatalog } from './fixtures.ts';
import { address, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress } from './user-helpers.ts';

const ENV = { PAYMENT_SANDBOX: 'true', UNPAID_ORDER_SWEEP_INTERVAL_MS: '0' };

let api: TestApi;
let sweeper: UnpaidOrderSweeper;
beforeAll(async () => {
  api = await startApi(ENV);
  await importCatalog(api.database, compositeCatalog());
  await api.database.query(
    `INSERT INTO payment_methods (code, title, is_server_method, offline, allowed_for_virtual, position)
     VALUES ('NEOPAY', '{"en":"Bank payment (NEOPAY)"}'::jsonb, true, false, true, 10)
     ON CONFLICT (code) DO NOTHING`,
  );
  const quiet = { info: () => undefined, error: () => undefined };
  sweeper = new UnpaidOrderSweeper(api.database, loadApiConfig(ENV), quiet, async () => undefined);
}, 120_000);
afterAll(async () => api?.close());

const PARTS = ['PART-BAG', 'PART-MOUSE', 'PART-RAM-16', 'PART-RAM-8', 'PART-SSD'] as const;
type Stock = Record<(typeof PARTS)[number], number>;

async function stock(): Promise<Stock> {
  const found = await api.database.query<{ sku: string; qty: number }>(
    'SELECT sku, qty FROM stock WHERE sku = ANY($1) ORDER BY sku',
    [[...PARTS]],
  );
  return Object.fromEntries(found.map((r) => [r.sku, Number(r.qty)])) as Stock;
}
async function setStock(qty: Partial<Stock>) {
  for (const sku of PARTS)
    await api.database.query('UPDATE stock SET qty = $2, is_in_stock = $2 > 0 WHERE sku = $1', [
      sku,
      qty[sku] ?? 50,
    ]);
}
const count = async (table: string) =>
  Number((await api.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);

/** RAM 16 GB, the SSD twice (its quantity may be changed), the bag and the mouse (2 per bundle) */
const FULL_SET = {
  sku: 'BUN-8100',
  product_option: {
    extension_attributes: {
      bundle_options: [
        { option_id: 1, option_selections: ['PART-RAM-16'] },
        { option_id: 2, option_qty: 2, option_selections: ['PART-SSD'] },
        { option_id: 3, option_selections: ['PART-BAG', 'PART-MOUSE'] },
      ],
    },
  },
};

function order(products: Record<string, unknown>[], payment = 'cashondelivery') {
  return api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=en',
    remoteAddress: uniqueAddress(),
    payload: {
      cart_id: `offline-${randomBytes(8).toString('hex')}`,
      products,
      addressInformation: {
        shippingAddress: address(),
        shipping_method_code: 'courier',
        shipping_carrier_code: 'courier',
        payment_method_code: payment,
      },
      personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
      idempotency_key: `bundle-stock-${randomBytes(8).toString('hex')}`,
    },
  });
}
async function placed(products: Record<string, unknown>[], payment = 'cashondelivery') {
  const r = await order(products, payment);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { orderNumber: string; orderToken: string };
}

/** the sandbox provider's answer for a started payment: posts its signed notification */
async function payAtSandbox(orderToken: string, outcome: 'paid' | 'cancelled' | 'failed') {
  const start = await api.app.inject(`/vsbridge/neopay/payment/${orderToken}/-`);
  expect(start.statusCode, start.body).toBe(302);
  const page = String((await api.call(String(start.headers.location))).res.body);
  const request = /name="request" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const posted = await api.app.inject({
    method: 'POST',
    url: '/vsbridge/payment/sandbox/neopay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ request, outcome }).toString(),
  });
  expect(posted.statusCode).toBe(303);
}

/** the units 2 full sets and 1 RAM 8 GB take */
const TAKEN = { 'PART-BAG': 2, 'PART-MOUSE': 4, 'PART-RAM-16': 2, 'PART-RAM-8': 1, 'PART-SSD': 4 };
const minus = (s: Stock, taken: Partial<Stock>): Stock =>
  Object.fromEntries(PARTS.map((sku) => [sku, s[sku] - (taken[sku] ?? 0)])) as Stock;

describe('an order of a bundle holds the units of the products it chose', () => {
  it('takes link qty × line qty of each chosen product, with the simple lines', async () => {
    await setStock({});
    const before = await stock();
    await placed([
      { ...FULL_SET, qty: 2 },
      { sku: 'PART-RAM-8', qty: 1 },
    ]);
    expect(await stock()).toEqual(minus(before, TAKEN));
  });

  it('refuses the whole order, naming the bundle, when a chosen product is short; nothing is written', async () => {
    // 2 sets need 4 SSDs
    await setStock({ 'PART-SSD': 3 });
    const before = await stock();
    const orders = await count('orders');
    const r = await order([
      { sku: 'PART-RAM-8', qty: 1 },
      { ...FULL_SET, qty: 2 },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('Some of the ordered products are not available!');
    expect(r.body.errors).toEqual([
      { field: 'products', message: 'Computer set (BUN-8100) is not available' },
    ]);
    expect(await stock()).toEqual(before);
    expect(await count('orders')).toBe(orders);
  });

  it('the same product in a bundle and on its own line counts once for both', async () => {
    // 1 set takes 2 mice, the line 1 more: 3 > 2
    await setStock({ 'PART-MOUSE': 2 });
    const r = await order([
      { ...FULL_SET, qty: 1 },
      { sku: 'PART-MOUSE', qty: 1 },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([
      { field: 'products', message: 'Computer set (BUN-8100) is not available' },
      { field: 'products', message: 'Mouse (PART-MOUSE) is not available' },
    ]);
    expect((await stock())['PART-MOUSE']).toBe(2);
  });

  it("sells the last units once: concurrent orders of bundles beyond a product's stock are refused", async () => {
    // 5 RAM 16 GB: each order of 2 sets takes 2
    await setStock({ 'PART-RAM-16': 5 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => order([{ ...FULL_SET, qty: 2 }])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 400, 400]);
    expect((await stock())['PART-RAM-16']).toBe(1);
  });
});

describe("the units an order line holds are the server's, never the request's", () => {
  it('a "bundle_picks" sent with a line is dropped; a bundle line keeps the links the server checked', async () => {
    await setStock({});
    const forged = { extension_attributes: {}, bundle_picks: [{ option_id: 9, sku: 'PART-SSD', qty: 40 }] };
    const o = await placed(
      [
        { sku: 'PART-RAM-8', qty: 1, product_option: forged },
        { ...FULL_SET, qty: 1, product_option: { ...forged, ...FULL_SET.product_option } },
      ],
      'NEOPAY',
    );
    const items = await api.database.query<{ sku: string; product_option: Record<string, unknown> | null }>(
      'SELECT i.sku, i.product_option FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.increment_id = $1 ORDER BY i.id',
      [o.orderNumber],
    );
    expect(items[0]?.product_option?.bundle_picks).toBeUndefined();
    expect(items[1]?.product_option?.bundle_picks).toEqual([
      { option_id: 1, sku: 'PART-RAM-16', qty: 1 },
      { option_id: 2, sku: 'PART-SSD', qty: 2 },
      { option_id: 3, sku: 'PART-BAG', qty: 1 },
      { option_id: 3, sku: 'PART-MOUSE', qty: 2 },
    ]);
    // the cancelled payment gives back what was taken: 2 SSDs, not 40
    const before = await stock();
    await payAtSandbox(o.orderToken, 'cancelled');
    expect((await stock())['PART-SSD']).toBe(before['PART-SSD'] + 2);
  });
});

describe('a bundle order gives its units back once, and paying again takes them again', () => {
  it('a cancelled payment returns them; paying again takes them; a failed payment returns them', async () => {
    await setStock({});
    const before = await stock();
    const o = await placed(
      [
        { ...FULL_SET, qty: 2 },
        { sku: 'PART-RAM-8', qty: 1 },
      ],
      'NEOPAY',
    );
    expect(await stock()).toEqual(minus(before, TAKEN));
    await payAtSandbox(o.orderToken, 'cancelled');
    expect(await stock()).toEqual(before);
    await payAtSandbox(o.orderToken, 'failed');
    // the failed second payment took them again, then gave them back: once each
    expect(await stock()).toEqual(before);
    await payAtSandbox(o.orderToken, 'paid');
    expect(await stock()).toEqual(minus(before, TAKEN));
  });

  it('paying again is refused when a chosen product sold meanwhile: back to the order page, nothing taken', async () => {
    await setStock({});
    const o = await placed([{ ...FULL_SET, qty: 1 }], 'NEOPAY');
    await payAtSandbox(o.orderToken, 'cancelled');
    // one set needs 2 SSDs
    await setStock({ 'PART-SSD': 1 });
    const before = await stock();
    const again = await api.app.inject(`/vsbridge/neopay/payment/${o.orderToken}/-`);
    expect(again.statusCode).toBe(302);
    expect(String(again.headers.location)).toMatch(/&payment=cancelled&unavailable=1$/);
    expect(await stock()).toEqual(before);
    const [row] = await api.database.query<{ status: string }>(
      'SELECT status FROM orders WHERE increment_id = $1',
      [o.orderNumber],
    );
    expect(row?.status).toBe('cancelled');
  });

  it('the unpaid-order sweep returns them once', async () => {
    await setStock({});
    const before = await stock();
    const o = await placed(
      [
        { ...FULL_SET, qty: 2 },
        { sku: 'PART-RAM-8', qty: 1 },
      ],
      'NEOPAY',
    );
    expect(await stock()).toEqual(minus(before, TAKEN));
    await api.database.query(
      "UPDATE orders SET created_at = now() - interval '1 day' WHERE increment_id = $1",
      [o.orderNumber],
    );
    expect(await sweeper.sweep()).toContain(o.orderNumber);
    expect(await stock()).toEqual(before);
    expect(await sweeper.sweep()).toEqual([]);
    expect(await stock()).toEqual(before);
  });
});

describe('the cart checks a bundle by the stock of the products it chose', () => {
  const newCart = async () =>
    (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body.result as string;
  const add = (cartId: string, qty: number) =>
    api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cartId}&storeCode=en`,
      payload: { cartItem: { ...FULL_SET, qty } },
    });
  const linesOf = async (cartId: string) =>
    (await api.call(`/vsbridge/cart/pull?cartId=${cartId}&storeCode=en`)).body.result as unknown[];

  it('a chosen product out of stock: the bundle is out of stock, not added', async () => {
    await setStock({ 'PART-SSD': 0 });
    const cart = await newCart();
    const r = await add(cart, 1);
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('The product is out of stock and cannot be added to the cart!');
    expect(await linesOf(cart)).toEqual([]);
  });

  it('at most as many bundles as the chosen products allow (5 SSDs, 2 per set: 2 sets)', async () => {
    await setStock({ 'PART-SSD': 5 });
    const cart = await newCart();
    const r = await add(cart, 3);
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('Only 2 products of this type are available!');
    expect(await linesOf(cart)).toEqual([]);
    expect((await add(cart, 2)).status).toBe(200);
    // a third set on top of the line's two: refused, the line keeps 2
    expect((await add(cart, 1)).status).toBe(400);
    expect(await linesOf(cart)).toEqual([expect.objectContaining({ sku: 'BUN-8100', qty: 2 })]);
  });
});
