/**
 * The real API (apps/api on PGlite with the API tests' fixture shop) as the storefront's transport:
 * `fetch` hands each request to the Fastify app (`app.inject`), and can be switched "offline"
 * (it then fails like a browser without network). For engine tests of the cart against the real
 * server.
 */
import type { ApiAuth, ApiFetch } from '../../app/api-client/api';
import { createApi } from '../../app/api-client/api';
import { startApi, type TestApi } from '../../../api/test/helpers.ts';
import { customer } from '../../../api/test/user-helpers.ts';

export interface RealShop {
  api: TestApi;
  fetch: ApiFetch;
  /** While true every request fails with a network error (no answer). */
  offline: { value: boolean };
  requests: { method: string; path: string }[];
  guestApi(): ReturnType<typeof createApi>;
  customerApi(auth: ApiAuth): ReturnType<typeof createApi>;
  /** A registered customer with a session (access and refresh tokens). */
  newCustomer(): Promise<{ id: number; email: string; accessToken: string; refreshToken: string }>;
  close(): Promise<void>;
}

/** `env`: API settings of this shop (e.g. GROUP_PRICING) */
export async function startRealShop(env: Record<string, string> = {}): Promise<RealShop> {
  const api = await startApi(env);
  const offline = { value: false };
  const requests: RealShop['requests'] = [];
  const fetch: ApiFetch = async (input, init) => {
    if (offline.value) throw new TypeError('Failed to fetch');
    const method = (init?.method ?? 'GET') as 'GET' | 'POST';
    requests.push({ method, path: input.split('?')[0] ?? input });
    const res = await api.app.inject({
      method,
      url: input,
      headers: (init?.headers ?? {}) as Record<string, string>,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.payload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
  return {
    api,
    fetch,
    offline,
    requests,
    guestApi: () => createApi({ fetch, baseUrl: '', storeCode: 'en' }),
    customerApi: (auth) => createApi({ fetch, baseUrl: '', storeCode: 'en', auth }),
    newCustomer: () => customer(api, 'cart'),
    close: () => api.close(),
  };
}
