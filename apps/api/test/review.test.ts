import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, customer, placeOrder, uniqueAddress } from './user-helpers.ts';
import { runStaffCli } from '../src/staff/cli.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0' });
  // enough stock for an order per test
  await api.database.query("UPDATE stock SET qty = 50, is_in_stock = true WHERE sku IN ('LAP-1002', 'MBA-7000-A')");
});
afterAll(async () => api?.close());

const feedback = (review: Record<string, unknown>, storeCode = 'en') =>
  api.call({ method: 'POST', url: `/vsbridge/review/create?storeCode=${storeCode}`, payload: { review } });
const list = async (productId: number | string) => (await api.call(`/vsbridge/review/list?productId=${productId}`)).body;

/** by default an order of a simple product and a configurable child (MBA-7000-A of MBA-7000); stock: 2 of each */
const DEFAULT_LINES = [
  { sku: 'LAP-1002', qty: 1 },
  { sku: 'MBA-7000', qty: 1, product_option: { extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: 6 }] } } },
];

async function order(token?: string, lines: Record<string, unknown>[] = DEFAULT_LINES) {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create', headers: token ? bearer(token) : {} })).body.result as string;
  const headers = token ? bearer(token) : {};
  for (const cartItem of lines) {
    const r = await api.call({ method: 'POST', url: `/vsbridge/cart/update?cartId=${cart}`, headers, payload: { cartItem } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  const placed = await placeOrder(api, { cartId: cart, token });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body.result as { orderNumber: string; orderToken: string };
}

const text = { title: 'Great shop', detail: 'Fast delivery, as described.', nickname: 'Jonas', rating: 5 };

describe('POST /vsbridge/review/create (order feedback)', () => {
  it('accepts feedback for a real order once; feedback on the order is the order’s, no review of its products', async () => {
    const o = await order();
    expect((await feedback({ ...text, orderToken: 'x'.repeat(32), number: o.orderNumber })).status).toBe(404);
    expect((await feedback({ ...text, orderToken: o.orderToken, number: '999999999' })).status).toBe(404);

    const r = await feedback({ ...text, orderToken: o.orderToken, number: o.orderNumber, review_entity: 'product', customer_id: 5 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // "Fast delivery" is about the order: no product of it is reviewed (before, both were, as bought)
    expect(r.body.result).toEqual([]);
    expect((await list(7000)).result).toMatchObject({ total_count: 0, items: [] });
    expect((await list(1002)).result.total_count).toBe(0);
    const kept = await api.database.query<Record<string, unknown>>(
      'SELECT f.title, f.detail, f.nickname, f.rating FROM order_feedback f JOIN orders o ON o.id = f.order_id WHERE o.increment_id = $1',
      [o.orderNumber],
    );
    expect(kept).toEqual([text]);

    const again = await feedback({ ...text, orderToken: o.orderToken, number: Number(o.orderNumber) });
    expect(again.status).toBe(400);
    expect(again.body.result).toBe('Feedback for this order already filled');
    expect((await feedback({ ...text, orderToken: o.orderToken, number: o.orderNumber }, 'ru')).body.result).toBe('Отзыв об этом заказе уже оставлен');
  });

  it('a review of a product of the order is a verified purchase; a configurable child’s is on the parent’s page', async () => {
    const o = await order();
    const r = await feedback({ ...text, title: 'Good Mac', orderToken: o.orderToken, number: o.orderNumber, product_id: 7000 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toEqual([expect.objectContaining({ product_id: 7000, title: 'Good Mac', verified_purchase: true })]);
    const parent = await list(7000);
    expect(parent.result).toMatchObject({ total_count: 1, items: [{ product_id: 7000, title: 'Good Mac', nickname: 'Jonas', rating: 5, verified_purchase: true }] });
    expect((await list(2001)).result).toMatchObject({ total_count: 0, items: [] });
  });

  it('a review whose order does not hold its product is not marked a verified purchase', async () => {
    const o = await order();
    const [row] = await api.database.query<{ id: number }>('SELECT id FROM orders WHERE increment_id = $1', [o.orderNumber]);
    // a review filed against another product (as the old whole-order feedback did, or an edit by hand)
    await api.database.query(
      "INSERT INTO reviews (product_id, order_id, title, detail, nickname, rating, status) VALUES (2001, $1, 'Not bought', 'x', 'Jonas', 4, 'approved')",
      [row?.id],
    );
    expect((await list(2001)).result.items).toEqual([expect.objectContaining({ title: 'Not bought', verified_purchase: false })]);
  });

  it('staff read the feedback on orders in the back office', async () => {
    const io = { env: {}, cwd: process.cwd(), out: () => {}, err: () => {}, readPassword: async () => 'staff password 123' };
    expect(await runStaffCli(['add', 'reviews@shop.lt', '--role', 'staff'], io, async () => api.database)).toBe(0);
    const login = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/login?storeCode=en',
      payload: { email: 'reviews@shop.lt', password: 'staff password 123' },
      remoteAddress: uniqueAddress(),
    });
    const raw = login.res.headers['set-cookie'];
    const cookie = String(Array.isArray(raw) ? raw[0] : raw).split(';')[0] as string;
    const o = await order();
    await feedback({ ...text, title: 'Courier was late', orderToken: o.orderToken, number: o.orderNumber });
    const seen = await api.call({ url: '/vsbridge/staff/order-feedback', headers: { cookie } });
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.result.items[0]).toMatchObject({ title: 'Courier was late', order_number: o.orderNumber, rating: 5 });
    expect((await api.call({ url: '/vsbridge/staff/order-feedback' })).status).toBe(401);
  });

  it('reviews one product of the order when product_id is given; refuses a product not in the order', async () => {
    const o = await order();
    const other = await feedback({ ...text, orderToken: o.orderToken, number: o.orderNumber, product_id: 2001 });
    expect(other.status).toBe(400);
    expect(other.body.errors[0].field).toBe('review.product_id');
    const one = await feedback({ ...text, title: 'Only the laptop', orderToken: o.orderToken, number: o.orderNumber, product_id: 1002 });
    expect(one.status).toBe(200);
    expect(one.body.result).toHaveLength(1);
    expect((await list(1002)).result.items[0].title).toBe('Only the laptop');
  });

  it('validates the form, naming the fields', async () => {
    const r = await feedback({ orderToken: 'abc', number: '100000001', title: '', nickname: 'J', rating: 9 });
    expect(r.status).toBe(400);
    expect((r.body.errors as { field: string }[]).map((e) => e.field)).toEqual(expect.arrayContaining(['review.title', 'review.detail', 'review.rating']));
    expect((await api.call({ method: 'POST', url: '/vsbridge/review/create', payload: {} })).body.errors[0].field).toBe('review');
    expect((await api.call('/vsbridge/review/list')).body.errors[0].field).toBe('productId');
  });

  it("lists a customer's own reviews; an admin command hides one from the product page", async () => {
    const c = await customer(api, 'reviewer');
    const o = await order(c.accessToken, [{ sku: 'ACC-3002', qty: 1 }]);
    await feedback({ ...text, title: 'Mine', orderToken: o.orderToken, number: o.orderNumber, product_id: 3002 });
    const mine = await api.call({ url: '/vsbridge/user/reviews', headers: bearer(c.accessToken) });
    expect(mine.body.result).toEqual([expect.objectContaining({ title: 'Mine', product_id: 3002, status: 'approved', order_number: o.orderNumber })]);
    const id = mine.body.result[0].id as number;
    expect((await list(3002)).result.total_count).toBe(1);

    expect((await api.call({ method: 'POST', url: '/vsbridge/admin/review/hide', payload: { id } })).status).toBe(401);
    const hide = await api.call({ method: 'POST', url: '/vsbridge/admin/review/hide', headers: await api.staff(), payload: { id } });
    expect(hide.body).toEqual({ code: 200, result: true });
    expect((await list(3002)).result).toMatchObject({ total_count: 0, items: [] });
    expect((await api.call({ url: '/vsbridge/user/reviews', headers: bearer(c.accessToken) })).body.result[0].status).toBe('hidden');
    expect((await api.call({ method: 'POST', url: '/vsbridge/admin/review/hide', headers: await api.staff(), payload: { id: 999999 } })).status).toBe(404);
  });
});

describe('review ids beyond the database integer (the API fuzz found 500s)', () => {
  it('refuses a productId or id above 2147483647 with a 400 naming the field, in the store view language', async () => {
    // before: 8000000000 passed the schema (up to 12 digits) and PostgreSQL refused it: a 500
    for (const productId of ['8000000000', '2147483648']) {
      const { status, body } = await api.call(`/vsbridge/review/list?productId=${productId}&storeCode=en`);
      expect(status, productId).toBe(400);
      expect(body).toEqual({ code: 400, result: 'productId: Must be at most 2147483647.', errors: [{ field: 'productId', message: 'Must be at most 2147483647.' }] });
    }
    const hide = await api.call({ method: 'POST', url: '/vsbridge/admin/review/hide', headers: await api.staff(), payload: { id: 8_000_000_000 } });
    expect(hide.status).toBe(400);
    expect(hide.body.errors).toEqual([{ field: 'id', message: expect.any(String) }]);
    const create = await feedback({ orderToken: 'x', number: '1', title: 't', detail: 'd', nickname: 'n', product_id: '8000000000' });
    expect(create.status).toBe(400);
    expect(create.body.errors).toEqual([{ field: 'review.product_id', message: 'Must be at most 2147483647.' }]);
    expect((await api.call('/vsbridge/review/list?productId=2147483647')).status).toBe(200);
  });
});
