/**
 * One headline price for a grouped or bundle product (docs/decisions/0055-one-headline-price-for-grouped-and-bundle-products.md):
 * the card's figure (the listing search), the parts the product page reads from the composite's own
 * document (parts "not visible individually" included, the public search not widened) and the cart
 * the page's lines go into name one amount. The fixture's parts all have visibility 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { compositeHeadlinePicks, sumPicks } from '@vitrina/domain';
import { COMPOSITE_PRICE as P, compositeCatalog } from './fixtures.ts';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
  const file = compositeCatalog();
  // an out-of-stock part of the set: the page starts it at 0, so the headline leaves it out
  file.products.push({
    id: 8006,
    sku: 'PART-SOLD',
    type_id: 'simple',
    visibility: 1,
    name: 'Sold-out cable',
    url_key: 'part-sold',
    price: 7,
    category_ids: [10],
    stock: { is_in_stock: false, qty: 0, manage_stock: true },
  } as never);
  const set = file.products.find((p) => p.sku === 'SET-8200') as { product_links: Record<string, unknown>[] };
  set.product_links.push({ link_type: 'associated', linked_product_sku: 'PART-SOLD', linked_product_type: 'simple', qty: 1 });
  await importCatalog(api.database, file);
}, 120_000);
afterAll(async () => api?.close());

type Doc = { sku: string; visibility: number; final_price_incl_tax: number; stock: { is_in_stock: boolean } } & Record<string, unknown>;

const search = async (filters: Record<string, unknown>, store = 'en') =>
  (
    await api.call(
      `/vsbridge/catalog/${store === 'lt' ? 'vue_storefront_catalog' : `vue_storefront_catalog_${store}`}/product/_search?request=` +
        encodeURIComponent(JSON.stringify({ filters })),
    )
  ).body.hits.hits.map((h: { _source: Record<string, unknown> }) => h._source) as Doc[];

describe('grouped product with parts not visible individually', () => {
  it('the card, the parts the page reads and the cart agree', async () => {
    const [set] = await search({ sku: 'SET-8200' });
    const headline = P.bag + 2 * P.mouse;
    expect(set?.final_price_incl_tax).toBe(headline);

    // the page's parts come with the set's document: every status-1 part, visibility 1 included
    const parts = set?.composite_parts as Doc[];
    expect(parts.map((p) => [p.sku, p.visibility, p.final_price_incl_tax])).toEqual([
      ['PART-BAG', 1, P.bag],
      ['PART-MOUSE', 1, P.mouse],
      ['PART-SOLD', 1, 847],
    ]);
    expect(parts[2]?.stock).toMatchObject({ is_in_stock: false });
    // the domain's rule over those parts gives the indexed headline
    const picks = compositeHeadlinePicks(set as never, (sku) => parts.find((p) => p.sku === sku));
    expect(sumPicks(picks, new Map(parts.map((p) => [p.sku, p.final_price_incl_tax])))).toBe(headline);

    // the public catalogue search is not widened: a visibility-1 part is still not listed
    expect(await search({ sku: 'PART-BAG' })).toEqual([]);

    // the page's starting lines, as the cart prices them
    const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body.result as string;
    for (const p of picks) {
      const r = await api.call({
        method: 'POST',
        url: `/vsbridge/cart/update?cartId=${cart}&storeCode=en`,
        payload: { cartItem: { sku: p.sku, qty: p.qty } },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const totals = (await api.call(`/vsbridge/cart/totals?cartId=${cart}&storeCode=en`)).body.result;
    expect(totals.subtotal_incl_tax).toBe(headline);
  });

  it('the parts carry the store view’s names', async () => {
    const [set] = await search({ sku: 'SET-8200' }, 'lt');
    expect((set?.composite_parts as { name: string }[]).map((p) => p.name)).toContain('Laptop bag');
  });

  it('a bundle’s headline is its default selection, its parts in its document', async () => {
    const [bundle] = await search({ sku: 'BUN-8100' });
    expect(bundle?.final_price_incl_tax).toBe(P.ram8 + P.ssd);
    expect((bundle?.composite_parts as { sku: string }[]).map((p) => p.sku).sort()).toEqual(
      ['PART-BAG', 'PART-MOUSE', 'PART-RAM-16', 'PART-RAM-8', 'PART-SSD'],
    );
  });

  it('a simple product carries no parts', async () => {
    const simple = (await api.database.query<{ doc: Record<string, unknown> }>(
      `select doc from product_index where sku = 'PART-BAG' and store_code = 'en'`,
    ))[0];
    expect(simple?.doc.composite_parts).toBeUndefined();
  });
});
