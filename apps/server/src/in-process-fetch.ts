/**
 * The storefront's loaders read the API through `context.apiFetch`. In the single-process shop this
 * transport dispatches the request straight into the API's Fastify instance (no socket, no JSON
 * re-parse of headers), so a server render costs no loopback round trip.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';

export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * A loader's or action's call on behalf of a browser names the browser's address in this header
 * (the back office's staff login is rate-limited per address); the in-process transport
 * makes it the request's address and drops the header. Only server code reaches this transport, so
 * a browser cannot choose its address by sending the header itself (the API never reads it).
 */
export const CLIENT_ADDRESS_HEADER = 'x-vitrina-client-address';

export function createInProcessFetch(api: FastifyInstance): ApiFetch {
  return async (input, init = {}) => {
    const url = new URL(input, 'http://in-process');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const remoteAddress = headers[CLIENT_ADDRESS_HEADER];
    delete headers[CLIENT_ADDRESS_HEADER];
    const res = await api.inject({
      method: (init.method ?? 'GET').toUpperCase() as InjectOptions['method'],
      url: url.pathname + url.search,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
      // text (JSON) or bytes (a back-office upload's multipart body)
      payload:
        typeof init.body === 'string'
          ? init.body
          : init.body instanceof Uint8Array
            ? Buffer.from(init.body.buffer, init.body.byteOffset, init.body.byteLength)
            : undefined,
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
