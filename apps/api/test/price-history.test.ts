/**
 * Directive 98/6/EC art. 6a through the API: each price an import sets is recorded, and the product
 * documents the storefront reads carry an announced reduction's reference, the lowest price charged
 * in the 30 days before it. A regular price never charged is never a reference.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog, type Database } from '@vitrina/db';
import { searchUrl, startApi, type TestApi } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

const product = (id: number, sku: string, extra: Record<string, unknown>) => ({
  id,
  sku,
  type_id: 'simple',
  name: sku,
  url_key: sku.toLowerCase(),
  tax_class_id: 2,
  category_ids: [],
  stock: { is_in_stock: true, qty: 10, manage_stock: true },
  ...extra,
});

/** a price feed: the import's partial product records (sku and prices only), as of `at` */
const feed = (database: Database, at: number, records: Record<string, unknown>[]) =>
  importCatalog(database, { products: records }, { now: new Date(at) });

describe('price history and the reference price of a reduction', () => {
  let api: TestApi;
  const now = Date.now();
  beforeAll(async () => {
    api = await startApi();
    // 129,00 € (106.61 net at 21 %) for long; 110,00 € for ten days within the 30 before the sale;
    // 129,00 € again; then on special at 99,00 € from two days ago
    await importCatalog(
      api.database,
      {
        products: [
          product(98_001, 'OMNI-1', { price: 106.61 }),
          // new to the shop, announced straight away "on special" from a regular price never charged
          product(98_002, 'OMNI-NEW', {
            price: 106.61,
            special_price: 81.82,
            special_from_date: isoDay(now - 70 * DAY),
          }),
        ],
      },
      { now: new Date(now - 60 * DAY) },
    );
    await feed(api.database, now - 20 * DAY, [{ sku: 'OMNI-1', price: 90.91 }]);
    await feed(api.database, now - 10 * DAY, [{ sku: 'OMNI-1', price: 106.61 }]);
    await feed(api.database, now - 2 * DAY, [
      { sku: 'OMNI-1', special_price: 81.82, special_from_date: isoDay(now - 2 * DAY) },
    ]);
  });
  afterAll(() => api?.close());

  async function docs(storeCode: string) {
    const r = await api.call(`/vsbridge/products/render-list?skus=OMNI-1,OMNI-NEW&storeCode=${storeCode}`);
    expect(r.status).toBe(200);
    return Object.fromEntries(
      (r.body.result.items as Record<string, unknown>[]).map((d) => [d.sku as string, d]),
    ) as Record<string, Record<string, unknown>>;
  }

  it('records every change of the price charged, per store view', async () => {
    const history = await api.database.query<{ price_incl_tax_cents: number; reduced: boolean }>(
      `select price_incl_tax_cents, reduced from price_history where sku = 'OMNI-1' and store_code = 'lt' order by changed_at, id`,
    );
    expect(history).toEqual([
      { price_incl_tax_cents: 12900, reduced: false },
      { price_incl_tax_cents: 11000, reduced: false },
      { price_incl_tax_cents: 12900, reduced: false },
      { price_incl_tax_cents: 9900, reduced: true },
    ]);
    const stores = await api.database.query<{ store_code: string }>(
      `select distinct store_code from price_history where sku = 'OMNI-1' order by store_code`,
    );
    expect(stores.map((s) => s.store_code)).toEqual(['en', 'lt', 'ru']);
  });

  it('the reference is the lowest price of the 30 days before the reduction (110,00 €), not the regular 129,00 €', async () => {
    for (const store of ['lt', 'en', 'ru']) {
      const { 'OMNI-1': doc } = await docs(store);
      expect(doc).toMatchObject({
        final_price_incl_tax: 9900,
        price_incl_tax: 12900,
        reference_price_incl_tax: 11000,
        reference_price: 9091,
      });
    }
  });

  it('a special price on a product new to the shop has no reference: its regular price was never charged', async () => {
    const { 'OMNI-NEW': doc } = await docs('lt');
    expect(doc).toMatchObject({ final_price_incl_tax: 9900, price_incl_tax: 12900 });
    expect(doc).not.toHaveProperty('reference_price_incl_tax');
  });

  it('a listing’s card fields carry the reference (the storefront asks for it by name)', async () => {
    const r = await api.call(
      searchUrl(
        'product',
        { filters: { sku: ['OMNI-1', 'OMNI-NEW'] } },
        { _source_include: 'sku,final_price_incl_tax,reference_price_incl_tax' },
        'vue_storefront_catalog',
      ),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const sources = (r.body.hits.hits as { _source: Record<string, unknown> }[]).map((h) => h._source);
    expect(sources).toEqual(
      expect.arrayContaining([
        { sku: 'OMNI-1', final_price_incl_tax: 9900, reference_price_incl_tax: 11000 },
        { sku: 'OMNI-NEW', final_price_incl_tax: 9900 },
      ]),
    );
  });
});
