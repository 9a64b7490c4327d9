import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { AVAILABLE_FILTERS, HOME_LIST_SORT } from '@vitrina/domain';
import { indexStats } from '../src/catalog/search/search-index.ts';
import { COLOR } from './fixtures.ts';
import { searchUrl, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const skus = (body: { hits: { hits: { _source: { sku: string } }[] } }) => body.hits.hits.map((h) => h._source.sku).sort();

async function search(request: unknown, query: Record<string, string | number | undefined> = {}, type = 'product', index?: string) {
  const { status, body } = await api.call(searchUrl(type, request, query, index));
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('catalogue search: the spec rules (catalogue-and-cart.md §5)', () => {
  it('answers the search response shape', async () => {
    const body = await search({});
    expect(body).toMatchObject({ hits: { total: { value: expect.any(Number) }, hits: expect.any(Array) }, aggregations: {} });
    const hit = body.hits.hits[0];
    expect(hit).toMatchObject({ _id: expect.any(String), _score: expect.any(Number), _source: { sku: expect.any(String) } });
  });

  it('lists only visibility 2/3/4, status 0/1 and price above 0; sold-out ones too (OUT_OF_STOCK_LISTING on)', async () => {
    const listed = skus(await search({}, { size: 100 }));
    expect(listed).toEqual(['ACC-3002', 'AUD-4001', 'LAP-1001', 'LAP-1002', 'MBA-7000', 'PHN-2001', 'SW-5001']);
    expect(listed).not.toContain('PHN-2002'); // status 2
    expect(listed).not.toContain('ACC-3001'); // visibility 1
    expect(listed).not.toContain('ZERO-6001'); // final price 0
    expect(listed).not.toContain('MBA-7000-A'); // a child (visibility 1)
    // AUD-4001 (total qty 0) is listed, after the available ones
    expect((await search({}, { size: 100 })).hits.hits.at(-1)._source.sku).toBe('AUD-4001');
  });

  it('lifts the total_qty rule when searching by id, sku or url_path, but not the status rule', async () => {
    expect(skus(await search({ filters: { sku: 'AUD-4001' } }))).toEqual(['AUD-4001']);
    expect(skus(await search({ filters: { id: 4001 } }))).toEqual(['AUD-4001']);
    expect(skus(await search({ filters: { url_path: 'p/AUD-4001/sony-wh-1000xm5' } }))).toEqual(['AUD-4001']);
    expect(skus(await search({ filters: { sku: 'PHN-2002' } }))).toEqual([]);
    expect(skus(await search({ filters: { sku: ['ZERO-6001'] } }))).toEqual([]);
  });

  it('requires in stock and stock above 0 when out-of-stock listing is off (OUT_OF_STOCK_LISTING=false)', async () => {
    const strict = await startApi({ OUT_OF_STOCK_LISTING: 'false' });
    try {
      const { body } = await strict.call(searchUrl('product', { filters: { sku: ['AUD-4001', 'LAP-1001'] } }));
      expect(skus(body)).toEqual(['LAP-1001']);
      const all = await strict.call(searchUrl('product', {}, { size: 100 }));
      expect(skus(all.body)).toEqual(['ACC-3002', 'LAP-1001', 'LAP-1002', 'MBA-7000', 'PHN-2001', 'SW-5001']);
    } finally {
      await strict.close();
    }
    expect(skus(await search({ filters: { sku: ['AUD-4001', 'LAP-1001'] } }))).toEqual(['AUD-4001', 'LAP-1001']);
  });

  it("replaces '#' by a space", async () => {
    expect(skus(await search({ query: 'galaxy#s23' }))).toEqual(['PHN-2001']);
    expect(skus(await search({ query: '#samsung' }))).toEqual(['PHN-2001']);
  });

  it('searches hyphenated words also split at the hyphen', async () => {
    // "Anker USB C Hub" has no hyphen: found through the parts of "usb-c"
    expect(skus(await search({ query: 'usb-c' }))).toEqual(['ACC-3002']);
    expect(skus(await search({ query: 'usb-c hub' }))).toEqual(['ACC-3002']);
    expect(skus(await search({ query: 'lap-1001' }))).toEqual(['LAP-1001']);
  });

  it('refuses a term under 3 characters with the translated message', async () => {
    for (const [storeCode, index] of [
      ['en', 'vue_storefront_catalog_en'],
      ['lt', 'vue_storefront_catalog'],
    ] as const) {
      const { status, body } = await api.call(searchUrl('product', { query: 'ab' }, {}, index));
      expect(status).toBe(400);
      expect(body.code).toBe(400);
      expect(body.errors).toEqual([{ field: 'request.query', message: expect.any(String) }]);
      if (storeCode === 'en') expect(body.result).toBe('request.query: Searched term should consist of at least 3 characters.');
      else expect(body.result).toMatch(/^request\.query: /);
    }
    // '#' and spaces do not count
    expect((await api.call(searchUrl('product', { query: '#a#' }))).status).toBe(400);
    expect((await api.call(searchUrl('product', { query: '  ab  ' }))).status).toBe(400);
  });

  it('normalises size ≤ 0 to 50 and a negative from to 0', async () => {
    const all = await search({}, { size: 100 });
    const zero = await search({}, { size: 0, from: -5 });
    expect(skus(zero)).toEqual(skus(all));
    const negative = await search({}, { size: -1 });
    expect(negative.hits.hits.length).toBe(all.hits.hits.length);
    const page = await search({}, { size: 2, from: 1, sort: 'final_price:asc' });
    const sorted = await search({}, { size: 100, sort: 'final_price:asc' });
    expect(page.hits.hits.map((h: { _id: string }) => h._id)).toEqual(sorted.hits.hits.slice(1, 3).map((h: { _id: string }) => h._id));
    expect(page.hits.total.value).toBe(sorted.hits.total.value);
  });

  it('finds a product with a one- or two-letter typo in a word of its name', async () => {
    expect(skus(await search({ query: 'lenvo' }))).toContain('LAP-1001'); // one letter missing
    expect(skus(await search({ query: 'thinkpda' }))).toContain('LAP-1001'); // two letters swapped
    expect(skus(await search({ query: 'samsnug galaxy' }))).toContain('PHN-2001');
    expect(skus(await search({ query: 'galaksy' }))).toContain('PHN-2001'); // one letter changed
    expect(skus(await search({ query: 'zzzqqqxxx' }))).toEqual([]);
  });

  it('ranks exact full-text hits first', async () => {
    const body = await search({ query: 'lenovo thinkpad' });
    expect(body.hits.hits[0]._source.sku).toBe('LAP-1001');
    expect(body.hits.hits[0]._score).toBeGreaterThan(0);
  });

  it('filters by eq, in and range on columns and attributes', async () => {
    expect(skus(await search({ filters: { category_ids: 11 } }))).toEqual(['LAP-1001', 'LAP-1002', 'MBA-7000']);
    // ancestors are included by the indexer: category 10 holds 11
    expect(skus(await search({ filters: { category_ids: [10] } }))).toEqual(['LAP-1001', 'LAP-1002', 'MBA-7000']);
    expect(skus(await search({ filters: { color: COLOR.silver } }))).toEqual(['ACC-3002', 'LAP-1002', 'MBA-7000']);
    expect(skus(await search({ filters: { color: String(COLOR.black) } }))).toEqual(['LAP-1001', 'PHN-2001']);
    expect(skus(await search({ filters: { color: [COLOR.black, COLOR.silver], category_ids: 20 } }))).toEqual(['ACC-3002', 'PHN-2001']);
    expect(skus(await search({ filters: { type_id: 'virtual' } }))).toEqual(['SW-5001']);
    expect(skus(await search({ filters: { 'configurable_children.sku': 'MBA-7000-B' } }))).toEqual(['MBA-7000']);
    const cheap = await search({ filters: { final_price: { lt: 5000 } } }, { size: 100 });
    for (const h of cheap.hits.hits) expect(h._source.final_price_incl_tax).toBeLessThan(5000);
    expect(skus(cheap)).toEqual(['ACC-3002', 'LAP-1002', 'SW-5001']);
    expect(skus(await search({ filters: { final_price: { gte: 5000, lte: 10000 } } }))).toEqual(['PHN-2001']);
    expect(skus(await search({ filters: { condition: { gte: 6 } } }))).toEqual(['LAP-1002', 'MBA-7000']);
  });

  it('refuses filters on non-filterable or unknown attributes', async () => {
    const { status, body } = await api.call(searchUrl('product', { filters: { warranty_note: 'x' } }));
    expect(status).toBe(400);
    expect(body.errors[0].field).toBe('request.filters.warranty_note');
  });

  it('aggregates attribute terms (top 10 by count) and price into the configured ranges', async () => {
    const body = await search({ aggregations: ['color', 'price', 'category_ids'] }, { size: 100 });
    const color = Object.fromEntries(body.aggregations.color.buckets.map((b: { key: number; doc_count: number }) => [b.key, b.doc_count]));
    expect(color).toEqual({ [COLOR.black]: 2, [COLOR.silver]: 3 });
    expect(body.aggregations.color.buckets[0]).toEqual({ key: COLOR.silver, doc_count: 3 });
    const price = body.aggregations.price.buckets.map((b: { key: string; doc_count: number }) => [b.key, b.doc_count]);
    // incl. 21 % VAT: 36.30 (Dell), 30.25 (hub), 24.20 (licence) | 60.50 (Samsung) | — | 968.00, 726.00 (MacBook from), 242.00 (Sony, sold out)
    const expected = [
      ['0.0-50.0', 0],
      ['50.0-100.0', 0],
      ['100.0-150.0', 0],
      ['150.0-*', 0],
    ] as [string, number][];
    for (const h of body.hits.hits) {
      const euros = h._source.final_price_incl_tax / 100;
      const i = euros < 50 ? 0 : euros < 100 ? 1 : euros < 150 ? 2 : 3;
      (expected[i] as [string, number])[1] += 1;
    }
    expect(price).toEqual(expected);
    expect(expected.map((e) => e[1])).toEqual([3, 1, 0, 3]);
    const cats = Object.fromEntries(body.aggregations.category_ids.buckets.map((b: { key: number; doc_count: number }) => [b.key, b.doc_count]));
    expect(cats[11]).toBe(3);
    // aggregations follow the filters
    const filtered = await search({ filters: { category_ids: 20 }, aggregations: ['color'] });
    expect(filtered.aggregations.color.buckets).toEqual(expect.arrayContaining([{ key: COLOR.black, doc_count: 1 }, { key: COLOR.silver, doc_count: 1 }]));
  });

  it('sorts by whitelisted fields (the sold-out AUD-4001 after the available products)', async () => {
    const asc = await search({}, { sort: 'final_price:asc', size: 100 });
    const available = asc.hits.hits.slice(0, -1);
    expect(asc.hits.hits.at(-1)._source.sku).toBe('AUD-4001');
    const prices = available.map((h: { _source: { final_price_incl_tax: number } }) => h._source.final_price_incl_tax);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search({}, { sort: 'final_price:desc,id:asc', size: 100 });
    expect(desc.hits.hits[0]._source.sku).toBe('LAP-1001');
  });

  it('projects _source with _source_include / _source_exclude', async () => {
    const inc = await search({ filters: { sku: 'MBA-7000' } }, { _source_include: 'sku,name,configurable_children.sku' });
    expect(inc.hits.hits[0]._source).toEqual({
      sku: 'MBA-7000',
      name: 'Apple MacBook Air M2',
      configurable_children: [{ sku: 'MBA-7000-A' }, { sku: 'MBA-7000-B' }],
    });
    const exc = await search({ filters: { sku: 'MBA-7000' } }, { _source_exclude: 'configurable_children,description' });
    expect(exc.hits.hits[0]._source.configurable_children).toBeUndefined();
    expect(exc.hits.hits[0]._source.sku).toBe('MBA-7000');
  });

  it('answers in the store view of the index', async () => {
    const lt = await search({ filters: { sku: 'LAP-1001' } });
    const ru = await search({ filters: { sku: 'LAP-1001' } }, {}, 'product', 'vue_storefront_catalog_ru');
    expect(lt.hits.hits[0]._source.name).toBe('Lenovo ThinkPad T14 nešiojamas kompiuteris');
    expect(ru.hits.hits[0]._source.name).toBe('Ноутбук Lenovo ThinkPad T14');
    const alias = await search({ filters: { sku: 'LAP-1001' } }, {}, 'product_c', 'vue_storefront_catalog_en');
    expect(alias.hits.hits[0]._source.name).toBe('Lenovo ThinkPad T14 laptop');
  });

  it('caches answers by query and catalogue version', async () => {
    const url = searchUrl('product', { query: 'samsung' });
    const first = await api.call(url);
    const second = await api.call(url);
    expect(second.body).toEqual(first.body);
  });
});

describe('catalogue search: other entity types', () => {
  it('lists categories as documents with a children tree, by position', async () => {
    const body = await search({}, { size: 4000 }, 'category', 'vue_storefront_catalog_en');
    const byId = Object.fromEntries(body.hits.hits.map((h: { _source: { id: number } }) => [h._source.id, h._source]));
    expect(byId[11]).toMatchObject({
      id: 11,
      parent_id: 10,
      name: 'Laptops',
      slug: 'laptops',
      url_key: 'laptops',
      url_path: 'c/laptops',
      is_active: true,
      product_count: 3,
      children_count: 0,
    });
    expect(byId[2].children_data.map((c: { id: number }) => c.id)).toEqual([10, 20, 30, 40]);
    expect(byId[2].children_data[0].children_data[0].id).toBe(11);
    const top = await search({ filters: { parent_id: 2, is_active: true } }, {}, 'category');
    expect(top.hits.hits.map((h: { _source: { id: number } }) => h._source.id)).toEqual([10, 20, 30]);
    const bad = await api.call(searchUrl('category', { filters: { secret: 1 } }));
    expect(bad.status).toBe(400);
  });

  it('serves attributes, tax rules, CMS pages and blocks', async () => {
    const attrs = await search({ filters: { attribute_code: ['color', 'condition'] } }, {}, 'attribute', 'vue_storefront_catalog_en');
    expect(attrs.hits.hits.map((h: { _source: { attribute_code: string } }) => h._source.attribute_code)).toEqual(['color', 'condition']);
    expect(attrs.hits.hits[0]._source.options).toContainEqual({ value: COLOR.black, label: 'Black' });
    const tax = await search({}, {}, 'taxrule');
    expect(tax.hits.hits[0]._source.rates[0].rate).toBe(21);
    const page = await search({ filters: { identifier: 'about-us' } }, {}, 'cms_page', 'vue_storefront_catalog');
    expect(page.hits.hits[0]._source).toMatchObject({ identifier: 'about-us', slug: 'apie-mus', title: 'Apie mus', enabled: true });
    const block = await search({ filters: { identifier: 'footer-terms' } }, {}, 'cms_block', 'vue_storefront_catalog_ru');
    expect(block.hits.hits[0]._source.content).toBe('<p>Условия</p>');
    const hierarchy = await search({}, {}, 'cms_hierarchy');
    expect(hierarchy.hits.total.value).toBe(2);
  });
});

/**
 * The spec's "Search minimum score 1" (catalogue-and-cart.md §9) on our scale (docs/decisions/):
 * a product's score is the sum over the term's words of how well each matched (1 = the word as
 * written; a prefix, stem or typo within SEARCH_TYPO_THRESHOLD less), so 1 is not a floor of that
 * sum; it is the share of the term's words a product must match: all of them.
 */
describe.each(['memory', 'sql'] as const)('search minimum score 1, SEARCH_INDEX=%s', (index) => {
  type Hit = { _score: number; _source: { sku: string } };
  let shop: TestApi;
  beforeAll(async () => {
    shop = await startApi({ SEARCH_INDEX: index });
  });
  afterAll(async () => shop?.close());
  const hits = async (query: string) => {
    const { status, body } = await shop.call(searchUrl('product', { query }, { size: 20, sort: '_score:desc' }));
    expect(status, JSON.stringify(body)).toBe(200);
    return (body.hits.hits as Hit[]).map((h) => [h._source.sku, h._score] as const);
  };

  it('a product matching only some of the words is not a result, however well it matches them', async () => {
    expect(await hits('samsung')).toEqual([['PHN-2001', expect.any(Number)]]);
    expect(await hits('dell')).toEqual([['LAP-1002', expect.any(Number)]]);
    // each word finds a product, none finds both: nothing clears the minimum
    expect(await hits('samsung dell')).toEqual([]);
    expect(await hits('galaxy zzqqxx')).toEqual([]);
  });

  it('a match of every word is a result even when its score is below 1 (a typo)', async () => {
    const typo = await hits('samsnug');
    expect(typo.map(([sku]) => sku)).toEqual(['PHN-2001']);
    expect(typo[0]![1]).toBeGreaterThan(0);
    expect(typo[0]![1]).toBeLessThan(1);
    // a prefix of a word is a match of it too
    expect((await hits('galax')).map(([sku]) => sku)).toEqual(['PHN-2001']);
  });
});


/**
 * Sold-out products stay listed, after the available ones (docs/decisions/):
 * with OUT_OF_STOCK_LISTING on (the default) a category listing and a search find them, whatever
 * the sort, so that the shopper reaches their page and its back-in-stock request; off, the spec's
 * rule (catalogue-and-cart.md §5: total_qty above 0 and in stock) leaves them out. Both search paths.
 */
describe.each(['memory', 'sql'] as const)('sold-out products listed last, SEARCH_INDEX=%s', (index) => {
  type Hit = { _source: { sku: string; stock: { is_in_stock: boolean } } };
  let shop: TestApi;
  let strict: TestApi;
  beforeAll(async () => {
    [shop, strict] = await Promise.all([
      // no answer cache: each request reaches the search path under test
      startApi({ SEARCH_INDEX: index, CATALOG_CACHE_ENTRIES: '0' }),
      startApi({ SEARCH_INDEX: index, CATALOG_CACHE_ENTRIES: '0', OUT_OF_STOCK_LISTING: 'false' }),
    ]);
    // the Dell, the cheapest laptop (36.30 €), sells out (a stock feed)
    for (const s of [shop, strict]) await importCatalog(s.database, { products: [{ sku: 'LAP-1002', qty: 0 }] });
  });
  afterAll(async () => {
    await shop?.close();
    await strict?.close();
  });

  /** the answer; with SEARCH_INDEX=memory, once the index (caught up with the stock feed) answers itself */
  const answer = async (api: TestApi, request: unknown, query: Record<string, string | number> = {}) => {
    for (let i = 0; i < 200; i++) {
      const before = indexStats.answered;
      const { status, body } = await api.call(searchUrl('product', request, { size: 50, ...query }));
      expect(status, JSON.stringify(body)).toBe(200);
      if (index === 'sql' || indexStats.answered > before) return body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the in-process index never answered');
  };
  const inOrder = (body: { hits: { hits: Hit[] } }) => body.hits.hits.map((h) => h._source.sku);

  it('a category lists the sold-out product after the available ones under price ascending (and descending)', async () => {
    const laptops = { filters: { category_ids: 11 }, aggregations: ['price', 'color'] };
    const asc = await answer(shop, laptops, { sort: 'final_price:asc' });
    // by price alone the Dell (36.30) would come first
    expect(inOrder(asc)).toEqual(['MBA-7000', 'LAP-1001', 'LAP-1002']);
    expect(asc.hits.hits[2]._source.stock.is_in_stock).toBe(false);
    expect(inOrder(await answer(shop, laptops, { sort: 'final_price:desc' }))).toEqual(['LAP-1001', 'MBA-7000', 'LAP-1002']);
    // the facets count what is listed: the Dell in the first price range and in silver
    expect(asc.hits.total.value).toBe(3);
    expect(asc.aggregations.price.buckets.map((b: { doc_count: number }) => b.doc_count)).toEqual([1, 0, 0, 2]);
    expect(asc.aggregations.color.buckets).toEqual([
      { key: COLOR.silver, doc_count: 2 },
      { key: COLOR.black, doc_count: 1 },
    ]);
    // the default listing sort (promotion) and the search page's (quantity) keep it last too
    expect(inOrder(await answer(shop, laptops)).at(-1)).toBe('LAP-1002');
    expect(inOrder(await answer(shop, laptops, { sort: 'total_qty:asc' })).at(-1)).toBe('LAP-1002');
  });

  it('a search finds the sold-out product, after the available matches', async () => {
    expect(inOrder(await answer(shop, { query: 'dell' }))).toEqual(['LAP-1002']);
    expect(inOrder(await answer(shop, { query: 'xps 13' }, { sort: 'total_qty:desc' }))).toEqual(['LAP-1002']);
    // the category name ("Nešiojami kompiuteriai") finds the three laptops: the Dell (cheapest) last
    const found = inOrder(await answer(shop, { query: 'kompiuteriai' }, { sort: 'final_price:asc' }));
    expect(found).toEqual(['MBA-7000', 'LAP-1001', 'LAP-1002']);
  });

  it('the home lists ask for available products only (domain AVAILABLE_FILTERS)', async () => {
    const fresh = await answer(shop, { filters: { ...AVAILABLE_FILTERS } }, { sort: HOME_LIST_SORT });
    expect(inOrder(fresh)).not.toContain('LAP-1002');
    expect(inOrder(fresh)).not.toContain('AUD-4001');
    expect(inOrder(fresh)).toContain('LAP-1001');
  });

  it('with OUT_OF_STOCK_LISTING=false the sold-out product is neither listed nor found nor counted', async () => {
    const asc = await answer(strict, { filters: { category_ids: 11 }, aggregations: ['price'] }, { sort: 'final_price:asc' });
    expect(inOrder(asc)).toEqual(['MBA-7000', 'LAP-1001']);
    expect(asc.aggregations.price.buckets.map((b: { doc_count: number }) => b.doc_count)).toEqual([0, 0, 0, 2]);
    expect(inOrder(await answer(strict, { query: 'dell' }))).toEqual([]);
  });
});
