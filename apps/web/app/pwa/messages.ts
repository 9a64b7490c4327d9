/** Messages between the page and the service worker (sw/service-worker.ts, pwa/register.ts). */
export type PwaMessage =
  /** The shopper accepted the new version: the waiting worker activates. */
  | { type: 'SKIP_WAITING' }
  /** Keep a copy of this page's document for offline visits (after a client-side navigation). */
  | { type: 'CACHE_PAGE'; url: string };

/** A cached page document younger than this is not fetched again for CACHE_PAGE. */
export const PAGE_REFRESH_MS = 10 * 60 * 1000;
