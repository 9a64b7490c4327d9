/**
 * The storefront's security headers end to end: the real React Router
 * production build (built into a temporary folder) on the real API and a test database, registered
 * as the shop server does, page cache on. Checks what a browser would enforce: every script React
 * and React Router write carries the nonce of the answer's CSP, on a render and on cached pages
 * alike; the API's headers on pages; a forged Host never reaching canonical links, hreflang or
 * JSON-LD, nor the cached page everyone is served.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, loadApiConfig } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { generateLargeCatalog } from '@vitrina/demo';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { createInProcessFetch } from '../src/in-process-fetch.ts';
import { PageCache, dataStampReader } from '../src/page-cache.ts';
import { buildStorefront } from './storefront-build.ts';
import { registerStorefront } from '../src/ssr.ts';

const PUBLIC_URL = 'https://shop.example';
let buildDir: string;
let removeBuild: (() => void) | undefined;
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  ({ dir: buildDir, remove: removeBuild } = await buildStorefront('csp'));
  database = await createTestDatabase();
  await importCatalog(database, generateLargeCatalog({ seed: 7, productCount: 20 }));
  const config = loadApiConfig({
    CATALOG_VERSION_TTL_MS: '0',
    ADMIN_TOKEN: 'test-admin-token-0123456789-abcdefghij',
  });
  app = await buildApi({ database, config });
  await registerStorefront(app, {
    buildDir,
    apiFetch: createInProcessFetch(app),
    pageCache: {
      cache: new PageCache({ ttlMs: 86_400_000, maxEntries: 100, maxBytes: 16 * 1024 * 1024 }),
      stamp: dataStampReader(database),
    },
    publicUrl: PUBLIC_URL,
  });
  await app.ready();
  // a whole production build: ~20 s quiet, past the default 120 s with four suites at once (load 11)
}, 600_000);

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  removeBuild?.();
});

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  const csp = String(res.headers['content-security-policy'] ?? '');
  const doc = new JSDOM(res.body).window.document;
  return { res, csp, nonce: /'nonce-([\w-]+)'/.exec(csp)?.[1], doc };
}

/** the scripts a browser would run (JSON-LD is data) */
const executable = (doc: Document) =>
  [...doc.querySelectorAll('script')].filter((s) => s.getAttribute('type') !== 'application/ld+json');

/** the path of the home page's `nth` product (each test its own, not cached yet) */
async function productUrl(nth: number): Promise<string> {
  const { doc } = await page('/en');
  const hrefs = new Set([...doc.querySelectorAll('a[href^="/en/p/"]')].map((a) => a.getAttribute('href')!));
  const href = [...hrefs][nth];
  if (!href) throw new Error(`the home page links no product #${nth}`);
  return href;
}

describe('storefront pages', () => {
  it('carry a CSP that admits each inline script and the stylesheet: by hash on a cached page, by a fresh nonce on a rendered one', async () => {
    const url = await productUrl(0);
    const cached = [await page(url), await page(url), await page(url)];
    expect(cached.map((a) => a.res.headers['x-page-cache'])).toEqual(['miss', 'hit', 'hit']);
    const rendered = [await page(url, { cookie: 'a=1' }), await page(url, { cookie: 'a=1' })];
    expect(new Set(rendered.map((a) => a.nonce)).size).toBe(2);
    const admitted = (csp: string, directive: string) =>
      new RegExp(`${directive} ([^;]*)`).exec(csp)![1]!.split(' ');
    for (const { res, csp, nonce, doc } of [...cached, ...rendered]) {
      expect(res.statusCode).toBe(200);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      const scripts = executable(doc);
      // React Router's context, its module bootstrap and scroll restoration at least
      expect(scripts.length).toBeGreaterThanOrEqual(3);
      const style = doc.querySelector('style#vitrina-styles')!;
      const sources = { script: admitted(csp, 'script-src'), style: admitted(csp, 'style-src') };
      for (const [element, kind] of [
        ...scripts.map((s) => [s, 'script'] as const),
        [style, 'style'] as const,
      ]) {
        // an inline script runs only when the policy names its hash or its nonce; one from a URL must be the shop's own
        if (element instanceof doc.defaultView!.HTMLScriptElement && element.src) {
          expect(element.src.startsWith('/')).toBe(true);
          continue;
        }
        const hash = `'sha256-${createHash('sha256').update(element.textContent!, 'utf8').digest('base64')}'`;
        if (nonce) expect(element.getAttribute('nonce')).toBe(nonce);
        else expect(sources[kind]).toContain(hash);
      }
      expect(res.headers).toMatchObject({
        // the page's encoding in its header too, rendered and cached: a <meta charset> is only read
        // once the browser has guessed its way to it
        'content-type': 'text/html; charset=utf-8',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
      });
    }
    for (const { nonce, doc } of cached) {
      expect(nonce).toBeUndefined();
      expect(doc.querySelector('[nonce]')).toBeNull();
    }
  });

  it("start the page's modules after its first paint, rendered and cached (the first paint goes first)", async () => {
    const url = await productUrl(2);
    for (const { res, doc } of [await page(url), await page(url)]) {
      expect(res.statusCode).toBe(200);
      // no module preload competes with the document and the first images, nor the web app manifest
      // (linked once the page has hydrated: root.tsx)
      expect(doc.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      expect(doc.querySelector('link[rel="manifest"]')).toBeNull();
      // the module script preloads the same chunks and imports the route modules after the window's load
      const script = doc.querySelector('script[type="module"]')!.textContent;
      expect(script).toMatch(/addEventListener\("load",a,\{once:true\}\)/);
      expect(script).toMatch(/l\.rel="modulepreload"/);
      expect(script).toMatch(/import\("\/assets\/root-[^"]+\.js"\)/);
      expect(script).not.toMatch(/^import \* as/m);
      // nor a font: Inter is drawn only on a device that holds it (web/app/lib/fonts.ts), marked by
      // the head's inline script before the stylesheet
      expect(doc.querySelector('link[rel="preload"][as="font"]')).toBeNull();
      const fonts = doc.querySelector('head script:not([type])');
      expect(fonts?.textContent).toMatch(/localStorage\.getItem\("vitrina:fonts"\)/);
    }
  });

  it("the home page asks with high priority only for its first offer's picture, the first screen's largest image", async () => {
    const { res, doc } = await page('/');
    expect(res.statusCode).toBe(200);
    // the new products come first at every width: their first row at once, the rest lazy
    const offers = [...doc.querySelectorAll('section[aria-labelledby="new-products"] img')];
    expect(offers.length).toBeGreaterThan(4);
    const loading = offers.map((i) => i.getAttribute('loading'));
    expect(loading.slice(0, 4)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(loading.slice(4).every((l) => l === 'lazy')).toBe(true);
    // the slides and banners follow the offers: none competes with them
    expect([...doc.querySelectorAll('img[fetchpriority="high"]')]).toEqual([offers[0]]);
  });

  it('a listing loads its first row eagerly and asks with high priority only for its first tile, the rest of the row low', async () => {
    // a category page (the search page lists with the same grid: routes/search.tsx)
    const { doc: home } = await page('/en');
    const { res, doc } = await page(home.querySelector('a[href^="/en/c/"]')!.getAttribute('href')!);
    expect(res.statusCode).toBe(200);
    const images = [...doc.querySelectorAll('.card img')];
    expect(images.length).toBeGreaterThan(4);
    const loading = images.map((i) => i.getAttribute('loading'));
    expect(loading.slice(0, 4)).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(loading.slice(4).every((l) => l === 'lazy')).toBe(true);
    expect([...doc.querySelectorAll('img[fetchpriority="high"]')]).toEqual([images[0]]);
    const priority = images.map((i) => i.getAttribute('fetchpriority'));
    expect(priority.slice(0, 4)).toEqual(['high', 'low', 'low', 'low']);
    expect(priority.slice(4).every((p) => p === 'auto')).toBe(true);
  });

  it('over HTTPS (the trusted protocol) add HSTS', async () => {
    const trusted = await buildApi({
      database,
      // the proxy in front (here the test's loopback address) is trusted: its X-Forwarded-Proto counts
      config: loadApiConfig({
        ADMIN_TOKEN: 'test-admin-token-0123456789-abcdefghij',
        TRUST_PROXY: '127.0.0.1',
      }),
    });
    trusted.get('/page', async (_req, reply) => reply.type('text/html').send('<p>'));
    const res = await trusted.inject({ url: '/page', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    await trusted.close();
  });

  it('personal pages (checkout, account) are no-store and never cached', async () => {
    for (const url of ['/checkout', '/en/my-account']) {
      const a = await page(url);
      const b = await page(url);
      expect(a.res.headers['cache-control'], url).toBe('no-store');
      expect(b.res.headers['x-page-cache'], url).toBeUndefined();
      expect(executable(b.doc).every((s) => s.src || s.getAttribute('nonce') === b.nonce)).toBe(true);
    }
  });

  it('take canonical, hreflang and JSON-LD from PUBLIC_URL, whatever Host says; the cache keeps the clean page', async () => {
    const url = await productUrl(1);
    const forged = await page(url, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(forged.res.headers['x-page-cache']).toBe('miss');
    expect(forged.res.body).not.toContain('evil.example');
    expect(forged.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${PUBLIC_URL}${url}`,
    );
    const alternates = [...forged.doc.querySelectorAll('link[rel="alternate"][hreflang]')];
    expect(alternates.length).toBe(4);
    for (const link of alternates) expect(link.getAttribute('href')!.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    const jsonLd = forged.doc.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
    expect(jsonLd).toContain(`${PUBLIC_URL}${url}`);
    // everyone else gets the same clean page from the cache
    const normal = await page(url);
    expect(normal.res.headers['x-page-cache']).toBe('hit');
    expect(normal.res.body.replaceAll(normal.nonce!, 'N')).toBe(
      forged.res.body.replaceAll(forged.nonce!, 'N'),
    );
  });
});
