import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, orderBody, searchUrl, startApi, type TestApi } from './helpers.ts';
import { bearer, customer } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const PRICE = { dell: 3630, samsung: 6050, licence: 2420 };

async function cartWith(lines: { sku: string; qty: number }[]): Promise<string> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  for (const cartItem of lines) {
    const r = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}`,
      payload: { cartItem },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  return cart;
}

// the client's `price: 1` is ignored: the server prices the cart's lines
const order = (cartId: string, key: string, over: Record<string, unknown> = {}) => ({
  ...orderBody({ cartId, key, products: [{ sku: 'PHN-2001', qty: 1, price: 1 }] }),
  ...over,
});

const create = (payload: Record<string, unknown>) =>
  api.call({ method: 'POST', url: '/vsbridge/order/create?storeCode=en', payload });
const stockOf = async (sku: string) =>
  (await api.call(`/vsbridge/stock/check?sku=${sku}`)).body.result.qty as number;
const count = async (table: string) =>
  Number((await api.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n);

describe('POST /vsbridge/order/create', () => {
  it('prices the order from the server cart, decrements stock, writes the outbox, converts the cart', async () => {
    const cart = await cartWith([
      { sku: 'LAP-1002', qty: 1 },
      { sku: 'PHN-2001', qty: 2 },
    ]);
    expect(
      (await api.call({ method: 'POST', url: `/vsbridge/cart/apply-coupon?cartId=${cart}&coupon=SAVE10` }))
        .status,
    ).toBe(200);
    const before = {
      dell: await stockOf('LAP-1002'),
      samsung: await stockOf('PHN-2001'),
      orders: await count('orders'),
    };

    const { status, body } = await create(order(cart, 'order-key-0001'));
    expect(status, JSON.stringify(body)).toBe(200);
    const subtotal = PRICE.dell + 2 * PRICE.samsung; // 15730 ≥ 99 €: free courier
    const discount = Math.round(subtotal * 0.1);
    expect(body.result).toMatchObject({
      orderNumber: expect.stringMatching(/^1\d{8}$/),
      orderToken: expect.stringMatching(/^[A-Za-z0-9_-]{32,}$/),
      status: 'new',
      subtotal_incl_tax: subtotal,
      shipping_incl_tax: 0,
      payment_fee: 300,
      discount_amount: discount,
      coupon_code: 'SAVE10',
      grand_total: subtotal + 300 - discount,
    });
    expect(body.result.items.map((i: { sku: string; qty: number }) => [i.sku, i.qty])).toEqual([
      ['LAP-1002', 1],
      ['PHN-2001', 2],
    ]);

    expect(await stockOf('LAP-1002')).toBe(before.dell - 1);
    expect(await stockOf('PHN-2001')).toBe(before.samsung - 2);
    expect(await count('orders')).toBe(before.orders + 1);
    const outbox = await api.database.query<{ kind: string; payload: { incrementId: string } }>(
      'SELECT kind, payload FROM outbox',
    );
    expect(outbox).toContainEqual({
      kind: 'order.confirmation-email',
      payload: expect.objectContaining({ incrementId: body.result.orderNumber }),
    });
    // the cart is converted: the client clears it on the 400
    expect((await api.call(`/vsbridge/cart/pull?cartId=${cart}`)).status).toBe(400);
    // the listing shows the new stock
    const listed = await api.call(
      searchUrl('product', { filters: { sku: 'PHN-2001' } }, { _source_include: 'sku,stock' }),
    );
    expect(listed.body.hits.hits[0]._source.stock.qty).toBe(before.samsung - 2);

    // a repeat of the same idempotency key answers the first order and creates nothing
    const repeat = await create(order(cart, 'order-key-0001'));
    expect(repeat.status).toBe(200);
    expect(repeat.body.result).toMatchObject({
      orderNumber: body.result.orderNumber,
      orderToken: body.result.orderToken,
      grand_total: body.result.grand_total,
    });
    expect(await count('orders')).toBe(before.orders + 1);
    expect(await stockOf('PHN-2001')).toBe(before.samsung - 2);

    // the order is pulled with its token only
    const pulled = await api.call(
      `/vsbridge/order/pull?number=${body.result.orderNumber}&orderToken=${body.result.orderToken}`,
    );
    expect(pulled.status).toBe(200);
    expect(pulled.body.result).toMatchObject({
      orderNumber: body.result.orderNumber,
      grand_total: body.result.grand_total,
      email: 'jonas@example.com',
    });
    const wrong = await api.call(
      `/vsbridge/order/pull?number=${body.result.orderNumber}&orderToken=${'x'.repeat(32)}`,
    );
    expect(wrong.status).toBe(404);
  });

  it('creates exactly one order for concurrent repeats of one key', async () => {
    const cart = await cartWith([{ sku: 'ACC-3002', qty: 1 }]);
    const before = await count('orders');
    const answers = await Promise.all([1, 2, 3].map(() => create(order(cart, 'order-key-concurrent'))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.result.orderNumber)).size).toBe(1);
    expect(await count('orders')).toBe(before + 1);
  });

  it('refuses the whole order when stock is short, writing nothing', async () => {
    const cart = await cartWith([
      { sku: 'LAP-1001', qty: 2 },
      { sku: 'PHN-2001', qty: 1 },
    ]);
    // another buyer takes the last Samsung phones meanwhile
    await api.database.query("UPDATE stock SET qty = 0, is_in_stock = false WHERE sku = 'PHN-2001'");
    const before = {
      lenovo: await stockOf('LAP-1001'),
      orders: await count('orders'),
      outbox: await count('outbox'),
    };
    const { status, body } = await create(order(cart, 'order-key-short'));
    expect(status).toBe(400);
    expect(body.result).toBe('Some of the ordered products are not available!');
    expect(await stockOf('LAP-1001')).toBe(before.lenovo); // its decrement was rolled back
    expect(await count('orders')).toBe(before.orders);
    expect(await count('outbox')).toBe(before.outbox);
    expect((await api.call(`/vsbridge/cart/pull?cartId=${cart}`)).status).toBe(200); // still active
    await api.database.query("UPDATE stock SET qty = 10, is_in_stock = true WHERE sku = 'PHN-2001'");
  });

  it('prices from the products when the server has no such cart (an order queued offline)', async () => {
    const { status, body } = await create(
      order('client-only-cart-id', 'order-key-offline', {
        products: [{ sku: 'LAP-1002', qty: 1, price: 0.01 }],
      }),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      subtotal_incl_tax: PRICE.dell,
      shipping_incl_tax: 399,
      payment_fee: 300,
      grand_total: PRICE.dell + 399 + 300,
    });
  });

  it('refuses unknown products, unavailable methods and cash on delivery for virtual orders', async () => {
    const unknown = await create(
      order('no-cart-1', 'order-key-unknown', { products: [{ sku: 'NO-SUCH', qty: 1 }] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.result).toBe('Some of the ordered products are not available!');
    const virtual = await create(
      order('no-cart-2', 'order-key-virtual', { products: [{ sku: 'SW-5001', qty: 1 }] }),
    );
    expect(virtual.status).toBe(400);
    expect(virtual.body.errors[0].field).toBe('addressInformation.payment_method_code');
    const okVirtual = await create(
      order('no-cart-3', 'order-key-virtual-ok', {
        products: [{ sku: 'SW-5001', qty: 1 }],
        addressInformation: { ...order('', '').addressInformation, payment_method_code: 'banktransfer' },
      }),
    );
    expect(okVirtual.status, JSON.stringify(okVirtual.body)).toBe(200);
    expect(okVirtual.body.result).toMatchObject({
      grand_total: PRICE.licence,
      shipping_incl_tax: 0,
      payment_fee: 0,
    });
    const omnivaEE = await create(
      order('no-cart-4', 'order-key-omniva-ee', {
        addressInformation: {
          ...order('', '').addressInformation,
          shippingAddress: address({ countryId: 'EE', postcode: '10115' }),
          shipping_method_code: 'omniva',
          shipping_carrier_code: 'omniva',
        },
      }),
    );
    expect(omnivaEE.status).toBe(400);
    expect(omnivaEE.body.errors[0].field).toBe('addressInformation.shipping_method_code');
  });

  it('validates the order with the domain schema, naming fields', async () => {
    const missing = await create({ ...order('c', 'k'), idempotency_key: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toContain('idempotency_key');
    const zip = await create(
      order('c', 'order-key-zip', {
        addressInformation: {
          ...order('', '').addressInformation,
          shippingAddress: address({ postcode: '12' }),
        },
      }),
    );
    expect(zip.status).toBe(400);
    expect(zip.body.errors.map((e: { field: string }) => e.field)).toContain(
      'addressInformation.shippingAddress.postcode',
    );
  });
});

// The order API under misuse: idempotency, oversell with concurrent orders, tampered prices, foreign carts
describe('POST /vsbridge/order/create: retried, raced, tampered with', () => {
  const orderOf = async (number: string) =>
    (
      await api.database.query<{ customer_id: number | null; grand_total: number }>(
        'SELECT customer_id, grand_total FROM orders WHERE increment_id = $1',
        [number],
      )
    )[0];

  it('answers a repeat of a key with the first order, and refuses the key with another body (409)', async () => {
    const cart = await cartWith([{ sku: 'ACC-3002', qty: 1 }]);
    const first = await create(order(cart, 'order-key-idem-1'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await count('orders');
    // the same body with its keys in another order and a client price (ignored): the same request
    const { idempotency_key: _k, ...rest } = order(cart, 'order-key-idem-1');
    const same = await create({
      idempotency_key: 'order-key-idem-1',
      ...rest,
      products: [{ price: 99, qty: 1, sku: 'PHN-2001' }],
    });
    expect(same.status).toBe(200);
    expect(same.body.result.orderNumber).toBe(first.body.result.orderNumber);
    const other = await create(
      order(cart, 'order-key-idem-1', {
        addressInformation: {
          ...order('', '').addressInformation,
          shippingAddress: address({ city: 'Kaunas' }),
        },
      }),
    );
    expect(other.status).toBe(409);
    expect(other.body.errors.map((e: { field: string }) => e.field)).toEqual(['idempotency_key']);
    expect(await count('orders')).toBe(before);
  });

  it('sells the last units once: concurrent orders beyond the stock are refused, naming the product', async () => {
    await api.database.query("UPDATE stock SET qty = 3, is_in_stock = true WHERE sku = 'LAP-1001'");
    const carts = await Promise.all([1, 2, 3, 4, 5, 6].map(() => cartWith([{ sku: 'LAP-1001', qty: 1 }])));
    const before = await count('orders');
    const answers = await Promise.all(carts.map((c, i) => create(order(c, `order-key-race-${i}`))));
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(3);
    for (const l of lost) {
      expect(l.status).toBe(400);
      expect(l.body.result).toBe('Some of the ordered products are not available!');
      expect(l.body.errors).toEqual([
        { field: 'products', message: 'Lenovo ThinkPad T14 laptop (LAP-1001) is not available' },
      ]);
    }
    expect(await stockOf('LAP-1001')).toBe(0);
    expect(await count('orders')).toBe(before + 3);
    await api.database.query("UPDATE stock SET qty = 10, is_in_stock = true WHERE sku = 'LAP-1001'");
  });

  it('names the product in the shopper language, and refuses two keys racing for one cart', async () => {
    const cart = await cartWith([{ sku: 'ACC-3001', qty: 1 }]);
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((k) => create(order(cart, `order-key-one-cart-${k}`))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.errors[0].field).toBe('cart_id');
    const lt = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=lt',
      payload: order('no-cart-lt', 'order-key-lt-short', { products: [{ sku: 'AUD-4001', qty: 1 }] }),
    });
    expect(lt.status).toBe(400);
    expect(lt.body.result).toBe('Kai kurių užsakytų prekių nėra!');
    expect(lt.body.errors[0].message).toMatch(/\(AUD-4001\) nėra$/);
  });

  it('ignores prices, totals and products sent by the client: the server cart decides', async () => {
    await api.database.query("UPDATE stock SET qty = 10, is_in_stock = true WHERE sku = 'LAP-1002'");
    const cart = await cartWith([{ sku: 'LAP-1002', qty: 2 }]);
    const tampered = {
      ...order(cart, 'order-key-tampered'),
      products: [{ sku: 'ACC-3002', qty: 1, price: 0.01, price_incl_tax: 0.01 }],
      totals: { grand_total: 1, subtotal: 1 },
      grand_total: 1,
    };
    const { status, body } = await create(tampered);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(
      body.result.items.map((i: { sku: string; qty: number; price_incl_tax: number }) => [
        i.sku,
        i.qty,
        i.price_incl_tax,
      ]),
    ).toEqual([['LAP-1002', 2, PRICE.dell]]);
    expect(body.result.subtotal_incl_tax).toBe(2 * PRICE.dell);
    expect((await orderOf(body.result.orderNumber))?.grand_total).toBe(body.result.grand_total);
    expect(body.result.grand_total).toBeGreaterThan(2 * PRICE.dell);
  });

  it("refuses another customer's cart, and ties an order to the token, never to a user_id in the body", async () => {
    const a = await customer(api, 'order-a');
    const b = await customer(api, 'order-b');
    const cartA = (
      await api.call({
        method: 'POST',
        url: '/vsbridge/cart/create?storeCode=en',
        headers: bearer(a.accessToken),
      })
    ).body.result as string;
    expect(
      (
        await api.call({
          method: 'POST',
          url: `/vsbridge/cart/update?cartId=${cartA}`,
          headers: bearer(a.accessToken),
          payload: { cartItem: { sku: 'ACC-3002', qty: 1 } },
        })
      ).status,
    ).toBe(200);
    const before = await count('orders');
    // a guest and customer B cannot order customer A's cart
    const guest = await create(order(cartA, 'order-key-foreign-guest', { user_id: a.id }));
    expect(guest.status).toBe(401);
    const other = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      headers: bearer(b.accessToken),
      payload: order(cartA, 'order-key-foreign-b', { user_id: a.id }),
    });
    expect(other.status).toBe(401);
    expect(await count('orders')).toBe(before);

    // B's order naming A in user_id belongs to B; a guest's naming A belongs to nobody
    const own = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      headers: bearer(b.accessToken),
      payload: order('b-offline-cart', 'order-key-own-b', { user_id: a.id }),
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await orderOf(own.body.result.orderNumber))?.customer_id).toBe(b.id);
    const anon = await create(order('guest-offline-cart', 'order-key-guest-user-id', { user_id: a.id }));
    expect(anon.status).toBe(200);
    expect((await orderOf(anon.body.result.orderNumber))?.customer_id).toBeNull();
    // A's own order of the cart, with A's token
    const mine = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      headers: bearer(a.accessToken),
      payload: order(cartA, 'order-key-own-a'),
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect((await orderOf(mine.body.result.orderNumber))?.customer_id).toBe(a.id);
  });
});

describe('POST /vsbridge/order/create with an Idempotency-Key header', () => {
  it('takes the header as the key; a body key that differs is refused', async () => {
    const cart = await cartWith([{ sku: 'ACC-3001', qty: 1 }]);
    const { idempotency_key: _k, ...body } = order(cart, 'unused');
    const send = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      api.call({ method: 'POST', url: '/vsbridge/order/create?storeCode=en', headers, payload });
    const first = await send({ 'idempotency-key': 'header-key-0001' }, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const repeat = await send({ 'idempotency-key': 'header-key-0001' }, body);
    expect(repeat.body.result.orderNumber).toBe(first.body.result.orderNumber);
    const sameInBody = await send({}, { ...body, idempotency_key: 'header-key-0001' });
    expect(sameInBody.body.result.orderNumber).toBe(first.body.result.orderNumber);
    const differ = await send(
      { 'idempotency-key': 'header-key-0002' },
      { ...body, idempotency_key: 'header-key-0001' },
    );
    expect(differ.status).toBe(409);
    expect(differ.body.errors[0].field).toBe('idempotency_key');
    const none = await send({}, body);
    expect(none.status).toBe(400);
    expect(none.body.errors.map((e: { field: string }) => e.field)).toContain('idempotency_key');
  });
});
