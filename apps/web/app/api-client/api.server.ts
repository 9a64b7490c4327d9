import { createApi, type Api, type ApiFetch, type ApiReads } from './api';
import type { StoreCode } from '@vitrina/domain';

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * In-process transport to the API, provided by the server (e.g. Fastify `inject`). Receives
     * same-origin paths such as `/vsbridge/cart/totals?cartId=...` and must answer like `fetch`.
     */
    apiFetch?: ApiFetch;
    /**
     * The API's reads in this process (catalogue searches, shop data), given with `apiFetch` by the
     * shop server: a render reads them without a request through Fastify.
     */
    apiReads?: ApiReads;
    /**
     * Set by the URL dispatcher (routes/not-found.tsx) when it renders a product,
     * category or CMS page at its url_path through that route's loader: no 301 to the url_path then.
     */
    urlDispatched?: boolean;
  }
}

/**
 * The API for a loader: the server's in-process `context.apiFetch` (and its direct reads,
 * `context.apiReads`) when present, otherwise global fetch against API_URL (default
 * http://127.0.0.1:3000).
 */
export function serverApi(
  context: { apiFetch?: ApiFetch; apiReads?: ApiReads } | undefined,
  storeCode: StoreCode,
): Api {
  if (context?.apiFetch)
    return createApi({ fetch: context.apiFetch, baseUrl: '', storeCode, reads: context.apiReads });
  return createApi({
    fetch: (input, init) => globalThis.fetch(input, init),
    baseUrl: process.env.API_URL ?? 'http://127.0.0.1:3000',
    storeCode,
  });
}
