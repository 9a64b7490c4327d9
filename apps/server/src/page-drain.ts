/**
 * Closing the shop without failing the pages under way. From the moment Fastify's `close()` begins it
 * refuses its in-process `inject` (FST_ERR_REOPENED_CLOSE_SERVER) and answers every route 503, while
 * the requests it already took run on. A page whose loaders were still reading the API through the
 * in-process transport (in-process-fetch.ts) lost those reads: sections left out, or a 500. So the shop
 * drains its page renders first (main.ts): new pages are refused with 503 as Fastify refuses them, the
 * renders under way end (`DRAIN_WAIT_MS` at most), and only then does Fastify close.
 */
import type { FastifyReply } from 'fastify';

/** how long closing waits for the renders under way (a render's own time limit is ~6 s, entry.server.tsx) */
export const DRAIN_WAIT_MS = 10_000;

export class PageRenders {
  private underWay = 0;
  private draining = false;
  private drained: (() => void) | undefined;

  /** the renders under way now */
  get rendering(): number {
    return this.underWay;
  }

  /** `render` counted while it runs; a 503 instead once closing has begun */
  async run(reply: FastifyReply, render: () => Promise<unknown>): Promise<unknown> {
    if (this.draining) return refuseWhileClosing(reply);
    this.underWay++;
    try {
      return await render();
    } finally {
      this.underWay--;
      if (this.underWay === 0) this.drained?.();
    }
  }

  /** no new renders; resolves when those under way have ended, or after `waitMs` */
  drain(waitMs = DRAIN_WAIT_MS): Promise<void> {
    this.draining = true;
    if (this.underWay === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const late = setTimeout(resolve, waitMs);
      late.unref();
      this.drained = () => {
        clearTimeout(late);
        resolve();
      };
    });
  }
}

/** what Fastify answers while it closes: come back (to another process) in a second */
function refuseWhileClosing(reply: FastifyReply) {
  return reply
    .code(503)
    .header('connection', 'close')
    .header('retry-after', '1')
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send('Service Unavailable: the shop is restarting');
}
