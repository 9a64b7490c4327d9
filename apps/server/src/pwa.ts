/**
 * What the shop serves for the PWA (accounts-checkout-routes.md §7 "GET a client manifest
 * at /dist to prefetch assets; service worker at /service-worker.js"), from `<build>/pwa/` written
 * by apps/web/scripts/build-pwa.ts:
 *   /service-worker.js           the worker, revalidated on every update check (no-cache), scope /
 *   /manifest.webmanifest        the web app manifest of lt; /en/… and /ru/… for en and ru
 *   /dist/client-manifest.json   the built assets and the page groups' chunks, for prefetch
 * A build without the PWA step serves none of them (logged), the shop still works.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const FILES = [
  {
    url: '/service-worker.js',
    file: 'service-worker.js',
    type: 'text/javascript; charset=utf-8',
    headers: { 'cache-control': 'no-cache', 'service-worker-allowed': '/' },
  },
  {
    url: '/manifest.webmanifest',
    file: 'manifest.lt.webmanifest',
    type: 'application/manifest+json',
    headers: { 'cache-control': 'public, max-age=3600' },
  },
  {
    url: '/en/manifest.webmanifest',
    file: 'manifest.en.webmanifest',
    type: 'application/manifest+json',
    headers: { 'cache-control': 'public, max-age=3600' },
  },
  {
    url: '/ru/manifest.webmanifest',
    file: 'manifest.ru.webmanifest',
    type: 'application/manifest+json',
    headers: { 'cache-control': 'public, max-age=3600' },
  },
  {
    url: '/dist/client-manifest.json',
    file: 'client-manifest.json',
    type: 'application/json; charset=utf-8',
    headers: { 'cache-control': 'no-cache' },
  },
] as const;

export async function registerPwa(app: FastifyInstance, opts: { buildDir: string }) {
  const dir = path.join(opts.buildDir, 'pwa');
  for (const entry of FILES) {
    let body: Buffer;
    try {
      body = await readFile(path.join(dir, entry.file));
    } catch {
      app.log.warn(
        `PWA: ${entry.file} is missing in ${dir} (build with npm run build); ${entry.url} not served`,
      );
      continue;
    }
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    app.get(entry.url, { schema: { hide: true } }, async (request, reply) => {
      reply.header('content-type', entry.type).header('etag', etag);
      for (const [key, value] of Object.entries(entry.headers)) reply.header(key, value);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(body);
    });
  }
}
