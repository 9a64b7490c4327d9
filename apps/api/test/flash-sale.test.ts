/**
 * A flash sale at small scale (the full scale is a bench: `BENCH_ONLY=flash`, bench/mix.ts): many
 * guests, each with a cart of the one hot product, place their orders at the same moment for fewer
 * units than guests. Exactly as many orders as units are placed, stock ends at zero, and every other
 * guest is answered the spec's "Some of the ordered products are not available!" naming the product.
 * On PostgreSQL (TEST_DATABASE_URL) the orders really run side by side; on PGlite one after another.
 *
 * And the hot product's row lock is the hot product's alone: while another transaction holds it, an
 * order of the hot product waits, and an order of other products is placed meanwhile (PostgreSQL only:
 * PGlite runs one transaction at a time, so nothing runs beside a held lock there).
 *
 * And a sale's losers are cheap: an order of a product already gone is refused before the rest of it
 * is checked and priced, so it is answered the stock message whatever else is wrong with it (record
 * 0064), having read only its key, its cart, the stock and the product's name.
 *
 * And the orders past the units are never priced: an order counts the units of the orders of its
 * products already under way in the process and waits, unpriced, while they hold what is left; once
 * they are placed it is refused, and when one of them fails its units go to the next (record 0068).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartService } from '../src/cart/service.ts';
import { guestCart, orderBody, queriesOf, startApi, waitForLockWaiters, type TestApi } from './helpers.ts';
import { bearer, customer, uniqueAddress, uniqueEmail } from './user-helpers.ts';
import { orderCreateSchema } from '@vitrina/domain';

let api: TestApi;
beforeAll(async () => {
  // no mail processor on its timer: the statements of one order are counted below
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0' });
});
afterAll(async () => api?.close());

const HOT = 'LAP-1001';
const GUESTS = 40;
const UNITS = 5;

/** a guest's order of their cart, from an address and an e-mail of their own */
const place = (cartId: string, sku: string, key: string, payment?: string) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=en',
    remoteAddress: uniqueAddress(),
    payload: orderBody({ cartId, key, products: [{ sku, qty: 1 }], email: uniqueEmail('flash'), payment }),
  });

const stockOf = async (sku: string) =>
  Number((await api.database.query<{ qty: number }>('SELECT qty FROM stock WHERE sku = $1', [sku]))[0]?.qty);

const STOCK_MESSAGE = 'Some of the ordered products are not available!';

describe('a flash sale: more guests than units, all at once', () => {
  it(`${GUESTS} guests for ${UNITS} units: exactly ${UNITS} orders, the others told the product is not available`, async () => {
    await api.database.query('UPDATE stock SET qty = $2, is_in_stock = true WHERE sku = $1', [HOT, UNITS]);
    const carts = await Promise.all(Array.from({ length: GUESTS }, () => guestCart(api, [HOT])));

    const answers = await Promise.all(carts.map((cart, i) => place(cart, HOT, `flash-sale-${i}`)));

    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(UNITS);
    for (const l of lost) {
      expect(l.status, JSON.stringify(l.body)).toBe(400);
      expect(l.body.result).toBe('Some of the ordered products are not available!');
      expect(l.body.errors).toEqual([
        { field: 'products', message: 'Lenovo ThinkPad T14 laptop (LAP-1001) is not available' },
      ]);
    }
    expect(await stockOf(HOT)).toBe(0);
    const sold = await api.database.query<{ orders: number; units: number }>(
      'SELECT count(DISTINCT order_id)::int AS orders, coalesce(sum(qty), 0)::int AS units FROM order_items WHERE sku = $1',
      [HOT],
    );
    expect(sold[0]).toEqual({ orders: UNITS, units: UNITS });
    // every winner's number is its own
    expect(new Set(won.map((w) => w.body.result.orderNumber)).size).toBe(UNITS);
  });

  it("the winners refresh the product's listings once after the last of them, not once each between their writes", async (ctx) => {
    // PGlite in this process answers an order's statements without a turn of the event loop: the
    // orders run one after another there, none under way beside another (the thread variant and
    // PostgreSQL run them side by side, as the shop does)
    if (api.database.pglite) ctx.skip();
    await api.database.query('UPDATE stock SET qty = $2, is_in_stock = true WHERE sku = $1', [HOT, UNITS]);
    const carts = await Promise.all(Array.from({ length: GUESTS }, () => guestCart(api, [HOT])));

    const { answer: answers, statements } = await queriesOf(api, () =>
      Promise.all(carts.map((cart, i) => place(cart, HOT, `flash-refresh-${i}`))),
    );

    expect(answers.filter((a) => a.status === 200)).toHaveLength(UNITS);
    // the listings' stock refresh (refreshStockRows): one run for the sale's winners (two when a
    // winner's commit comes while the first run is under way), where each winner ran its own
    const refreshes = statements.filter((s) => s.includes('update product_index pi set'));
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.length).toBeLessThanOrEqual(2);
    // and each winner was answered after the listings showed the product sold out
    const listed = await api.database.query<{ total_qty: number; is_in_stock: boolean }>(
      'SELECT total_qty, is_in_stock FROM product_index WHERE sku = $1',
      [HOT],
    );
    for (const row of listed) expect(row).toEqual({ total_qty: 0, is_in_stock: false });
  });

  it("an order of other products is placed while the hot product's row is locked", async (ctx) => {
    if (api.database.kind === 'pglite') ctx.skip();
    await api.database.query('UPDATE stock SET qty = 10, is_in_stock = true WHERE sku = $1', [HOT]);
    const hotCart = await guestCart(api, [HOT]);
    const otherCart = await guestCart(api, ['ACC-3001']);

    let hot: Awaited<ReturnType<typeof place>> | undefined;
    await api.database.transaction(async (tx) => {
      await tx.query('SELECT qty FROM stock WHERE sku = $1 FOR UPDATE', [HOT]);
      const waiting = place(hotCart, HOT, 'flash-hot-locked').then((r) => (hot = r));
      await waitForLockWaiters(api, 1);
      const other = await place(otherCart, 'ACC-3001', 'flash-other');
      expect(other.status, JSON.stringify(other.body)).toBe(200);
      // the hot order still waits for the lock this transaction holds
      expect(hot).toBeUndefined();
      void waiting;
    });
    for (let i = 0; i < 400 && !hot; i++) await new Promise((r) => setTimeout(r, 25));
    expect(hot?.status, JSON.stringify(hot?.body)).toBe(200);
  });
});

describe("a sale's orders wait for the hot product in the shop, not on the database's connections", () => {
  it('while its row is locked, more orders of it than the pool has connections leave the pool to the other requests', async (ctx) => {
    if (api.database.kind === 'pglite') ctx.skip();
    const UNITS_LEFT = 5;
    await api.database.query('UPDATE stock SET qty = $2, is_in_stock = true WHERE sku = $1', [
      HOT,
      UNITS_LEFT,
    ]);
    // more orders than the pool's 10 connections (DATABASE_POOL_MAX's default)
    const carts = await Promise.all(Array.from({ length: 12 }, () => guestCart(api, [HOT])));
    const other = await guestCart(api, ['ACC-3001']);

    let orders: Promise<Awaited<ReturnType<typeof place>>[]> | undefined;
    await api.database.transaction(async (tx) => {
      await tx.query('SELECT qty FROM stock WHERE sku = $1 FOR UPDATE', [HOT]);
      orders = Promise.all(carts.map((cart, i) => place(cart, HOT, `flash-pool-${i}`)));
      await waitForLockWaiters(api, 1);
      // an unrelated cart still gets a connection (waiting for one past its timeout answers 503)
      const pull = await api.call(`/vsbridge/cart/pull?cartId=${other}`);
      expect(pull.status, JSON.stringify(pull.body)).toBe(200);
    });
    const answers = await orders!;
    expect(answers.filter((a) => a.status === 200)).toHaveLength(UNITS_LEFT);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body.result, JSON.stringify(a.body)).toBe('Some of the ordered products are not available!');
    expect(await stockOf(HOT)).toBe(0);
  });
});

describe("a sale's losers are told first, before their order is checked and priced", () => {
  it('an order of a sold-out product with an unknown delivery and payment method: the stock message, nothing priced', async () => {
    await api.database.query('UPDATE stock SET qty = 3, is_in_stock = true WHERE sku = $1', [HOT]);
    const cart = await guestCart(api, [HOT]);
    await api.database.query('UPDATE stock SET qty = 0, is_in_stock = false WHERE sku = $1', [HOT]);
    const body = orderBody({
      cartId: cart,
      key: 'flash-two-faults',
      products: [{ sku: HOT, qty: 1 }],
      email: uniqueEmail('flash'),
    });
    body.addressInformation.shipping_method_code = 'no-such-method';
    body.addressInformation.payment_method_code = 'no-such-payment';

    const { answer, statements } = await queriesOf(api, () =>
      api.call({
        method: 'POST',
        url: '/vsbridge/order/create?storeCode=en',
        remoteAddress: uniqueAddress(),
        payload: body,
      }),
    );

    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.result).toBe('Some of the ordered products are not available!');
    expect(answer.body.errors).toEqual([
      { field: 'products', message: 'Lenovo ThinkPad T14 laptop (LAP-1001) is not available' },
    ]);
    // what a loser costs: its key, its cart, the stock and the product's name; never the methods,
    // the settings, the tax or a transaction
    const outside = statements.filter(
      (s) => !/\b(orders|carts|cart_items|stock|product_index|meta)\b/.test(s) || /^\s*BEGIN/i.test(s),
    );
    expect(outside).toEqual([]);
  });

  it('an order of a sold-out product whose address and e-mail the schema refuses: the stock message, the body checked whole only once let in', async () => {
    await api.database.query('UPDATE stock SET qty = 3, is_in_stock = true WHERE sku = $1', [HOT]);
    const cart = await guestCart(api, [HOT]);
    await api.database.query('UPDATE stock SET qty = 0, is_in_stock = false WHERE sku = $1', [HOT]);
    const body = orderBody({
      cartId: cart,
      key: 'flash-bad-address',
      products: [{ sku: HOT, qty: 1 }],
      email: uniqueEmail('flash'),
    });
    const bad = {
      ...body,
      addressInformation: {
        ...body.addressInformation,
        shippingAddress: { ...body.addressInformation.shippingAddress, countryId: 'Lietuva' },
      },
      personalDetails: { ...body.personalDetails, emailAddress: 'jonas' },
    };
    const whole = vi.spyOn(orderCreateSchema, 'safeParse');
    try {
      const answer = await api.call({
        method: 'POST',
        url: '/vsbridge/order/create?storeCode=en',
        remoteAddress: uniqueAddress(),
        payload: bad,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.result).toBe(STOCK_MESSAGE);
      // a sale's loser pays for the cart, products and key only, never the addresses' rules
      expect(whole).not.toHaveBeenCalled();

      // with units left, the same body is refused naming the fields, as before
      await api.database.query('UPDATE stock SET qty = 3, is_in_stock = true WHERE sku = $1', [HOT]);
      const letIn = await api.call({
        method: 'POST',
        url: '/vsbridge/order/create?storeCode=en',
        remoteAddress: uniqueAddress(),
        payload: bad,
      });
      expect(letIn.status, JSON.stringify(letIn.body)).toBe(400);
      expect((letIn.body.errors as { field: string }[]).map((e) => e.field).sort()).toEqual([
        'addressInformation.shippingAddress.countryId',
        'personalDetails.emailAddress',
      ]);
      expect(await stockOf(HOT)).toBe(3);
    } finally {
      whole.mockRestore();
    }
  });

  it("another customer's sold-out cart is still refused as not theirs, never naming what it holds", async () => {
    await api.database.query('UPDATE stock SET qty = 3, is_in_stock = true WHERE sku = $1', [HOT]);
    const owner = await customer(api, 'flash-owner');
    const cart = (
      await api.call({
        method: 'POST',
        url: '/vsbridge/cart/create?storeCode=en',
        headers: bearer(owner.accessToken),
      })
    ).body.result as string;
    const line = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}`,
      headers: bearer(owner.accessToken),
      payload: { cartItem: { sku: HOT, qty: 1 } },
    });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    await api.database.query('UPDATE stock SET qty = 0, is_in_stock = false WHERE sku = $1', [HOT]);

    const stranger = await place(cart, HOT, 'flash-foreign-sold-out');

    expect(stranger.status, JSON.stringify(stranger.body)).toBe(401);
    expect(JSON.stringify(stranger.body)).not.toContain(HOT);
  });
});

describe('the orders past the units wait unpriced, counting the units of the orders under way', () => {
  it(`${GUESTS} guests for ${UNITS} units: only ${UNITS} orders are checked and priced, the others refused unpriced`, async () => {
    await api.database.query('UPDATE stock SET qty = $2, is_in_stock = true WHERE sku = $1', [HOT, UNITS]);
    const carts = await Promise.all(Array.from({ length: GUESTS }, () => guestCart(api, [HOT])));
    // every order checked against the server's view reads its owner's pricing first (place/validate.ts)
    const checked = vi.spyOn(CartService.prototype, 'ownerPricing');
    try {
      const answers = await Promise.all(carts.map((cart, i) => place(cart, HOT, `flash-unpriced-${i}`)));

      expect(answers.filter((a) => a.status === 200)).toHaveLength(UNITS);
      for (const a of answers.filter((x) => x.status !== 200))
        expect(a.body.result, JSON.stringify(a.body)).toBe(STOCK_MESSAGE);
      expect(checked).toHaveBeenCalledTimes(UNITS);
    } finally {
      checked.mockRestore();
    }
    expect(await stockOf(HOT)).toBe(0);
  });

  it('an order under way that fails gives its units back: the units still go to the guests who can buy', async () => {
    await api.database.query('UPDATE stock SET qty = $2, is_in_stock = true WHERE sku = $1', [HOT, UNITS]);
    // the first guests to arrive pay with a method the shop does not have: their orders fail once checked
    const failing = 2 * UNITS;
    const carts = await Promise.all(Array.from({ length: GUESTS }, () => guestCart(api, [HOT])));

    const answers = await Promise.all(
      carts.map((cart, i) =>
        place(cart, HOT, `flash-fails-${i}`, i < failing ? 'no-such-payment' : undefined),
      ),
    );

    for (const [i, a] of answers.entries()) {
      if (i < failing) expect([400], JSON.stringify(a.body)).toContain(a.status);
      else expect([200, 400], JSON.stringify(a.body)).toContain(a.status);
      if (a.status === 400 && a.body.result !== STOCK_MESSAGE)
        expect(a.body.errors?.[0]?.field, JSON.stringify(a.body)).toBe(
          'addressInformation.payment_method_code',
        );
    }
    expect(answers.slice(failing).filter((a) => a.status === 200)).toHaveLength(UNITS);
    expect(await stockOf(HOT)).toBe(0);
  });
});
