/**
 * What a render answers, made ready to send where it was rendered: in this thread or in a render
 * thread (render-threads.ts), so that the page's last passes (scripts after the first paint, gzip)
 * run beside its render and not in the thread that serves every request.
 */
import { startScriptsAfterFirstPaint } from './first-paint.ts';
import { gzipPage } from './gzip-splice.ts';

/**
 * React Router's response; for an HTML page its body read out as `page`, with its scripts started
 * after the first paint (first-paint.ts), and `gzip`, that page compressed (gzip-splice.ts), when it
 * was asked for. The response's own body is then consumed: `page` is the body.
 */
export type RenderedPage = { response: Response; page?: Buffer | undefined; gzip?: Buffer | undefined };

export async function preparePage(response: Response, compress: boolean): Promise<RenderedPage> {
  if (!response.body || !response.headers.get('content-type')?.includes('text/html')) return { response };
  const page = startScriptsAfterFirstPaint(Buffer.from(await response.arrayBuffer()));
  return { response, page, gzip: compress ? gzipPage(page) : undefined };
}
