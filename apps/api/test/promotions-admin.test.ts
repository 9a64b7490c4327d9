/**
 * The back office's promotions through HTTP: who may open them (401 anonymous, 403 role staff, 200
 * roles catalog and admin), a coupon validated by the import file's schema (messages naming the
 * field, in en and lt), and a coupon made in the back office applied by the cart API with its
 * minimum subtotal, date window and per-customer limit, and refused once disabled. Audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, startApi, type TestApi } from './helpers.ts';
import { bearer, customer, uniqueAddress } from './user-helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

let api: TestApi;
const cookies: Record<'admin' | 'catalog' | 'staff', string> = { admin: '', catalog: '', staff: '' };
type Who = keyof typeof cookies | 'anonymous';
const as = (who: Who) => (who === 'anonymous' ? {} : { cookie: cookies[who] });

const addStaff = (email: string, role: StaffRole) => staffCookie(api, email, role);

/** a save from a form opened just now (an update names the coupon's current version) */
const save = async (
  code: string | null,
  coupon: Record<string, unknown>,
  who: Who = 'catalog',
  store = 'en',
) => {
  const [current] = code
    ? await api.database.query<{ version: number }>('SELECT version FROM coupons WHERE code = $1', [code])
    : [];
  return api.call({
    method: 'POST',
    url: `/vsbridge/staff/coupons${code ? `/${code}` : ''}?storeCode=${store}`,
    headers: as(who),
    payload: { ...(current ? { version: current.version } : {}), coupon },
  });
};

beforeAll(async () => {
  api = await startApi();
  cookies.admin = await addStaff('boss@promo.lt', 'admin');
  cookies.catalog = await addStaff('catalogue@promo.lt', 'catalog');
  cookies.staff = await addStaff('clerk@promo.lt', 'staff');
  await api.database.query("UPDATE stock SET qty = 500, is_in_stock = true WHERE sku = 'PHN-2001'");
});
afterAll(async () => api?.close());

describe('who may open the promotions', () => {
  const routes = [
    { method: 'GET' as const, url: '/vsbridge/staff/coupons' },
    { method: 'GET' as const, url: '/vsbridge/staff/coupons/SAVE10' },
    {
      method: 'POST' as const,
      url: '/vsbridge/staff/coupons',
      payload: { coupon: { code: 'ROLE-X', type: 'percent', value: 5 } },
    },
    {
      method: 'POST' as const,
      url: '/vsbridge/staff/coupons/SAVE10',
      payload: { version: 1, coupon: { type: 'percent', value: 10 } },
    },
    { method: 'POST' as const, url: '/vsbridge/staff/coupons/SAVE10/active', payload: { active: true } },
  ];
  it.each(routes)('$method $url: 401 anonymous, 403 staff, 200 catalog and admin', async (route) => {
    for (const [who, status] of [
      ['anonymous', 401],
      ['staff', 403],
      ['catalog', 200],
      ['admin', 200],
    ] as const) {
      if (route.url === '/vsbridge/staff/coupons' && route.method === 'POST' && status === 200)
        await api.database.query("DELETE FROM coupons WHERE code = 'ROLE-X'");
      // an update names the version its form was opened at: the one stored now
      if (route.payload && 'version' in route.payload)
        route.payload.version = (
          await api.database.query<{ version: number }>("SELECT version FROM coupons WHERE code = 'SAVE10'")
        )[0]!.version;
      const r = await api.call({
        method: route.method,
        url: `${route.url}?storeCode=en`,
        headers: as(who),
        payload: route.payload,
      });
      expect(r.status, `${who}: ${JSON.stringify(r.body)}`).toBe(status);
    }
  });
});

describe('a coupon is validated by the import file schema', () => {
  it('names the field in en and lt; nothing is written', async () => {
    const bad = await save(null, { code: 'BAD-1', type: 'percent', value: 150 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'value', message: 'A percent coupon needs a whole percent from 0 to 100' },
    ]);
    const window = await save(
      null,
      { code: 'BAD-2', type: 'fixed', value: 5, from_date: '2026-12-01', to_date: '2026-11-01' },
      'catalog',
      'lt',
    );
    expect(window.status).toBe(400);
    expect(window.body.errors).toEqual([
      { field: 'to_date', message: 'Pabaiga negali būti ankstesnė už pradžią' },
    ]);
    const negative = await save(null, { code: 'BAD-3', type: 'fixed', value: -1 }, 'catalog', 'lt');
    expect(negative.body.errors).toEqual([{ field: 'value', message: 'Negali būti neigiamas' }]);
    const rows = await api.database.query("SELECT code FROM coupons WHERE code LIKE 'BAD-%'");
    expect(rows).toEqual([]);
  });

  it('refuses a taken code (409) and a cap below the uses so far', async () => {
    const taken = await save(null, { code: 'save10', type: 'percent', value: 5 });
    expect(taken.status).toBe(409);
    await api.database.query(
      "INSERT INTO coupons (code, type, value, times_used) VALUES ('USED-3', 'percent', 5, 3)",
    );
    const below = await save('USED-3', { type: 'percent', value: 5, uses_per_coupon: 2 });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual([
      { field: 'uses_per_coupon', message: 'Must not be below the uses so far (3)' },
    ]);
  });
});

async function cart(qty: number, token?: string) {
  const t = token ? `&token=${token}` : '';
  const id = (await api.call({ method: 'POST', url: `/vsbridge/cart/create?storeCode=en${t}` })).body
    .result as string;
  const line = await api.call({
    method: 'POST',
    url: `/vsbridge/cart/update?cartId=${id}${t}`,
    payload: { cartItem: { sku: 'PHN-2001', qty } },
  });
  expect(line.status, JSON.stringify(line.body)).toBe(200);
  return id;
}
const apply = (id: string, code: string, token?: string) =>
  api.call({
    method: 'POST',
    url: `/vsbridge/cart/apply-coupon?cartId=${id}&coupon=${code}${token ? `&token=${token}` : ''}`,
  });
const totals = async (id: string) =>
  (await api.call({ url: `/vsbridge/cart/totals?cartId=${id}` })).body.result;
const place = (id: string, qty: number, email: string, key: string, token?: string) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=en',
    remoteAddress: uniqueAddress(),
    headers: token ? bearer(token) : {},
    payload: orderBody({ cartId: id, key, email, products: [{ sku: 'PHN-2001', qty }] }),
  });

describe('a coupon made in the back office, in the cart', () => {
  it('applies from its minimum subtotal, a fixed amount net of VAT made gross', async () => {
    // 60 € net = 72.60 € with 21 % VAT: one Samsung (60.50 €) is below it, two are above
    const made = await save(null, { code: 'SPRING5', type: 'fixed', value: '5.00', min_subtotal: 60 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.result).toMatchObject({
      code: 'SPRING5',
      type: 'fixed',
      value: 500,
      min_subtotal_cents: 6000,
      is_active: true,
      orders: 0,
    });
    const one = await cart(1);
    expect((await apply(one, 'SPRING5')).status).toBe(400);
    const two = await cart(2);
    expect((await apply(two, 'spring5')).body).toEqual({ code: 200, result: true });
    expect(await totals(two)).toMatchObject({
      subtotal_incl_tax: 12100,
      discount_amount: 605,
      coupon_code: 'SPRING5',
    });
    const audited = await api.database.query<{ staff_email: string; action: string }>(
      "SELECT staff_email, action FROM staff_audit_log WHERE target = 'coupon:SPRING5'",
    );
    expect(audited).toEqual([{ staff_email: 'catalogue@promo.lt', action: 'coupon.create' }]);
  });

  it('applies only inside its date window; an edit moves the window', async () => {
    const future = new Date(Date.now() + 7 * 86400_000).toISOString().slice(0, 10);
    expect((await save(null, { code: 'LATER', type: 'percent', value: 10, from_date: future })).status).toBe(
      200,
    );
    const id = await cart(1);
    expect((await apply(id, 'LATER')).status).toBe(400);
    const past = new Date(Date.now() - 7 * 86400_000).toISOString().slice(0, 10);
    expect(
      (await save('LATER', { type: 'percent', value: 10, from_date: past, to_date: future }, 'admin')).status,
    ).toBe(200);
    expect((await apply(id, 'LATER')).status).toBe(200);
    expect(await totals(id)).toMatchObject({ discount_amount: 605 });
    // an ended window: dropped from the cart's totals
    expect(
      (await save('LATER', { type: 'percent', value: 10, from_date: '2020-01-01', to_date: '2020-02-01' }))
        .status,
    ).toBe(200);
    expect(await totals(id)).toMatchObject({ discount_amount: 0 });
  });

  it('allows one use per customer: by e-mail for guests, by account for a signed-in cart', async () => {
    expect(
      (await save(null, { code: 'ONCE-EACH', type: 'percent', value: 10, uses_per_customer: 1 })).status,
    ).toBe(200);
    const first = await cart(1);
    expect((await apply(first, 'ONCE-EACH')).status).toBe(200);
    const placed = await place(first, 1, 'ruta@example.com', 'once-each-1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.result).toMatchObject({ coupon_code: 'ONCE-EACH', discount_amount: 605 });

    // the same e-mail again (a guest's cart cannot know it yet): the order refuses the coupon
    const again = await cart(1);
    expect((await apply(again, 'ONCE-EACH')).status).toBe(200);
    const refused = await place(again, 1, 'RUTA@example.com', 'once-each-2');
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'coupon', message: "You've entered an incorrect coupon code. Please try again." },
    ]);
    // another shopper may still use it
    expect((await place(again, 1, 'jonas@example.com', 'once-each-3')).status).toBe(200);

    // a signed-in customer who used it is refused in the cart already
    const me = await customer(api, 'promo');
    const mine = await cart(1, me.accessToken);
    expect((await apply(mine, 'ONCE-EACH', me.accessToken)).status).toBe(200);
    expect((await place(mine, 1, me.email, 'once-each-4', me.accessToken)).status).toBe(200);
    const next = await cart(1, me.accessToken);
    const second = await apply(next, 'ONCE-EACH', me.accessToken);
    expect(second.status).toBe(400);

    const list = await api.call({
      url: '/vsbridge/staff/coupons?storeCode=en&q=once-e&status=active',
      headers: as('catalog'),
    });
    expect(list.body.result).toMatchObject({ total: 1, page: 1 });
    expect(list.body.result.items[0]).toMatchObject({
      code: 'ONCE-EACH',
      uses_per_customer: 1,
      times_used: 3,
      orders: 3,
      customers: 3,
      most_by_one_customer: 1,
    });
  });

  it('is refused once disabled, and dropped from a cart that had it', async () => {
    expect((await save(null, { code: 'OFF-SOON', type: 'percent', value: 10 })).status).toBe(200);
    const id = await cart(1);
    expect((await apply(id, 'OFF-SOON')).status).toBe(200);
    const off = await api.call({
      method: 'POST',
      url: '/vsbridge/staff/coupons/OFF-SOON/active?storeCode=en',
      headers: as('admin'),
      payload: { active: false },
    });
    expect(off.body.result).toMatchObject({ is_active: false });
    expect(await totals(id)).toMatchObject({ discount_amount: 0 });
    expect((await apply(await cart(1), 'OFF-SOON')).status).toBe(400);
    const audited = await api.database.query<{ action: string }>(
      "SELECT action FROM staff_audit_log WHERE target = 'coupon:OFF-SOON' ORDER BY id",
    );
    expect(audited.map((a) => a.action)).toEqual(['coupon.create', 'coupon.disable']);
  });
});
