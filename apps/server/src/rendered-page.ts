/**
 * What a render answers, made ready to send where it was rendered: in this thread or in a render
 * thread (render-threads.ts), so that the page's last passes (scripts after the first paint, router
 * data apart, hashes, gzip) run beside its render and not in the thread that serves every request.
 */
import { gzipSync } from 'node:zlib';
import { routerDataUrlOf } from '@vitrina/domain';
import { startScriptsAfterFirstPaint } from './first-paint.ts';
import { gzipPage } from './gzip-splice.ts';
import { byHashes, contentSecurityPolicy } from './page-security.ts';
import { mayCacheAnswer } from './page-cache.ts';
import { takeRouterDataOut } from './router-data.ts';

/**
 * What the answer needs of an HTML page besides the page: `gzip`, the page compressed for this
 * answer; `cacheAs`, the URL (path and query) of a page rendered for the page cache, which is then,
 * when the answer may be cached, made the page every answer shares (`SharedPage`).
 */
export type PageWants = { gzip: boolean; cacheAs?: string | undefined };

/**
 * A page as the page cache keeps it and every answer gets it, the same bytes each time: its router
 * data apart (router-data.ts), its inline scripts and styles admitted by their hashes (`csp`, the
 * policy; page-security.ts `byHashes`) and compressed once (gzip level 9; brotli later, page-cache.ts).
 */
export type SharedPage = {
  body: Buffer;
  csp: string;
  gzip: Buffer;
  routerData?: { body: Buffer; gzip: Buffer } | undefined;
};

/**
 * React Router's response; for an HTML page its body read out, with its scripts started after the
 * first paint (first-paint.ts): `shared` when the page was rendered for the page cache and may be
 * kept, else `page`, the page for this answer (its nonce in it), and `gzip` of it when wanted. The
 * response's own body is then consumed.
 */
export type RenderedPage = {
  response: Response;
  page?: Buffer | undefined;
  gzip?: Buffer | undefined;
  shared?: SharedPage | undefined;
};

export async function preparePage(
  response: Response,
  cspNonce: string,
  wants: PageWants,
): Promise<RenderedPage> {
  if (!response.body || !response.headers.get('content-type')?.includes('text/html')) return { response };
  const html = Buffer.from(await response.arrayBuffer());
  const url = wants.cacheAs;
  if (url !== undefined && mayCacheAnswer(url.split('?')[0]!, response))
    return { response, shared: sharedPage(html, cspNonce, url) };
  const page = startScriptsAfterFirstPaint(html);
  return { response, page, gzip: wants.gzip ? gzipPage(page) : undefined };
}

function sharedPage(html: Buffer, cspNonce: string, url: string): SharedPage {
  const apart = takeRouterDataOut(html);
  const page = startScriptsAfterFirstPaint(apart?.page ?? html, apart ? routerDataUrlOf(url) : undefined);
  const { body, scripts, styles } = byHashes(page, cspNonce);
  return {
    body,
    csp: contentSecurityPolicy({ scripts, styles }),
    gzip: gzipSync(body, { level: 9 }),
    routerData: apart ? { body: apart.data, gzip: gzipSync(apart.data, { level: 9 }) } : undefined,
  };
}
