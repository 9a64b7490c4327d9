/**
 * The back office's content through HTTP: only roles catalog and admin read and write it; a page is
 * written in Markdown, stored and served without scripts or event handlers (imported HTML too); a
 * published page is what the storefront's CMS route finds and an unpublished one is not; slugs are
 * checked per store view; every save is audited and bumps the catalogue version; news written here
 * replaces the demo news, which only a shop on the demo catalogue shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOG_KEY, bumpCatalogVersion, getCatalogVersion, importCatalog, setMeta } from '@vitrina/db';
import { startApi, type TestApi } from './helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

const addStaff = async (api: TestApi, email: string, role: StaffRole) => ({
  cookie: await staffCookie(api, email, role),
});

let api: TestApi;
let admin: Record<string, string>;
let editor: Record<string, string>;
let clerk: Record<string, string>;

beforeAll(async () => {
  api = await startApi();
  admin = await addStaff(api, 'owner@shop.lt', 'admin');
  editor = await addStaff(api, 'editor@shop.lt', 'catalog');
  clerk = await addStaff(api, 'clerk@shop.lt', 'staff');
});
afterAll(async () => api?.close());

const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>, store = 'en') =>
  api.call({ method: 'POST', url: `/vsbridge/staff/content${url}?storeCode=${store}`, headers, payload });
const mapUrl = async (url: string) => {
  const r = await api.call({ method: 'POST', url: '/api/url/map', payload: { url } });
  expect(r.status).toBe(200);
  return r.body;
};
const cmsPage = (index: string, identifier: string) =>
  api.call(`/vsbridge/catalog/${index}/cms_page/_single?key=identifier&value=${identifier}`);

describe('who may use the content area', () => {
  it.each(['pages', 'blocks', 'news'])(
    '%s: 401 without a session, 403 for staff, 200 for catalog and admin',
    async (kind) => {
      expect((await api.call(`/vsbridge/staff/content/${kind}?storeCode=en`)).status).toBe(401);
      expect(
        (await api.call({ url: `/vsbridge/staff/content/${kind}?storeCode=en`, headers: clerk })).status,
      ).toBe(403);
      expect(
        (await api.call({ url: `/vsbridge/staff/content/${kind}?storeCode=en`, headers: editor })).status,
      ).toBe(200);
      expect(
        (await api.call({ url: `/vsbridge/staff/content/${kind}?storeCode=en`, headers: admin })).status,
      ).toBe(200);
    },
  );

  it('refuses writes without a session (401) and from staff (403), writing nothing', async () => {
    const body = { store: 'en', identifier: 'nope', slug: 'nope', title: 'Nope', body: 'x', active: true };
    expect((await post('/pages', {}, body)).status).toBe(401);
    expect((await post('/pages', clerk, body)).status).toBe(403);
    expect((await post('/pages/1', clerk, body)).status).toBe(403);
    expect((await post('/pages/1/publish', clerk, { active: false })).status).toBe(403);
    expect(await api.database.query(`SELECT 1 FROM cms_pages WHERE identifier = 'nope'`)).toHaveLength(0);
  });
});

describe('pages', () => {
  let id: number;

  it('renders Markdown to HTML and drops scripts, event handlers and javascript: links, on save', async () => {
    const before = await getCatalogVersion(api.database);
    const r = await post('/pages', editor, {
      store: 'en',
      identifier: 'returns-guide',
      slug: 'returns-guide',
      title: 'Returns guide',
      body: '## How to return\n\nSend it **back** within [30 days](/i/terms).\n\n- pack it\n- post it\n\n<img src="/x.png" onerror="alert(2)">\n\n[bad](javascript:alert(3))\n\n<script>alert(1)</script>',
      meta_description: 'How returns work',
      active: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id = r.body.result.id;
    expect(r.body.result.source.en).toContain('## How to return');
    const [row] = await api.database.query<{ content: Record<string, string> }>(
      'SELECT content FROM cms_pages WHERE id = $1',
      [id],
    );
    const html = row!.content.en!;
    expect(html).toContain('<h2>How to return</h2>');
    expect(html).toContain('<p>Send it <strong>back</strong> within <a href="/i/terms">30 days</a>.</p>');
    expect(html).toContain('<ul>\n<li>pack it</li>\n<li>post it</li>\n</ul>');
    expect(html).toContain('<img alt="" src="/x.png" />');
    expect(html).toContain('<p><a>bad</a></p>');
    expect(html).not.toMatch(/script|onerror|javascript:|alert/i);
    expect(await getCatalogVersion(api.database)).toBeGreaterThan(before);
    const log = await api.database.query<{ staff_email: string; target: string }>(
      `SELECT staff_email, target FROM staff_audit_log WHERE action = 'content.pages.create'`,
    );
    expect(log).toEqual([{ staff_email: 'editor@shop.lt', target: `pages:${id}` }]);
  });

  it('a published page is what the storefront finds by its slug; unpublished, it is not found', async () => {
    expect(await mapUrl('/en/i/returns-guide')).toMatchObject({
      _type: 'cms_page',
      _source: { identifier: 'returns-guide' },
    });
    const served = await cmsPage('vue_storefront_catalog_en', 'returns-guide');
    expect(served.status).toBe(200);
    expect(served.body.result.title).toBe('Returns guide');
    expect(served.body.result.content).toContain('<strong>back</strong>');
    expect(served.body.result.content).not.toMatch(/onerror|script/i);

    const off = await post(`/pages/${id}/publish`, admin, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.result.active).toBe(false);
    expect(await mapUrl('/en/i/returns-guide')).toBeNull();
    expect((await cmsPage('vue_storefront_catalog_en', 'returns-guide')).status).toBe(404);
    expect(await post(`/pages/${id}/publish`, admin, { active: true })).toMatchObject({ status: 200 });
    expect(await mapUrl('/en/i/returns-guide')).toMatchObject({ _type: 'cms_page' });
  });

  it('edits one store view and keeps the others', async () => {
    const r = await post(
      `/pages/${id}`,
      editor,
      {
        store: 'lt',
        version: (
          await api.call({ url: `/vsbridge/staff/content/pages/${id}?storeCode=en`, headers: editor })
        ).body.result.version,
        slug: 'grazinimo-gidas',
        title: 'Grąžinimo gidas',
        body: 'Grąžinkite per **30** dienų.',
        active: true,
      },
      'lt',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.slug).toMatchObject({ en: 'returns-guide', lt: 'grazinimo-gidas' });
    expect(r.body.result.title).toMatchObject({ en: 'Returns guide', lt: 'Grąžinimo gidas' });
    expect(await mapUrl('/i/grazinimo-gidas')).toMatchObject({
      _source: { identifier: 'returns-guide', title: 'Grąžinimo gidas' },
    });
    expect(await mapUrl('/en/i/returns-guide')).toMatchObject({ _source: { title: 'Returns guide' } });
  });

  it('refuses a malformed or taken slug, naming the field in the request language', async () => {
    const bad = await post('/pages', editor, {
      store: 'en',
      identifier: 'x-page',
      slug: 'Bad Slug',
      title: 'X',
      active: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      {
        field: 'slug',
        message: 'Use lower-case letters, digits and single hyphens only, e.g. delivery-terms.',
      },
    ]);
    // the fixture's page "about-us" holds the en slug "about-us"
    const taken = await post(
      '/pages',
      editor,
      { store: 'lt', identifier: 'x-page', slug: 'karjera', title: 'X', active: false },
      'lt',
    );
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([
      { field: 'slug', message: 'Šis adresas jau naudojamas kitam šios parduotuvės versijos įrašui.' },
    ]);
    const sameId = await post('/pages', editor, {
      store: 'en',
      identifier: 'returns-guide',
      slug: 'other',
      title: 'X',
      active: false,
    });
    expect(sameId.status).toBe(400);
    expect(sameId.body.errors[0].field).toBe('identifier');
    const noTitle = await post('/pages', editor, {
      store: 'en',
      identifier: 'y-page',
      slug: 'y-page',
      title: '',
      active: false,
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.errors[0].field).toBe('title');
  });

  it('serves imported HTML sanitised too', async () => {
    await api.database.query(
      `INSERT INTO cms_pages (id, identifier, slug, title, content) VALUES (900, 'imported', '{"en":"imported"}', '{"en":"Imported"}',
        '{"en":"<p onclick=\\"steal()\\">Hello</p><script>steal()</script><a href=\\"javascript:steal()\\">x</a>"}')`,
    );
    // written behind the back office's back: the storefront sees it with the next catalogue version
    await bumpCatalogVersion(api.database);
    const r = await cmsPage('vue_storefront_catalog_en', 'imported');
    expect(r.status).toBe(200);
    expect(r.body.result.content).toBe('<p>Hello</p><a>x</a>');
    // the editor shows the imported HTML as the text to edit
    const form = await api.call({ url: '/vsbridge/staff/content/pages/900?storeCode=en', headers: editor });
    expect(form.body.result.source.en).toContain('<p onclick');
  });

  it('an import of a page replaces what the editor wrote: the editor then shows the imported HTML', async () => {
    const [before] = await api.database.query<{ source: unknown }>(
      `SELECT source FROM cms_pages WHERE identifier = 'returns-guide'`,
    );
    expect(before!.source).not.toBeNull();
    await importCatalog(api.database, {
      cms_pages: [
        {
          id,
          identifier: 'returns-guide',
          slug: 'returns-guide',
          title: 'Returns',
          content: '<p>Imported text</p>',
        },
      ],
    });
    const form = await api.call({ url: `/vsbridge/staff/content/pages/${id}?storeCode=en`, headers: admin });
    expect(form.body.result.source.en).toBe('<p>Imported text</p>');
  });

  it('answers 404 for an unknown item and 400 for an unknown kind', async () => {
    expect(
      (await api.call({ url: '/vsbridge/staff/content/pages/99999?storeCode=en', headers: admin })).status,
    ).toBe(404);
    expect((await post('/pages/99999/publish', admin, { active: true })).status).toBe(404);
    expect(
      (await api.call({ url: '/vsbridge/staff/content/widgets?storeCode=en', headers: admin })).status,
    ).toBe(400);
  });

  it('lists with search and the published filter', async () => {
    const r = await api.call({
      url: '/vsbridge/staff/content/pages?storeCode=en&q=returns&status=published',
      headers: admin,
    });
    expect(r.body.result).toMatchObject({
      total: 1,
      items: [{ id, identifier: 'returns-guide', slug: 'returns-guide', active: true }],
    });
  });
});

describe('blocks', () => {
  it('a block saved in Markdown is served as sanitised HTML', async () => {
    const r = await post('/blocks', admin, {
      store: 'en',
      identifier: 'home-note',
      title: 'Home note',
      body: 'Free delivery over **50 €** <span onmouseover="x()">now</span>',
      active: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const found = await api.call(
      `/vsbridge/catalog/vue_storefront_catalog_en/cms_block/_single?key=identifier&value=home-note`,
    );
    expect(found.status).toBe(200);
    expect(found.body.result.content).toBe(
      '<p>Free delivery over <strong>50 €</strong> <span>now</span></p>\n',
    );
  });
});

describe('news', () => {
  it('a shop not on the demo catalogue shows no demo news', async () => {
    const r = await api.call('/vsbridge/news?storeCode=en');
    expect(r.body.result).toEqual({ items: [], total: 0 });
    expect((await api.call('/vsbridge/news/graded-electronics-explained?storeCode=en')).status).toBe(404);
  });

  it('the demo shop shows the demo news while it has none of its own', async () => {
    await setMeta(api.database, DEMO_CATALOG_KEY, true);
    try {
      const r = await api.call('/vsbridge/news?storeCode=en');
      expect(r.body.result.total).toBe(2);
      expect(r.body.result.items.every((n: { demo: boolean }) => n.demo)).toBe(true);
    } finally {
      await setMeta(api.database, DEMO_CATALOG_KEY, false);
    }
  });

  it('news written here is listed; unpublished, it is gone', async () => {
    const r = await post('/news', editor, {
      store: 'en',
      slug: 'winter-hours',
      title: 'Winter hours',
      body: 'We open at 10.\r\n\r\n<b>Closed</b> on Sundays.',
      active: true,
      published_at: '2026-01-01T09:00:00Z',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const list = await api.call('/vsbridge/news?storeCode=en');
    expect(list.body.result.items).toEqual([
      expect.objectContaining({
        slug: 'winter-hours',
        title: 'Winter hours',
        body: 'We open at 10.\n\n<b>Closed</b> on Sundays.',
        demo: false,
      }),
    ]);
    const taken = await post('/news', editor, {
      store: 'en',
      slug: 'winter-hours',
      title: 'Again',
      active: true,
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors[0].field).toBe('slug');
    expect((await post(`/news/${r.body.result.id}/publish`, editor, { active: false })).status).toBe(200);
    expect((await api.call('/vsbridge/news?storeCode=en')).body.result.total).toBe(0);
    expect((await api.call('/vsbridge/news/winter-hours?storeCode=en')).status).toBe(404);
  });
});
