import { describe, expect, it } from 'vitest';
import { ApiError, createApi } from '../app/api-client/api';

function transport(response: () => Response) {
  const urls: string[] = [];
  const fetch = async (input: string) => {
    urls.push(input);
    return response();
  };
  return { fetch, urls };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

describe('api', () => {
  it('unwraps the {code, result} envelope', async () => {
    const t = transport(() => json({ code: 200, result: 'cart-id' }));
    const api = createApi({ fetch: t.fetch, baseUrl: 'http://127.0.0.1:3000/', storeCode: 'ru' });
    await expect(api.cart.create()).resolves.toBe('cart-id');
    expect(t.urls[0]).toBe('http://127.0.0.1:3000/vsbridge/cart/create?storeCode=ru');
  });

  it('raises ApiError(code, message, errors) for an error envelope', async () => {
    const t = transport(() =>
      json(
        {
          code: 400,
          result: 'Field is required',
          errors: [{ field: 'cartItem.sku', message: 'Field is required' }],
        },
        400,
      ),
    );
    const api = createApi({ fetch: t.fetch, baseUrl: '', storeCode: 'en' });
    const err = await api.cart.update('c1', { sku: '', qty: 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 400,
      message: 'Field is required',
      errors: [{ field: 'cartItem.sku', message: 'Field is required' }],
    });
    expect(t.urls[0]).toBe('/vsbridge/cart/update?cartId=c1&storeCode=en');
  });

  it('refuses a non-JSON answer with the spec message', async () => {
    const t = transport(
      () => new Response('<html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const api = createApi({ fetch: t.fetch, baseUrl: '', storeCode: 'lt' });
    await expect(api.cart.totals('c1')).rejects.toMatchObject({
      code: 502,
      message: 'Error with response - bad content-type!',
    });
  });

  it('builds catalogue searches on the store view index with an encoded JSON request', async () => {
    const t = transport(() =>
      json({
        hits: { total: { value: 1 }, hits: [{ _id: '1', _source: { id: 1, sku: 'A' } }] },
        aggregations: {
          price: { buckets: [{ key: '0.0-50.0', doc_count: 1 }] },
          color: { buckets: [{ key: 7, doc_count: 1 }] },
        },
        attribute_metadata: [
          {
            attribute_id: 93,
            attribute_code: 'color',
            frontend_label: 'Colour',
            options: [{ value: 7, label: 'Black' }],
          },
        ],
      }),
    );
    const api = createApi({ fetch: t.fetch, baseUrl: '', storeCode: 'en' });
    const res = await api.searchProducts({
      filters: { category_ids: 12 },
      aggregations: ['price', 'color'],
      sort: 'is_promoted:desc',
      from: 12,
      size: 12,
    });
    expect(res).toEqual({
      items: [{ id: 1, sku: 'A' }],
      total: 1,
      perPage: 12,
      aggregations: { price: [{ key: '0.0-50.0', count: 1 }], color: [{ key: '7', count: 1 }] },
      attributeMetadata: [
        {
          attribute_id: 93,
          attribute_code: 'color',
          frontend_label: 'Colour',
          options: [{ value: 7, label: 'Black' }],
        },
      ],
    });
    const url = new URL(t.urls[0]!, 'http://x');
    expect(url.pathname).toBe('/vsbridge/catalog/vue_storefront_catalog_en/product/_search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      storeCode: 'en',
      from: '12',
      size: '12',
      sort: 'is_promoted:desc',
      request: JSON.stringify({ filters: { category_ids: 12 }, aggregations: ['price', 'color'] }),
    });
  });

  it('getCmsPage: the enabled page or null', async () => {
    const hit = (enabled: boolean) =>
      json({
        hits: {
          total: { value: 1 },
          hits: [{ _id: '1', _source: { id: 1, identifier: 'about-us', enabled } }],
        },
      });
    await expect(
      createApi({ fetch: transport(() => hit(true)).fetch, baseUrl: '', storeCode: 'lt' }).getCmsPage(
        'about-us',
      ),
    ).resolves.toMatchObject({ identifier: 'about-us' });
    await expect(
      createApi({ fetch: transport(() => hit(false)).fetch, baseUrl: '', storeCode: 'lt' }).getCmsPage(
        'about-us',
      ),
    ).resolves.toBeNull();
  });
});
