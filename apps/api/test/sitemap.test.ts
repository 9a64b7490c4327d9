import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';

const ORIGIN = 'https://shop.example';

// jsdom ships no types (the web tests use it as vitest's environment); its strict XML parser is all this needs
const { JSDOM } = (await import('jsdom' as string)) as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};

/** the document as a strict XML parser reads it (a parse error fails the test) */
function parseXml(text: string) {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

const locs = (doc: Document) => [...doc.getElementsByTagName('loc')].map((e) => e.textContent ?? '');

async function urlset(api: TestApi, path: string) {
  const res = await api.call(path);
  expect(res.status).toBe(200);
  expect(String(res.res.headers['content-type'])).toContain('application/xml');
  return parseXml(res.res.body);
}

/** the <url> whose <loc> is `loc`, with its alternates as hreflang → href */
function entry(doc: Document, loc: string) {
  const url = [...doc.getElementsByTagName('url')].find(
    (u) => u.getElementsByTagName('loc')[0]?.textContent === loc,
  );
  if (!url) return null;
  const links = [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')];
  return Object.fromEntries(links.map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));
}

describe('sitemap and robots.txt', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ PUBLIC_URL: `${ORIGIN}/` });
    // an imported shop may hold both contact pages of the spec's table: `contacts` answers 301 to `contact-us`
    await api.database.query(
      `INSERT INTO cms_pages (id, identifier, slug, title, content) VALUES
         (3, 'contact-us', '{"lt":"susisiekite-su-mumis","en":"contact-us","ru":"contact-us"}', '"Susisiekite"', '"<p>Forma</p>"'),
         (4, 'contacts', '{"lt":"kontaktai","en":"contacts","ru":"contacts"}', '"Kontaktai"', '"<p>Kontaktai</p>"')`,
    );
  });
  afterAll(async () => api?.close());

  it('robots.txt names the sitemap on the public origin and keeps crawlers out of checkout and accounts', async () => {
    const res = await api.call('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toContain('text/plain');
    const text = res.res.body;
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ['/checkout', '/en/checkout', '/ru/my-account', '/admin'])
      expect(text).toContain(`Disallow: ${path}\n`);
  });

  it('the index lists the pages file and the product files, on the public origin', async () => {
    const doc = await urlset(api, '/sitemap.xml');
    expect(doc.documentElement.localName).toBe('sitemapindex');
    expect(locs(doc)).toEqual([`${ORIGIN}/sitemap/pages.xml`, `${ORIGIN}/sitemap/products-1.xml`]);
  });

  it('lists each product page once per store view with its alternates, and no page the shop does not serve', async () => {
    const doc = await urlset(api, '/sitemap/products-1.xml');
    const all = locs(doc);
    expect(new Set(all).size).toBe(all.length);
    expect(entry(doc, `${ORIGIN}/p/LAP-1001/lenovo-thinkpad-t14`)).toEqual({
      lt: `${ORIGIN}/p/LAP-1001/lenovo-thinkpad-t14`,
      en: expect.stringMatching(new RegExp(`^${ORIGIN}/en/p/LAP-1001/`)),
      ru: expect.stringMatching(new RegExp(`^${ORIGIN}/ru/p/LAP-1001/`)),
      'x-default': `${ORIGIN}/p/LAP-1001/lenovo-thinkpad-t14`,
    });
    // every listed product page is one the URL mapper serves (enabled, visible on its own)
    const rows = await api.database.query<{ sku: string; status: number; visibility: number }>(
      "SELECT DISTINCT sku, status, visibility FROM product_index WHERE store_code = 'lt'",
    );
    for (const r of rows) {
      const listed = all.some((loc) => loc.startsWith(`${ORIGIN}/p/${encodeURIComponent(r.sku)}/`));
      expect(listed, r.sku).toBe(r.status < 2 && r.visibility !== 1);
    }
    for (const loc of all.slice(0, 20)) {
      const res = await api.call({ method: 'POST', url: '/api/url/map', payload: { url: loc } });
      expect(res.body?._type, loc).toBe('product');
    }
    // a last-modified date on each
    expect(doc.getElementsByTagName('lastmod')[0]?.textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the pages file lists home, categories, localised static pages and CMS pages in every store view', async () => {
    const all = locs(await urlset(api, '/sitemap/pages.xml'));
    for (const loc of [
      '/',
      '/en',
      '/ru',
      '/c/nesiojami-kompiuteriai',
      '/en/c/laptops',
      '/ru/c/noutbuki',
      '/apie-mus',
      '/en/about-us',
      '/i/karjera',
      '/news',
    ])
      expect(all, loc).toContain(`${ORIGIN}${loc}`);
    // inactive categories are not pages
    expect(all).not.toContain(`${ORIGIN}/c/priedai`);
    // one contact page: the moved `contacts` (a 301 to `contact-us`) is no page of its own
    for (const loc of ['/susisiekite-su-mumis', '/en/contact-us', '/ru/contact-us'])
      expect(all, loc).toContain(`${ORIGIN}${loc}`);
    for (const loc of ['/kontaktai', '/en/contacts', '/ru/contacts', '/i/kontaktai', '/i/contacts'])
      expect(all, loc).not.toContain(`${ORIGIN}${loc}`);
    // and the URL mapper names the contact page for the moved one's paths
    for (const url of ['/kontaktai', '/en/contacts', '/ru/contacts']) {
      const res = await api.call({ method: 'POST', url: '/api/url/map', payload: { url } });
      expect(res.body, url).toMatchObject({ _type: 'cms_page', _source: { identifier: 'contact-us' } });
    }
  });

  it('answers 404 for a product file past the last, 400 for a malformed one', async () => {
    expect((await api.call('/sitemap/products-2.xml')).status).toBe(404);
    expect((await api.call('/sitemap/products-x.xml')).status).toBe(400);
  });
});

describe('sitemap with URL_DISPATCHER on', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ PUBLIC_URL: ORIGIN, URL_DISPATCHER: 'true' });
  });
  afterAll(async () => api?.close());

  it('names the url_paths the shop serves, not /c/ and /i/', async () => {
    const all = locs(await urlset(api, '/sitemap/pages.xml'));
    expect(all).toContain(`${ORIGIN}/nesiojami-kompiuteriai`);
    expect(all).toContain(`${ORIGIN}/en/laptops`);
    expect(all).toContain(`${ORIGIN}/karjera`);
    expect(all.some((l) => l.includes('/c/') || l.includes('/i/'))).toBe(false);
  });
});
