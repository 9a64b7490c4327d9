import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMeta } from '@vitrina/db';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, customer, uniqueEmail } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0', DEMO_SPECIAL_OFFERS: 'false' });
});
afterAll(async () => api?.close());

const offers = (token?: string, query = '') =>
  api.call({
    url: `/vsbridge/user/special-offers?storeCode=en${query}`,
    headers: token ? bearer(token) : {},
  });

/** as a staff member of role admin; `headers` instead to try another credential */
const replace = async (payload: Record<string, unknown>, headers?: Record<string, string>) =>
  api.call({
    method: 'PUT',
    url: '/vsbridge/admin/special-offers?storeCode=en',
    headers: headers ?? (await api.staff()),
    payload,
  });

describe('special offers', () => {
  it("answers only the token customer's offers, in the spec's fields (cents)", async () => {
    const ona = await customer(api, 'offers-ona');
    const jonas = await customer(api, 'offers-jonas');
    const set = await replace({
      email: ona.email,
      offers: [
        {
          sku: 'LAP-1001',
          final_price: 72000,
          price_incl_tax: 87120,
          quantity: 2,
          option_comments: 'For you',
        },
        { sku: 'MBA-7000-B', final_price: 55000, price_incl_tax: 66550 },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    const r = await offers(ona.accessToken);
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual([
      {
        id: 1001,
        final_price: 72000,
        price_incl_tax: 87120,
        id_variant: null,
        option_comments: 'For you',
        sku: 'LAP-1001',
        quantity: 2,
        label: null,
        valid_until: null,
      },
      // a configurable child is offered on its listed parent
      {
        id: 7000,
        final_price: 55000,
        price_incl_tax: 66550,
        id_variant: 7002,
        option_comments: '',
        sku: 'MBA-7000-B',
        quantity: 1,
        label: null,
        valid_until: null,
      },
    ]);
    // the spec's ?token= works as well as the header
    expect(
      (await offers(undefined, `&token=${encodeURIComponent(ona.accessToken)}`)).body.result,
    ).toHaveLength(2);
    // another customer sees none of them
    expect((await offers(jonas.accessToken)).body.result).toEqual([]);
  });

  it('refuses a guest and a bad token (401)', async () => {
    expect((await offers()).status).toBe(401);
    expect((await offers('not-a-token')).status).toBe(401);
  });

  it('leaves out expired offers', async () => {
    const c = await customer(api, 'offers-expired');
    await replace({
      email: c.email,
      offers: [
        { sku: 'PHN-2001', final_price: 4000, price_incl_tax: 4840, valid_until: '2020-01-01T00:00:00Z' },
        { sku: 'ACC-3002', final_price: 2000, price_incl_tax: 2420, valid_until: '2999-01-01T00:00:00Z' },
      ],
    });
    expect((await offers(c.accessToken)).body.result.map((o: { sku: string }) => o.sku)).toEqual([
      'ACC-3002',
    ]);
  });

  it('admin: needs the admin token, names bad fields, refuses unknown customers and skus', async () => {
    const c = await customer(api, 'offers-admin');
    expect((await replace({ email: c.email, offers: [] }, bearer('wrong-token'))).status).toBe(401);
    // ADMIN_TOKEN opens the import and the export only
    expect((await replace({ email: c.email, offers: [] }, bearer(api.adminToken))).status).toBe(401);
    const bad = await replace({
      email: c.email,
      offers: [{ sku: 'LAP-1001', final_price: -1, price_incl_tax: 1.5 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'offers.0.final_price',
      'offers.0.price_incl_tax',
    ]);
    expect((await replace({ email: uniqueEmail('nobody'), offers: [] })).status).toBe(404);
    const unknown = await replace({
      email: c.email,
      offers: [{ sku: 'NOPE-1', final_price: 1, price_incl_tax: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('offers.0.sku');
    // replacing clears the old ones
    await replace({ email: c.email, offers: [{ sku: 'LAP-1002', final_price: 2500, price_incl_tax: 3025 }] });
    await replace({ email: c.email, offers: [] });
    expect((await offers(c.accessToken)).body.result).toEqual([]);
  });
});

describe('demo special offers (DEMO_SPECIAL_OFFERS)', () => {
  let demo: TestApi;
  beforeAll(async () => {
    demo = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0', DEMO_SPECIAL_OFFERS: 'true' });
  });

  it('gives none while the catalogue is not the seeded demo one', async () => {
    const { accessToken } = await customer(demo, 'not-demo');
    const r = await demo.call({ url: '/vsbridge/user/special-offers', headers: bearer(accessToken) });
    expect(r.body.result).toEqual([]);
    // what the shop server writes when it seeds the demo catalogue
    await setMeta(demo.database, 'demo_catalog', true);
  });
  afterAll(async () => demo?.close());

  it('gives a new customer offers labelled demo: 10% off listed, enabled, in-stock products', async () => {
    const { accessToken } = await customer(demo, 'demo-offers');
    const r = await demo.call({ url: '/vsbridge/user/special-offers', headers: bearer(accessToken) });
    expect(r.status).toBe(200);
    const list = r.body.result as {
      id: number;
      sku: string;
      final_price: number;
      price_incl_tax: number;
      label: string;
    }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(3);
    for (const o of list) {
      expect(o.label).toBe('demo');
      const [doc] = (
        await demo.database.query<{
          doc: { final_price: number; final_price_incl_tax: number };
          visibility: number;
          status: number;
          is_in_stock: boolean;
        }>(
          "SELECT doc, visibility, status, is_in_stock FROM product_index WHERE store_code = 'lt' AND product_id = $1",
          [o.id],
        )
      ).map((x) => x);
      expect(doc?.is_in_stock).toBe(true);
      expect([2, 3, 4]).toContain(doc?.visibility);
      expect([0, 1]).toContain(doc?.status);
      expect(o.final_price).toBe(Math.round((doc!.doc.final_price * 90) / 100));
      expect(o.price_incl_tax).toBe(Math.round((doc!.doc.final_price_incl_tax * 90) / 100));
    }
  });
});
