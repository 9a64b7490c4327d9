import { describe, expect, it } from 'vitest';
import { ApiError, createApi, type ApiReads } from '../app/api-client/api';

// A server render reads the API in-process (ApiReads) and asks the route only when a read
// is refused, so an error is the route's own
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function reads(over: Partial<ApiReads> = {}) {
  const calls: unknown[][] = [];
  const refuse = async (): Promise<object> => {
    throw new Error('left to the route');
  };
  const all: ApiReads = {
    search: async (...args) => {
      calls.push(['search', ...args]);
      return { hits: { total: { value: 1 }, hits: [{ _source: { id: 7, sku: 'A' } }] }, aggregations: {} };
    },
    homePage: refuse,
    storeInfo: async (store) => {
      calls.push(['storeInfo', store]);
      return { company: { name: 'UAB' }, payment_methods: [], shipping_methods: [] };
    },
    deliveryOptions: refuse,
    ...over,
  };
  return { all, calls };
}

describe('api with in-process reads', () => {
  it('searches in-process with the query the URL would carry, no request sent', async () => {
    const urls: string[] = [];
    const r = reads();
    const api = createApi({
      fetch: async (u) => (urls.push(u), json({})),
      baseUrl: '',
      storeCode: 'en',
      reads: r.all,
    });
    const res = await api.searchProducts({ filters: { sku: 'A' }, size: 1, includeFields: ['id', 'sku'] });
    expect(res.items).toEqual([{ id: 7, sku: 'A' }]);
    expect(res.total).toBe(1);
    expect(urls).toEqual([]);
    expect(r.calls).toEqual([
      [
        'search',
        'vue_storefront_catalog_en',
        'product',
        {
          storeCode: 'en',
          from: '0',
          size: '1',
          request: '{"filters":{"sku":"A"}}',
          _source_include: 'id,sku',
        },
      ],
    ]);
    await expect(api.storeInfo()).resolves.toMatchObject({ company: { name: 'UAB' } });
    expect(urls).toEqual([]);
  });

  it('asks the route when a read is refused: its answer, or its error as ApiError', async () => {
    const urls: string[] = [];
    const r = reads({
      search: async () => {
        throw new Error('refused');
      },
    });
    const api = createApi({
      fetch: async (u) => {
        urls.push(u);
        if (u.includes('_search'))
          return json(
            { code: 400, result: 'size: Too big', errors: [{ field: 'size', message: 'Too big' }] },
            400,
          );
        return json({ code: 200, result: { banner: [], config: [] } });
      },
      baseUrl: '',
      storeCode: 'lt',
      reads: r.all,
    });
    await expect(api.homePage()).resolves.toEqual({ banner: [], config: [] });
    expect(urls).toEqual(['/vsbridge/home-page?storeCode=lt']);
    const err = await api.searchProducts({ size: 9999 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 400, errors: [{ field: 'size', message: 'Too big' }] });
    expect(urls[1]).toMatch(/^\/vsbridge\/catalog\/vue_storefront_catalog\/product\/_search\?/);
  });
});
