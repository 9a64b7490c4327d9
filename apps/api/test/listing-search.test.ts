/**
 * What the listing pages ask the catalogue, through HTTP against PGlite: the
 * shopper's own price range (inclusive bounds on the final price), relevance as a sort for a text
 * search, the children's option values a card needs to show the filtered variant, and the home
 * page's bestsellers by units sold.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONDITION } from './fixtures.ts';
import { address, qs, searchUrl, startApi, type TestApi } from './helpers.ts';
import { uniqueAddress } from './user-helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

type Hit = { _score: number; _source: Record<string, unknown> & { sku: string; id: number } };
async function search(request: unknown, query: Record<string, string | number | undefined> = {}) {
  const { status, body } = await api.call(searchUrl('product', request, query));
  expect(status, JSON.stringify(body)).toBe(200);
  return body.hits.hits as Hit[];
}
const skus = (hits: Hit[]) => hits.map((h) => h._source.sku).sort();

describe('the shopper’s own price range (final_price gte/lte, cents incl. tax)', () => {
  it('keeps both bounds inclusive and combines with attribute filters', async () => {
    const all = await search({}, { size: 100 });
    const price = (sku: string) => all.find((h) => h._source.sku === sku)?._source.final_price_incl_tax as number;
    const dell = price('LAP-1002');
    const lenovo = price('LAP-1001');
    expect(dell).toBeLessThan(lenovo);
    expect(skus(await search({ filters: { final_price: { gte: dell, lte: dell } } }))).toEqual(['LAP-1002']);
    expect(skus(await search({ filters: { final_price: { gte: dell + 1, lte: lenovo } } }))).not.toContain('LAP-1002');
    expect(skus(await search({ filters: { final_price: { lte: lenovo }, condition: [CONDITION.new] } }))).toEqual(
      skus(all.filter((h) => h._source.condition === CONDITION.new && (h._source.final_price_incl_tax as number) <= lenovo)),
    );
  });

  it('refuses a bound that is not a number with a message naming the field', async () => {
    const { status, body } = await api.call(
      searchUrl('product', { filters: { final_price: { gte: 'cheap' } } }, { storeCode: 'lt' }),
    );
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('final_price');
  });
});

describe('relevance as a sort of a text search', () => {
  it('orders by the score, best first', async () => {
    const hits = await search({ query: 'lenovo thinkpad' }, { sort: '_score:desc', size: 10 });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]?._source.sku).toBe('LAP-1001');
    const scores = hits.map((h) => h._score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('the card under a grade filter', () => {
  it('gets each child’s grade, price and stock with the parent, projected to what the card reads', async () => {
    const include = [
      'sku',
      'type_id',
      'configurable_children.sku',
      'configurable_children.final_price_incl_tax',
      'configurable_children.stock',
      'configurable_children.status',
      'configurable_children.condition',
    ].join(',');
    const hits = await search({ filters: { condition: [CONDITION.aplus] } }, { _source_include: include, size: 50 });
    const mba = hits.find((h) => h._source.sku === 'MBA-7000')?._source;
    expect(mba).toBeDefined();
    const children = mba?.configurable_children as Record<string, unknown>[];
    expect(children.map((c) => Object.keys(c).sort())).toEqual(
      children.map(() => ['condition', 'final_price_incl_tax', 'sku', 'status', 'stock']),
    );
    const aplus = children.find((c) => c.condition === CONDITION.aplus);
    // the parent's own price is the cheapest child's (grade A); the A+ child is dearer
    expect(aplus?.sku).toBe('MBA-7000-A');
    expect(aplus?.final_price_incl_tax as number).toBeGreaterThan(
      children.find((c) => c.condition === CONDITION.a)?.final_price_incl_tax as number,
    );
  });
});

describe('GET /vsbridge/products/bestsellers', () => {
  const bestsellers = (query: Record<string, string | number | undefined>) =>
    api.call(`/vsbridge/products/bestsellers${qs({ storeCode: 'en', ...query })}`);
  const ids = (body: { result: { items: { id: number }[] } }) => body.result.items.map((p) => p.id);

  function order(products: { sku: string; qty: number }[]) {
    return api.call({
      method: 'POST',
      url: '/vsbridge/order/create?storeCode=en',
      remoteAddress: uniqueAddress(),
      payload: {
        cart_id: `offline-${randomBytes(8).toString('hex')}`,
        products,
        addressInformation: {
          shippingAddress: address(),
          shipping_method_code: 'courier',
          shipping_carrier_code: 'courier',
          payment_method_code: 'cashondelivery',
        },
        personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
        idempotency_key: `bestsellers-${randomBytes(8).toString('hex')}`,
      },
    });
  }

  it('validates its parameters', async () => {
    for (const bad of [{ size: 0 }, { size: 51 }, { exclude: 'abc' }]) {
      const { status, body } = await bestsellers(bad);
      expect(status, JSON.stringify(body)).toBe(400);
    }
  });

  it('ranks by units sold in orders (a child counts for its parent), never lists an excluded product, newest first', async () => {
    // a shop without orders: the catalogue's sales figure (LAP-1001 has 10), excluded ids left out
    const before = await bestsellers({ size: 2 });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(ids(before.body)).toContain(1001);
    expect(ids(await bestsellers({ size: 8, exclude: '1001' }).then((r) => r.body))).not.toContain(1001);
    // every listable product but the sold-out AUD-4001 (listings show it last; the home lists never)
    expect(ids(await bestsellers({ size: 50 }).then((r) => r.body)).sort()).toEqual([1001, 1002, 2001, 3002, 5001, 7000]);

    for (const [products, times] of [
      [[{ sku: 'MBA-7000-A', qty: 1 }], 1],
      [[{ sku: 'MBA-7000-B', qty: 1 }], 1],
      [[{ sku: 'PHN-2001', qty: 1 }], 1],
    ] as const) {
      for (let i = 0; i < times; i++) {
        const placed = await order([...products]);
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      }
    }
    // a fresh process: the ranking is cached per process for minutes
    const fresh = await startApiSharing();
    try {
      const { status, body } = await fresh.call(
        `/vsbridge/products/bestsellers${qs({ storeCode: 'en', size: 2, _source_include: 'id,sku' })}`,
      );
      expect(status, JSON.stringify(body)).toBe(200);
      const items = body.result.items as { id: number; sku: string; created_at: string }[];
      // MacBook (2 units through its children) and the Galaxy (1 unit), shown newest first
      expect(items.map((p) => p.sku).sort()).toEqual(['MBA-7000', 'PHN-2001']);
      expect(items.map((p) => p.created_at)).toEqual(items.map((p) => p.created_at).sort().reverse());
      const excluding = await fresh.call(
        `/vsbridge/products/bestsellers${qs({ storeCode: 'en', size: 2, exclude: '7000' })}`,
      );
      expect(ids(excluding.body)).not.toContain(7000);
      expect(ids(excluding.body)).toContain(2001);
      expect(ids(excluding.body)).toHaveLength(2);
    } finally {
      await fresh.app.close();
    }
  });
});

/** a second API on the same database (its own bestseller cache) */
async function startApiSharing() {
  const { buildApi, loadApiConfig } = await import('../src/index.ts');
  const app = await buildApi({
    database: api.database,
    config: loadApiConfig({ MEDIA_DIR: api.mediaDir, ADMIN_TOKEN: api.adminToken, CATALOG_VERSION_TTL_MS: '0' }),
  });
  await app.ready();
  return {
    app,
    call: async (url: string) => {
      const res = await app.inject(url);
      return { status: res.statusCode, body: res.json() };
    },
  };
}
