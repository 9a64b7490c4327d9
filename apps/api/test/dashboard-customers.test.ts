/**
 * The back office's overview and customers through HTTP on PGlite: who may open them (401 without
 * a session, 403 for the catalogue role, 200 for staff and admin), the overview's figures against
 * orders placed through the order API (a cancelled one left out), the orders CSV, the customers'
 * search and profile, and disabling a customer (no login, no refresh, no access token; audited).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';
import { bearer, customer, login, uniqueAddress } from './user-helpers.ts';
import { runStaffCli, type StaffCliIo } from '../src/staff/cli.ts';

const PASSWORD = 'staff password 123';
let api: TestApi;

async function cli(args: string[]) {
  const io: StaffCliIo = {
    env: {},
    cwd: process.cwd(),
    out: () => {},
    err: () => {},
    readPassword: async () => PASSWORD,
  };
  return runStaffCli(args, io, async () => api.database);
}

async function signIn(email: string) {
  const r = await api.call({
    method: 'POST',
    url: '/vsbridge/staff/login?storeCode=en',
    payload: { email, password: PASSWORD },
    remoteAddress: uniqueAddress(),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const raw = r.res.headers['set-cookie'];
  return { cookie: String(Array.isArray(raw) ? raw[0] : raw).split(';')[0] as string };
}

async function place(o: { sku: string; qty: number; payment: string; token?: string; email?: string }) {
  const payload = {
    cart_id: `offline-${randomBytes(8).toString('hex')}`,
    products: [{ sku: o.sku, qty: o.qty }],
    addressInformation: {
      shippingAddress: address(),
      shipping_method_code: 'courier',
      shipping_carrier_code: 'courier',
      payment_method_code: o.payment,
    },
    personalDetails: { firstName: 'Ona', lastName: 'Onaitė', emailAddress: o.email ?? 'ona@example.com' },
    idempotency_key: `key-${randomBytes(8).toString('hex')}`,
  };
  const r = await api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=en',
    headers: o.token ? bearer(o.token) : {},
    payload,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as { orderNumber: string; grand_total: number };
}

let admin: { cookie: string };
let staff: { cookie: string };
let catalog: { cookie: string };

beforeAll(async () => {
  api = await startApi();
  expect(await cli(['add', 'owner@shop.lt', '--role', 'admin'])).toBe(0);
  expect(await cli(['add', 'clerk@shop.lt', '--role', 'staff'])).toBe(0);
  expect(await cli(['add', 'catalog@shop.lt', '--role', 'catalog'])).toBe(0);
  admin = await signIn('owner@shop.lt');
  staff = await signIn('clerk@shop.lt');
  catalog = await signIn('catalog@shop.lt');
});
afterAll(async () => api?.close());

describe('who may open the overview and the customers', () => {
  it.each(['/vsbridge/staff/dashboard', '/vsbridge/staff/customers', '/vsbridge/staff/orders.csv'])(
    '%s: 401 anonymous, 403 catalog, 200 staff and admin',
    async (url) => {
      expect((await api.call({ url })).status).toBe(401);
      expect((await api.call({ url, headers: catalog })).status).toBe(403);
      expect((await api.call({ url, headers: staff })).status).toBe(200);
      expect((await api.call({ url, headers: admin })).status).toBe(200);
    },
  );

  it('a customer profile and its disabling: 401 anonymous, 403 catalog', async () => {
    const c = await customer(api, 'roles');
    for (const [method, url] of [
      ['GET', `/vsbridge/staff/customers/${c.id}`],
      ['POST', `/vsbridge/staff/customers/${c.id}/disable`],
      ['POST', `/vsbridge/staff/customers/${c.id}/enable`],
    ] as const) {
      expect((await api.call({ method, url })).status).toBe(401);
      expect((await api.call({ method, url, headers: catalog })).status).toBe(403);
    }
    expect((await api.call({ url: `/vsbridge/staff/customers/${c.id}`, headers: staff })).status).toBe(200);
    expect((await api.call({ url: `/vsbridge/staff/customers/${c.id}`, headers: admin })).status).toBe(200);
    expect((await api.call({ url: '/vsbridge/staff/customers/99999999', headers: staff })).status).toBe(404);
    expect((await api.call({ url: '/vsbridge/staff/customers/abc', headers: staff })).status).toBe(400);
    expect((await api.call({ url: '/vsbridge/staff/customers?state=gone', headers: staff })).status).toBe(
      400,
    );
  });
});

describe('the overview', () => {
  it('counts the orders placed today, their stored amounts, methods and top products; a cancelled order counts nowhere', async () => {
    const before = (await api.call({ url: '/vsbridge/staff/dashboard?storeCode=en', headers: staff })).body
      .result;
    const placed = [
      await place({ sku: 'PHN-2001', qty: 2, payment: 'banktransfer' }),
      await place({ sku: 'ACC-3001', qty: 1, payment: 'cashondelivery' }),
      await place({ sku: 'PHN-2001', qty: 1, payment: 'cashondelivery' }),
    ];
    const cancelled = await place({ sku: 'LAP-1001', qty: 1, payment: 'banktransfer' });
    // the stored amounts of each order, as the staff's order page reads them
    const stored = async (number: string) => {
      const list = await api.call({ url: `/vsbridge/staff/orders?q=${number}`, headers: staff });
      const id = list.body.result.items[0].id as number;
      return (await api.call({ url: `/vsbridge/staff/orders/${id}`, headers: staff })).body.result as {
        id: number;
        grand_total: number;
        tax_amount: number;
        payment_method: string;
      };
    };
    const orders = await Promise.all(placed.map((p) => stored(p.orderNumber)));
    orders.forEach((o, i) => expect(o.grand_total).toBe(placed[i]?.grand_total));
    const gone = await stored(cancelled.orderNumber);
    const cancel = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/orders/${gone.id}/transition?storeCode=en`,
      headers: staff,
      payload: { action: 'cancel', reason: 'customer asked' },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    // a catalogue price change afterwards changes nothing: the figures are the orders' own
    await api.database.query("UPDATE products SET price_cents = price_cents * 3 WHERE sku = 'PHN-2001'");

    const r = await api.call({ url: '/vsbridge/staff/dashboard?storeCode=en', headers: admin });
    expect(r.status).toBe(200);
    const d = r.body.result;
    expect(d.periods.map((p: { period: string }) => p.period)).toEqual(['today', '7d', '30d']);
    const today = d.periods[0];
    const was = before.periods[0];
    const gross = orders.reduce((s, o) => s + o.grand_total, 0);
    const vat = orders.reduce((s, o) => s + o.tax_amount, 0);
    expect(today.orders - was.orders).toBe(3);
    expect(today.revenue.gross - was.revenue.gross).toBe(gross);
    expect(today.revenue.vat - was.revenue.vat).toBe(vat);
    expect(today.revenue.net).toBe(today.revenue.gross - today.revenue.vat);
    expect(today.average_order).toBe(Math.round(today.revenue.gross / today.orders));
    for (const p of d.periods.slice(1)) expect(p.orders).toBeGreaterThanOrEqual(today.orders);
    // by payment method: the sums add up to the period's
    const byPayment = Object.fromEntries(
      today.by_payment.map((m: { code: string; orders: number; gross: number }) => [m.code, m]),
    );
    const cod = orders.filter((o) => o.payment_method === 'cashondelivery');
    expect(byPayment.cashondelivery.orders).toBe(
      cod.length + (was.by_payment.find((m: { code: string }) => m.code === 'cashondelivery')?.orders ?? 0),
    );
    expect(today.by_payment.reduce((s: number, m: { gross: number }) => s + m.gross, 0)).toBe(
      today.revenue.gross,
    );
    expect(today.by_shipping.reduce((s: number, m: { orders: number }) => s + m.orders, 0)).toBe(
      today.orders,
    );
    // top products: PHN-2001 sold 3 units today (2 + 1); the cancelled laptop is not there
    const phone = today.top_by_units.find((t: { sku: string }) => t.sku === 'PHN-2001');
    expect(phone.units).toBe(
      3 + (was.top_by_units.find((t: { sku: string }) => t.sku === 'PHN-2001')?.units ?? 0),
    );
    expect(today.top_by_units[0].sku).toBe('PHN-2001');
    expect(today.top_by_revenue.map((t: { sku: string }) => t.sku)).not.toContain('LAP-1001');
    // to-dos: the three open orders wait to be confirmed; one of them is an unpaid transfer
    expect(d.todos.to_confirm - before.todos.to_confirm).toBe(3);
    expect(d.todos.unpaid_transfers - before.todos.unpaid_transfers).toBe(1);
    expect(d.todos).toMatchObject({ refunds_due: 0, returns_open: 0 });
    // low stock: the settings' threshold, nothing above it
    expect(d.low_stock.threshold).toBe(3);
    for (const item of d.low_stock.items) expect(item.qty).toBeLessThanOrEqual(3);
    await api.database.query("UPDATE stock SET qty = 2, is_in_stock = true WHERE sku = 'ACC-3002'");
    const low = (await api.call({ url: '/vsbridge/staff/dashboard', headers: staff })).body.result.low_stock
      .items;
    expect(low).toContainEqual(expect.objectContaining({ sku: 'ACC-3002', qty: 2 }));
  });

  it('counts unanswered messages and open returns', async () => {
    const before = (await api.call({ url: '/vsbridge/staff/dashboard', headers: staff })).body.result.todos;
    await api.database.query(
      "INSERT INTO contact_messages (name, email, message) VALUES ('Ona', 'ona@example.com', 'Ar turite?')",
    );
    const order = await api.database.query<{ id: number }>('SELECT id FROM orders ORDER BY id LIMIT 1');
    await api.database.query(
      "INSERT INTO returns (order_id, reason, state, created_by) VALUES ($1, 'withdrawal', 'requested', 'staff')",
      [order[0]?.id],
    );
    const after = (await api.call({ url: '/vsbridge/staff/dashboard', headers: staff })).body.result.todos;
    expect(after.messages_open - before.messages_open).toBe(1);
    expect(after.returns_open - before.returns_open).toBe(1);
  });

  it('exports the orders list as CSV with the same filters', async () => {
    const r = await api.call({
      url: '/vsbridge/staff/orders.csv?payment_method=cashondelivery',
      headers: staff,
    });
    expect(r.status).toBe(200);
    expect(String(r.res.headers['content-type'])).toMatch(/text\/csv/);
    const lines = String(r.body).trim().split('\r\n');
    expect(lines[0]).toMatch(/^"number","placed","status"/);
    expect(lines.length - 1).toBe(2);
    expect(lines.slice(1).every((l) => l.includes('cashondelivery'))).toBe(true);
    expect((await api.call({ url: '/vsbridge/staff/orders.csv?from=bad', headers: staff })).status).toBe(400);
    const audit = await api.database.query<{
      staff_email: string;
      details: { filters: Record<string, string>; rows: number };
    }>(
      "SELECT staff_email, details FROM staff_audit_log WHERE action = 'orders.export' ORDER BY id DESC LIMIT 1",
    );
    expect(audit[0]).toMatchObject({
      staff_email: 'clerk@shop.lt',
      details: { filters: { payment_method: 'cashondelivery' }, rows: 2 },
    });
  });
});

describe('customers', () => {
  it('searches by name, e-mail and phone, pages, and shows a profile with its orders and newsletter state', async () => {
    const c = await customer(api, 'profile');
    await api.database.query(
      `UPDATE customers SET firstname = 'Rūta', lastname = 'Paieškaitė', addresses = $2::jsonb WHERE id = $1`,
      [
        c.id,
        JSON.stringify([
          {
            firstname: 'Rūta',
            lastname: 'Paieškaitė',
            street: ['Gedimino pr. 1'],
            city: 'Vilnius',
            postcode: 'LT-01103',
            country_id: 'LT',
            telephone: '+370 612 34567',
          },
        ]),
      ],
    );
    await place({ sku: 'ACC-3001', qty: 1, payment: 'banktransfer', token: c.accessToken, email: c.email });
    await api.database.query(
      "INSERT INTO newsletter_subscribers (email, status, confirm_code) VALUES ($1, 'subscribed', 'x')",
      [c.email],
    );
    for (const q of ['paieškait', c.email.slice(0, 12), '61234567', '612 345']) {
      const r = await api.call({
        url: `/vsbridge/staff/customers?q=${encodeURIComponent(q)}`,
        headers: staff,
      });
      expect(
        r.body.result.items.map((i: { id: number }) => i.id),
        q,
      ).toContain(c.id);
    }
    expect(
      (await api.call({ url: '/vsbridge/staff/customers?q=%25%25', headers: staff })).body.result.total,
    ).toBe(0);
    const page1 = (await api.call({ url: '/vsbridge/staff/customers?size=1&page=1', headers: staff })).body
      .result;
    const page2 = (await api.call({ url: '/vsbridge/staff/customers?size=1&page=2', headers: staff })).body
      .result;
    expect(page1.total).toBeGreaterThanOrEqual(2);
    expect(page1.items[0].id).not.toBe(page2.items[0].id);
    const profile = (await api.call({ url: `/vsbridge/staff/customers/${c.id}`, headers: staff })).body
      .result;
    expect(profile).toMatchObject({
      email: c.email,
      name: 'Rūta Paieškaitė',
      phone: '+370 612 34567',
      newsletter: 'subscribed',
      disabled: false,
      orders: 1,
    });
    expect(profile.addresses[0].city).toBe('Vilnius');
    expect(profile.order_list[0]).toMatchObject({ status: 'new' });
    expect(JSON.stringify(profile)).not.toMatch(/password|argon/);
  });

  it('disabling blocks login, refresh and the access token at once; enabling allows a new login; both audited', async () => {
    const c = await customer(api, 'disabled');
    const r = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/customers/${c.id}/disable?storeCode=en`,
      headers: staff,
    });
    expect(r.status).toBe(200);
    expect(r.body.result.disabled).toBe(true);
    const refused = await login(api, c.email);
    expect(refused.status).toBe(401);
    expect(refused.body.result).toMatch(/disabled/i);
    // the wrong password still says only "wrong e-mail or password"
    expect((await login(api, c.email, 'not the password')).body.result).not.toMatch(/disabled/i);
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/user/refresh?storeCode=en',
          payload: { refreshToken: c.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect(
      (await api.call({ url: '/vsbridge/user/me?storeCode=en', headers: bearer(c.accessToken) })).status,
    ).toBe(401);
    expect(
      (
        await api.call({ url: '/vsbridge/staff/customers?state=disabled', headers: staff })
      ).body.result.items.map((i: { id: number }) => i.id),
    ).toContain(c.id);

    const enabled = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/customers/${c.id}/enable`,
      headers: admin,
    });
    expect(enabled.body.result.disabled).toBe(false);
    // the old session stays ended; a new login works
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/user/refresh?storeCode=en',
          payload: { refreshToken: c.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect((await login(api, c.email)).status).toBe(200);

    const audit = await api.database.query<{ staff_email: string; action: string; target: string }>(
      'SELECT staff_email, action, target FROM staff_audit_log WHERE target = $1 ORDER BY id',
      [`customer:${c.id}`],
    );
    expect(audit.map((a) => [a.staff_email, a.action])).toEqual([
      ['clerk@shop.lt', 'customer.disable'],
      ['owner@shop.lt', 'customer.enable'],
    ]);
  });

  it('a disable also refuses a refresh of a session still open in another tab', async () => {
    const c = await customer(api, 'tabs');
    // the refresh tokens of the session are left unrevoked, as if written before the account was disabled
    await api.database.query('UPDATE customers SET disabled_at = now() WHERE id = $1', [c.id]);
    expect(
      (
        await api.call({
          method: 'POST',
          url: '/vsbridge/user/refresh?storeCode=en',
          payload: { refreshToken: c.refreshToken },
        })
      ).status,
    ).toBe(401);
    expect(
      (await api.call({ url: '/vsbridge/user/me?storeCode=en', headers: bearer(c.accessToken) })).status,
    ).toBe(401);
  });
});
