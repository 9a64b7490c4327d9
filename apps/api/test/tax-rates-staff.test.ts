/**
 * The VAT rates changed in the back office, through HTTP: only an administrator may; bad input is
 * named (a rate above 50 %, a country the rule lacks) and a form opened before another change is
 * refused (409); a change is audited and reaches what the shop shows and charges at once, by the
 * import's one rule: a net price keeps its net (its gross follows the rate), a price typed gross
 * (CATALOG_PRICES_INCLUDE_TAX) keeps its gross (its net follows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netFromGross } from '@vitrina/domain';
import { guestCart, startApi, type TestApi } from './helpers.ts';
import { staffCookie } from './staff-helpers.ts';
import { bearer } from './user-helpers.ts';

const LT = 'vue_storefront_catalog';

async function listed(api: TestApi, sku: string) {
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/catalog/${LT}/product/_search`,
    payload: { filters: { sku: [sku] } },
  });
  expect(r.status).toBe(200);
  return r.body.hits.hits[0]._source as { price: number; price_incl_tax: number };
}

async function cartSubtotal(api: TestApi, sku: string) {
  const cart = await guestCart(api, [sku]);
  const r = await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=lt`);
  expect(r.status).toBe(200);
  return (r.body.result as { subtotal_incl_tax: number }).subtotal_incl_tax;
}

const change = (api: TestApi, cookie: string, changes: unknown[]) =>
  api.call({
    method: 'POST',
    url: '/vsbridge/staff/tax-rates?storeCode=en',
    headers: { cookie },
    payload: { changes },
  });

describe('VAT rates changed in the back office (prices entered net)', () => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startApi();
    admin = await staffCookie(api, 'owner@shop.lt', 'admin');
  });
  afterAll(async () => api?.close());

  it('is refused without a session (401) and to the staff and catalog roles (403)', async () => {
    const to22 = [{ rule: 1, country: 'LT', from: 21, to: 22 }];
    expect((await api.call('/vsbridge/staff/tax-rates?storeCode=en')).status).toBe(401);
    for (const role of ['staff', 'catalog'] as const) {
      const cookie = await staffCookie(api, `${role}@shop.lt`, role);
      expect((await api.call({ url: '/vsbridge/staff/tax-rates', headers: { cookie } })).status).toBe(403);
      expect((await change(api, cookie, to22)).status).toBe(403);
    }
  });

  it('names the field of bad input and refuses a stale form, changing nothing', async () => {
    const refused = [
      [[{ rule: 1, country: 'LT', from: 21, to: 51 }], 400, 'changes.0.to'],
      [[{ rule: 1, country: 'EE', from: 21, to: 24 }], 400, 'changes.0.country'],
      [[{ rule: 1, country: 'LT', from: 20, to: 22 }], 409, 'changes.0.from'],
    ] as const;
    for (const [changes, status, field] of refused) {
      const r = await change(api, admin, [...changes]);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect(r.body.errors[0].field).toBe(field);
      // in the staff's language, never the message's key
      expect(r.body.errors[0].message).not.toMatch(/^taxRates\./);
    }
    expect((await listed(api, 'LAP-1001')).price_incl_tax).toBe(96_800);
    const stale = await change(api, admin, [{ rule: 1, country: 'LT', from: 20, to: 22 }]);
    expect(stale.body.errors[0].message).toMatch(/^Someone changed this rate after you opened the form/);
  });

  it('a new rate: the net stays, the gross shown and the cart charged follow at once, audited', async () => {
    // a cart read before the change (its answer held by the shop) is priced anew after it
    const before = await guestCart(api, ['LAP-1001']);
    const totals = async (cart: string) =>
      (await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=lt`)).body.result.subtotal_incl_tax;
    expect(await totals(before)).toBe(96_800);
    const r = await change(api, admin, [{ rule: 1, country: 'LT', from: 21, to: 22 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.changed).toEqual([{ rule: 1, country: 'LT', from: 21, to: 22 }]);
    expect(r.body.result.rules[0].rates[0].rate).toBe(22);
    expect(await listed(api, 'LAP-1001')).toMatchObject({ price: 80_000, price_incl_tax: 97_600 });
    expect(await cartSubtotal(api, 'LAP-1001')).toBe(97_600);
    expect(await totals(before)).toBe(97_600);
    const rows = await api.database.query<{ staff_email: string; details: unknown }>(
      "SELECT staff_email, details FROM staff_audit_log WHERE action = 'tax.rates'",
    );
    expect(rows).toEqual([
      { staff_email: 'owner@shop.lt', details: { changed: [{ rule: 1, country: 'LT', from: 21, to: 22 }] } },
    ]);
  });
});

describe('VAT rates changed in the back office (prices entered gross)', () => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await startApi({ CATALOG_PRICES_INCLUDE_TAX: 'true' });
    admin = await staffCookie(api, 'owner@shop.lt', 'admin');
    const imported = await api.call({
      method: 'POST',
      url: '/vsbridge/admin/catalog/import',
      headers: bearer(api.adminToken),
      payload: {
        products: [
          {
            id: 9301,
            sku: 'GROSS-449',
            name: 'Gross priced TV',
            url_key: 'gross-tv',
            price: '449.00',
            tax_class_id: 2,
            category_ids: [10],
            stock: { is_in_stock: true, qty: 100, manage_stock: true },
          },
        ],
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  });
  afterAll(async () => api?.close());

  it('a new rate: the gross typed stays what the shopper pays, its net follows', async () => {
    expect(await listed(api, 'GROSS-449')).toMatchObject({
      price_incl_tax: 44_900,
      price: netFromGross(44_900, 21),
    });
    const r = await change(api, admin, [{ rule: 1, country: 'LT', from: 21, to: 22 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.prices_include_tax).toBe(true);
    expect(await listed(api, 'GROSS-449')).toMatchObject({
      price_incl_tax: 44_900,
      price: netFromGross(44_900, 22),
    });
    expect(await cartSubtotal(api, 'GROSS-449')).toBe(44_900);
  });
});
