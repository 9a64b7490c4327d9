import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@vitrina/db';
import { buildStorefront } from '../../server/test/storefront-build.ts';
import { startRealShop, type RealShop } from './support/real-shop';

/**
 * URL_DISPATCHER through the real server build and the real API: a product, a
 * category and a CMS page answer at their url_path, `/p/`, `/c/` and `/i/` answer 301 to it, and the
 * canonical link and hreflang name it.
 */
const ORIGIN = 'http://shop.test';
let buildDir: string;
let removeBuild: (() => void) | undefined;
let handler: (request: Request, context?: Record<string, unknown>) => Promise<Response>;
let shop: RealShop;

beforeAll(async () => {
  ({ dir: buildDir, remove: removeBuild } = await buildStorefront('url-dispatcher'));
  const build = (await import(pathToFileURL(join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  handler = (request, context) => handle(request, context as never);
  shop = await startRealShop({ URL_DISPATCHER: 'true' });
  await importCatalog(shop.api.database, {
    products: [
      {
        id: 9100,
        sku: 'T14-MAG',
        name: { lt: 'Lenovo T14 (Magento)', en: 'Lenovo T14 (Magento)', ru: 'Lenovo T14 (Magento)' },
        url_key: 'lenovo-t14',
        url_path: {
          lt: 'nesiojami-kompiuteriai/lenovo-t14.html',
          en: 'laptops/lenovo-t14.html',
          ru: 'noutbuki/lenovo-t14.html',
        },
        price: 500,
        category_ids: [11],
        stock: { is_in_stock: true, qty: 3 },
      },
    ],
  });
}, 240_000);

afterEach(() => {
  delete process.env.URL_DISPATCHER;
});

afterAll(async () => {
  await shop?.close();
  removeBuild?.();
});

async function get(path: string, dispatcher = true) {
  process.env.URL_DISPATCHER = dispatcher ? 'true' : 'false';
  const res = await handler(new Request(ORIGIN + path, { redirect: 'manual' }), { apiFetch: shop.fetch });
  const html = res.status === 200 || res.status === 404 ? await res.text() : '';
  const doc = new JSDOM(html).window.document;
  return {
    status: res.status,
    location: res.headers.get('location'),
    doc,
    h1: doc.querySelector('h1')?.textContent ?? null,
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    hreflang: Object.fromEntries(
      [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    ),
  };
}

describe('URL_DISPATCHER=true', () => {
  it("opens a product at its imported url_path, canonical and hreflang naming each view's url_path", async () => {
    const page = await get('/nesiojami-kompiuteriai/lenovo-t14.html');
    expect(page.status).toBe(200);
    expect(page.h1).toBe('Lenovo T14 (Magento)');
    expect(page.canonical).toBe(`${ORIGIN}/nesiojami-kompiuteriai/lenovo-t14.html`);
    expect(page.hreflang).toMatchObject({
      lt: `${ORIGIN}/nesiojami-kompiuteriai/lenovo-t14.html`,
      en: `${ORIGIN}/en/laptops/lenovo-t14.html`,
      ru: `${ORIGIN}/ru/noutbuki/lenovo-t14.html`,
    });
    expect((await get('/en/laptops/lenovo-t14.html')).h1).toBe('Lenovo T14 (Magento)');
  });

  it('answers /p/... of such a product with 301 to its url_path', async () => {
    const moved = await get('/p/T14-MAG/lenovo-t14');
    expect(moved.status).toBe(301);
    expect(moved.location).toBe('/nesiojami-kompiuteriai/lenovo-t14.html');
    // a product without a url_path of its own stays at /p/
    expect((await get('/p/LAP-1002/dell-xps-13')).status).toBe(200);
  });

  it('serves a category at its path (its cards link to url_paths) and moves /c/... there', async () => {
    const moved = await get('/c/nesiojami-kompiuteriai?sort=price');
    expect(moved.status).toBe(301);
    expect(moved.location).toBe('/nesiojami-kompiuteriai?sort=price');
    const page = await get('/nesiojami-kompiuteriai');
    expect(page.status).toBe(200);
    expect(page.canonical).toBe(`${ORIGIN}/nesiojami-kompiuteriai`);
    const links = [...page.doc.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    expect(links).toContain('/nesiojami-kompiuteriai/lenovo-t14.html');
  });

  it('serves a CMS page at its slug and moves /i/... there', async () => {
    const moved = await get('/i/karjera');
    expect(moved.status).toBe(301);
    expect(moved.location).toBe('/karjera');
    expect((await get('/karjera')).status).toBe(200);
  });

  it('answers 404 for a path that maps to nothing', async () => {
    expect((await get('/no-such/thing.html')).status).toBe(404);
  });
});

describe('URL_DISPATCHER off (the default)', () => {
  it('a url_path is not a page (the API still mapping it, it moves to /p/); /p/ and /c/ stay', async () => {
    const old = await get('/nesiojami-kompiuteriai/lenovo-t14.html', false);
    expect(old.status).toBe(301);
    expect(old.location).toBe('/p/T14-MAG/lenovo-t14');
    expect((await get('/p/T14-MAG/lenovo-t14', false)).status).toBe(200);
    expect((await get('/c/nesiojami-kompiuteriai', false)).status).toBe(200);
  });
});
