import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPwa } from '../src/pwa.ts';

let buildDir: string;

beforeAll(() => {
  buildDir = mkdtempSync(path.join(os.tmpdir(), 'vitrina-pwa-'));
  const pwa = path.join(buildDir, 'pwa');
  mkdirSync(pwa);
  writeFileSync(path.join(pwa, 'service-worker.js'), 'self.addEventListener("fetch", () => {});');
  for (const code of ['lt', 'en', 'ru'])
    writeFileSync(path.join(pwa, `manifest.${code}.webmanifest`), JSON.stringify({ lang: code }));
  writeFileSync(
    path.join(pwa, 'client-manifest.json'),
    JSON.stringify({ version: 'v1', assets: [], groups: {} }),
  );
});
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

describe('registerPwa', () => {
  it('serves the worker uncached with root scope allowed, and answers 304 to its etag', async () => {
    const app = Fastify();
    await registerPwa(app, { buildDir });
    const res = await app.inject({ method: 'GET', url: '/service-worker.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    const again = await app.inject({
      method: 'GET',
      url: '/service-worker.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    await app.close();
  });

  it.each([
    ['/manifest.webmanifest', 'lt'],
    ['/en/manifest.webmanifest', 'en'],
    ['/ru/manifest.webmanifest', 'ru'],
  ])('%s is the %s web app manifest', async (url, lang) => {
    const app = Fastify();
    await registerPwa(app, { buildDir });
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json');
    expect(res.json()).toEqual({ lang });
    await app.close();
  });

  it('serves the client manifest under /dist', async () => {
    const app = Fastify();
    await registerPwa(app, { buildDir });
    const res = await app.inject({ method: 'GET', url: '/dist/client-manifest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 'v1' });
    await app.close();
  });

  it('a build without the PWA step serves none of it', async () => {
    const app = Fastify({ logger: false });
    await registerPwa(app, { buildDir: path.join(buildDir, 'missing') });
    expect((await app.inject({ method: 'GET', url: '/service-worker.js' })).statusCode).toBe(404);
    await app.close();
  });
});
