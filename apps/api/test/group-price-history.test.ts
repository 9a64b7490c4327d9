/**
 * Directive 98/6/EC art. 6a per customer group, through the API: a group's tier changes are recorded
 * over time, and the documents a group shopper reads announce a reduction only against the lowest
 * price that group was charged in the 30 days before it (domain groupPriceHistory), not the tier of
 * the retail reference. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { addTax } from '@vitrina/domain';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, register, uniqueEmail } from './user-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('price history per customer group (GROUP_PRICING=true)', () => {
  let api: TestApi;
  const now = Date.now();
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    api = await startApi({
      GROUP_PRICING: 'true',
      MAIL_OUTBOX_INTERVAL_MS: '0',
      DEMO_SPECIAL_OFFERS: 'false',
    });
    // 100.00 € net for long; group 50 had 30 % off, cut to 10 % ten days ago; group 51 has 20 % throughout;
    // on special at 90.00 € net from two days ago
    await importCatalog(
      api.database,
      {
        customer_groups: [
          { id: 50, code: 'trade-cut', name: 'Trade (cut)', discount_percent: 30 },
          { id: 51, code: 'trade-steady', name: 'Trade (steady)', discount_percent: 20 },
        ],
        products: [
          {
            id: 98_101,
            sku: 'GRP-1',
            type_id: 'simple',
            name: 'GRP-1',
            url_key: 'grp-1',
            tax_class_id: 2,
            category_ids: [],
            price: 100,
            stock: { is_in_stock: true, qty: 10, manage_stock: true },
          },
        ],
      },
      { now: new Date(now - 60 * DAY) },
    );
    await importCatalog(
      api.database,
      { customer_groups: [{ id: 50, code: 'trade-cut', name: 'Trade (cut)', discount_percent: 10 }] },
      { now: new Date(now - 10 * DAY) },
    );
    await importCatalog(
      api.database,
      { products: [{ sku: 'GRP-1', special_price: 90, special_from_date: isoDay(now - 2 * DAY) }] },
      { now: new Date(now - 2 * DAY) },
    );
    for (const group of [50, 51]) {
      const email = uniqueEmail(`g${group}`);
      await register(api, email);
      await api.database.query('UPDATE customers SET group_id = $2 WHERE email = $1', [email, group]);
      const r = await api.call({
        method: 'POST',
        url: '/vsbridge/user/login',
        payload: { username: email, password: 'correct horse 1' },
      });
      expect(r.status).toBe(200);
      tokens[group] = r.body.result;
    }
  });
  afterAll(async () => api?.close());

  const doc = async (group?: number) => {
    const r = await api.call({
      url: '/vsbridge/products/render-list?skus=GRP-1&storeCode=lt',
      headers: group ? bearer(tokens[group]!) : {},
    });
    expect(r.status).toBe(200);
    return r.body.result.items[0] as Record<string, number | null | undefined>;
  };

  it('records each group tier change from when it was made', async () => {
    const rows = await api.database.query<{ discount_percent: number; changed_at: Date | string }>(
      'SELECT discount_percent, changed_at FROM customer_group_tier_history WHERE group_id = 50 ORDER BY changed_at, id',
    );
    expect(rows.map((r) => r.discount_percent)).toEqual([30, 10]);
    expect(Math.abs(new Date(rows[1]!.changed_at).getTime() - (now - 10 * DAY))).toBeLessThan(1000);
  });

  it('retail shoppers: the lowest retail price of the 30 days (100.00 € net)', async () => {
    expect(await doc()).toMatchObject({ final_price: 9000, reference_price: 10000 });
  });

  it('a group whose tier was cut paid 70.00 € two weeks ago: 81.00 € is no reduction for it', async () => {
    const d = await doc(50);
    expect(d.final_price).toBe(8100);
    expect(d.reference_price ?? null).toBeNull();
    expect(d.reference_price_incl_tax ?? null).toBeNull();
  });

  it('a group with a steady tier: its own lowest price, 80.00 € net', async () => {
    const d = await doc(51);
    expect(d).toMatchObject({
      final_price: 7200,
      reference_price: 8000,
      reference_price_incl_tax: addTax(8000, 21),
    });
  });
});
