import { addTax } from '@vitrina/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, customer, register, session, uniqueEmail } from './user-helpers.ts';

/** LAP-1001: 800.00 € net, 21% VAT; the demo tier of group 3 (demo-vip) is 10% off */
const BASE = { final_price: 80000, final_price_incl_tax: addTax(80000, 21) };
const VIP = { final_price: 72000, final_price_incl_tax: addTax(72000, 21) };

const priceOf = (doc: { final_price: number; final_price_incl_tax: number } | undefined) => ({
  final_price: doc?.final_price,
  final_price_incl_tax: doc?.final_price_incl_tax,
});

describe('group price tiers (GROUP_PRICING=true)', () => {
  let api: TestApi;
  let vip: { email: string; accessToken: string; groupToken: string };
  beforeAll(async () => {
    api = await startApi({
      GROUP_PRICING: 'true',
      MAIL_OUTBOX_INTERVAL_MS: '0',
      DEMO_SPECIAL_OFFERS: 'false',
    });
    const email = uniqueEmail('vip');
    await register(api, email);
    await api.database.query('UPDATE customers SET group_id = 3 WHERE email = $1', [email]);
    const r = await api.call({
      method: 'POST',
      url: '/vsbridge/user/login',
      payload: { username: email, password: 'correct horse 1' },
    });
    expect(r.status).toBe(200);
    vip = { email, accessToken: r.body.result, groupToken: r.body.meta.groupToken };
  });
  afterAll(async () => api?.close());

  const renderList = (query: string, headers: Record<string, string> = {}) =>
    api.call({ url: `/vsbridge/products/render-list?skus=LAP-1001,MBA-7000&storeCode=en${query}`, headers });

  it('login, refresh and me answer the group id and a signed group token', async () => {
    expect(vip.groupToken).toMatch(/^3\.\d+\.[A-Za-z0-9_-]{43}$/);
    const login = await api.call({
      method: 'POST',
      url: '/vsbridge/user/login',
      payload: { username: vip.email, password: 'correct horse 1' },
    });
    expect(login.body.meta).toMatchObject({ groupId: 3, groupToken: expect.stringMatching(/^3\./) });
    const refreshed = await api.call({
      method: 'POST',
      url: '/vsbridge/user/refresh',
      payload: { refreshToken: login.body.meta.refreshToken },
    });
    expect(refreshed.body.meta).toMatchObject({ groupId: 3, groupToken: expect.stringMatching(/^3\./) });
    const me = await api.call({ url: '/vsbridge/user/me', headers: bearer(vip.accessToken) });
    expect(me.body.result).toMatchObject({ group_id: 3, group_token: expect.stringMatching(/^3\./) });
  });

  it('render list: the group token or the customer token price at the tier, children too', async () => {
    const base = await renderList('');
    expect(priceOf(base.body.result.items[0])).toEqual(BASE);
    const byGroupToken = await renderList(`&groupToken=${encodeURIComponent(vip.groupToken)}`);
    expect(priceOf(byGroupToken.body.result.items[0])).toEqual(VIP);
    expect(byGroupToken.body.result.items[0].group_discount_percent).toBe(10);
    const child = byGroupToken.body.result.items[1].configurable_children.find(
      (c: { sku: string }) => c.sku === 'MBA-7000-A',
    );
    expect(child.final_price).toBe(Math.round(child.price * 0.9));
    const byToken = await renderList('&userGroupId=3', bearer(vip.accessToken));
    expect(priceOf(byToken.body.result.items[0])).toEqual(VIP);
    // the base answer is not changed by a tiered one (the catalogue cache is shared)
    expect(priceOf((await renderList('')).body.result.items[0])).toEqual(BASE);
  });

  it('nobody gets a tier by naming it: bare userGroupId, forged or altered tokens price at the base', async () => {
    expect(priceOf((await renderList('&userGroupId=3')).body.result.items[0])).toEqual(BASE);
    const altered = vip.groupToken.replace(/^3\./, '2.');
    expect(
      priceOf((await renderList(`&groupToken=${encodeURIComponent(altered)}`)).body.result.items[0]),
    ).toEqual(BASE);
    expect(
      priceOf(
        (await renderList('&groupToken=3.9999999999.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')).body.result
          .items[0],
      ),
    ).toEqual(BASE);
    // a customer token with another group's id named: that customer's own group, not the one named
    const general = await customer(api, 'general');
    expect(
      priceOf((await renderList('&userGroupId=3', bearer(general.accessToken))).body.result.items[0]),
    ).toEqual(BASE);
  });

  it('catalogue search and the URL map honour the group token', async () => {
    const request = encodeURIComponent(JSON.stringify({ filters: { sku: 'LAP-1001' } }));
    const plain = await api.call(
      `/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=${request}`,
    );
    expect(priceOf(plain.body.hits.hits[0]._source)).toEqual(BASE);
    const tiered = await api.call(
      `/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=${request}&groupToken=${encodeURIComponent(vip.groupToken)}`,
    );
    expect(priceOf(tiered.body.hits.hits[0]._source)).toEqual(VIP);
    const mapped = await api.call({
      method: 'POST',
      url: '/api/url/map',
      payload: { url: '/en/p/LAP-1001/lenovo-thinkpad-t14', groupToken: vip.groupToken },
    });
    expect(mapped.body._type).toBe('product');
    expect(priceOf(mapped.body._source)).toEqual(VIP);
  });
});

describe('group price tiers off (the default)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ MAIL_OUTBOX_INTERVAL_MS: '0', DEMO_SPECIAL_OFFERS: 'false' });
  });
  afterAll(async () => api?.close());

  it('answers no group token and prices everyone at the base', async () => {
    const email = uniqueEmail('novip');
    await register(api, email);
    await api.database.query('UPDATE customers SET group_id = 3 WHERE email = $1', [email]);
    const s = await session(api, email);
    const login = await api.call({
      method: 'POST',
      url: '/vsbridge/user/login',
      payload: { username: email, password: 'correct horse 1' },
    });
    expect(login.body.meta.groupToken).toBeUndefined();
    const r = await api.call({
      url: '/vsbridge/products/render-list?skus=LAP-1001&storeCode=en&userGroupId=3',
      headers: bearer(s.accessToken),
    });
    expect(priceOf(r.body.result.items[0])).toEqual(BASE);
  });
});
