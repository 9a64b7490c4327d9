/**
 * `/api/url/map` with URL_DISPATCHER on (a bare url_path maps) and its product
 * options and filters.sku (url-map-options.ts in the domain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { startApi, type TestApi } from './helpers.ts';
import { COLOR, CONDITION, compositeCatalog } from './fixtures.ts';

let api: TestApi;
let plain: TestApi;

const stock = (qty: number) => ({ is_in_stock: qty > 0, qty, manage_stock: true });

/** a configurable whose cheapest child is out of stock, and a product with a Magento url_path */
function extraCatalog() {
  return {
    products: [
      {
        id: 9000,
        sku: 'CFG-9000',
        type_id: 'configurable',
        name: 'Test laptop',
        url_key: 'test-laptop',
        url_path: { lt: 'nesiojami-kompiuteriai/test-laptop.html', en: 'laptops/test-laptop.html' },
        price: 500,
        category_ids: [11],
        configurable_options: [
          {
            attribute_id: 141,
            attribute_code: 'condition',
            label: 'Condition',
            values: [
              { value_index: CONDITION.aplus, label: 'A+' },
              { value_index: CONDITION.a, label: 'A' },
            ],
          },
        ],
        configurable_children: [
          { id: 9001, sku: 'CFG-9000-AP', price: 500, stock: stock(3), condition: CONDITION.aplus, color: COLOR.black },
          { id: 9002, sku: 'CFG-9000-A', price: 400, stock: stock(0), condition: CONDITION.a, color: COLOR.black },
        ],
      },
    ],
  };
}

beforeAll(async () => {
  [api, plain] = await Promise.all([startApi({ URL_DISPATCHER: 'true' }), startApi()]);
  for (const t of [api, plain]) {
    await importCatalog(t.database, compositeCatalog());
    await importCatalog(t.database, extraCatalog());
  }
});
afterAll(async () => {
  await api?.close();
  await plain?.close();
});

const map = async (body: Record<string, unknown>, on: TestApi = api) => {
  const res = await on.call({ method: 'POST', url: '/api/url/map', payload: body });
  expect(res.status).toBe(200);
  return res;
};
const P = '/p/CFG-9000/test-laptop';

describe('URL_DISPATCHER: a bare url_path maps', () => {
  it("maps a product's imported url_path, per store view", async () => {
    const { body } = await map({ url: '/nesiojami-kompiuteriai/test-laptop.html' });
    expect(body).toMatchObject({ _type: 'product', _source: { sku: 'CFG-9000', url_path: 'nesiojami-kompiuteriai/test-laptop.html' } });
    const en = await map({ url: '/en/laptops/test-laptop.html' });
    expect(en.body._source.sku).toBe('CFG-9000');
  });

  it("maps a category's path and a CMS page's slug without /c/ and /i/", async () => {
    expect((await map({ url: '/nesiojami-kompiuteriai' })).body).toMatchObject({ _type: 'category', _source: { id: 11 } });
    expect((await map({ url: '/en/laptops' })).body).toMatchObject({ _type: 'category', _source: { id: 11 } });
    expect((await map({ url: '/karjera' })).body).toMatchObject({ _type: 'cms_page', _source: { identifier: 'careers' } });
  });

  it('keeps mapping /p/ and /c/ paths, and nothing else', async () => {
    expect((await map({ url: P })).body._type).toBe('product');
    expect((await map({ url: '/no-such/path.html' })).body).toBeNull();
  });

  it("with the dispatcher off a product's bare url_path maps to nothing", async () => {
    expect((await map({ url: '/nesiojami-kompiuteriai/test-laptop.html' }, plain)).body).toBeNull();
  });

  it("with the dispatcher off a category's bare url_path still maps: the lookup is by url_path (catalogue §2)", async () => {
    expect((await map({ url: '/nesiojami-kompiuteriai' }, plain)).body).toMatchObject({ _type: 'category', _source: { id: 11 } });
    expect((await map({ url: '/en/laptops/' }, plain)).body).toMatchObject({ _type: 'category', _source: { id: 11 } });
    expect((await map({ url: '/no-such-category' }, plain)).body).toBeNull();
  });
});

describe('url map options and filters.sku', () => {
  it('without options the parent answers as it is', async () => {
    const { body } = await map({ url: P });
    expect(body._source.sku).toBe('CFG-9000');
    expect(body._source.configurable_children).toHaveLength(2);
    expect(body._source.configuration).toBeUndefined();
    expect(body._source.errors).toBeUndefined();
  });

  it('filterUnavailableVariants drops the out-of-stock child', async () => {
    const { body } = await map({ url: P, options: { filterUnavailableVariants: true } });
    expect(body._source.configurable_children.map((c: { sku: string }) => c.sku)).toEqual(['CFG-9000-AP']);
  });

  it('assignProductConfiguration: the default variant is configured and taken into the answer', async () => {
    const { body } = await map({ url: P, options: { assignProductConfiguration: true } });
    expect(body._source).toMatchObject({
      sku: 'CFG-9000-AP',
      parentSku: 'CFG-9000',
      is_configured: true,
      configuration: { condition: { attribute_code: 'condition', id: CONDITION.aplus, label: 'A+' } },
    });
  });

  it('filters.sku chooses the variant; a sku of nothing there answers null', async () => {
    const asked = await map({ url: P, filters: { sku: 'CFG-9000-AP' }, options: { assignProductConfiguration: true } });
    expect(asked.body._source.sku).toBe('CFG-9000-AP');
    expect((await map({ url: P, filters: { sku: 'LAP-1001' } })).body).toBeNull();
  });

  it('separateSelectedVariant keeps the parent and puts the variant under selectedVariant', async () => {
    const { body } = await map({
      url: P,
      filters: { sku: 'CFG-9000-AP' },
      options: { assignProductConfiguration: true, separateSelectedVariant: true },
    });
    expect(body._source.sku).toBe('CFG-9000');
    expect(body._source.selectedVariant.sku).toBe('CFG-9000-AP');
    expect(body._source.configuration.condition.id).toBe(CONDITION.aplus);
  });

  it('an out-of-stock child: no variant and the error (setProductErrors), or the default (fallbackToDefaultWhenNoAvailable)', async () => {
    const none = await map({
      url: `${P}/CFG-9000-A`,
      options: { assignProductConfiguration: true, setProductErrors: true },
    });
    expect(none.body._source.sku).toBe('CFG-9000');
    expect(none.body._source.configuration).toBeUndefined();
    expect(none.body._source.is_configured).toBeUndefined();
    expect(none.body._source.errors).toEqual({ variants: 'Nėra galimų prekės variantų' });
    const fallback = await map({
      url: `/ru${P}/CFG-9000-A`,
      options: { assignProductConfiguration: true, setProductErrors: true, fallbackToDefaultWhenNoAvailable: true },
    });
    expect(fallback.body._source).toMatchObject({ sku: 'CFG-9000-AP', errors: {} });
  });

  it('setConfigurableProductOptions gives the cart line product_option of the variant', async () => {
    const { body } = await map({ url: P, filters: { sku: 'CFG-9000-AP' }, options: { setConfigurableProductOptions: true } });
    expect(body._source.product_option).toEqual({
      extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: CONDITION.aplus }] },
    });
  });

  it('prefetchGroupProducts puts the linked documents on grouped and bundle links', async () => {
    const grouped = await map({ url: '/p/SET-8200/accessory-set', options: { prefetchGroupProducts: true } });
    expect(grouped.body._source.product_links.map((l: { product?: { sku: string } }) => l.product?.sku)).toEqual([
      'PART-BAG',
      'PART-MOUSE',
    ]);
    const bundle = await map({ url: '/p/BUN-8100/computer-set', options: { prefetchGroupProducts: true } });
    expect(bundle.body._source.bundle_options[0].product_links[0].product.sku).toBe('PART-RAM-8');
    const without = await map({ url: '/p/SET-8200/accessory-set' });
    expect(without.body._source.product_links[0].product).toBeUndefined();
  });

  it('populateRequestCacheTags answers the cache tags of the product and its children', async () => {
    const product = await map({ url: P, options: { populateRequestCacheTags: true } });
    expect(product.res.headers['x-vs-cache-tags']).toBe('P9000 P9001 P9002');
    const cat = await map({ url: '/c/nesiojami-kompiuteriai', options: { populateRequestCacheTags: true } });
    expect(cat.res.headers['x-vs-cache-tags']).toBe('C11');
    expect((await map({ url: P })).res.headers['x-vs-cache-tags']).toBeUndefined();
  });

  it('refuses an option that is not a boolean (400 naming it)', async () => {
    const res = await api.call({ method: 'POST', url: '/api/url/map', payload: { url: P, options: { setProductErrors: 'yes' } } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toContain('setProductErrors');
  });
});
