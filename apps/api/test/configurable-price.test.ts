/**
 * A configurable parent shows the price of the variant the spec's rule chooses with
 * no option chosen — the cheapest available child (catalogue-and-cart.md §4 "Configurable product":
 * "The chosen variant is the available child with the most matching attributes. Ties go to the lowest
 * price. Children that are out of stock, or status 2 or more, are skipped.") — never its own price.
 * The listing, the search, sorting and price filters, and the URL map answer all read the product
 * document the indexer writes; an order selling the cheapest child out re-indexes the parent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { CONFIGURABLE_PRICE as P, configurablePriceCatalog } from './fixtures.ts';
import { address, searchUrl, startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  // no answer cache: an order's stock change reaches cached answers only when they expire (cache.ts),
  // and this file reads the same product before and after an order
  api = await startApi({ CATALOG_CACHE_ENTRIES: '0' });
  await importCatalog(api.database, configurablePriceCatalog());
}, 120_000);
afterAll(async () => api?.close());

type Hit = {
  _source: { sku: string; final_price_incl_tax: number; price_incl_tax: number; final_price: number };
};

async function search(request: unknown, query: Record<string, string | number | undefined> = {}) {
  const { status, body } = await api.call(searchUrl('product', request, query));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.hits.hits as Hit[];
}
const priceOf = (hits: Hit[], sku: string) => hits.find((h) => h._source.sku === sku)?._source;
const mapped = async (url: string) => {
  const res = await api.call({ method: 'POST', url: '/api/url/map', payload: { url } });
  expect(res.status).toBe(200);
  return res.body._source;
};

describe('a configurable parent shows its cheapest available child’s price', () => {
  it('in the category listing, every price field of the document', async () => {
    const hits = await search({ filters: { category_ids: 11 } }, { size: 100 });
    expect(priceOf(hits, 'CFG-HI')).toMatchObject({
      final_price_incl_tax: P.high,
      price_incl_tax: P.high,
      final_price: 60000,
    });
    expect(priceOf(hits, 'CFG-LO')).toMatchObject({
      final_price_incl_tax: P.low,
      price_incl_tax: P.low,
      final_price: 40000,
    });
    // nothing for sale: listed after the available products, at the price of
    // the cheapest enabled child, out of stock
    expect(priceOf(hits, 'CFG-NONE')).toMatchObject({
      final_price_incl_tax: P.none,
      stock: { is_in_stock: false },
    });
    expect(hits.at(-1)?._source.sku).toBe('CFG-NONE');
  });

  it('in a text search, sorted by price and filtered by price with the same figure', async () => {
    expect(priceOf(await search({ query: 'configurable priced' }), 'CFG-HI')?.final_price_incl_tax).toBe(
      P.high,
    );
    const at = (n: number) => search({ filters: { final_price: { gte: n, lte: n } } }, { size: 100 });
    // (MBA-7000 of the base catalogue shows 726,00 € too: its cheapest child's price)
    expect((await at(P.high)).map((h) => h._source.sku)).toContain('CFG-HI');
    expect((await at(P.highOwn)).map((h) => h._source.sku)).not.toContain('CFG-HI');
    const listed = await search({ filters: { category_ids: 11 } }, { size: 100, sort: 'final_price:asc' });
    // the available products by price, then the sold-out CFG-NONE, cheaper though it is
    expect(listed.at(-1)?._source).toMatchObject({ sku: 'CFG-NONE', final_price_incl_tax: P.none });
    const sorted = listed.slice(0, -1).map((h) => h._source.final_price_incl_tax);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect(sorted).toContain(P.low);
    expect(sorted.some((price) => price > P.none)).toBe(true);
  });

  it('in the URL map answer; with no child for sale, the cheapest enabled one, out of stock', async () => {
    expect(await mapped('/en/p/CFG-HI/cfg-hi')).toMatchObject({
      sku: 'CFG-HI',
      final_price_incl_tax: P.high,
    });
    expect(await mapped('/p/CFG-LO/cfg-lo')).toMatchObject({ final_price_incl_tax: P.low });
    expect(await mapped('/p/CFG-NONE/cfg-none')).toMatchObject({
      final_price_incl_tax: P.none,
      stock: { is_in_stock: false },
    });
  });

  it('an order selling the cheapest child out re-indexes the parent at the next child’s price', async () => {
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
      .result as string;
    const add = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart}`,
      payload: { cartItem: { sku: 'CFG-LO-B', qty: 1 } },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const order = await api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      payload: {
        cart_id: cart,
        products: [{ sku: 'CFG-LO-B', qty: 1 }],
        addressInformation: {
          shippingAddress: address(),
          billingAddress: address(),
          shipping_method_code: 'courier',
          shipping_carrier_code: 'courier',
          payment_method_code: 'cashondelivery',
        },
        personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
        idempotency_key: 'cfg-lo-b-sold-out',
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(await mapped('/p/CFG-LO/cfg-lo')).toMatchObject({ final_price_incl_tax: P.lowAfterB });
    // the index rows the listing and the search read (the in-process search index polls them)
    const rows = await api.database.query<{ store_code: string; final_price_incl_tax: number }>(
      "SELECT store_code, final_price_incl_tax FROM product_index WHERE sku = 'CFG-LO' ORDER BY store_code",
    );
    expect(rows.map((r) => r.final_price_incl_tax)).toEqual([P.lowAfterB, P.lowAfterB, P.lowAfterB]);
  });
});
