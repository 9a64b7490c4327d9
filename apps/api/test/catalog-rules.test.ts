/**
 * The catalogue API's rules not covered elsewhere (search.test.ts, url-map.test.ts,
 * envelope.test.ts): index aliases, the 999 filter-value cap, system parameters, the 3-character
 * minimum for free text only, single lookups and their refusals, grouped and bundle children with
 * status 1, the computed price fields, CMS paging limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { searchUrl, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  // a grouped and a bundle product whose links include a disabled (2) and a status-0 product
  await importCatalog(api.database, {
    attributes: [
      {
        attribute_id: 990,
        attribute_code: 'page',
        frontend_label: 'Page',
        frontend_input: 'select',
        is_filterable: true,
        options: [{ value: 1, label: 'One' }],
      },
    ],
    products: [
      {
        id: 9101,
        sku: 'LINK-OK',
        type_id: 'simple',
        status: 1,
        visibility: 1,
        name: 'Link ok',
        url_key: 'link-ok',
        price: 10,
        tax_class_id: 2,
        category_ids: [11],
        stock: { is_in_stock: true, qty: 5, manage_stock: true },
      },
      {
        id: 9102,
        sku: 'LINK-ZERO',
        type_id: 'simple',
        status: 0,
        visibility: 1,
        name: 'Link zero',
        url_key: 'link-zero',
        price: 20,
        tax_class_id: 2,
        category_ids: [11],
        stock: { is_in_stock: true, qty: 5, manage_stock: true },
      },
      {
        id: 9103,
        sku: 'LINK-OFF',
        type_id: 'simple',
        status: 2,
        visibility: 1,
        name: 'Link off',
        url_key: 'link-off',
        price: 30,
        tax_class_id: 2,
        category_ids: [11],
        stock: { is_in_stock: true, qty: 5, manage_stock: true },
      },
      {
        id: 9110,
        sku: 'SET-9110',
        type_id: 'grouped',
        status: 1,
        visibility: 4,
        name: 'Grouped set',
        url_key: 'grouped-set',
        price: 0,
        tax_class_id: 2,
        category_ids: [11],
        stock: { is_in_stock: true, qty: 5, manage_stock: false },
        product_links: [
          { link_type: 'associated', linked_product_sku: 'LINK-OK', linked_product_type: 'simple', qty: 2 },
          { link_type: 'associated', linked_product_sku: 'LINK-ZERO', linked_product_type: 'simple', qty: 1 },
          { link_type: 'associated', linked_product_sku: 'LINK-OFF', linked_product_type: 'simple', qty: 1 },
        ],
      },
      {
        id: 9120,
        sku: 'BUN-9120',
        type_id: 'bundle',
        status: 1,
        visibility: 4,
        name: 'Bundle set',
        url_key: 'bundle-set',
        price: 0,
        tax_class_id: 2,
        category_ids: [11],
        stock: { is_in_stock: true, qty: 5, manage_stock: false },
        bundle_options: [
          {
            option_id: 1,
            title: 'Part',
            type: 'radio',
            required: true,
            product_links: [
              { sku: 'LINK-OK', qty: 1, is_default: true },
              { sku: 'LINK-ZERO', qty: 1, is_default: false },
              { sku: 'LINK-OFF', qty: 1, is_default: false },
            ],
          },
        ],
      },
    ],
  });
}, 120_000);
afterAll(async () => api?.close());

const EN = 'vue_storefront_catalog_en';
const skus = (body: { hits: { hits: { _source: { sku: string } }[] } }) =>
  body.hits.hits.map((h) => h._source.sku).sort();

describe('index names and aliases', () => {
  it('accepts product_c and product_s as the product type', async () => {
    for (const type of ['product', 'product_c', 'product_s']) {
      const { status, body } = await api.call(searchUrl(type, { filters: { sku: 'LAP-1001' } }, {}, EN));
      expect(status, type).toBe(200);
      expect(skus(body), type).toEqual(['LAP-1001']);
    }
    const bad = await api.call(searchUrl('product', {}, {}, 'vue_storefront_catalog_de'));
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('index');
  });
});

describe('the search request', () => {
  it('caps filter values at 999 per query (400 naming the filter beyond)', async () => {
    const values = Array.from({ length: 999 }, (_, i) => `S${i}`);
    const ok = await api.call({
      method: 'POST',
      url: `/vsbridge/catalog/${EN}/product/_search`,
      payload: { filters: { sku: [...values.slice(1), 'LAP-1001'] } },
    });
    expect(ok.status).toBe(200);
    expect(skus(ok.body)).toEqual(['LAP-1001']);
    const over = await api.call({
      method: 'POST',
      url: `/vsbridge/catalog/${EN}/product/_search`,
      payload: { filters: { sku: [...values, 'LAP-1001'] } },
    });
    expect(over.status).toBe(400);
    expect(over.body.errors[0].field).toMatch(/filters\.sku$/);
  });

  it('names unknown fields of the request (400), top level and inside filters', async () => {
    const top = await api.call(searchUrl('product', { query: 'lenovo', secret: 1 }));
    expect(top.status).toBe(400);
    expect(top.body.errors.map((e: { field: string }) => e.field).join(' ')).toMatch(/secret/);
    const inner = await api.call(searchUrl('product', { filters: { 'name; DROP TABLE x': 1 } }));
    expect(inner.status).toBe(400);
    expect(inner.body.errors[0].field).toBe('request.filters.name; DROP TABLE x');
  });

  it('never reads sort, page or tracking parameters as attribute filters, even when an attribute bears the name', async () => {
    for (const name of ['page', 'sort', 'utm_source', 'gclid', 'fbclid']) {
      const { status, body } = await api.call(searchUrl('product', { filters: { [name]: 1 } }));
      expect(status, name).toBe(400);
      expect(body.errors[0].field, name).toBe(`request.filters.${name}`);
    }
    const agg = await api.call(searchUrl('product', { aggregations: ['page'] }));
    expect(agg.status).toBe(400);
    expect(agg.body.errors[0].field).toBe('request.aggregations.0');
  });

  it('applies the 3-character minimum to free text only, not to sku, id or url_path lookups', async () => {
    expect((await api.call(searchUrl('product', { query: 'le' }))).status).toBe(400);
    for (const filters of [{ sku: 'LA' }, { id: 1 }, { url_path: 'p' }, { sku: ['A', 'B'] }]) {
      const { status, body } = await api.call(searchUrl('product', { filters }));
      expect(status, JSON.stringify(filters)).toBe(200);
      expect(body.hits.total.value).toBe(0);
    }
  });
});

describe('single lookups (catalogue-and-cart.md §4 "Product load", §8 "Other rules")', () => {
  const single = (type: string, query: string, index = EN) =>
    api.call(`/vsbridge/catalog/${index}/${type}/_single?${query}`);

  it('needs the search key of a product lookup (400 naming it)', async () => {
    const noKey = await single('product', 'value=LAP-1001');
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors[0].field).toBe('key');
    expect(noKey.body.result).toMatch(/Please provide the search key/);
    const noValue = await single('product', 'key=sku');
    expect(noValue.status).toBe(400);
    expect(noValue.body.errors[0]).toEqual({
      field: 'value',
      message: 'Please provide the search key sku for the product lookup!',
    });
    const badKey = await single('product', 'key=name&value=x');
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors[0].field).toBe('key');
  });

  it('needs parentSku for a variant lookup (400 naming it)', async () => {
    const { status, body } = await single('product', 'childSku=MBA-7000-A');
    expect(status).toBe(400);
    expect(body.errors[0]).toEqual({
      field: 'parentSku',
      message: 'Please provide the parentSku for the variant lookup!',
    });
    const ok = await single('product', 'childSku=MBA-7000-A&parentSku=MBA-7000');
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ sku: 'MBA-7000', configured_child: { sku: 'MBA-7000-A' } });
    expect((await single('product', 'childSku=NOPE&parentSku=MBA-7000')).status).toBe(404);
  });

  it('answers a product by sku, id or url_path; refuses one that does not load, with its reason', async () => {
    const bySku = await single('product', 'key=sku&value=LAP-1001&_source_include=sku,name');
    expect(bySku.body.result).toEqual({ sku: 'LAP-1001', name: 'Lenovo ThinkPad T14 laptop' });
    expect((await single('product', 'key=id&value=1001')).body.result.sku).toBe('LAP-1001');
    const disabled = await single('product', 'key=sku&value=PHN-2002');
    expect(disabled.status).toBe(404);
    expect(disabled.body.result).toBe('This product is no longer available');
    const invisible = await single('product', 'key=sku&value=ACC-3001');
    expect(invisible.status).toBe(404);
    expect(invisible.body.result).toBe('This product cannot be viewed on its own');
    expect((await single('product', 'key=sku&value=NO-SUCH')).status).toBe(404);
  });

  it('answers 404 naming the key and value of a category lookup without a hit', async () => {
    const hit = await single('category', 'key=slug&value=laptops');
    expect(hit.status).toBe(200);
    expect(hit.body.result.id).toBe(11);
    const miss = await single('category', 'key=slug&value=no-such');
    expect(miss.status).toBe(404);
    expect(miss.body.result).toBe('No category found for slug = no-such');
    expect(miss.body.errors[0].field).toBe('value');
    const lt = await single('category', 'key=slug&value=no-such', 'vue_storefront_catalog');
    expect(lt.body.result).toBe('Nerasta kategorija, kurios slug = no-such');
  });

  it('answers an error for a CMS query without a hit', async () => {
    expect((await single('cms_page', 'key=identifier&value=about-us')).body.result.title).toBe('About us');
    const miss = await single('cms_block', 'key=identifier&value=nope');
    expect(miss.status).toBe(404);
    expect(miss.body.result).toBe('No CMS content found for identifier = nope');
    expect((await single('cms_page', 'key=identifier')).status).toBe(400);
  });
});

describe('grouped and bundle products expose only children with status 1 (§5)', () => {
  it('lists, prices and counts only the status-1 links', async () => {
    const { body } = await api.call(
      searchUrl('product', { filters: { sku: ['SET-9110', 'BUN-9120'] } }, {}, EN),
    );
    const bySku = Object.fromEntries(
      body.hits.hits.map((h: { _source: { sku: string } }) => [h._source.sku, h._source]),
    );
    const set = bySku['SET-9110'];
    expect(set.product_links.map((l: { linked_product_sku: string }) => l.linked_product_sku)).toEqual([
      'LINK-OK',
    ]);
    expect(set.price).toBe(2000); // 2 × 10.00: the status-0 and disabled links add nothing
    const bundle = bySku['BUN-9120'];
    expect(bundle.bundle_options[0].product_links.map((l: { sku: string }) => l.sku)).toEqual(['LINK-OK']);
    expect(bundle.price).toBe(1000);
  });
});

describe('attribute metadata (§3 "Search response")', () => {
  it('labels the aggregated attributes and their options in the store view language', async () => {
    const { body } = await api.call(searchUrl('product', { aggregations: ['color', 'price'] }, {}, EN));
    expect(body.attribute_metadata).toEqual([
      expect.objectContaining({
        attribute_code: 'color',
        frontend_label: 'Colour',
        options: expect.arrayContaining([{ value: 49, label: 'Black' }]),
      }),
    ]);
    const none = await api.call(searchUrl('product', {}, {}, EN));
    expect(none.body.attribute_metadata).toBeUndefined();
  });
});

describe('computed price fields (§3 "Product")', () => {
  const FIELDS = ['price', 'final_price', 'special_price', 'original_price'];
  const variants = FIELDS.flatMap((f) => [f, `${f}_tax`, `${f}_incl_tax`]);

  it('are on _source and on render-list items, with _tax and _incl_tax variants that add up', async () => {
    const { body } = await api.call(searchUrl('product', { filters: { sku: 'LAP-1001' } }, {}, EN));
    const list = await api.call('/vsbridge/products/render-list?skus=LAP-1001&storeId=2');
    for (const doc of [body.hits.hits[0]._source, list.body.result.items[0]]) {
      for (const f of variants) expect(doc, f).toHaveProperty(f);
      for (const f of ['price', 'final_price', 'original_price'])
        expect(doc[`${f}_incl_tax`], f).toBe(doc[f] + doc[`${f}_tax`]);
      expect(doc.final_price_incl_tax).toBeGreaterThan(doc.final_price);
    }
  });
});

describe('list sizes (§9)', () => {
  it('serves the category tree 4000 at a time, by position from root 2', async () => {
    const { status, body } = await api.call(searchUrl('category', {}, { size: 4000 }));
    expect(status).toBe(200);
    const positions = body.hits.hits.map((h: { _source: { position: number } }) => h._source.position);
    expect(positions).toEqual([...positions].sort((a: number, b: number) => a - b));
    const root = body.hits.hits.find((h: { _source: { id: number } }) => h._source.id === 2)._source;
    expect(root.children_data.length).toBeGreaterThan(0);
    expect((await api.call(searchUrl('category', {}, { size: 4001 }))).status).toBe(400);
    expect((await api.call(searchUrl('attribute', {}, { size: 150 }))).status).toBe(200);
  });

  it('answers CMS pages and blocks at most 500 per query, 150 by default', async () => {
    expect((await api.call(searchUrl('cms_page', {}, { size: 500 }))).status).toBe(200);
    const over = await api.call(searchUrl('cms_page', {}, { size: 501 }));
    expect(over.status).toBe(400);
    expect(over.body.errors[0].field).toBe('size');
    expect((await api.call(searchUrl('cms_block', {}, { size: 501 }))).status).toBe(400);
    // the default (no size) lists every page of the small fixture: at most 150
    expect((await api.call(searchUrl('cms_page', {}))).body.hits.hits.length).toBe(2);
  });
});

describe('the catalogue version', () => {
  it('is read again at once after an import through the admin API', async () => {
    const before = await api.call(searchUrl('product', { filters: { sku: 'NEW-9200' } }, {}, EN));
    expect(before.body.hits.total.value).toBe(0);
    const imported = await api.call({
      method: 'POST',
      url: '/vsbridge/admin/catalog/import',
      headers: { authorization: `Bearer ${api.adminToken}` },
      payload: {
        products: [
          {
            id: 9200,
            sku: 'NEW-9200',
            type_id: 'simple',
            name: 'New one',
            url_key: 'new-one',
            price: 5,
            tax_class_id: 2,
            category_ids: [11],
            stock: { is_in_stock: true, qty: 1, manage_stock: true },
          },
        ],
      },
    });
    expect(imported.status).toBe(200);
    const after = await api.call(searchUrl('product', { filters: { sku: 'NEW-9200' } }, {}, EN));
    expect(skus(after.body)).toEqual(['NEW-9200']);
  });
});
