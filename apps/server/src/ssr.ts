/**
 * React Router SSR inside Fastify (STACK-NOTES: a small adapter around `createRequestHandler`;
 * @fastify/static with `wildcard: false` keeps Fastify's own routes first).
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { ROUTER_DATA_PREFIX, pageUrlOfRouterData, storeCodeFromPath, type StoreCode } from '@vitrina/domain';
import { drainOversizedBody, type StorefrontReads } from '@vitrina/api';
import type { ApiFetch } from './in-process-fetch.ts';
import {
  PageCache,
  compressWithBrotli,
  isCacheableRequest,
  pageTagsOf,
  type CachedPage,
} from './page-cache.ts';
import { acceptsCoding, acceptsGzip, gzipPage } from './gzip-splice.ts';
import { registerPwa } from './pwa.ts';
import { CACHED_ASSET_GLOBS, registerAssetCache } from './asset-cache.ts';
import { RenderThreads } from './render-threads.ts';
import { PageRenders } from './page-drain.ts';
import { preparePage, type PageWants, type RenderedPage } from './rendered-page.ts';
import { contentSecurityPolicy, newNonce, type InlineSources } from './page-security.ts';

const API_PREFIXES = ['/vsbridge/', '/api/'];

/** the back-office pages whose forms post an image file (routes/admin/product-images.tsx, banner.tsx) */
export const UPLOAD_PAGES = [
  '/admin/products/:sku/images',
  '/en/admin/products/:sku/images',
  '/admin/content/banners/:id',
  '/en/admin/content/banners/:id',
] as const;

/** FORM_BODY_LIMIT's default (apps/api/src/config.ts) */
const DEFAULT_FORM_BODY_LIMIT = 64 * 1024;

const FORM_TOO_LARGE: Record<
  StoreCode,
  { lang: string; title: string; text: (kib: number) => string; back: string }
> = {
  lt: {
    lang: 'lt',
    title: 'Forma per didelė',
    text: (kib) =>
      `Siunčiama forma viršija ${kib} KiB ribą, todėl ji nepriimta. Sutrumpinkite įvestą tekstą ir bandykite dar kartą.`,
    back: 'Grįžti',
  },
  en: {
    lang: 'en',
    title: 'Form too large',
    text: (kib) =>
      `The form you sent is over the ${kib} KiB limit, so it was not accepted. Shorten what you entered and try again.`,
    back: 'Go back',
  },
  ru: {
    lang: 'ru',
    title: 'Форма слишком велика',
    text: (kib) =>
      `Отправленная форма превышает предел в ${kib} КиБ и не была принята. Сократите введённый текст и попробуйте ещё раз.`,
    back: 'Вернуться',
  },
};

/**
 * The 413 page of a form above FORM_BODY_LIMIT: a plain page in the language of the path's store view
 * (the back office's in Lithuanian), with a link back to the page that posted it.
 */
export function formTooLargePage(url: string, limit: number): string {
  const pathname = url.split('?')[0] ?? '/';
  const t = FORM_TOO_LARGE[storeCodeFromPath(pathname).storeCode] ?? FORM_TOO_LARGE.lt;
  const back = /^\/[\w\-/.]*$/.test(pathname) ? pathname : '/';
  return (
    `<!DOCTYPE html><html lang="${t.lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>413 · ${t.title}</title></head>` +
    `<body><main><h1>${t.title}</h1><p>${t.text(Math.floor(limit / 1024))}</p>` +
    `<p><a href="${back}">${t.back}</a></p></main></body></html>`
  );
}

export async function registerStorefront(
  app: FastifyInstance,
  opts: {
    buildDir: string;
    apiFetch: ApiFetch;
    /** the API's reads in this process (storefront-reads.ts in apps/api); none when the API is apart (API_URL) */
    apiReads?: StorefrontReads | undefined;
    /** PAGE_CACHE=memory: the cache and the data stamp of a store view (page-cache.ts) */
    pageCache?: PageCacheOption | undefined;
    /** PUBLIC_URL: the origin of every request the storefront renders (canonical links, JSON-LD) */
    publicUrl: string;
    /** RENDER_THREADS: worker threads that render GET pages (render-threads.ts); 0 renders here */
    renderThreads?: number | undefined;
    /** FORM_BODY_LIMIT: the largest form body a page takes, in bytes (64 KiB when not given) */
    formBodyLimit?: number | undefined;
    /**
     * the body limit of the back-office pages that post an image file (UPLOAD_PAGES: IMAGE_UPLOAD_MAX_MB
     * and 64 KiB for the other fields); FORM_BODY_LIMIT when not given
     */
    uploadBodyLimit?: number | undefined;
  },
) {
  const build = (await import(
    pathToFileURL(path.join(opts.buildDir, 'server', 'index.js')).href
  )) as ServerBuild;
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const handle = createRequestHandler(build, mode);
  const threads = opts.renderThreads
    ? new RenderThreads({
        count: opts.renderThreads,
        buildDir: opts.buildDir,
        mode,
        apiFetch: opts.apiFetch,
        apiReads: opts.apiReads,
        onThreadError: (error) => app.log.error(error),
      })
    : undefined;
  if (threads) app.addHook('onClose', () => threads.close());
  const renders = new PageRenders();
  // the service worker, web app manifests and client manifest
  await registerPwa(app, { buildDir: opts.buildDir });

  await app.register(async (scope) => {
    // A form posted to a route action is read here, up to FORM_BODY_LIMIT, and reaches React Router
    // whole: an action's request.formData() would otherwise buffer any size it is sent (a 256 MB
    // multipart post to /admin/login took the process from 442 MB to 1 GB). Above the limit Fastify
    // stops reading and answers 413 (formTooLarge); only the image upload pages take more (UPLOAD_PAGES).
    const formBodyLimit = opts.formBodyLimit ?? DEFAULT_FORM_BODY_LIMIT;
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'buffer', bodyLimit: formBodyLimit },
      (_req, body, done) => done(null, body),
    );
    // the rest of an oversized body is read (up to a cap) so that the browser sees the 413 page
    scope.addHook('onError', drainOversizedBody);
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      request.log.info({ limit: formBodyLimit }, 'form body above FORM_BODY_LIMIT');
      return reply
        .status(413)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(formTooLargePage(request.url, formBodyLimit));
    });
    // the scripts and stylesheets: compressed once, from memory (asset-cache.ts)
    registerAssetCache(scope, path.join(opts.buildDir, 'client'));
    await scope.register(fastifyStatic, {
      root: path.join(opts.buildDir, 'client'),
      wildcard: false,
      index: false,
      globIgnore: CACHED_ASSET_GLOBS,
      setHeaders(reply, filePath) {
        // fingerprinted bundles never change; everything else revalidates
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });

    const render = pageHandler(
      async (req, cspNonce, clientAddress, wants) =>
        // a form posted to an action renders here: its body is this thread's request stream
        threads?.size && (req.method === 'GET' || req.method === 'HEAD')
          ? threads.render(req, cspNonce, clientAddress, wants)
          : preparePage(
              await handle(req, {
                apiFetch: opts.apiFetch,
                apiReads: opts.apiReads,
                cspNonce,
                clientAddress,
              }),
              cspNonce,
              wants,
            ),
      {
        pageCache: opts.pageCache,
        publicUrl: opts.publicUrl,
      },
    );
    // The back-office pages that post an image file take IMAGE_UPLOAD_MAX_MB: only these paths, in a
    // scope of their own with its own multipart parser; every other form keeps FORM_BODY_LIMIT.
    const uploadLimit = opts.uploadBodyLimit ?? formBodyLimit;
    await scope.register(async (uploads) => {
      uploads.removeContentTypeParser('multipart/form-data');
      uploads.addContentTypeParser(
        'multipart/form-data',
        { parseAs: 'buffer', bodyLimit: uploadLimit },
        (_req, body, done) => done(null, body),
      );
      uploads.setErrorHandler((error: FastifyError, request, reply) => {
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        request.log.info({ limit: uploadLimit }, 'upload body above IMAGE_UPLOAD_MAX_MB');
        return reply
          .status(413)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(formTooLargePage(request.url, uploadLimit));
      });
      for (const page of UPLOAD_PAGES)
        uploads.post(page, async (request, reply) => renders.run(reply, () => render(request, reply)));
    });
    scope.all('/*', async (request, reply) => {
      // an unknown API path answers the API's own 404 envelope, not the storefront's 404 page
      if (API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return reply.callNotFound();
      return renders.run(reply, () => render(request, reply));
    });
  });
  return {
    /** before Fastify closes: refuse new pages and let those under way end (page-drain.ts) */
    drain: () => renders.drain(),
    /** the page renders under way */
    get rendering() {
      return renders.rendering;
    },
  };
}

export type PageCacheOption = { cache: PageCache; stamp: (store: StoreCode) => Promise<string> };

/**
 * Answers a storefront request by rendering it, or, with a page cache, from the cache when the data
 * stamp of its store view is the one it was rendered under (page-cache.ts).
 *
 * Every answer gets a fresh CSP nonce (page-security.ts): the render writes it into its scripts, a
 * cached page has its first nonce swapped for it. Personal pages (checkout, account) are no-store.
 */
export function pageHandler(
  /**
   * `clientAddress`: the browser's (Fastify's `request.ip`, TRUST_PROXY applied); `wants`: what the
   * answer needs of an HTML page besides the page (rendered-page.ts)
   */
  render: (
    request: Request,
    cspNonce: string,
    clientAddress: string,
    wants: PageWants,
  ) => Promise<RenderedPage>,
  opts: { pageCache?: PageCacheOption | undefined; publicUrl: string },
) {
  const origin = new URL(opts.publicUrl).origin;
  const pages = opts.pageCache;
  /**
   * The renders under way of pages for the cache, by page and data stamp: the shoppers who ask for a
   * page while it renders are answered with that render, not with one each. A listing dropped from
   * the cache (a new catalogue version, a product sold out) is asked for by many at once, and every
   * one of them rendered it again (~100 ms of a render thread each).
   */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();

  /** the page rendered for the cache (`shared`) as the cache keeps it, stored under `url` */
  function keep(rendered: RenderedPage, url: string, store: StoreCode, stamp: string) {
    const { response, shared } = rendered;
    if (!pages || !shared) return undefined;
    const headers = [...response.headers].filter(([key]) => key !== 'content-length');
    const page: CachedPage = {
      status: response.status,
      headers: [...headers, ['content-security-policy', shared.csp], ['x-frame-options', 'DENY']],
      body: shared.body,
      encoded: { gzip: shared.gzip },
      routerData: shared.routerData,
    };
    pages.cache.set(store, url, stamp, page, pageTagsOf(url.split('?')[0] ?? '/', response.status).tags);
    compressWithBrotli(page);
    return page;
  }

  /**
   * The router data of a cached page (router-data.ts): from the page's cache entry, or, when the
   * entry has gone, from the page rendered again as its document was, for everyone (no cookie, no
   * authorization) and cached.
   */
  async function answerRouterData(request: FastifyRequest, reply: FastifyReply, pageUrl: string | null) {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return reply.status(405).header('allow', 'GET, HEAD').send();
    const pathname = pageUrl?.split('?')[0] ?? '';
    if (!pages || pageUrl === null || isPersonalPage(pathname)) return reply.status(404).send();
    const store = storeCodeFromPath(pathname).storeCode;
    const stamp = await pages.stamp(store);
    pages.cache.observe(store, stamp);
    let page = pages.cache.get(store, pageUrl, stamp);
    const state = page ? 'hit' : 'miss';
    if (!page) {
      const asked = toWebRequest(request, origin, { url: pageUrl, anonymous: true });
      const rendered = await render(asked, newNonce(), request.ip, { gzip: false, cacheAs: pageUrl });
      page = keep(rendered, pageUrl, store, stamp);
    }
    const data = page?.routerData;
    if (!data) return reply.status(404).send();
    reply.status(200).header('content-type', 'text/plain; charset=utf-8').header('x-page-cache', state);
    reply.header('vary', 'accept-encoding');
    if (!acceptsGzip(request.headers['accept-encoding'])) return reply.send(data.body);
    return reply.header('content-encoding', 'gzip').send(data.gzip);
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(ROUTER_DATA_PREFIX))
      return answerRouterData(request, reply, pageUrlOfRouterData(request.url));
    const nonce = newNonce();
    const pathname = request.url.split('?')[0] ?? '/';
    const acceptEncoding = request.headers['accept-encoding'];
    const takesGzip = acceptsGzip(acceptEncoding);
    const answer = { nonce, personal: isPersonalPage(pathname), takesGzip };
    if (!pages || !isCacheableRequest(request.method, request.headers)) {
      const wants = { gzip: takesGzip };
      const rendered = await render(toWebRequest(request, origin), nonce, request.ip, wants);
      return sendWebResponse(reply, rendered, answer);
    }
    const url = request.url;
    const store = storeCodeFromPath(pathname).storeCode;
    const stamp = await pages.stamp(store);
    pages.cache.observe(store, stamp);
    const cached = pages.cache.get(store, url, stamp);
    if (cached) return sendCachedPage(reply, cached, 'hit', acceptEncoding);
    const key = `${PageCache.key(store, url)} ${stamp}`;
    const under = answer.personal ? undefined : rendering.get(key);
    // an answer the render could not share (not cacheable) is rendered again for this one
    const shared = under && (await under);
    if (shared) return sendCachedPage(reply, shared, 'hit', acceptEncoding);
    // a page to cache is rendered as every answer will share it (rendered-page.ts); a personal one
    // for this answer
    const wants = answer.personal ? { gzip: takesGzip } : { gzip: false, cacheAs: url };
    const rendered = render(toWebRequest(request, origin), nonce, request.ip, wants);
    const kept = rendered.then((r) => keep(r, url, store, stamp));
    if (!answer.personal && !under) {
      const settled = kept.catch(() => undefined);
      rendering.set(key, settled);
      void settled.then(() => {
        if (rendering.get(key) === settled) rendering.delete(key);
      });
    }
    const page = await kept;
    if (!page) return sendWebResponse(reply, await rendered, answer);
    return sendCachedPage(reply, page, 'miss', acceptEncoding);
  };
}

/** checkout, account and the other pages pageTagsOf calls personal; their route data (`.data`) too */
function isPersonalPage(pathname: string): boolean {
  const page = pathname.replace(/(?:\/_root)?\.data$/, '') || '/';
  return pageTagsOf(page, 200).personal;
}

/**
 * The request React Router renders: the client's path on the shop's public origin (PUBLIC_URL), never
 * the Host or X-Forwarded-Host header, which anyone can forge; canonical links, hreflang and JSON-LD
 * are built from this URL and a cached page is served to everyone. An
 * absolute-form request line (`GET http://evil.example/ HTTP/1.1`) keeps only its path.
 */
function toWebRequest(
  request: FastifyRequest,
  origin: string,
  as: { url: string; anonymous: true } | undefined = undefined,
): Request {
  const asked = new URL(as?.url ?? request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (as?.anonymous && (key === 'cookie' || key === 'authorization')) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const hasBody = !as && request.method !== 'GET' && request.method !== 'HEAD';
  const controller = new AbortController();
  request.raw.once('aborted', () => controller.abort());
  return new Request(new URL(asked.pathname + asked.search, origin), {
    method: as ? 'GET' : request.method,
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

/**
 * what an answer adds to the rendered page: its CSP nonce, no-store when the page is personal, gzip
 * when the client takes it
 */
type Answer = { nonce: string; personal: boolean; takesGzip: boolean };

/**
 * A cached page (or the one just cached), the same bytes for every answer: brotli when the client
 * takes it and it is ready, else gzip when the client takes that, else whole (the response
 * compression decides)
 */
function sendCachedPage(
  reply: FastifyReply,
  page: CachedPage,
  state: 'hit' | 'miss',
  acceptEncoding: string | string[] | undefined,
) {
  reply.status(page.status);
  for (const [key, value] of page.headers) reply.header(key, value);
  reply.header('x-page-cache', state);
  const { br, gzip } = page.encoded;
  const coding =
    br && acceptsCoding(acceptEncoding, 'br') ? 'br' : acceptsGzip(acceptEncoding) ? 'gzip' : null;
  if (!coding) return reply.send(page.body);
  reply.header('content-encoding', coding).header('vary', varyAcceptEncoding(reply));
  return reply.send(coding === 'br' ? br : gzip);
}

async function sendWebResponse(reply: FastifyReply, rendered: RenderedPage, answer: Answer) {
  const { response, page } = rendered;
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (answer.personal) reply.header('cache-control', 'no-store');
  pageSecurityHeaders(reply, response.headers.get('content-type') ?? undefined, { nonce: answer.nonce });
  // A page is sent in one piece, as entry.server.tsx renders it: written to the socket chunk by
  // chunk, it cost a sixth of a render's CPU. No page streams data after its
  // shell (no deferred loader data), so the whole page is ready a few milliseconds after its first
  // byte would be; the page cache stores pages whole the same way.
  if (page) {
    if (!answer.takesGzip) return reply.send(page);
    // gzip with the stylesheet compressed once (gzip-splice.ts), as a cached page is answered
    reply.header('content-encoding', 'gzip').header('vary', varyAcceptEncoding(reply));
    return reply.send(rendered.gzip ?? gzipPage(page));
  }
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as WebReadableStream));
}

/** the answer's Vary with Accept-Encoding in it */
function varyAcceptEncoding(reply: FastifyReply): string {
  const vary = String(reply.getHeader('vary') ?? '');
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return vary;
  return vary ? `${vary}, accept-encoding` : 'accept-encoding';
}

/** an HTML page: the CSP with this answer's nonce, and no framing by other sites (older browsers too) */
function pageSecurityHeaders(reply: FastifyReply, contentType: string | undefined, inline: InlineSources) {
  if (!contentType?.includes('text/html')) return;
  reply.header('content-security-policy', contentSecurityPolicy(inline));
  reply.header('x-frame-options', 'DENY');
}
