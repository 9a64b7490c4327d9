/**
 * Optimistic concurrency of the back office's content and coupons, as products have it: a save names
 * the version its form was opened at; a save from a form opened before someone else's save (or an
 * import, or a publish) is refused with 409 and a message in the staff member's language, and the
 * other person's text stays as they saved it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { startApi, type TestApi } from './helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

const addStaff = async (api: TestApi, email: string, role: StaffRole) => ({
  cookie: await staffCookie(api, email, role),
});

let api: TestApi;
let ana: Record<string, string>;
let ben: Record<string, string>;
beforeAll(async () => {
  api = await startApi();
  ana = await addStaff(api, 'ana@shop.lt', 'catalog');
  ben = await addStaff(api, 'ben@shop.lt', 'admin');
});
afterAll(async () => api?.close());

const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>, store = 'en') =>
  api.call({ method: 'POST', url: `/vsbridge/staff${url}?storeCode=${store}`, headers, payload });

describe('content saves name the version their form was opened at', () => {
  const fields = {
    pages: { identifier: 'shipping-info', slug: 'shipping-info' },
    blocks: { identifier: 'footer-note' },
    news: { slug: 'spring-sale' },
  } as const;

  it.each(['pages', 'blocks', 'news'] as const)(
    '%s: a stale save is refused (409, lt and en), the newer text is kept',
    async (kind) => {
      const created = await post(`/content/${kind}`, ana, {
        store: 'en',
        ...fields[kind],
        title: 'First',
        body: 'first text',
        active: true,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const { id, version } = created.body.result as { id: number; version: number };
      // both open the form at `version`; Ben saves first
      const bens = await post(`/content/${kind}/${id}`, ben, {
        store: 'en',
        version,
        title: 'Ben',
        body: 'Ben’s text',
        active: true,
      });
      expect(bens.status, JSON.stringify(bens.body)).toBe(200);
      expect(bens.body.result.version).toBe(version + 1);
      const anas = { store: 'en', version, title: 'Ana', body: 'Ana’s text', active: true };
      const refused = await post(`/content/${kind}/${id}`, ana, anas);
      expect(refused.status).toBe(409);
      expect(refused.body.result.message ?? refused.body.message ?? JSON.stringify(refused.body)).toMatch(
        /Someone else saved this item after you opened it \(version 2/,
      );
      const lt = await post(`/content/${kind}/${id}`, ana, anas, 'lt');
      expect(lt.status).toBe(409);
      expect(JSON.stringify(lt.body)).toMatch(/Kažkas kitas išsaugojo šį įrašą/);
      const now = await api.call({ url: `/vsbridge/staff/content/${kind}/${id}?storeCode=en`, headers: ana });
      expect(now.body.result.title.en).toBe('Ben');
      // a save without a version is refused too (naming the field), never applied blindly
      const blind = await post(`/content/${kind}/${id}`, ana, { ...anas, version: undefined });
      expect(blind.status).toBe(400);
      expect(JSON.stringify(blind.body)).toContain('version');
      // opened again, Ana's save goes through
      const again = await post(`/content/${kind}/${id}`, ana, { ...anas, version: now.body.result.version });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.result.title.en).toBe('Ana');
    },
  );

  it('a publish and an import move the version too', async () => {
    const created = await post('/content/pages', ana, {
      store: 'en',
      identifier: 'faq',
      slug: 'faq',
      title: 'FAQ',
      body: 'x',
      active: false,
    });
    const { id, version } = created.body.result as { id: number; version: number };
    expect((await post(`/content/pages/${id}/publish`, ben, { active: true })).status).toBe(200);
    const afterPublish = await post(`/content/pages/${id}`, ana, {
      store: 'en',
      version,
      title: 'FAQ 2',
      body: 'y',
      active: true,
    });
    expect(afterPublish.status).toBe(409);
    const opened = (await api.call({ url: `/vsbridge/staff/content/pages/${id}?storeCode=en`, headers: ana }))
      .body.result;
    await api.database.transaction((tx) =>
      importCatalog(tx, {
        cms_pages: [
          { id, identifier: 'faq', title: 'FAQ imported', content: '<p>imported</p>', is_active: true },
        ],
      } as never),
    );
    const afterImport = await post(`/content/pages/${id}`, ana, {
      store: 'en',
      version: opened.version,
      title: 'FAQ 3',
      body: 'z',
      active: true,
    });
    expect(afterImport.status).toBe(409);
  });
});

describe('coupons', () => {
  it('a stale coupon save is refused (409), a current one applies', async () => {
    const made = await post('/coupons', ana, { coupon: { code: 'VER-10', type: 'percent', value: 10 } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const v = made.body.result.version as number;
    expect(
      (await post('/coupons/VER-10', ben, { version: v, coupon: { type: 'percent', value: 15 } })).status,
    ).toBe(200);
    const stale = await post('/coupons/VER-10', ana, { version: v, coupon: { type: 'percent', value: 20 } });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toMatch(/Someone else saved this coupon/);
    const now = (await api.call({ url: '/vsbridge/staff/coupons/VER-10?storeCode=en', headers: ana })).body
      .result;
    expect(now.value).toBe(15);
    expect(
      (await post('/coupons/VER-10', ana, { version: now.version, coupon: { type: 'percent', value: 20 } }))
        .status,
    ).toBe(200);
  });
});
