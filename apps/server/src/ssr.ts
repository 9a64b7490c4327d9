/**
 * React Router SSR inside Fastify (STACK-NOTES: a small adapter around `createRequestHandler`;
 * @fastify/static with `wildcard: false` keeps Fastify's own routes first).
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { storeCodeFromPath, type StoreCode } from '@vitrina/domain';
import type { ApiFetch } from './in-process-fetch.ts';
import {
  type PageCache,
  isCacheableRequest,
  isCacheableResponse,
  pageTagsOf,
  type CachedPage,
} from './page-cache.ts';
import { registerPwa } from './pwa.ts';

const API_PREFIXES = ['/vsbridge/', '/api/'];

export async function registerStorefront(
  app: FastifyInstance,
  opts: {
    buildDir: string;
    apiFetch: ApiFetch;
    /** PAGE_CACHE=memory: the cache and the data stamp of a store view (page-cache.ts) */
    pageCache?: PageCacheOption | undefined;
  },
) {
  const build = (await import(
    pathToFileURL(path.join(opts.buildDir, 'server', 'index.js')).href
  )) as ServerBuild;
  const handle = createRequestHandler(
    build,
    process.env.NODE_ENV === 'development' ? 'development' : 'production',
  );
  // the service worker, web app manifests and client manifest (issue #7)
  await registerPwa(app, { buildDir: opts.buildDir });

  await app.register(async (scope) => {
    // forms posted to route actions reach React Router as the raw stream
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      (_req, _payload, done) => done(null),
    );
    await scope.register(fastifyStatic, {
      root: path.join(opts.buildDir, 'client'),
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        // fingerprinted bundles never change; everything else revalidates
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });

    const render = pageHandler((req) => handle(req, { apiFetch: opts.apiFetch }), opts.pageCache);
    scope.all('/*', async (request, reply) => {
      // an unknown API path answers the API's own 404 envelope, not the storefront's 404 page
      if (API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return reply.callNotFound();
      return render(request, reply);
    });
  });
}

export type PageCacheOption = { cache: PageCache; stamp: (store: StoreCode) => Promise<string> };

/**
 * Answers a storefront request by rendering it, or, with a page cache, from the cache when the data
 * stamp of its store view is the one it was rendered under (page-cache.ts).
 */
export function pageHandler(render: (request: Request) => Promise<Response>, pages?: PageCacheOption) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!pages || !isCacheableRequest(request.method, request.headers)) {
      return sendWebResponse(reply, await render(toWebRequest(request)));
    }
    const url = request.url;
    const pathname = url.split('?')[0] ?? '/';
    const store = storeCodeFromPath(pathname).storeCode;
    const stamp = await pages.stamp(store);
    pages.cache.observe(store, stamp);
    const cached = pages.cache.get(store, url, stamp);
    if (cached) return sendCachedPage(reply, cached, 'hit');
    const response = await render(toWebRequest(request));
    const { tags, personal } = pageTagsOf(pathname, response.status);
    if (personal || !isCacheableResponse(response)) return sendWebResponse(reply, response);
    const page: CachedPage = {
      status: response.status,
      headers: [...response.headers].filter(([key]) => key !== 'content-length'),
      body: Buffer.from(await response.arrayBuffer()),
    };
    pages.cache.set(store, url, stamp, page, tags);
    return sendCachedPage(reply, page, 'miss');
  };
}

function toWebRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const controller = new AbortController();
  request.raw.once('aborted', () => controller.abort());
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: bodyOf(request), duplex: 'half' } : {}),
  } as RequestInit);
}

function bodyOf(request: FastifyRequest): BodyInit {
  // Fastify has parsed JSON and text bodies already; forms stay a raw stream (see content parser in main)
  const body = request.body;
  if (typeof body === 'string' || body instanceof Buffer) return body as BodyInit;
  if (body !== undefined && body !== null) return JSON.stringify(body);
  return Readable.toWeb(request.raw) as unknown as BodyInit;
}

function sendCachedPage(reply: FastifyReply, page: CachedPage, state: 'hit' | 'miss') {
  reply.status(page.status);
  for (const [key, value] of page.headers) reply.header(key, value);
  reply.header('x-page-cache', state);
  return reply.send(page.body);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as WebReadableStream));
}
