import { bumpCatalogVersion, setMeta } from '@vitrina/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SELLER } from '@vitrina/domain';
import { NO_SELLER, startApi, type TestApi } from './helpers.ts';

// The seller's details from SHOP_* settings, the methods by name per store view
describe('GET /vsbridge/store-info', () => {
  describe('configured', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startApi({
        SHOP_COMPANY_NAME: 'UAB Testas',
        SHOP_COMPANY_CODE: '123456789',
        SHOP_VAT_CODE: '',
        SHOP_ADDRESS: ' Gedimino pr. 1, Vilnius ',
        SHOP_PHONE: '+370 600 12345',
      });
    });
    afterAll(() => api.close());

    it('answers the configured details, trimmed, an unset one empty, never the demo ones', async () => {
      // a demo catalogue does not replace details the shop configured
      await setMeta(api.database, 'demo_catalog', true);
      const { status, body } = await api.call({ url: '/vsbridge/store-info?storeCode=en' });
      expect(status).toBe(200);
      expect(body.result.company).toEqual({
        name: 'UAB Testas',
        companyCode: '123456789',
        vatCode: '',
        address: 'Gedimino pr. 1, Vilnius',
        phone: '+370 600 12345',
        email: '',
        demo: false,
      });
    });

    it("names the active payment and delivery methods in the store view's language", async () => {
      const en = (await api.call({ url: '/vsbridge/store-info?storeCode=en' })).body.result;
      const lt = (await api.call({ url: '/vsbridge/store-info?storeCode=lt' })).body.result;
      const titles = await api.database.query<{ en: string; lt: string }>(
        "SELECT title->>'en' AS en, title->>'lt' AS lt FROM payment_methods WHERE is_active ORDER BY position, code",
      );
      expect(titles.length).toBeGreaterThan(0);
      expect(en.payment_methods).toEqual(titles.map((r) => r.en));
      expect(lt.payment_methods).toEqual(titles.map((r) => r.lt));
      await api.database.query('UPDATE payment_methods SET is_active = false WHERE code = $1', [
        (
          await api.database.query<{ code: string }>(
            'SELECT code FROM payment_methods WHERE is_active LIMIT 1',
          )
        )[0]!.code,
      ]);
      // payment methods change by an import, which bumps the catalogue version: the answer is kept
      // per version (CatalogService.shared), so the same version still answers the old list
      const kept = (await api.call({ url: '/vsbridge/store-info?storeCode=en' })).body.result;
      expect(kept.payment_methods).toEqual(en.payment_methods);
      await bumpCatalogVersion(api.database);
      const after = (await api.call({ url: '/vsbridge/store-info?storeCode=en' })).body.result;
      expect(after.payment_methods).toHaveLength(titles.length - 1);
      expect(en.shipping_methods.length).toBeGreaterThan(0);
    });

    it('refuses an unknown store view with a 400 naming the field', async () => {
      const { status, body } = await api.call({ url: '/vsbridge/store-info?storeCode=xx' });
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toContain('storeCode');
    });
  });

  describe('not configured', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startApi(NO_SELLER);
    });
    afterAll(() => api.close());

    it('a real shop shows nothing; the demo shop shows fictional details marked demo', async () => {
      const real = (await api.call({ url: '/vsbridge/store-info' })).body.result;
      expect(real.company).toEqual({
        name: '',
        companyCode: '',
        vatCode: '',
        address: '',
        phone: '',
        email: '',
        demo: false,
      });
      // the demo catalogue is seeded and removed by imports, which bump the catalogue version
      await setMeta(api.database, 'demo_catalog', true);
      await bumpCatalogVersion(api.database);
      const demo = (await api.call({ url: '/vsbridge/store-info' })).body.result;
      expect(demo.company).toEqual({
        name: DEMO_SELLER.companyName,
        companyCode: DEMO_SELLER.companyCode,
        vatCode: DEMO_SELLER.vatCode,
        address: DEMO_SELLER.address,
        phone: DEMO_SELLER.phone,
        email: DEMO_SELLER.email,
        demo: true,
      });
      expect(demo.company.email).toMatch(/\.example$/);
    });
  });
});
