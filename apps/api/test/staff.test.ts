/**
 * The staff API through HTTP: login, wrong password, rate limit, session
 * timeouts, roles, customers and guests kept out, audit rows, CSV exports, and the command line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, customer, placeOrder, uniqueAddress } from './user-helpers.ts';
import { runStaffCli, type StaffCliIo } from '../src/staff/cli.ts';
import { pdfText } from './pdf-text.ts';

const PASSWORD = 'staff password 123';
let api: TestApi;

/** the command line against the test database, the password given as stdin would */
async function cli(args: string[], password = PASSWORD) {
  const out: string[] = [];
  const err: string[] = [];
  const io: StaffCliIo = { env: {}, cwd: process.cwd(), out: (l) => out.push(l), err: (l) => err.push(l), readPassword: async () => password };
  const code = await runStaffCli(args, io, async () => api.database);
  return { code, out, err };
}

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const line = String(Array.isArray(raw) ? raw[0] : raw);
  return line.split(';')[0] as string;
}

async function login(email: string, password = PASSWORD, remoteAddress = uniqueAddress()) {
  return api.call({ method: 'POST', url: '/vsbridge/staff/login?storeCode=en', payload: { email, password }, remoteAddress });
}

async function signIn(email: string) {
  const r = await login(email);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { cookie: cookieOf(r.res) };
}

async function auditRows(action: string) {
  return api.database.query<{ staff_email: string; action: string; target: string | null; details: Record<string, unknown> | null }>(
    'SELECT staff_email, action, target, details FROM staff_audit_log WHERE action = $1 ORDER BY id',
    [action],
  );
}

beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_STAFF_LOGIN_ACCOUNT: '3/900', STAFF_SESSION_IDLE_MINUTES: '30', STAFF_SESSION_MAX_HOURS: '8' });
  expect((await cli(['add', 'boss@shop.lt', '--role', 'admin'])).code).toBe(0);
  expect((await cli(['add', 'Clerk@Shop.lt', '--role', 'staff'])).code).toBe(0);
});
afterAll(async () => api?.close());

describe('the command line', () => {
  it('creates, lists, refuses a short password and a duplicate, disables and re-passwords', async () => {
    expect((await cli(['add', 'short@shop.lt', '--role', 'staff'], 'short')).err.join()).toMatch(/at least 12/);
    expect((await cli(['add', 'boss@shop.lt', '--role', 'staff'])).err.join()).toMatch(/exists already/);
    expect((await cli(['add', 'x@shop.lt', '--role', 'owner'])).code).toBe(2);
    expect((await cli(['add', 'temp@shop.lt', '--role', 'staff'])).code).toBe(0);
    const listed = await cli(['list']);
    expect(listed.out.join('\n')).toMatch(/clerk@shop\.lt\tstaff\tactive/);
    const { cookie } = await signIn('temp@shop.lt');
    expect((await cli(['passwd', 'temp@shop.lt'], 'another password 456')).code).toBe(0);
    // a new password ends the sessions
    expect((await api.call({ url: '/vsbridge/staff/me', headers: { cookie } })).status).toBe(401);
    expect((await login('temp@shop.lt', 'another password 456')).status).toBe(200);
    expect((await cli(['disable', 'temp@shop.lt'])).code).toBe(0);
    expect((await login('temp@shop.lt', 'another password 456')).status).toBe(401);
    expect((await cli(['disable', 'nobody@shop.lt'])).code).toBe(1);
    expect((await auditRows('staff.add')).map((r) => r.staff_email)).toContain('cli');
  });

  it('is handed to a running shop with its hand-over token (POST /vsbridge/admin/staff), not ADMIN_TOKEN, nothing else', async () => {
    const payload = { command: 'add', email: 'handed@shop.lt', role: 'staff', password: PASSWORD };
    expect((await api.call({ method: 'POST', url: '/vsbridge/admin/staff', payload })).status).toBe(401);
    const boss = await signIn('boss@shop.lt');
    expect((await api.call({ method: 'POST', url: '/vsbridge/admin/staff', headers: boss, payload })).status).toBe(401);
    expect((await api.call({ method: 'POST', url: '/vsbridge/admin/staff', headers: bearer(api.adminToken), payload })).status).toBe(401);
    const added = await api.call({ method: 'POST', url: '/vsbridge/admin/staff', headers: bearer(api.handoverToken), payload });
    expect(added.status).toBe(200);
    expect(added.body.result).toMatchObject({ email: 'handed@shop.lt', role: 'staff', disabled: false });
    const again = await api.call({ method: 'POST', url: '/vsbridge/admin/staff', headers: bearer(api.handoverToken), payload });
    expect(again.status).toBe(409);
    expect(again.body.result).toMatch(/exists already/);
    expect((await login('handed@shop.lt')).status).toBe(200);
  });

  it('stores Argon2id hashes, never the password', async () => {
    const [row] = await api.database.query<{ password_hash: string }>("SELECT password_hash FROM staff_users WHERE email = 'boss@shop.lt'");
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });
});

describe('login and sessions', () => {
  it('logs in with an httpOnly SameSite=Strict cookie, and out', async () => {
    const r = await login('CLERK@shop.lt');
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ email: 'clerk@shop.lt', role: 'staff' });
    const setCookie = String(r.res.headers['set-cookie']);
    expect(setCookie).toMatch(/^vitrina_staff=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=28800$/);
    const cookie = cookieOf(r.res);
    expect((await api.call({ url: '/vsbridge/staff/me', headers: { cookie } })).body.result).toEqual({ email: 'clerk@shop.lt', role: 'staff', two_factor: false, two_factor_required: false });
    const out = await api.call({ method: 'POST', url: '/vsbridge/staff/logout', headers: { cookie } });
    expect(String(out.res.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await api.call({ url: '/vsbridge/staff/me', headers: { cookie } })).status).toBe(401);
    expect((await auditRows('logout')).at(-1)?.staff_email).toBe('clerk@shop.lt');
  });

  it('refuses a wrong password (401, audited) and the customer database does not count', async () => {
    const r = await login('boss@shop.lt', 'wrong password!!');
    expect(r.status).toBe(401);
    expect(r.body.result).toBe('Wrong e-mail or password, or the account is disabled.');
    const lt = await api.call({ method: 'POST', url: '/vsbridge/staff/login?storeCode=lt', payload: { email: 'boss@shop.lt', password: 'x' }, remoteAddress: uniqueAddress() });
    expect(lt.body.result).toBe('Neteisingas el. paštas ar slaptažodis arba paskyra išjungta.');
    const shopper = await customer(api);
    expect((await login(shopper.email, 'correct horse 1')).status).toBe(401);
    expect((await auditRows('login.failed')).some((row) => row.staff_email === 'boss@shop.lt')).toBe(true);
  });

  it('rate-limits logins per account and address (429 with Retry-After), even with the right password', async () => {
    await cli(['add', 'limited@shop.lt', '--role', 'staff']);
    const from = uniqueAddress();
    for (let i = 0; i < 3; i++) {
      // past the growing delay (staff-login-guard.test.ts): the pair's count alone refuses here
      await api.database.query("UPDATE staff_audit_log SET created_at = created_at - interval '1 hour' WHERE action = 'login.failed'");
      expect((await login('limited@shop.lt', 'wrong password!!', from)).status).toBe(401);
    }
    const r = await login('limited@shop.lt', PASSWORD, from);
    expect(r.status).toBe(429);
    expect(Number(r.res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an idle session and a session past its absolute end are refused', async () => {
    const idle = await signIn('boss@shop.lt');
    await api.database.query("UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes'");
    expect((await api.call({ url: '/vsbridge/staff/me', headers: idle })).status).toBe(401);
    const old = await signIn('boss@shop.lt');
    await api.database.query("UPDATE staff_sessions SET expires_at = now() - interval '1 second'");
    expect((await api.call({ url: '/vsbridge/staff/me', headers: old })).status).toBe(401);
    expect(await api.database.query('SELECT 1 FROM staff_sessions')).toHaveLength(0);
  });
});

describe('who reaches what', () => {
  const routes = [
    ['GET', '/vsbridge/staff/me'],
    ['GET', '/vsbridge/staff/orders'],
    ['GET', '/vsbridge/staff/orders/1'],
    ['POST', '/vsbridge/staff/orders/1/transition'],
    ['GET', '/vsbridge/staff/orders/1/invoice'],
    ['GET', '/vsbridge/staff/reviews'],
    ['POST', '/vsbridge/staff/reviews/1/status'],
    ['GET', '/vsbridge/staff/messages'],
    ['POST', '/vsbridge/staff/messages/1/handled'],
    ['GET', '/vsbridge/staff/stock-alerts?format=csv'],
    ['GET', '/vsbridge/staff/subscribers'],
    ['GET', '/vsbridge/staff/accounts'],
    ['POST', '/vsbridge/staff/accounts/1/disable'],
    ['GET', '/vsbridge/staff/audit'],
  ] as const;

  it('a guest, a customer token, ADMIN_TOKEN and a forged cookie reach no staff route', async () => {
    const shopper = await customer(api);
    for (const [method, url] of routes) {
      for (const headers of [{}, bearer(shopper.accessToken), bearer(api.adminToken), { cookie: 'vitrina_staff=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }]) {
        const r = await api.call({ method, url, headers, payload: method === 'POST' ? { status: 'hidden', action: 'cancel' } : undefined });
        expect(r.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(401);
      }
    }
  });

  it('role staff gets 403 from the staff accounts and audit log, admin does not', async () => {
    const clerk = await signIn('clerk@shop.lt');
    const boss = await signIn('boss@shop.lt');
    for (const [method, url] of routes.filter(([, u]) => /accounts|audit/.test(u))) {
      expect((await api.call({ method, url, headers: clerk })).status, url).toBe(403);
    }
    expect((await api.call({ url: '/vsbridge/staff/orders', headers: clerk })).status).toBe(200);
    const accounts = await api.call({ url: '/vsbridge/staff/accounts', headers: boss });
    expect(accounts.status).toBe(200);
    expect(accounts.body.result.map((a: { email: string }) => a.email)).toContain('clerk@shop.lt');
    expect(JSON.stringify(accounts.body)).not.toMatch(/argon2/);
  });
});

describe('the work', () => {
  it('lists, filters and searches orders, and shows one', async () => {
    const staff = await signIn('clerk@shop.lt');
    const placed = await placeOrder(api, { email: 'ona.orders@example.com' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const list = await api.call({ url: '/vsbridge/staff/orders?q=ona.orders', headers: staff });
    expect(list.body.result.total).toBe(1);
    const item = list.body.result.items[0];
    expect(item).toMatchObject({ email: 'ona.orders@example.com', status: 'new', payment_method: 'banktransfer' });
    expect(list.body.result.methods.payment.map((m: { code: string }) => m.code)).toContain('banktransfer');
    expect((await api.call({ url: `/vsbridge/staff/orders?q=${item.number}`, headers: staff })).body.result.total).toBe(1);
    expect((await api.call({ url: '/vsbridge/staff/orders?q=ona.orders&status=paid', headers: staff })).body.result.total).toBe(0);
    expect((await api.call({ url: '/vsbridge/staff/orders?q=ona.orders&from=2000-01-01&to=2000-01-02', headers: staff })).body.result.total).toBe(0);
    expect((await api.call({ url: '/vsbridge/staff/orders?q=%25', headers: staff })).body.result.total).toBe(0);
    expect((await api.call({ url: '/vsbridge/staff/orders?status=shipped-ish', headers: staff })).status).toBe(400);
    const detail = await api.call({ url: `/vsbridge/staff/orders/${item.id}`, headers: staff });
    expect(detail.status).toBe(200);
    const order = detail.body.result;
    expect(order.lines[0]).toMatchObject({ sku: 'PHN-2001', qty: 1 });
    const vat = order.vat_by_rate.reduce((s: number, r: { vat: number }) => s + r.vat, 0);
    expect(order.vat_by_rate.reduce((s: number, r: { gross: number }) => s + r.gross, 0)).toBe(order.lines.reduce((s: number, l: { row_total_incl_tax: number }) => s + l.row_total_incl_tax, 0));
    expect(vat).toBeGreaterThan(0);
    // the lines' VAT and the rest's (shipping, fees) add up to the order's own figures
    expect(vat + order.vat_other.vat).toBe(order.tax_amount);
    expect(order.vat_by_rate.reduce((s: number, r: { gross: number }) => s + r.gross, 0) + order.vat_other.gross).toBe(order.grand_total);
    // the table's footer: the grand total's net, VAT and gross, given by the API (the page does no sums)
    expect(order.vat_total).toEqual({ gross: order.grand_total, net: order.grand_total - order.tax_amount, vat: order.tax_amount });
    expect(order.order_token).toBeUndefined();
    expect((await api.call({ url: '/vsbridge/staff/orders/999999', headers: staff })).status).toBe(404);
  });

  it('runs the order lifecycle: forbidden actions are not offered and answer 409; ship records tracking, history and audit', async () => {
    const staff = await signIn('clerk@shop.lt');
    const placed = await placeOrder(api, { email: 'petras.ship@example.com' });
    const list = await api.call({ url: '/vsbridge/staff/orders?q=petras.ship', headers: staff });
    const id = list.body.result.items[0].id as number;
    const before = (await api.call({ url: `/vsbridge/staff/orders/${id}`, headers: staff })).body.result;
    expect(before.actions).not.toContain('complete');
    const refused = await api.call({ method: 'POST', url: `/vsbridge/staff/orders/${id}/transition?storeCode=en`, headers: staff, payload: { action: 'collected' } });
    expect(refused.status).toBe(409);
    expect((await auditRows('order.collected.refused')).at(-1)?.target).toBe(`order:${id}`);
    expect((await api.call({ url: `/vsbridge/staff/orders/${id}`, headers: staff })).body.result.status).toBe(before.status);
    // a guest and a customer cannot act on it
    const shopper = await customer(api);
    for (const headers of [{}, bearer(shopper.accessToken)])
      expect((await api.call({ method: 'POST', url: `/vsbridge/staff/orders/${id}/transition`, headers, payload: { action: 'confirm' } })).status).toBe(401);
    expect((await api.call({ method: 'POST', url: `/vsbridge/staff/orders/${id}/transition`, headers: staff, payload: { action: 'confirm' } })).status).toBe(200);
    const shipped = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/orders/${id}/transition`,
      headers: staff,
      payload: { action: 'ship', carrier: 'omniva', trackingNumber: 'CC123456789LT' },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const after = shipped.body.result;
    expect(after).toMatchObject({ status: 'shipped', carrier: 'omniva', tracking_number: 'CC123456789LT' });
    expect(after.tracking_url).toContain('CC123456789LT');
    expect(after.history.at(-1)).toMatchObject({ to_status: 'shipped', who: 'clerk@shop.lt', actor_kind: 'staff' });
    expect((await auditRows('order.ship')).at(-1)).toMatchObject({ staff_email: 'clerk@shop.lt', target: `order:${id}`, details: { carrier: 'omniva', trackingNumber: 'CC123456789LT' } });
    expect(placed.status).toBe(200);
  });

  it("downloads an order's VAT invoice PDF with the staff session (the back office's link); an unknown order 404", async () => {
    const staff = await signIn('clerk@shop.lt');
    const placed = await placeOrder(api, { email: 'jonas.invoice@example.com' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const item = (await api.call({ url: '/vsbridge/staff/orders?q=jonas.invoice', headers: staff })).body.result.items[0];
    // a bank transfer order is invoiced once its payment is recorded, not before
    expect((await api.call({ url: `/vsbridge/staff/orders/${item.id}/invoice`, headers: staff })).status).toBe(409);
    const paid = await api.call({
      method: 'POST',
      url: `/vsbridge/staff/orders/${item.id}/payments`,
      headers: staff,
      payload: { method: 'banktransfer', amountCents: item.grand_total, receivedOn: '2026-11-20', reference: 'SEB 1' },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const r = await api.call({ url: `/vsbridge/staff/orders/${item.id}/invoice`, headers: staff });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toBe('application/pdf');
    expect(String(r.res.headers['content-disposition'])).toMatch(/^attachment; filename=".+\.pdf"$/);
    const text = await pdfText(r.res.rawPayload);
    expect(text).toContain(item.number);
    expect((await api.call({ url: '/vsbridge/staff/orders/999999/invoice', headers: staff })).status).toBe(404);
  });

  it('hides and shows a review, audited', async () => {
    const staff = await signIn('clerk@shop.lt');
    await api.database.query("INSERT INTO reviews (product_id, title, detail, nickname, status) VALUES (NULL, 'Great', 'Works', 'Ona', 'approved')");
    const [review] = await api.database.query<{ id: number }>('SELECT max(id)::int AS id FROM reviews');
    const hide = await api.call({ method: 'POST', url: `/vsbridge/staff/reviews/${review?.id}/status`, headers: staff, payload: { status: 'hidden' } });
    expect(hide.status).toBe(200);
    const hidden = await api.call({ url: '/vsbridge/staff/reviews?status=hidden', headers: staff });
    expect(hidden.body.result.items.map((r: { id: number }) => r.id)).toContain(review?.id);
    expect((await api.call({ method: 'POST', url: `/vsbridge/staff/reviews/${review?.id}/status`, headers: staff, payload: { status: 'approved' } })).status).toBe(200);
    expect((await auditRows('review.hide')).at(-1)).toMatchObject({ staff_email: 'clerk@shop.lt', target: `review:${review?.id}` });
    expect((await api.call({ method: 'POST', url: '/vsbridge/staff/reviews/99999/status', headers: staff, payload: { status: 'hidden' } })).status).toBe(404);
  });

  it('marks a contact message handled once', async () => {
    const staff = await signIn('clerk@shop.lt');
    await api.database.query("INSERT INTO contact_messages (name, email, message) VALUES ('Ona', 'ona@example.com', 'Warranty: my laptop')");
    const open = await api.call({ url: '/vsbridge/staff/messages', headers: staff });
    const message = open.body.result.items.find((m: { message: string }) => m.message.startsWith('Warranty'));
    expect(message.handled_at).toBeNull();
    expect((await api.call({ method: 'POST', url: `/vsbridge/staff/messages/${message.id}/handled`, headers: staff })).status).toBe(200);
    const handled = await api.call({ url: '/vsbridge/staff/messages?state=handled', headers: staff });
    expect(handled.body.result.items.find((m: { id: number }) => m.id === message.id).handled_by).toBe('clerk@shop.lt');
    expect((await auditRows('message.handled')).at(-1)?.target).toBe(`message:${message.id}`);
  });

  it('exports stock alerts and subscribers as formula-safe CSV, audited', async () => {
    const staff = await signIn('clerk@shop.lt');
    await api.database.query(
      `INSERT INTO newsletter_subscribers (email, status, confirm_code) VALUES ('=cmd|"/c calc"!A1@x.lt', 'subscribed', 'x'), ('plain@x.lt', 'pending', 'y')`,
    );
    await api.database.query("INSERT INTO stock_notifications (email, sku, product_id) VALUES ('+alert@x.lt', 'PHN-2001', 1)");
    const csv = await api.call({ url: '/vsbridge/staff/subscribers?format=csv', headers: staff });
    expect(csv.status).toBe(200);
    expect(csv.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.res.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = csv.res.payload;
    expect(text.split('\r\n')[0]).toBe('"email","status","store_code","created_at","confirmed_at"');
    expect(text).toContain(`"'=cmd|""/c calc""!A1@x.lt","subscribed","lt",`);
    expect(text).toContain('"plain@x.lt","pending","lt",');
    const alerts = await api.call({ url: '/vsbridge/staff/stock-alerts?format=csv', headers: staff });
    expect(alerts.res.payload).toContain(`"'+alert@x.lt","PHN-2001","lt",`);
    const json = await api.call({ url: '/vsbridge/staff/stock-alerts', headers: staff });
    expect(json.body.result[0]).toMatchObject({ email: '+alert@x.lt', sku: 'PHN-2001' });
    expect((await auditRows('export')).map((r) => r.target)).toEqual(expect.arrayContaining(['subscribers', 'stock-alerts']));
  });

  it('an admin disables an account (its sessions end) but not their own', async () => {
    await cli(['add', 'leaver@shop.lt', '--role', 'staff']);
    const leaver = await signIn('leaver@shop.lt');
    const boss = await signIn('boss@shop.lt');
    const accounts = (await api.call({ url: '/vsbridge/staff/accounts', headers: boss })).body.result as { id: number; email: string }[];
    const id = accounts.find((a) => a.email === 'leaver@shop.lt')?.id;
    const own = accounts.find((a) => a.email === 'boss@shop.lt')?.id;
    expect((await api.call({ method: 'POST', url: `/vsbridge/staff/accounts/${own}/disable`, headers: boss })).status).toBe(409);
    expect((await api.call({ method: 'POST', url: `/vsbridge/staff/accounts/${id}/disable`, headers: boss })).status).toBe(200);
    expect((await api.call({ url: '/vsbridge/staff/me', headers: leaver })).status).toBe(401);
    expect((await auditRows('staff.disable')).at(-1)).toMatchObject({ staff_email: 'boss@shop.lt', target: `staff:${id}` });
    const log = await api.call({ url: '/vsbridge/staff/audit', headers: boss });
    expect(log.body.result[0]).toMatchObject({ staff_email: 'boss@shop.lt', action: 'staff.disable' });
  });
});
