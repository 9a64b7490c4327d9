/**
 * Pages rendered in worker threads (src/render-threads.ts: every core used with the
 * embedded database): the real React Router production build (built into a temporary folder) on the
 * real API and a test database. A page rendered in a thread, its loaders reading this thread's API
 * over the message port, must be byte for byte the page the main thread renders (but for the answer's
 * nonce), compressed or not; a form post renders in the main thread; a thread that stops is replaced.
 */
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi, loadApiConfig, storefrontReadsOf } from '@vitrina/api';
import { importCatalog } from '@vitrina/db';
import { generateLargeCatalog } from '@vitrina/demo';
import { createTestDatabase, type TestDatabase } from '@vitrina/db/testing';
import { createInProcessFetch } from '../src/in-process-fetch.ts';
import { RENDER_THREAD_YOUNG_GENERATION_MB, RenderThreads } from '../src/render-threads.ts';
import { PageCache, dataStampReader } from '../src/page-cache.ts';
import { buildStorefront } from './storefront-build.ts';
import { registerStorefront, type PageCacheOption } from '../src/ssr.ts';

let buildDir: string;
let removeBuild: (() => void) | undefined;
let database: TestDatabase;
/** the same shop twice: rendering in its main thread, and in one render thread */
let inMain: FastifyInstance;
let inThread: FastifyInstance;

async function shop(renderThreads: number, pageCache?: PageCacheOption) {
  return (await shopAndStorefront(renderThreads, pageCache)).app;
}

/** the shop and its storefront's handle (its drain, as main.ts closes the shop) */
async function shopAndStorefront(renderThreads: number, pageCache?: PageCacheOption) {
  const config = loadApiConfig({
    CATALOG_VERSION_TTL_MS: '0',
    ADMIN_TOKEN: 'test-admin-token-0123456789-abcdefghij',
  });
  const app = await buildApi({ database, config });
  const storefront = await registerStorefront(app, {
    buildDir,
    apiFetch: createInProcessFetch(app),
    apiReads: storefrontReadsOf(app),
    publicUrl: 'https://shop.example',
    renderThreads,
    pageCache,
  });
  await app.ready();
  return { app, storefront };
}

beforeAll(async () => {
  ({ dir: buildDir, remove: removeBuild } = await buildStorefront('render-threads'));
  database = await createTestDatabase();
  await importCatalog(database, generateLargeCatalog({ seed: 11, productCount: 20 }));
  [inMain, inThread] = await Promise.all([shop(0), shop(1)]);
}, 180_000);

afterAll(async () => {
  await inThread?.close();
  await inMain?.close();
  await database?.dispose();
  removeBuild?.();
});

/** the answer's body with its CSP nonce written as NONCE and its stock time as TIME, gunzipped when it came compressed */
async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  const nonce = /'nonce-([\w-]+)'/.exec(String(res.headers['content-security-policy'] ?? ''))?.[1];
  const raw = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
  // the product's stock is stamped with the time it was read (routes/product.tsx `stockAt`)
  const body = raw.toString('utf8').replace(/(stockAt\\?",)\d+/g, '$1TIME');
  return { res, nonce, body: nonce ? body.replaceAll(nonce, 'NONCE') : body };
}

/** an answer's headers but those that differ between any two answers (time, nonce, compressed length) */
function lasting(headers: Record<string, unknown>) {
  const { date: _date, 'content-security-policy': _csp, 'content-length': _length, ...rest } = headers;
  return rest;
}

/** a product page and a category page of the test catalogue, from the home page's links */
async function catalogueUrls(): Promise<string[]> {
  const { body } = await get(inMain, '/en');
  const product = /href="(\/en\/p\/[^"]+)"/.exec(body)?.[1];
  const category = /href="(\/en\/c\/[^"]+)"/.exec(body)?.[1];
  if (!product || !category) throw new Error('the home page links no product or category');
  return [product, category];
}

describe('render threads', () => {
  it('render every kind of page as the main thread does, byte for byte but the nonce', async () => {
    const pages = ['/', '/en', '/ru/search?q=a', '/nope-not-a-page', ...(await catalogueUrls())];
    for (const url of pages) {
      const [main, thread] = [await get(inMain, url), await get(inThread, url)];
      expect(thread.res.statusCode, url).toBe(main.res.statusCode);
      expect(thread.nonce, url).toBeTruthy();
      expect(thread.body, url).toContain(`nonce="NONCE"`);
      expect(thread.body, url).toBe(main.body);
    }
  });

  it('answer gzip as the main thread does, and the same headers', async () => {
    const [product] = await catalogueUrls();
    const main = await get(inMain, product!, { 'accept-encoding': 'gzip' });
    const thread = await get(inThread, product!, { 'accept-encoding': 'gzip' });
    expect(thread.res.headers['content-encoding']).toBe('gzip');
    expect(thread.body).toBe(main.body);
    expect(lasting(thread.res.headers)).toEqual(lasting(main.res.headers));
  });

  it('fill the page cache: the miss and the hit are the page the main thread caches, gzip too, and so is its router data', async () => {
    const cacheOf = () => ({
      cache: new PageCache({ ttlMs: 86_400_000, maxEntries: 100, maxBytes: 16 * 1024 * 1024 }),
      stamp: dataStampReader(database),
    });
    const [cached, cachedInMain] = await Promise.all([shop(1, cacheOf()), shop(0, cacheOf())]);
    try {
      const gzip = { 'accept-encoding': 'gzip' };
      for (const url of await catalogueUrls()) {
        const main = await get(cachedInMain, url);
        // the router data is apart from a cached page (router-data.ts)
        expect(main.body, url).toContain(`fetch("/_page-data${url}")`);
        expect(main.body, url).not.toContain('streamController.enqueue(');
        const answers = [await get(cached, url, gzip), await get(cached, url), await get(cached, url, gzip)];
        expect(answers.map((a) => a.res.headers['x-page-cache'])).toEqual(['miss', 'hit', 'hit']);
        expect(answers.map((a) => a.res.headers['content-encoding'])).toEqual(['gzip', undefined, 'gzip']);
        for (const answer of answers) expect(answer.body, url).toBe(main.body);
        const [data, dataInMain] = [
          await get(cached, `/_page-data${url}`, gzip),
          await get(cachedInMain, `/_page-data${url}`),
        ];
        expect(data.res.headers['x-page-cache']).toBe('hit');
        expect(data.body, url).toBe(dataInMain.body);
        expect(data.body, url).toMatch(/^\[\{"_1":2/);
      }
    } finally {
      await Promise.all([cached.close(), cachedInMain.close()]);
    }
  });

  it("answer a route's data request (client navigation) as the main thread does", async () => {
    const [, category] = await catalogueUrls();
    const url = `${category}.data`;
    const [main, thread] = [await get(inMain, url), await get(inThread, url)];
    expect(thread.res.statusCode).toBe(200);
    expect(thread.body).toBe(main.body);
  });

  it('render a form posted to an action in the main thread, with its body', async () => {
    // the staff login (routes/admin/login.tsx): a wrong password answers the form again with its error
    const form = new URLSearchParams({ email: 'nobody@example.com', password: 'wrong-password' }).toString();
    const post = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/en/admin/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form,
      });
    const [main, thread] = [await post(inMain), await post(inThread)];
    expect(thread.statusCode).toBe(main.statusCode);
    expect(thread.statusCode).toBeLessThan(500);
    // the action read the posted form: the e-mail is written back into the form with the error
    expect(main.body).toContain('value="nobody@example.com"');
    expect(thread.body).toContain('value="nobody@example.com"');
  });
});

describe('closing the shop (src/page-drain.ts)', () => {
  it.each([0, 1])(
    'lets the pages under way end as they would have (render threads: %i), and refuses new ones',
    async (threads) => {
      const { app, storefront } = await shopAndStorefront(threads);
      const urls = ['/', '/en', '/ru', ...(await catalogueUrls())];
      try {
        const expected = await Promise.all(urls.map((url) => get(inMain, url)));
        const underWay = urls.map((url) => get(app, url));
        await expect.poll(() => storefront.rendering, { interval: 1 }).toBe(urls.length);
        // as main.ts closes the shop: the storefront drains, then Fastify closes
        const drained = storefront.drain();
        const refused = await app.inject({ method: 'GET', url: '/en' });
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        await drained;
        await app.close();
        const answers = await Promise.all(underWay);
        for (const [i, answer] of answers.entries()) {
          expect(answer.res.statusCode, urls[i]).toBe(200);
          expect(answer.body, urls[i]).toBe(expected[i]!.body);
        }
      } finally {
        await app.close();
      }
    },
  );
});

describe('RenderThreads', () => {
  it('replaces a thread that stops: its renders fail, the next render is answered', async () => {
    const errors: Error[] = [];
    const threads = new RenderThreads({
      count: 1,
      buildDir,
      mode: 'production',
      apiFetch: createInProcessFetch(inMain),
      apiReads: storefrontReadsOf(inMain),
      onThreadError: (error) => errors.push(error),
    });
    try {
      const request = () => new Request('https://shop.example/en');
      const first = await threads.render(request(), 'n1', '127.0.0.1', { gzip: false });
      expect(first.response.status).toBe(200);
      expect(first.page?.toString()).toContain('nonce="n1"');
      // the thread is private to the pool: reached here only to stop it as a crash would
      const { worker } = (threads as unknown as { threads: { worker: Worker }[] }).threads[0]!;
      // a young generation of its own, a few MB: a render's garbage is dead once its page is sent
      expect(worker.resourceLimits?.maxYoungGenerationSizeMb).toBe(RENDER_THREAD_YOUNG_GENERATION_MB);
      expect(RENDER_THREAD_YOUNG_GENERATION_MB).toBeLessThanOrEqual(16);
      const lost = threads.render(request(), 'n2', '127.0.0.1', { gzip: false });
      await worker.terminate();
      await expect(lost).rejects.toThrow(/render thread stopped/);
      expect(errors.map((e) => e.message).join()).toMatch(/starting another/);
      const next = await threads.render(request(), 'n3', '127.0.0.1', { gzip: true });
      expect(next.response.status).toBe(200);
      expect(gunzipSync(next.gzip!).toString()).toContain('nonce="n3"');
      // the page for the page cache (rendered-page.ts): no nonce, its router data apart, compressed
      // a nonce no asset hash or text can hold by chance (a two-letter one once matched a hash)
      const nonce = 'nonce-of-the-fourth-render';
      const shared = (await threads.render(request(), nonce, '127.0.0.1', { gzip: false, cacheAs: '/en' }))
        .shared!;
      expect(shared.body.toString()).not.toContain(nonce);
      expect(shared.csp).toMatch(/script-src 'self' 'sha256-/);
      expect(gunzipSync(shared.gzip).equals(shared.body)).toBe(true);
      expect(shared.routerData!.body.toString()).toMatch(/^\[\{"_1":2/);
      expect(gunzipSync(shared.routerData!.gzip).equals(shared.routerData!.body)).toBe(true);
    } finally {
      await threads.close();
    }
  });

  it('ends the threads beyond the first once idle, and starts one again when renders queue', async () => {
    const errors: Error[] = [];
    const threads = new RenderThreads({
      count: 2,
      buildDir,
      mode: 'production',
      apiFetch: createInProcessFetch(inMain),
      apiReads: storefrontReadsOf(inMain),
      onThreadError: (error) => errors.push(error),
      idleMs: 300,
    });
    try {
      const request = () => new Request('https://shop.example/en');
      const render = (nonce: string) => threads.render(request(), nonce, '127.0.0.1', { gzip: false });
      expect(threads.size).toBe(2);
      // the second thread, idle, ends; the first stays
      await expect.poll(() => threads.size, { timeout: 10_000, interval: 50 }).toBe(1);
      expect((await render('n1')).response.status).toBe(200);
      expect(threads.size).toBe(1);
      // renders one after another stay on the first thread
      for (const nonce of ['n2', 'n3']) expect((await render(nonce)).response.status).toBe(200);
      expect(threads.size).toBe(1);
      // renders queuing on it start another
      const all = await Promise.all(['n4', 'n5', 'n6', 'n7'].map(render));
      expect(all.map((r) => r.response.status)).toEqual([200, 200, 200, 200]);
      expect(threads.size).toBe(2);
      expect(all[3]!.page?.toString()).toContain('nonce="n7"');
      await expect.poll(() => threads.size, { timeout: 10_000, interval: 50 }).toBe(1);
      // an idle thread's end is no death
      expect(errors).toEqual([]);
    } finally {
      await threads.close();
    }
  }, 60_000);

  it('stops replacing threads that keep dying: the main thread renders then', async () => {
    const errors: Error[] = [];
    const threads = new RenderThreads({
      count: 1,
      buildDir: join(buildDir, 'no-such-build'),
      mode: 'production',
      apiFetch: createInProcessFetch(inMain),
      onThreadError: (error) => errors.push(error),
    });
    try {
      await expect.poll(() => threads.size, { timeout: 60_000, interval: 100 }).toBe(0);
      expect(errors.filter((e) => /; starting another$/.test(e.message))).toHaveLength(9);
      expect(errors.at(-1)?.message).toMatch(/10 stopped within a minute, not starting another \(0 left/);
    } finally {
      await threads.close();
    }
  }, 90_000);
});
