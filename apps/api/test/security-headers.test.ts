/**
 * Security headers on every API answer (src/http/security-headers.ts): nosniff
 * and the referrer policy everywhere, errors included; no-store on the personal answers (cart, user,
 * order, payment); HSTS only for a request that came over HTTPS.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSecurityHeaders, isPersonalApiPath } from '../src/index.ts';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const everywhere = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' };

describe('security headers of API answers', () => {
  it('every answer, success or error, says nosniff and the referrer policy; no HSTS over HTTP', async () => {
    const answers = [
      await api.call('/healthz'),
      await api.call('/vsbridge/country/list'),
      await api.call('/vsbridge/no-such-thing'),
      await api.call({
        method: 'POST',
        url: '/vsbridge/cart/update?cartId=nope',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 400]);
    for (const { res } of answers) {
      expect(res.headers).toMatchObject(everywhere);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('personal answers (cart, user, order) are no-store; public answers are not', async () => {
    const cart = await api.call({ method: 'POST', url: '/vsbridge/cart/create' });
    expect(cart.res.headers['cache-control']).toBe('no-store');
    const totals = await api.call(`/vsbridge/cart/totals?cartId=${cart.body.result}`);
    expect(totals.status).toBe(200);
    expect(totals.res.headers['cache-control']).toBe('no-store');
    const me = await api.call('/vsbridge/user/me');
    expect(me.status).toBe(401);
    expect(me.res.headers['cache-control']).toBe('no-store');
    const history = await api.call('/vsbridge/user/order-history');
    expect(history.res.headers['cache-control']).toBe('no-store');
    const countries = await api.call('/vsbridge/country/list');
    expect(countries.status).toBe(200);
    expect(countries.res.headers['cache-control']).not.toBe('no-store');
  });

  it.each([
    ['/vsbridge/cart/totals?cartId=1', true],
    ['/vsbridge/user/me', true],
    ['/vsbridge/order/create', true],
    ['/vsbridge/neopay/payment/redirect?x=1', true],
    ['/vsbridge/payment/sandbox/neopay', true],
    ['/vsbridge/admin/catalog', true],
    ['/vsbridge/catalog/vue_storefront_catalog/product/_search', false],
    ['/vsbridge/cartoons', false],
    ['/vsbridge/image/300/300/resize/a.png', false],
    ['/api/url/map', false],
  ])('%s is personal: %s', (url, personal) => {
    expect(isPersonalApiPath(url)).toBe(personal);
  });

  it('adds HSTS to an answer whose request came over HTTPS (the trusted protocol)', async () => {
    const app = Fastify({ trustProxy: true });
    addSecurityHeaders(app);
    app.get('/x', async () => 'ok');
    const https = await app.inject({ url: '/x', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await app.inject({ url: '/x' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    await app.close();
  });
});
