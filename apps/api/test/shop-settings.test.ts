/**
 * The shop's settings through HTTP: only an administrator reads and saves them; a form opened before
 * someone else saved is refused; every save and refusal is audited; the environment only seeds them;
 * what they hold is what the shop says and does (store-info, the COD fee, bank transfer offered only
 * with an account, invoices refused without the seller's details, the confirmation e-mail).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpCatalogVersion, setMeta } from '@vitrina/db';
import {
  DEFAULT_SHOP_SETTINGS,
  DEMO_POPULAR_SEARCHES,
  DEMO_SELLER,
  bankTransferDueDate,
  type ShopSettings,
} from '@vitrina/domain';
import { ShopSettingsService, effectiveSettings } from '../src/settings/service.ts';
import { NO_SELLER, orderBody, startApi, type TestApi } from './helpers.ts';
import { bearer, customer, placeOrder as placeCustomerOrder, uniqueAddress } from './user-helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

const addStaff = async (api: TestApi, email: string, role: StaffRole) => ({
  cookie: await staffCookie(api, email, role),
});

type Stored = {
  settings: ShopSettings;
  version: number;
  status: {
    missing_invoice_fields: string[];
    bank_transfer_offered: boolean;
    seller_is_demo: boolean;
    popular_searches_demo: boolean;
  };
};

async function readSettings(api: TestApi, headers: Record<string, string>) {
  const r = await api.call({ url: '/vsbridge/staff/settings?storeCode=en', headers });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result as Stored;
}

function save(
  api: TestApi,
  headers: Record<string, string>,
  version: number,
  settings: ShopSettings,
  store = 'en',
) {
  return api.call({
    method: 'POST',
    url: `/vsbridge/staff/settings?storeCode=${store}`,
    headers,
    payload: { version, settings },
  });
}

async function placeOrder(api: TestApi, key: string, payment: string) {
  return api.call({
    method: 'POST',
    url: '/vsbridge/order/create?storeCode=lt',
    payload: orderBody({ cartId: `no-cart-${key}`, key, products: [{ sku: 'PHN-2001', qty: 1 }], payment }),
  });
}

describe('a shop started without seller details', () => {
  let api: TestApi;
  let admin: { cookie: string };
  let clerk: { cookie: string };
  beforeAll(async () => {
    api = await startApi({ ...NO_SELLER, COD_FEE_CENTS: '250' });
    admin = await addStaff(api, 'owner@shop.lt', 'admin');
    clerk = await addStaff(api, 'clerk@shop.lt', 'staff');
  });
  afterAll(async () => api?.close());

  it('lets only an administrator read and save the settings: 401 without a session, 403 for staff, 200 for admin', async () => {
    const stored = await readSettings(api, admin);
    for (const [headers, status] of [
      [{}, 401],
      [{ authorization: `Bearer ${api.adminToken}` }, 401],
      [clerk, 403],
    ] as const) {
      expect((await api.call({ url: '/vsbridge/staff/settings', headers })).status).toBe(status);
      expect((await save(api, headers, stored.version, stored.settings)).status).toBe(status);
    }
    // every staff member is told what is missing (the back office's banner)
    const shopStatus = await api.call({ url: '/vsbridge/staff/shop-status', headers: clerk });
    expect(shopStatus.status).toBe(200);
    expect(shopStatus.body.result.missing_invoice_fields).toEqual([
      'companyName',
      'companyCode',
      'vatCode',
      'address',
    ]);
    expect((await api.call({ url: '/vsbridge/staff/shop-status' })).status).toBe(401);
  });

  it('seeds the settings once from the environment: COD_FEE_CENTS is charged until the owner changes it', async () => {
    const stored = await readSettings(api, admin);
    expect(stored.settings.codFeeCents).toBe(250);
    expect(stored.settings.seller.companyName).toBe('');
    const cartId = (await api.call({ method: 'POST', url: '/vsbridge/cart/create' })).body.result as string;
    await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cartId}`,
      payload: { cartItem: { sku: 'PHN-2001', qty: 1 } },
    });
    const codFee = async () => {
      const r = await api.call(`/vsbridge/cart/payment-methods?cartId=${cartId}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.result as { code: string; cost_incl_tax: number }[]).find(
        (m) => m.code === 'cashondelivery',
      )?.cost_incl_tax;
    };
    expect(await codFee()).toBe(250);
    expect((await save(api, admin, stored.version, { ...stored.settings, codFeeCents: 399 })).status).toBe(
      200,
    );
    expect(await codFee()).toBe(399);
  });

  it('does not offer bank transfer, nor take an order paid by it, while the shop has no account', async () => {
    const info = (await api.call('/vsbridge/store-info?storeCode=en')).body.result;
    expect(info.payment_methods).not.toContain('Bank transfer');
    const options = (await api.call('/vsbridge/shop/delivery-options?storeCode=en')).body.result;
    expect(options.payment_methods).not.toContain('banktransfer');
    const refused = await placeOrder(api, 'no-account-transfer', 'banktransfer');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('payment_method_code');
  });

  it('refuses an invoice without the seller details, saying why, and issues it once they are saved', async () => {
    const placed = await placeOrder(api, 'invoice-without-seller', 'cashondelivery');
    expect(placed.status).toBe(200);
    const { orderNumber, orderToken } = placed.body.result as { orderNumber: string; orderToken: string };
    // a cash-on-delivery order is invoiced at handover to the carrier
    for (const action of ['confirm', 'ship'])
      expect(
        (
          await api.call({
            method: 'POST',
            url: `/vsbridge/admin/orders/${orderNumber}/transition`,
            headers: await api.staff(),
            payload: { action, carrier: 'dpd', trackingNumber: 'T1' },
          })
        ).status,
      ).toBe(200);
    const url = `/vsbridge/order/invoice?number=${orderNumber}&orderToken=${encodeURIComponent(orderToken)}&storeCode=lt`;
    const refused = await api.call(url);
    expect(refused.status).toBe(409);
    expect(refused.body.result).toMatch(
      /trūksta pardavėjo pavadinimo, įmonės kodo, PVM mokėtojo kodo arba adreso/,
    );
    // no number was used up by the refusal
    expect(await api.database.query('SELECT 1 FROM invoices')).toHaveLength(0);

    const stored = await readSettings(api, admin);
    const seller = { ...DEMO_SELLER, companyName: 'UAB Testas', companyCode: '305000111' };
    expect((await save(api, admin, stored.version, { ...stored.settings, seller })).status).toBe(200);
    const issued = await api.call(url);
    expect(issued.status).toBe(200);
    expect(issued.res.headers['content-type']).toBe('application/pdf');
  });
});

describe('saving the settings', () => {
  let api: TestApi;
  let admin: { cookie: string };
  let other: { cookie: string };
  beforeAll(async () => {
    api = await startApi({
      ...NO_SELLER,
      SHOP_COMPANY_NAME: 'UAB Pradžia',
      SHOP_COMPANY_CODE: '111111111',
      SHOP_VAT_CODE: 'LT111111111',
      SHOP_ADDRESS: 'Vilnius',
    });
    admin = await addStaff(api, 'boss@shop.lt', 'admin');
    other = await addStaff(api, 'partner@shop.lt', 'admin');
  });
  afterAll(async () => api?.close());

  it('refuses a form opened before someone else saved, with a clear message, and audits both', async () => {
    const mine = await readSettings(api, admin);
    const theirs = await readSettings(api, other);
    expect(mine.settings.seller.companyName).toBe('UAB Pradžia');
    expect(mine.version).toBe(theirs.version);
    const first = await save(api, other, theirs.version, { ...theirs.settings, moneyBackDays: 45 });
    expect(first.status).toBe(200);
    expect(first.body.result.version).toBe(theirs.version + 1);
    const late = await save(api, admin, mine.version, { ...mine.settings, moneyBackDays: 60 });
    expect(late.status).toBe(409);
    expect(late.body.result).toMatch(/Someone else saved the settings after you opened this form/);
    expect((await save(api, admin, mine.version, mine.settings, 'lt')).body.result).toMatch(
      /Kažkas kitas išsaugojo nustatymus/,
    );
    expect((await readSettings(api, admin)).settings.moneyBackDays).toBe(45);
    const audit = await api.database.query<{
      staff_email: string;
      action: string;
      details: Record<string, unknown>;
    }>("SELECT staff_email, action, details FROM staff_audit_log WHERE action LIKE 'settings.%' ORDER BY id");
    expect(audit.map((r) => [r.staff_email, r.action])).toEqual([
      ['partner@shop.lt', 'settings.update'],
      ['boss@shop.lt', 'settings.update.refused'],
      ['boss@shop.lt', 'settings.update.refused'],
    ]);
    expect(audit[0]?.details.changed).toEqual(['moneyBackDays']);
  });

  it('refuses bad input with a 400 naming the field (IBAN checksum), in the back office language', async () => {
    const { settings, version } = await readSettings(api, admin);
    const bad = {
      ...settings,
      seller: { ...settings.seller, bankName: 'SEB', iban: 'LT13 1000 0111 0100 1000' },
    };
    const en = await save(api, admin, version, bad);
    expect(en.status).toBe(400);
    expect(en.body.errors).toContainEqual({
      field: 'settings.seller.iban',
      message: expect.stringMatching(/^IBAN: not a valid account number/),
    });
    const lt = await save(api, admin, version, { ...settings, moneyBackDays: 7 }, 'lt');
    expect(lt.status).toBe(400);
    expect(lt.body.result).toMatch(/settings\.moneyBackDays/);
    expect((await readSettings(api, admin)).version).toBe(version);
  });

  it('a new shop name and promises are what the next page load is told (the cached answer is dropped at once)', async () => {
    const before = (await api.call('/vsbridge/store-info?storeCode=ru')).body.result;
    expect(before.shop.name).toBe('Vitrina');
    const { settings, version } = await readSettings(api, admin);
    const saved = await save(api, admin, version, {
      ...settings,
      shopName: { lt: 'Technikos kampas', en: 'Tech Corner', ru: '' },
      newsletterCoupon: { enabled: false, percent: 10 },
      deliveryDays: { min: 1, max: 4 },
    });
    expect(saved.status).toBe(200);
    const ru = (await api.call('/vsbridge/store-info?storeCode=ru')).body.result;
    // a store view without a name of its own uses the Lithuanian one
    expect(ru.shop).toMatchObject({
      name: 'Technikos kampas',
      newsletter_coupon_percent: null,
      delivery_days: { min: 1, max: 4 },
      money_back_days: 45,
    });
    expect((await api.call('/vsbridge/store-info?storeCode=en')).body.result.shop.name).toBe('Tech Corner');
  });

  it("offers the owner's popular searches per store view, in their order, and refuses a list too long naming the field", async () => {
    const popular = async (store: string) =>
      (await api.call(`/vsbridge/store-info?storeCode=${store}`)).body.result.shop.popular_searches;
    // not the demo shop, and nothing chosen: the panel offers none
    expect(await popular('lt')).toEqual([]);
    const { settings, version } = await readSettings(api, admin);
    const saved = await save(api, admin, version, {
      ...settings,
      popularSearches: { lt: ['šaldytuvas', ' iPhone 13 '], en: ['fridge'], ru: [] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await popular('lt')).toEqual(['šaldytuvas', 'iPhone 13']);
    expect(await popular('en')).toEqual(['fridge']);
    expect(await popular('ru')).toEqual([]);
    const next = saved.body.result as Stored;
    const tooMany = await save(api, admin, next.version, {
      ...next.settings,
      popularSearches: {
        ...next.settings.popularSearches,
        ru: Array.from({ length: 11 }, (_, i) => `товар ${i}`),
      },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual(
      expect.objectContaining({ field: 'settings.popularSearches.ru' }),
    );
    const tooLong = await save(api, admin, next.version, {
      ...next.settings,
      popularSearches: { ...next.settings.popularSearches, en: ['x'.repeat(61)] },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toContainEqual(
      expect.objectContaining({ field: 'settings.popularSearches.en.0' }),
    );
    expect(await popular('en')).toEqual(['fridge']);
  });

  it('offers bank transfer once the account is saved, and the confirmation e-mail says where, how much, with which reference, by when', async () => {
    const { settings, version } = await readSettings(api, admin);
    expect((await placeOrder(api, 'transfer-before', 'banktransfer')).status).toBe(400);
    const seller = {
      ...settings.seller,
      bankName: 'AB SEB bankas',
      iban: 'LT97 7044 0600 0000 0001',
      swift: 'CBVILT2X',
    };
    expect((await save(api, admin, version, { ...settings, seller, bankTransferDueDays: 3 })).status).toBe(
      200,
    );
    const placed = await placeOrder(api, 'transfer-after', 'banktransfer');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { orderNumber } = placed.body.result as { orderNumber: string };
    const [mail] = await api.database.query<{ payload: { text: string } }>(
      "SELECT payload FROM outbox WHERE kind = 'order.confirmation-email' AND payload->>'incrementId' = $1",
      [orderNumber],
    );
    const text = mail?.payload.text ?? '';
    expect(text).toContain('Gavėjas: UAB Pradžia');
    expect(text).toContain('Sąskaita (IBAN): LT97 7044 0600 0000 0001');
    expect(text).toContain('Bankas: AB SEB bankas');
    expect(text).toContain(`Mokėjimo paskirtis: Užsakymas ${orderNumber}`);
    expect(text).toContain(`Apmokėti iki: ${bankTransferDueDate(new Date(), 3)}`);
    expect(text).toMatch(/--\nTechnikos kampas$/);
  });

  it("the account's order page is told the same: the history answers an unpaid transfer's account, reference and due date", async () => {
    const buyer = await customer(api, 'settings-transfer');
    const placed = await placeCustomerOrder(api, { token: buyer.accessToken });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const history = await api.call({
      url: '/vsbridge/user/order-history?storeCode=en',
      headers: bearer(buyer.accessToken),
    });
    expect(history.status).toBe(200);
    const [order] = history.body.result.items;
    expect(order.bank_transfer).toEqual({
      bank_name: 'AB SEB bankas',
      iban: 'LT97 7044 0600 0000 0001',
      beneficiary: 'UAB Pradžia',
      amount: order.grand_total,
      reference: `Order ${order.increment_id}`,
      due_date: bankTransferDueDate(new Date(), 3),
    });
    await api.database.query("UPDATE orders SET payment_status = 'paid' WHERE increment_id = $1", [
      order.increment_id,
    ]);
    const paid = await api.call({
      url: '/vsbridge/user/order-history?storeCode=en',
      headers: bearer(buyer.accessToken),
    });
    expect(paid.body.result.items[0].bank_transfer).toBeNull();
  });

  it('a newsletter coupon turned off is neither promised in the e-mail nor issued on confirmation', async () => {
    const { settings, version } = await readSettings(api, admin);
    expect(
      (await save(api, admin, version, { ...settings, newsletterCoupon: { enabled: false, percent: 15 } }))
        .status,
    ).toBe(200);
    const email = `plain-subscriber-${Date.now()}@example.com`;
    const subscribed = await api.call({
      method: 'POST',
      url: '/vsbridge/mailer/subscribe?storeCode=en',
      remoteAddress: uniqueAddress(),
      payload: { email },
    });
    expect(subscribed.status).toBe(200);
    const [mail] = await api.database.query<{ payload: { text: string; link: string } }>(
      "SELECT payload FROM outbox WHERE kind = 'mail.newsletter-confirmation' AND payload->>'to' = $1",
      [email],
    );
    expect(mail?.payload.text).not.toMatch(/coupon|discount|\d ?%(?!\w)/i);
    // signed with the shop's name (the one-click unsubscribe line follows the signature)
    expect(mail?.payload.text).toMatch(/--\nTech Corner(\n|$)/);
    const code = /\/newsletter\/[^/]+\/([\w-]+)$/.exec(mail?.payload.link ?? '')?.[1] ?? '';
    const confirmed = await api.call(
      `/vsbridge/mailer/mail-confirmation?storeCode=en&email=${encodeURIComponent(email)}&code=${code}`,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.result.coupon).toBeNull();
    expect(await api.database.query("SELECT 1 FROM coupons WHERE code LIKE 'NEWS15-%'")).toHaveLength(0);
  });
});

describe('the demo shop', () => {
  let api: TestApi;
  let admin: { cookie: string };
  beforeAll(async () => {
    api = await startApi(NO_SELLER);
    admin = await addStaff(api, 'owner@shop.lt', 'admin');
    await setMeta(api.database, 'demo_catalog', true);
    await bumpCatalogVersion(api.database);
  });
  afterAll(async () => api?.close());

  it('a refresh of the kept settings reads the row once: what effectiveSettings reads, one statement fewer', async () => {
    const database = api.database;
    // the row seeded first (a first start's read writes it)
    await new ShopSettingsService(database, DEFAULT_SHOP_SETTINGS, 0).get();
    const { query } = database;
    const sent: string[] = [];
    database.query = ((sql: string, params?: readonly unknown[]) => (
      sent.push(sql),
      query.call(database, sql, params)
    )) as typeof database.query;
    let kept: Awaited<ReturnType<ShopSettingsService['get']>>;
    try {
      kept = await new ShopSettingsService(database, DEFAULT_SHOP_SETTINGS, 0).get();
    } finally {
      database.query = query;
    }
    expect(sent.filter((sql) => /FROM shop_settings/.test(sql))).toHaveLength(1);
    // the demo's seller and searches, as read anew
    expect(kept).toEqual(await effectiveSettings(database, DEFAULT_SHOP_SETTINGS));
    expect(kept.sellerIsDemo).toBe(true);
  });

  it("tells the back office that the popular searches shown are the demo's until the owner saves a list", async () => {
    const popular = async () =>
      (await api.call('/vsbridge/store-info?storeCode=lt')).body.result.shop.popular_searches;
    const before = await readSettings(api, admin);
    // the owner's lists are empty, and the storefront shows the demo's: the form must say so
    expect(before.settings.popularSearches).toEqual({ lt: [], en: [], ru: [] });
    expect(await popular()).toEqual(DEMO_POPULAR_SEARCHES.lt);
    expect(before.status.popular_searches_demo).toBe(true);
    const saved = await save(api, admin, before.version, {
      ...before.settings,
      popularSearches: { lt: [], en: ['fridge'], ru: [] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // one list of the owner's ends the demo's in every store view
    expect(await popular()).toEqual([]);
    expect((await readSettings(api, admin)).status.popular_searches_demo).toBe(false);
  });
});
