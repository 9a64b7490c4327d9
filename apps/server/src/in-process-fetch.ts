/**
 * The storefront's loaders read the API through `context.apiFetch`. In the single-process shop this
 * transport dispatches the request straight into the API's Fastify instance (no socket, no JSON
 * re-parse of headers), so a server render costs no loopback round trip.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';

export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;

export function createInProcessFetch(api: FastifyInstance): ApiFetch {
  return async (input, init = {}) => {
    const url = new URL(input, 'http://in-process');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const res = await api.inject({
      method: (init.method ?? 'GET').toUpperCase() as InjectOptions['method'],
      url: url.pathname + url.search,
      headers,
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    const outHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)]) outHeaders.append(key, v);
    }
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, {
      status: res.statusCode,
      headers: outHeaders,
    });
  };
}

/** the transport of a storefront process that runs apart from the API (API_URL) */
export function createRemoteFetch(apiUrl: string): ApiFetch {
  return (input, init) => fetch(new URL(input, apiUrl), init);
}
