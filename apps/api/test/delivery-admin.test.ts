/**
 * The back office's delivery and payment methods through HTTP: every staff role that works with
 * orders reads them (401 anonymous, 403 catalog), only admin changes them (403 staff and catalog);
 * changes are validated by the import file's schemas (the field named), audited, and the cart shows
 * them at once: a new shipping price in its totals, a payment method turned off no longer offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, startApi, type TestApi } from './helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

let api: TestApi;
const cookies: Record<'admin' | 'catalog' | 'staff', string> = { admin: '', catalog: '', staff: '' };
type Who = keyof typeof cookies | 'anonymous';
const as = (who: Who) => (who === 'anonymous' ? {} : { cookie: cookies[who] });

const addStaff = (email: string, role: StaffRole) => staffCookie(api, email, role);

beforeAll(async () => {
  api = await startApi();
  cookies.admin = await addStaff('boss@delivery.lt', 'admin');
  cookies.catalog = await addStaff('catalogue@delivery.lt', 'catalog');
  cookies.staff = await addStaff('clerk@delivery.lt', 'staff');
});
afterAll(async () => api?.close());

const change = (
  kind: 'shipping' | 'payment',
  code: string,
  changes: Record<string, unknown>,
  who: Who = 'admin',
  store = 'en',
) =>
  api.call({
    method: 'POST',
    url: `/vsbridge/staff/${kind}-methods/${code}?storeCode=${store}`,
    headers: as(who),
    payload: { changes },
  });

describe('who may see and change the methods', () => {
  it.each(['/vsbridge/staff/shipping-methods', '/vsbridge/staff/payment-methods'])(
    'GET %s: 401, 403 catalog, 200 staff and admin',
    async (url) => {
      for (const [who, status] of [
        ['anonymous', 401],
        ['catalog', 403],
        ['staff', 200],
        ['admin', 200],
      ] as const) {
        const r = await api.call({ url: `${url}?storeCode=en`, headers: as(who) });
        expect(r.status, who).toBe(status);
      }
    },
  );
  it.each([
    ['shipping', 'courier_courier', { is_active: true }],
    ['payment', 'banktransfer', { is_active: true }],
  ] as const)('POST %s %s: 401, 403 staff and catalog, 200 admin', async (kind, code, changes) => {
    for (const [who, status] of [
      ['anonymous', 401],
      ['staff', 403],
      ['catalog', 403],
      ['admin', 200],
    ] as const) {
      expect((await change(kind, code, changes, who)).status, who).toBe(status);
    }
  });
});

async function cartAt(countryId = 'LT') {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  await api.call({
    method: 'POST',
    url: `/vsbridge/cart/update?cartId=${cart}`,
    payload: { cartItem: { sku: 'PHN-2001', qty: 1 } },
  });
  const info = await api.call({
    method: 'POST',
    url: `/vsbridge/cart/shipping-information?cartId=${cart}&storeCode=en`,
    payload: {
      addressInformation: {
        shippingAddress: address({ countryId }),
        shippingCarrierCode: 'courier',
        shippingMethodCode: 'courier',
      },
    },
  });
  expect(info.status, JSON.stringify(info.body)).toBe(200);
  return info.body.result as { totals: { shipping_incl_tax: number }; payment_methods: { code: string }[] };
}

describe('changes reach the checkout', () => {
  it("a shipping method's new price (euros net of VAT) shows in the cart's totals; the free threshold too", async () => {
    expect((await cartAt()).totals.shipping_incl_tax).toBe(399);
    const r = await change('shipping', 'courier_courier', { price: '4.00' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.items.find((m: { code: string }) => m.code === 'courier_courier')).toMatchObject({
      price_cents: 400,
    });
    // 4.00 € net with 21 % VAT
    expect((await cartAt()).totals.shipping_incl_tax).toBe(484);
    // free from 50 € net (60.50 € gross): one Samsung (60.50 €) ships free
    expect((await change('shipping', 'courier_courier', { free_threshold: 50 })).status).toBe(200);
    expect((await cartAt()).totals.shipping_incl_tax).toBe(0);
    expect((await change('shipping', 'courier_courier', { free_threshold: null })).status).toBe(200);
    expect((await cartAt()).totals.shipping_incl_tax).toBe(484);
    const audited = await api.database.query<{ action: string; staff_email: string }>(
      "SELECT action, staff_email FROM staff_audit_log WHERE target = 'shipping_method:courier_courier' ORDER BY id",
    );
    expect(audited.at(-1)).toEqual({ action: 'shipping_method.update', staff_email: 'boss@delivery.lt' });
  });

  it('a payment method turned off is not offered; turned on again, it is', async () => {
    expect((await cartAt()).payment_methods.map((m) => m.code)).toContain('banktransfer');
    expect((await change('payment', 'banktransfer', { is_active: false })).status).toBe(200);
    expect((await cartAt()).payment_methods.map((m) => m.code)).not.toContain('banktransfer');
    expect((await change('payment', 'banktransfer', { is_active: true })).status).toBe(200);
    expect((await cartAt()).payment_methods.map((m) => m.code)).toContain('banktransfer');
  });

  it('refuses bad values naming the field (en, lt) and unknown methods; nothing changes', async () => {
    const negative = await change('shipping', 'courier_courier', { price: -1 }, 'admin', 'lt');
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toEqual([{ field: 'price', message: 'Negali būti neigiamas' }]);
    const country = await change('shipping', 'courier_courier', { countries: ['LTU'] });
    expect(country.status).toBe(400);
    expect(country.body.errors[0].field).toBe('countries.0');
    expect((await change('shipping', 'courier_courier', { title: 'x' })).status).toBe(400);
    expect((await change('shipping', 'no-such', { is_active: false })).status).toBe(404);
    expect((await cartAt()).totals.shipping_incl_tax).toBe(484);
  });
});
