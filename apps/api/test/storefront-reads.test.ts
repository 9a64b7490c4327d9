import { bumpCatalogVersion } from '@vitrina/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storefrontReadsOf, type StorefrontReads } from '../src/index.ts';
import { startApi, type TestApi } from './helpers.ts';

// A server render in the shop process reads the services directly; each read answers
// exactly the JSON the route sends (no undefined fields, no Dates: toStrictEqual against the parsed body)
describe('storefront reads (in-process, no HTTP)', () => {
  let api: TestApi;
  let reads: StorefrontReads;
  beforeAll(async () => {
    api = await startApi();
    reads = storefrontReadsOf(api.app);
  });
  afterAll(() => api.close());

  const searches: [string, string, Record<string, string>][] = [
    ['vue_storefront_catalog', 'product', { from: '0', size: '5', request: '{}', storeCode: 'lt' }],
    [
      'vue_storefront_catalog_en',
      'product',
      {
        storeCode: 'en',
        from: '0',
        size: '10',
        sort: 'price:asc',
        request: JSON.stringify({ filters: { visibility: [2, 3, 4] }, aggregations: ['price'] }),
        _source_include: 'id,sku,name,price,url_path',
      },
    ],
    [
      'vue_storefront_catalog_ru',
      'category',
      {
        storeCode: 'ru',
        size: '50',
        request: JSON.stringify({ filters: { parent_id: 2 } }),
        _source_include: 'id,name,slug,position,is_active,children_data',
      },
    ],
    [
      'vue_storefront_catalog',
      'attribute',
      { size: '150', request: JSON.stringify({ filters: { is_filterable: true } }) },
    ],
    ['vue_storefront_catalog', 'cms_block', { request: '{}' }],
  ];

  it.each(searches)('search %s/%s answers what the route answers', async (index, type, query) => {
    const http = await api.call(`/vsbridge/catalog/${index}/${type}/_search?${new URLSearchParams(query)}`);
    expect(http.status).toBe(200);
    const direct = await reads.search(index, type, query);
    expect(direct).toStrictEqual(http.body);
  });

  it.each(['lt', 'en', 'ru'] as const)('home page, store info and delivery options in %s', async (store) => {
    for (const [read, path] of [
      ['homePage', '/vsbridge/home-page'],
      ['storeInfo', '/vsbridge/store-info'],
      ['deliveryOptions', '/vsbridge/shop/delivery-options'],
    ] as const) {
      const http = await api.call(`${path}?storeCode=${store}`);
      expect(http.status).toBe(200);
      expect(await reads[read](store)).toStrictEqual(http.body.result);
    }
  });

  it('leaves to the route what the route refuses (the caller then asks it, for its own error)', async () => {
    const bad = { size: '-x', request: '{"filters":' };
    await expect(reads.search('vue_storefront_catalog', 'product', bad)).rejects.toThrow();
    expect(
      (await api.call(`/vsbridge/catalog/vue_storefront_catalog/product/_search?${new URLSearchParams(bad)}`))
        .status,
    ).toBe(400);
    await expect(reads.search('no_such_index', 'product', {})).rejects.toThrow();
    await expect(reads.search('vue_storefront_catalog', 'nothing', {})).rejects.toThrow();
    await expect(reads.storeInfo('xx')).rejects.toThrow();
    expect((await api.call('/vsbridge/store-info?storeCode=xx')).status).toBe(400);
  });

  it('keeps the shared shop data per catalogue version: an import (a new version) shows a change', async () => {
    const before = await reads.homePage('en');
    await api.database.query('UPDATE shop_config SET configs = configs || \'{"test_marker": 1}\'::jsonb');
    expect(await reads.homePage('en')).toBe(before);
    await bumpCatalogVersion(api.database);
    const after = (await reads.homePage('en')) as { config: { configs: Record<string, unknown> }[] };
    expect(after).not.toBe(before);
    expect(after.config.every((c) => c.configs.test_marker === 1)).toBe(true);
    expect((await api.call('/vsbridge/home-page?storeCode=en')).body.result).toStrictEqual(after);
  });
});
