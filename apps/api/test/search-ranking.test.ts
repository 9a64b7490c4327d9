/**
 * A search with words ranks by relevance, and for the same relevance goods come before services and
 * software (docs/decisions/0053-a-search-with-words-is-ranked-by-relevance.md, domain
 * compareSearchHits). Both search paths: the in-process index and SQL answer the same order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { indexStats } from '../src/catalog/search/search-index.ts';
import { searchUrl, startApi, type TestApi } from './helpers.ts';

const stock = (qty: number) => ({ is_in_stock: qty > 0, qty, manage_stock: true });
/** the services have the lowest ids and by far the most stock: any other order puts them first */
const products = [
  {
    id: 8101,
    sku: 'SRV-FRIDGE',
    type_id: 'virtual',
    name: 'Установка холодильника',
    price: 30,
    stock: stock(999),
  },
  {
    id: 8102,
    sku: 'SRV-SALD',
    type_id: 'virtual',
    name: 'Šaldytuvo montavimas',
    price: 30,
    stock: stock(999),
  },
  {
    id: 8103,
    sku: 'FRG-BOSCH',
    type_id: 'simple',
    name: 'Холодильник Bosch KGN39',
    price: 500,
    stock: stock(3),
  },
  {
    id: 8104,
    sku: 'FRG-SAMS',
    type_id: 'simple',
    name: 'Холодильник Samsung RB34',
    price: 450,
    stock: stock(5),
  },
  { id: 8105, sku: 'FRG-BEKO', type_id: 'simple', name: 'Šaldytuvas Beko RCNA', price: 400, stock: stock(2) },
].map((p) => ({ ...p, url_key: p.sku.toLowerCase(), category_ids: [20] }));

describe.each(['memory', 'sql'] as const)('search ranking, SEARCH_INDEX=%s', (index) => {
  let shop: TestApi;
  beforeAll(async () => {
    shop = await startApi({ SEARCH_INDEX: index, CATALOG_CACHE_ENTRIES: '0' });
    await importCatalog(shop.database, { products });
  });
  afterAll(async () => shop?.close());

  /** the skus in order; with SEARCH_INDEX=memory once the index (caught up with the import) answers itself */
  const order = async (query: string, sort?: string) => {
    for (let i = 0; i < 200; i++) {
      const before = indexStats.answered + indexStats.typo;
      const { status, body } = await shop.call(
        searchUrl('product', { query }, { size: 20, ...(sort ? { sort } : {}) }),
      );
      expect(status, JSON.stringify(body)).toBe(200);
      if (index === 'sql' || indexStats.answered + indexStats.typo > before)
        return (body.hits.hits as { _source: { sku: string } }[]).map((h) => h._source.sku);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the in-process index never answered');
  };

  it.each([
    // query, sort → the goods before the service
    ['холодильник', '_score:desc', ['FRG-BOSCH', 'FRG-SAMS', 'SRV-FRIDGE']],
    ['холодильникк', '_score:desc', ['FRG-BOSCH', 'FRG-SAMS', 'SRV-FRIDGE']],
    ['холодильникк', undefined, ['FRG-BOSCH', 'FRG-SAMS', 'SRV-FRIDGE']],
    ['šaldytuvs', '_score:desc', ['FRG-BEKO', 'SRV-SALD']],
    ['šaldytuv', '_score:desc', ['FRG-BEKO', 'SRV-SALD']],
  ])('"%s" sorted %s: %j', async (query, sort, expected) => {
    expect(await order(query, sort)).toEqual(expected);
  });

  it('the stock sort stays on offer: it puts the well-stocked service first', async () => {
    expect((await order('холодильникк', 'total_qty:desc'))[0]).toBe('SRV-FRIDGE');
  });
});
