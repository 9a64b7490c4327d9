/**
 * The demo data removed from the back office, through HTTP: only an administrator may, and only by
 * confirming it (400 naming the field otherwise); the removal and its audit row are one write; the
 * storefront no longer finds the demo's products at once; the shop stops being the demo (its status,
 * its fictional seller); a second removal finds nothing to remove.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpCatalogVersion, setMeta } from '@vitrina/db';
import { NO_SELLER, startApi, type TestApi } from './helpers.ts';
import { staffOfEachRole, type StaffWho } from './staff-helpers.ts';

const EN = 'vue_storefront_catalog_en';
// the demo's record keys as the shop records them at seeding (packages/db demo/lifecycle.ts)
const DEMO_KEYS = {
  skus: ['PHN-2001'],
  categoryIds: [],
  coupons: [],
  pickupPoints: [],
  cmsPages: [],
  cmsBlocks: [],
  bannerImages: [],
};

describe('the demo data removed in the back office', () => {
  let api: TestApi;
  let as: (who: StaffWho) => Record<string, string>;
  beforeAll(async () => {
    api = await startApi(NO_SELLER);
    as = await staffOfEachRole(api, 'shop.lt');
    await setMeta(api.database, 'demo_catalog', true);
    await setMeta(api.database, 'demo_data', DEMO_KEYS);
    await bumpCatalogVersion(api.database);
  });
  afterAll(async () => api?.close());

  const remove = (headers: Record<string, string>, payload: Record<string, unknown>, store = 'en') =>
    api.call({ method: 'POST', url: `/vsbridge/staff/demo/remove?storeCode=${store}`, headers, payload });
  const status = async () => {
    const r = await api.call({ url: '/vsbridge/staff/shop-status?storeCode=en', headers: as('staff') });
    expect(r.status).toBe(200);
    return r.body.result as { demo_catalog: boolean; seller_is_demo: boolean };
  };
  const found = async (sku: string) => {
    const r = await api.call({
      method: 'POST',
      url: `/vsbridge/catalog/${EN}/product/_search`,
      payload: { filters: { sku: [sku] } },
    });
    expect(r.status).toBe(200);
    return (r.body.hits.hits as { _source: { sku: string } }[]).map((h) => h._source.sku);
  };
  const audited = async () =>
    api.database.query<{ action: string; staff_email: string; details: Record<string, number> }>(
      "SELECT action, staff_email, details FROM staff_audit_log WHERE action = 'demo.remove'",
    );

  it('is refused without a session (401), to staff and catalog roles (403), and unconfirmed (400 naming the field)', async () => {
    expect((await remove({}, { confirm: true })).status).toBe(401);
    expect((await remove(as('staff'), { confirm: true })).status).toBe(403);
    expect((await remove(as('catalog'), { confirm: true })).status).toBe(403);
    for (const payload of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const r = await remove(as('admin'), payload, 'lt');
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.errors[0].field).toBe('confirm');
    }
    const extra = await remove(as('admin'), { confirm: true, everything: true });
    expect(extra.status).toBe(400);
    // nothing was removed by any of them
    expect(await found('PHN-2001')).toEqual(['PHN-2001']);
    expect((await status()).demo_catalog).toBe(true);
    expect(await audited()).toEqual([]);
  });

  it("removes the demo's records for an administrator, audited, and the storefront and status follow at once", async () => {
    expect((await status()).seller_is_demo).toBe(true);
    const r = await remove(as('admin'), { confirm: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.removed).toMatchObject({ products: 1, coupons: 0, categories: 0 });
    expect(r.body.result.status.demo_catalog).toBe(false);
    expect(await found('PHN-2001')).toEqual([]);
    expect(await found('LAP-1001')).toEqual(['LAP-1001']);
    expect(await status()).toMatchObject({ demo_catalog: false, seller_is_demo: false });
    const [row, ...more] = await audited();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ staff_email: 'admin@shop.lt', details: { products: 1 } });
  });

  it('answers removed: null when the shop is no longer the demo, and audits nothing', async () => {
    const r = await remove(as('admin'), { confirm: true });
    expect(r.status).toBe(200);
    expect(r.body.result.removed).toBeNull();
    expect(await audited()).toHaveLength(1);
  });
});
