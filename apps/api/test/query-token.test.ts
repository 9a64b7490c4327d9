/**
 * The customer's access token in a URL ends up in logs, browser history and Referer headers: it is
 * taken from `?token=` only on the routes whose spec passes it so (http/request.ts
 * QUERY_TOKEN_ROUTES: profile, order history, password changes, special offers, the cart, the render
 * list); every other route takes it in `Authorization: Bearer` only. Before, any route took either.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from './helpers.ts';
import { bearer, customer } from './user-helpers.ts';

let api: TestApi;
let me: Awaited<ReturnType<typeof customer>>;
beforeAll(async () => {
  api = await startApi();
  me = await customer(api, 'query-token');
});
afterAll(async () => api?.close());

describe('the access token in the query', () => {
  it.each(['/vsbridge/user/me', '/vsbridge/user/order-history', '/vsbridge/user/special-offers'])(
    'is taken on the spec route %s',
    async (route) => {
      expect((await api.call(`${route}?token=${me.accessToken}`)).status).toBe(200);
    },
  );

  it('is taken by the cart calls the spec names', async () => {
    const created = await api.call({ method: 'POST', url: `/vsbridge/cart/create?token=${me.accessToken}` });
    expect(created.status).toBe(200);
    const pulled = await api.call(
      `/vsbridge/cart/pull?token=${me.accessToken}&cartId=${created.body.result}`,
    );
    expect(pulled.status).toBe(200);
  });

  it.each(['/vsbridge/user/claims', '/vsbridge/user/reviews'])(
    'is ignored on %s, which takes the header only',
    async (route) => {
      expect((await api.call(`${route}?token=${me.accessToken}`)).status).toBe(401);
      expect((await api.call({ url: route, headers: bearer(me.accessToken) })).status).toBe(200);
    },
  );
});
