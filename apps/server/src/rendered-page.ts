/**
 * What a render answers, made ready to send where it was rendered: in this thread or in a render
 * thread (render-threads.ts), so that the page's last passes (scripts after the first paint, gzip)
 * run beside its render and not in the thread that serves every request.
 */
import { startScriptsAfterFirstPaint } from './first-paint.ts';
import { deflateSegments, gzipPage, type GzipSegments } from './gzip-splice.ts';
import { splitAtNonce } from './page-security.ts';

/**
 * What the answer needs of an HTML page besides the page: `gzip`, the page compressed for this
 * answer; `pieces`, its pieces between the answer's nonce compressed once, for the page cache.
 */
export type PageWants = { gzip: boolean; pieces: boolean };

/**
 * React Router's response; for an HTML page its body read out as `page`, with its scripts started
 * after the first paint (first-paint.ts), and what was wanted of it (gzip-splice.ts): `gzip`, that page
 * compressed; `pieces`, the compressed pieces of `splitAtNonce(page, cspNonce)`. The response's own
 * body is then consumed: `page` is the body.
 */
export type RenderedPage = {
  response: Response;
  page?: Buffer | undefined;
  gzip?: Buffer | undefined;
  pieces?: GzipSegments | undefined;
};

export async function preparePage(
  response: Response,
  cspNonce: string,
  wants: PageWants,
): Promise<RenderedPage> {
  if (!response.body || !response.headers.get('content-type')?.includes('text/html')) return { response };
  const page = startScriptsAfterFirstPaint(Buffer.from(await response.arrayBuffer()));
  return {
    response,
    page,
    gzip: wants.gzip ? gzipPage(page) : undefined,
    pieces: wants.pieces ? deflateSegments(page, splitAtNonce(page, cspNonce)) : undefined,
  };
}
