/**
 * The page cache (src/page-cache.ts) in front of a renderer, on a real database for the data stamp:
 * hits and misses by URL and store view, no caching of personal pages, invalidation by tag when the
 * catalogue version moves (import, special-price window) or products are re-indexed with what pages
 * show changed (stock status, "Only N left"), TTL.
 * The renderer is a stand-in for React Router (counts its renders) so the cache is what is tested.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bumpCatalogVersion, importCatalog, reindexProducts } from '@vitrina/db';
import { generateLargeCatalog } from '@vitrina/demo';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { loadServerConfig } from '../src/config.ts';
import { PageCache, dataStampReader, pageTagsOf } from '../src/page-cache.ts';
import { pageHandler } from '../src/ssr.ts';
import { preparePage } from '../src/rendered-page.ts';

let database: TestDatabase;
let app: FastifyInstance;
let cache: PageCache;
let renders: string[] = [];

/**
 * The stand-in page shows the origin it was rendered on and marks its script with the nonce; a page
 * under /c/hydrated has React Router's scripts, its router data saying which render it came from.
 */
function renderer(request: Request, nonce: string): Promise<Response> {
  const url = new URL(request.url);
  renders.push(url.pathname + url.search);
  const render = `${url.pathname}${url.search} #${renders.length}`;
  const routerScripts = url.pathname.startsWith('/c/hydrated')
    ? `<script nonce="${nonce}" type="module" async="">import * as route0 from "/assets/root-A.js";\n` +
      `window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry-C.js");</script>` +
      `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(` +
      `${JSON.stringify(JSON.stringify([render, request.headers.get('cookie')]))});</script>` +
      `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>`
    : '';
  const body = `<link rel="canonical" href="${url.href}"><script nonce="${nonce}">1</script>${routerScripts}`;
  const head = `<head><link rel="modulepreload" href="/assets/entry-C.js" nonce="${nonce}"/></head>`;
  const html = (status: number, headers: Record<string, string> = {}) =>
    new Response(`<html>${head}<body>${render}${body}</body></html>`, {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
    });
  if (url.pathname.endsWith('/nope')) return Promise.resolve(html(404));
  if (url.pathname === '/boom') return Promise.resolve(html(500));
  if (url.pathname === '/sets-cookie') return Promise.resolve(html(200, { 'set-cookie': 'a=1' }));
  if (url.pathname === '/private') return Promise.resolve(html(200, { 'cache-control': 'private' }));
  return Promise.resolve(html(200));
}

/** the answer, its body with the nonce of its CSP header written as NONCE (so two answers compare) */
async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  const csp = String(res.headers['content-security-policy'] ?? '');
  const nonce = /'nonce-([\w-]+)'/.exec(csp)?.[1];
  return {
    status: res.statusCode,
    body: nonce ? res.body.replaceAll(nonce, 'NONCE') : res.body,
    state: res.headers['x-page-cache'],
    nonce,
    headers: res.headers,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await importCatalog(database, generateLargeCatalog({ seed: 5, productCount: 30 }));
}, 120_000);

beforeEach(async () => {
  await app?.close();
  renders = [];
  cache = new PageCache({ ttlMs: 86_400_000, maxEntries: 100, maxBytes: 1024 * 1024 });
  app = Fastify();
  app.get(
    '/*',
    pageHandler(
      async (request, nonce, _address, wants) => preparePage(await renderer(request, nonce), nonce, wants),
      {
        pageCache: { cache, stamp: dataStampReader(database) },
        publicUrl: 'https://shop.example',
      },
    ),
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('page cache', () => {
  it('renders once per URL and store view, then answers from the cache', async () => {
    const first = await get('/c/laptops');
    expect(first).toMatchObject({ status: 200, state: 'miss' });
    const second = await get('/c/laptops');
    expect(second).toMatchObject({ status: 200, state: 'hit', body: first.body });
    expect(renders).toEqual(['/c/laptops']);
    // another store view, another query string: other pages
    expect((await get('/en/c/laptops')).state).toBe('miss');
    expect((await get('/c/laptops?sort=final_price:asc')).state).toBe('miss');
    expect((await get('/c/laptops?sort=final_price:asc')).state).toBe('hit');
    expect(renders).toEqual(['/c/laptops', '/en/c/laptops', '/c/laptops?sort=final_price:asc']);
  });

  it('renders a page asked for by many at once once, and answers them all with it', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => get('/c/tablets')));
    expect(renders).toEqual(['/c/tablets']);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.map((a) => a.state).sort()).toEqual(['hit', 'hit', 'hit', 'miss']);
  });

  it('caches a 404 (page-not-found) but never a 5xx', async () => {
    expect(await get('/en/nope')).toMatchObject({ status: 404, state: 'miss' });
    expect(await get('/en/nope')).toMatchObject({ status: 404, state: 'hit' });
    expect((await get('/boom')).status).toBe(500);
    expect((await get('/boom')).status).toBe(500);
    expect(renders).toEqual(['/en/nope', '/boom', '/boom']);
  });

  it('never caches personal pages: cookies, authorization, checkout, account, answers setting cookies or private', async () => {
    for (const [url, headers] of [
      ['/c/laptops', { cookie: 'session=1' }],
      ['/c/laptops', { authorization: 'Bearer x' }],
      ['/checkout', {}],
      ['/en/my-account', {}],
      ['/my-account/orders/12', {}],
      ['/sets-cookie', {}],
      ['/private', {}],
    ] as [string, Record<string, string>][]) {
      const a = await get(url, headers);
      const b = await get(url, headers);
      expect(a.state, url).toBeUndefined();
      expect(b.state, url).toBeUndefined();
      expect(b.body, url).not.toBe(a.body);
    }
    expect(cache.size).toBe(0);
  });

  it('invalidates every catalogue page when the catalogue version moves (import, price window)', async () => {
    await get('/c/laptops');
    await get('/i/about-us');
    await get('/en');
    expect((await get('/c/laptops')).state).toBe('hit');
    await bumpCatalogVersion(database);
    expect((await get('/c/laptops')).state).toBe('miss');
    expect((await get('/i/about-us')).state).toBe('miss');
    expect((await get('/en')).state).toBe('miss');
    expect(cache.stats.invalidated).toBeGreaterThanOrEqual(2);
  });

  /** a product's stock set to `qty` and the product re-indexed, as an order's stock change does */
  async function stockChanged(qty: number) {
    const [row] = await database.query<{ product_id: number }>(
      'SELECT product_id FROM stock WHERE manage_stock ORDER BY product_id LIMIT 1',
      [],
    );
    await database.query('UPDATE stock SET qty = $2, is_in_stock = $2 > 0 WHERE product_id = $1', [
      row!.product_id,
      qty,
    ]);
    await reindexProducts(database, { productIds: [row!.product_id] });
  }

  it('invalidates the pages tagged product when a product’s stock changes as pages show it, not the others', async () => {
    await stockChanged(1000);
    await get('/c/laptops');
    await get('/p/LAP-1/x');
    await get('/i/about-us');
    // "Only 2 left" (domain LOW_STOCK_DISPLAY_QTY)
    await stockChanged(2);
    expect((await get('/i/about-us')).state).toBe('hit');
    expect((await get('/c/laptops')).state).toBe('miss');
    expect((await get('/p/LAP-1/x')).state).toBe('miss');
    await stockChanged(0);
    expect((await get('/c/laptops')).state).toBe('miss');
  });

  it('keeps the pages when an order leaves a product as well stocked as pages show it', async () => {
    await stockChanged(1000);
    await get('/c/laptops');
    await get('/p/LAP-1/x');
    await stockChanged(999);
    expect((await get('/c/laptops')).state).toBe('hit');
    expect((await get('/p/LAP-1/x')).state).toBe('hit');
  });

  it('reads the data stamp of a store view, reusing a read for the time asked', async () => {
    const exact = dataStampReader(database);
    const reused = dataStampReader(database, 60_000);
    const before = await exact('lt');
    expect(before).toMatch(/^\d+:\d+$/);
    expect(await reused('lt')).toBe(before);
    await bumpCatalogVersion(database);
    expect(await exact('lt')).not.toBe(before);
    expect(await reused('lt')).toBe(before);
  });

  it('expires entries after the TTL', async () => {
    const short = new PageCache({ ttlMs: 30, maxEntries: 10, maxBytes: 1024 * 1024 });
    const page = { status: 200, headers: [], body: Buffer.from('x'), encoded: { gzip: Buffer.from('g') } };
    short.set('lt', '/', '1:1', page, ['home', 'product']);
    expect(short.get('lt', '/', '1:1')).toBeDefined();
    expect(short.get('lt', '/', '1:2')).toBeUndefined(); // products re-indexed since
    short.set('lt', '/i/x', '1:1', page, ['category']);
    expect(short.get('lt', '/i/x', '1:2')).toBeDefined(); // no product on it
    expect(short.get('lt', '/i/x', '2:2')).toBeUndefined(); // another catalogue version
    short.set('lt', '/', '1:1', page, ['home']);
    await new Promise((r) => setTimeout(r, 40));
    expect(short.get('lt', '/', '1:1')).toBeUndefined();
  });

  it('keeps to its entry and byte limits, oldest first', () => {
    const small = new PageCache({ ttlMs: 1000, maxEntries: 2, maxBytes: 1024 * 1024 });
    const page = { status: 200, headers: [], body: Buffer.from('x'), encoded: { gzip: Buffer.from('g') } };
    small.set('lt', '/a', 's', page, ['home']);
    small.set('lt', '/b', 's', page, ['home']);
    small.get('lt', '/a', 's');
    small.set('lt', '/c', 's', page, ['home']);
    expect(small.size).toBe(2);
    expect(small.get('lt', '/b', 's')).toBeUndefined();
    expect(small.get('lt', '/a', 's')).toBeDefined();
  });
});

describe('page security', () => {
  it('a cached page is the same bytes for every answer, its own scripts admitted by their hashes; a rendered one has a fresh nonce', async () => {
    const answers = [await get('/c/laptops'), await get('/c/laptops'), await get('/c/laptops')];
    expect(answers.map((a) => a.state)).toEqual(['miss', 'hit', 'hit']);
    expect(renders).toEqual(['/c/laptops']);
    const hash = `sha256-${createHash('sha256').update('1').digest('base64')}`;
    for (const a of answers) {
      expect(a.nonce).toBeUndefined();
      expect(a.body).toContain('<script>1</script>');
      expect(a.body).not.toContain('nonce=');
      const csp = String(a.headers['content-security-policy']);
      expect(csp).toContain(`script-src 'self' '${hash}';`);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
      for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'"])
        expect(csp).toContain(directive);
      expect(a.headers['x-frame-options']).toBe('DENY');
      expect(a.body).toBe(answers[0]!.body);
      expect(a.headers['content-security-policy']).toBe(answers[0]!.headers['content-security-policy']);
    }
    // a page rendered for one answer: its own nonce, in its policy and its scripts
    const rendered = [await get('/c/laptops', { cookie: 'session=1' }), await get('/checkout')];
    for (const r of rendered) {
      expect(r.nonce).toMatch(/^[\w-]{22}$/);
      expect(r.body).toContain('<script nonce="NONCE">');
      expect(String(r.headers['content-security-policy'])).toContain(`script-src 'self' 'nonce-${r.nonce}'`);
    }
    expect(rendered[0]!.nonce).not.toBe(rendered[1]!.nonce);
  });

  it('a cached page is compressed once: gzip from the first answer, brotli once it is ready, to the clients that take them', async () => {
    const plain = await get('/c/laptops');
    const asked = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const miss = await app.inject({ url: '/c/phones', headers: asked });
    expect(miss.headers).toMatchObject({ 'x-page-cache': 'miss', 'content-encoding': 'gzip' });
    expect(String(miss.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(miss.rawPayload).toString()).toContain('/c/phones #');
    await expect
      .poll(async () => (await app.inject({ url: '/c/laptops', headers: asked })).headers['content-encoding'])
      .toBe('br');
    const answers = [
      await app.inject({ url: '/c/laptops', headers: asked }),
      await app.inject({ url: '/c/laptops', headers: asked }),
    ];
    expect(answers[0]!.rawPayload.equals(answers[1]!.rawPayload)).toBe(true);
    expect(brotliDecompressSync(answers[0]!.rawPayload).toString()).toBe(plain.body);
    const gzip = await app.inject({ url: '/c/laptops', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(renders).toEqual(['/c/laptops', '/c/phones']);
    // a client that takes neither gets the page as it is
    const identity = await app.inject({
      url: '/c/laptops',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
  });

  it('renders on PUBLIC_URL: a forged Host or X-Forwarded-Host never reaches a page or the cache', async () => {
    const forged = await get('/c/laptops?page=2', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(forged.state).toBe('miss');
    expect(forged.body).toContain('href="https://shop.example/c/laptops?page=2"');
    expect(forged.body).not.toContain('evil.example');
    const normal = await get('/c/laptops?page=2');
    expect(normal).toMatchObject({ state: 'hit', body: forged.body });
    // an absolute-form request line keeps only its path
    const absolute = await get('http://evil.example/i/about-us');
    expect(absolute.body).toContain('href="https://shop.example/i/about-us"');
    expect(absolute.body).not.toContain('evil.example');
  });

  it('personal pages and their route data are no-store; catalogue pages are not', async () => {
    for (const url of [
      '/checkout',
      '/en/my-account',
      '/ru/my-account/orders/12',
      '/checkout.data',
      '/order-completed',
    ])
      expect((await get(url)).headers['cache-control'], url).toBe('no-store');
    for (const url of ['/c/laptops', '/en', '/p/LAP-1/x'])
      expect((await get(url)).headers['cache-control'], url).toBeUndefined();
  });

  it('a non-HTML answer gets no CSP', async () => {
    const plain = Fastify();
    plain.get(
      '/*',
      pageHandler(
        async () => ({ response: new Response('{}', { headers: { 'content-type': 'application/json' } }) }),
        {
          publicUrl: 'https://shop.example',
        },
      ),
    );
    const res = await plain.inject({ url: '/c/laptops.data' });
    expect(res.headers['content-security-policy']).toBeUndefined();
    await plain.close();
  });
});

describe('router data apart from the cached page (router-data.ts)', () => {
  const dataOf = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: `/_page-data${url}`, headers });
    return { status: res.statusCode, body: res.body, headers: res.headers, raw: res.rawPayload };
  };

  it('a cached page leaves its router data out and fetches it from the same cache entry', async () => {
    const page = await get('/c/hydrated?page=2');
    expect(page.state).toBe('miss');
    expect(page.body).not.toContain('streamController.enqueue');
    expect(page.body).not.toContain('streamController.close');
    expect(page.body).toContain('fetch("/_page-data/c/hydrated?page=2")');
    expect((await get('/c/hydrated?page=2')).body).toBe(page.body);

    const data = await dataOf('/c/hydrated?page=2');
    expect(data.status).toBe(200);
    expect(data.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(data.headers['x-page-cache']).toBe('hit');
    expect(data.headers['content-security-policy']).toBeUndefined();
    // the data the page was rendered with: no render since
    expect(JSON.parse(data.body)).toEqual(['/c/hydrated?page=2 #1', null]);
    expect(renders).toEqual(['/c/hydrated?page=2']);

    const gzipped = await dataOf('/c/hydrated?page=2', { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.raw).toString()).toBe(data.body);
  });

  it('when the entry has gone, renders the page again for everyone (no cookie) and caches it with its data', async () => {
    const data = await dataOf('/c/hydrated', { cookie: 'session=1', authorization: 'Bearer x' });
    expect(data.headers['x-page-cache']).toBe('miss');
    expect(JSON.parse(data.body)).toEqual(['/c/hydrated #1', null]);
    const page = await get('/c/hydrated');
    expect(page.state).toBe('hit');
    expect(page.body).toContain('fetch("/_page-data/c/hydrated")');
    expect(renders).toEqual(['/c/hydrated']);
  });

  it('a page rendered for one shopper (a cookie) keeps its router data inline', async () => {
    const page = await get('/c/hydrated', { cookie: 'session=1' });
    expect(page.state).toBeUndefined();
    expect(page.body).toContain('streamController.enqueue(');
    expect(page.body).toContain('streamController.close();');
    expect(page.body).not.toContain('/_page-data');
  });

  it('answers no data for personal pages, pages without it and other hosts', async () => {
    for (const url of ['/checkout', '/en/my-account', '/c/laptops', '/boom', '//evil.example/c/hydrated'])
      expect((await dataOf(url)).status, url).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/_page-data' })).statusCode).toBe(404);
    expect(renders).toEqual(['/c/laptops', '/boom']);
  });
});

describe('page tags (the spec tags)', () => {
  it.each([
    ['/', 200, ['home', 'product', 'category', 'taxrule'], false],
    ['/en', 200, ['home', 'product', 'category', 'taxrule'], false],
    ['/c/laptops', 200, ['product', 'category', 'attribute', 'taxrule'], false],
    ['/ru/p/LAP-1/x/LAP-1-A', 200, ['product', 'category', 'attribute', 'taxrule'], false],
    ['/compare', 200, ['compare', 'attribute', 'category'], false],
    ['/en/no/such/page', 404, ['page-not-found', 'category'], false],
    ['/checkout', 200, ['checkout'], true],
    ['/en/my-account/orders', 200, ['my-account'], true],
    ['/admin', 200, ['my-account'], true],
    ['/en/admin/orders/12', 200, ['my-account'], true],
    ['/error', 200, ['error'], true],
    ['/c/laptops', 500, ['error'], true],
  ] as const)('%s (%i) → %j', (path, status, tags, personal) => {
    expect(pageTagsOf(path, status)).toEqual({ tags, personal });
  });
});

describe('settings', () => {
  it('is on (memory) unless PAGE_CACHE=off; TTL 86400 s and 64 MB by default', () => {
    expect(loadServerConfig({}).pageCache).toMatchObject({
      mode: 'memory',
      ttlMs: 86_400_000,
      maxBytes: 64 * 1024 * 1024,
    });
    expect(loadServerConfig({ PAGE_CACHE: 'off' }).pageCache.mode).toBe('off');
    expect(loadServerConfig({ PAGE_CACHE: 'memory', PAGE_CACHE_TTL_S: '60' }).pageCache).toMatchObject({
      mode: 'memory',
      ttlMs: 60_000,
    });
    expect(() => loadServerConfig({ PAGE_CACHE: 'redis' })).toThrow(/PAGE_CACHE/);
  });

  it('PUBLIC_URL is an origin; unset in production, the start log warns', () => {
    expect(loadServerConfig({ PUBLIC_URL: 'https://shop.example/' })).toMatchObject({
      publicUrl: 'https://shop.example',
      startWarnings: [],
    });
    expect(loadServerConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadServerConfig({}).startWarnings).toEqual([]);
    expect(loadServerConfig({ NODE_ENV: 'production' }).startWarnings).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set/),
    ]);
    expect(() => loadServerConfig({ PUBLIC_URL: 'https://shop.example/shop' })).toThrow(/PUBLIC_URL/);
    expect(() => loadServerConfig({ PUBLIC_URL: 'shop.example' })).toThrow(/PUBLIC_URL/);
  });
});
