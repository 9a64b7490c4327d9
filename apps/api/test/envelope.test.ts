import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '../src/http/error-handler.ts';
import { searchUrl, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

describe('envelope and validation', () => {
  it('answers /healthz with the database kind and catalogue version', async () => {
    const { status, body } = await api.call('/healthz');
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ok',
      db: api.database.kind,
      catalogVersion: expect.any(Number),
      catalogCache: { entries: expect.any(Number), bytes: expect.any(Number) },
    });
    expect(body.catalogVersion).toBeGreaterThan(0);
  });

  it('wraps answers as { code, result } with the HTTP status equal to code', async () => {
    const { status, body } = await api.call({ method: 'POST', url: '/vsbridge/cart/create' });
    expect(status).toBe(200);
    expect(body.code).toBe(200);
    expect(typeof body.result).toBe('string');
  });

  it('refuses malformed JSON with a 400 naming the body, in the store view language', async () => {
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create' })).body.result;
    const { status, body } = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}&storeCode=en`,
      headers: { 'content-type': 'application/json' },
      payload: '{"cartItem": {"sku": "LAP-1001", "qty": ',
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 400,
      result: 'body: The request body is not valid JSON.',
      errors: [{ field: 'body', message: 'The request body is not valid JSON.' }],
    });
  });

  it('names the field of a bad quantity (cartItem.qty), translated', async () => {
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create' })).body.result;
    const en = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}&storeCode=en`,
      payload: { cartItem: { sku: 'LAP-1001', qty: 0 } },
    });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe(400);
    expect(en.body.result).toMatch(/^cartItem\.qty: /);
    expect(en.body.errors).toEqual([{ field: 'cartItem.qty', message: expect.any(String) }]);
    const lt = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}&storeCode=lt`,
      payload: { cartItem: { sku: 'LAP-1001', qty: 0 } },
    });
    expect(lt.body.result).toMatch(/^cartItem\.qty: /);
    expect(lt.body.result).not.toBe(en.body.result);
    for (const qty of ['two', 1.5, -3, 1e308, null]) {
      const r = await api.call({
        method: 'POST',
        url: `/vsbridge/cart/update?cartId=${cart}`,
        payload: { cartItem: { sku: 'LAP-1001', qty } },
      });
      expect(r.status, `qty ${String(qty)}`).toBe(400);
      expect(r.body.errors[0].field).toBe('cartItem.qty');
    }
  });

  it('refuses an unknown store code, huge numbers and wrong types with 400s, never a 500', async () => {
    const bad = [
      '/vsbridge/home-page?storeCode=de',
      searchUrl('product', {}, { size: '1e400' }),
      searchUrl('product', {}, { from: '99999999999999' }),
      searchUrl('product', { filters: { final_price: { gte: 'x' } } }),
      searchUrl('product', { filters: { category_ids: { gte: 1e308 } } }),
      '/vsbridge/catalog/vue_storefront_catalog/product/_search?request=%7Bnot-json',
      '/vsbridge/catalog/no_such_index/product/_search',
      '/vsbridge/catalog/vue_storefront_catalog/unknown_type/_search',
      '/vsbridge/stock/list?skus=',
      '/vsbridge/order/pull?number=1',
      '/vsbridge/image/abc/266/resize/demo/test/1.png',
    ];
    for (const url of bad) {
      const { status, body } = await api.call(url);
      expect([400, 404], url).toContain(status);
      expect(body.code, url).toBe(status);
      expect(typeof body.result, url).toBe('string');
      expect(JSON.stringify(body), url).not.toMatch(/at .*\.ts:\d+/);
    }
    const { status } = await api.call(searchUrl('product', { filters: { id: 1e300 } }));
    expect(status).toBe(200); // a valid number that matches nothing
  });

  it('names unknown fields of the search request', async () => {
    const { status, body } = await api.call(
      searchUrl('product', { filters: { nonsense_field: 1, color: 49 }, foo: 1 }),
    );
    expect(status).toBe(400);
    expect(body.errors.map((e: { field: string }) => e.field)).toContain('request.foo');
    const second = await api.call(
      searchUrl('product', { filters: { nonsense_field: 1, 'stock.qty; drop table x': 2 } }),
    );
    expect(second.status).toBe(400);
    const fields = second.body.errors.map((e: { field: string }) => e.field);
    expect(fields.join(' ')).toMatch(/request\.filters/);
    const third = await api.call(searchUrl('product', { filters: { nonsense_field: 1 } }));
    expect(third.body).toMatchObject({ code: 400, errors: [{ field: 'request.filters.nonsense_field' }] });
    const agg = await api.call(searchUrl('product', { aggregations: ['nonsense'] }));
    expect(agg.body).toMatchObject({ code: 400, errors: [{ field: 'request.aggregations.0' }] });
    const sort = await api.call(searchUrl('product', {}, { sort: 'password:desc' }));
    expect(sort.body).toMatchObject({ code: 400, errors: [{ field: 'sort' }] });
  });

  it('refuses a NUL character in any field with a 400 naming it, in the store view language (the API fuzz found 500s)', async () => {
    // PostgreSQL text cannot hold U+0000: before, these reached the database and answered 500
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create' })).body.result as string;
    const cases: [string, string, object | undefined, string][] = [
      ['GET', '/vsbridge/cart/pull?storeCode=en&cartId=%00', undefined, 'cartId'],
      ['POST', `/vsbridge/cart/apply-coupon?storeCode=en&cartId=${cart}&coupon=a%00b`, undefined, 'coupon'],
      ['GET', '/vsbridge/stock/check?storeCode=en&sku=LAP%001001', undefined, 'sku'],
      ['GET', '/vsbridge/stock/list?storeCode=en&skus=LAP-1001,%00', undefined, 'skus'],
      ['GET', '/vsbridge/neopay/payment/0123456789abcdef%000123', undefined, 'tokenValue'],
      ['POST', `/vsbridge/cart/update?storeCode=en&cartId=${cart}`, { cartItem: { sku: 'LAP-1001\u0000', qty: 1 } }, 'cartItem.sku'],
      ['POST', '/vsbridge/contact/create?storeCode=en', { name: 'J', email: 'j@example.com', message: 'Hello\u0000' }, 'message'],
    ];
    for (const [method, url, payload, field] of cases) {
      const { status, body } = await api.call({ method: method as 'GET', url, payload });
      expect(status, url).toBe(400);
      expect(body.code, url).toBe(400);
      expect(body.errors, url).toContainEqual({ field, message: expect.stringContaining('NUL') });
    }
    const en = await api.call('/vsbridge/cart/pull?storeCode=en&cartId=%00');
    expect(en.body.errors).toEqual([{ field: 'cartId', message: 'Must not contain the NUL character (\\u0000).' }]);
    const lt = await api.call('/vsbridge/cart/pull?cartId=%00');
    expect(lt.body.errors).toEqual([{ field: 'cartId', message: 'Negali būti simbolio NUL (\\u0000).' }]);
  });

  it('answers a URL that cannot be decoded and a too long path parameter in the envelope (the API fuzz found bare Fastify errors)', async () => {
    for (const url of ['/vsbridge/news/%ZZ?storeCode=en', '/vsbridge/news/%C0%AF?storeCode=en']) {
      const { status, body } = await api.call(url);
      expect(status, url).toBe(400);
      expect(body, url).toEqual({ code: 400, result: 'The address of the request is not valid (a bad %-encoding).' });
    }
    const long = await api.call(`/vsbridge/news/${'a'.repeat(5000)}?storeCode=en`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ code: 414, result: 'A part of the request address is too long.' });
  });

  it('answers unknown routes with an enveloped 404', async () => {
    const { status, body } = await api.call('/vsbridge/no-such-thing');
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, result: expect.any(String) });
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const { status, body } = await api.call('/vsbridge/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const update = body.paths['/vsbridge/cart/update'].post;
    expect(JSON.stringify(update.requestBody)).toContain('qty');
    expect(body.paths['/vsbridge/catalog/{index}/{type}/_search']).toBeDefined();
    expect(body.paths['/vsbridge/order/create']).toBeDefined();
  });
});

describe('an unreachable database', () => {
  const request = (storeCode: string) => ({ query: { storeCode }, params: {} }) as unknown as FastifyRequest;
  it('is a 503 with a message in the store view language, not a 500 (the outage itself: db-outage.test.ts)', () => {
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(errorBody(shutdown, request('lt'))).toEqual({
      code: 503,
      result: 'Parduotuvė trumpam nepasiekiama. Bandykite dar kartą po kelių sekundžių.',
    });
    expect(errorBody(new Error('Connection terminated unexpectedly'), request('en'))).toEqual({
      code: 503,
      result: 'The shop is briefly unavailable. Please try again in a few seconds.',
    });
    expect(errorBody(new Error('boom'), request('en')).code).toBe(500);
  });
});

describe('a statement over its time limit (57014)', () => {
  const request = (url: string) =>
    ({ url, query: { storeCode: 'en' }, params: {} }) as unknown as FastifyRequest;
  const canceled = Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
  });
  it('is "the search took too long" for a catalogue search', () => {
    expect(
      errorBody(canceled, request('/vsbridge/catalog/vue_storefront_catalog_en/product/_search')),
    ).toEqual({
      code: 503,
      result: 'The search took too long. Please narrow it down.',
    });
  });
  it('is "the shop is busy" for anything else (DATABASE_STATEMENT_TIMEOUT_MS), never a search message', () => {
    expect(errorBody(canceled, request('/vsbridge/order/create'))).toEqual({
      code: 503,
      result: 'The shop is busy right now. Please try again in a few seconds.',
    });
  });
});
