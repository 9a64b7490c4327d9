/**
 * The special-price window job runs in the API itself: the API on its own, with no
 * shop process around it, stops charging a special price once its window has closed. Before, the job
 * lived in apps/server and this API kept the expired price in the cart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { startApi, type TestApi } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('special-price windows in the API on its own', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ PRICE_WINDOW_REFRESH_MS: '200' });
    // indexed as of three days ago, when the special price (yesterday's last day) still applied
    const now = Date.now();
    await importCatalog(
      api.database,
      {
        products: [
          {
            id: 97_001,
            sku: 'WINDOW-1',
            type_id: 'simple',
            name: 'Window product',
            url_key: 'window-product',
            price: 100,
            special_price: 50,
            special_from_date: isoDay(now - 10 * DAY),
            special_to_date: isoDay(now - 2 * DAY),
            tax_class_id: 2,
            category_ids: [],
            stock: { is_in_stock: true, qty: 10, manage_stock: true },
          },
        ],
      },
      { now: new Date(now - 3 * DAY) },
    );
  });
  afterAll(() => api?.close());

  async function cartLinePrice(): Promise<number> {
    const cart = await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' });
    const line = await api.call({
      method: 'POST',
      url: `/vsbridge/cart/update?cartId=${cart.body.result}&storeCode=en`,
      payload: { cartItem: { sku: 'WINDOW-1', qty: 1 } },
    });
    expect(line.status).toBe(200);
    return line.body.result.price;
  }

  it('re-prices the product after its window closed, without a shop process', async () => {
    const deadline = Date.now() + 10_000;
    let special: unknown = 5000;
    while (Date.now() < deadline && special !== null) {
      await new Promise((r) => setTimeout(r, 100));
      const [r] = await api.database.query<{ special: unknown }>(
        "SELECT doc->'special_price' AS special FROM product_index WHERE sku = 'WINDOW-1' AND store_code = 'en'",
      );
      special = r?.special ?? null;
    }
    expect(special).toBeNull();
    expect(await cartLinePrice()).toBeGreaterThanOrEqual(100);
  });
});
