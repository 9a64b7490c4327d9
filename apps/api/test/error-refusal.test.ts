/**
 * A refusal's error is cheap and its answer unchanged: an `ApiError` of a 4xx captures no stack (it
 * is an answer, logged without one), a 5xx keeps its stack for the log; the answer is still the one
 * envelope, in the request's language, with the security headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, fieldError, notFound, ruleError } from '../src/http/errors.ts';
import { startApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

const frames = (e: Error) =>
  (e.stack ?? '').split('\n').filter((l) => l.trimStart().startsWith('at ')).length;

describe('a refusal: no stack captured, the same answer', () => {
  it('a 4xx ApiError has no stack frames; a 5xx keeps them; the stack limit is left as it was', () => {
    const limit = Error.stackTraceLimit;
    for (const e of [
      notFound('cart.notFound'),
      fieldError('qty', 'validation.required'),
      ruleError('order.productsUnavailable'),
      new ApiError(409, 'x'),
    ]) {
      expect(frames(e), e.message).toBe(0);
      expect(e.stack).toContain(`ApiError: ${e.message}`);
    }
    expect(frames(new ApiError(500, 'error.internal500'))).toBeGreaterThan(0);
    expect(frames(new ApiError(503, 'api.databaseBusy'))).toBeGreaterThan(0);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(frames(new Error('plain'))).toBeGreaterThan(0);
  });

  it("a refused cart call answers the envelope in the request's language, with the security headers", async () => {
    for (const [store, message] of [
      ['en', 'Cart not found.'],
      ['lt', 'Krepšelis nerastas.'],
      ['ru', 'Корзина не найдена.'],
    ] as const) {
      const res = await api.app.inject({
        method: 'GET',
        url: `/vsbridge/cart/pull?cartId=no-such-cart&storeCode=${store}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        result: `cartId: ${message}`,
        errors: [{ field: 'cartId', message }],
      });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('an unknown path answers the 404 envelope with the security headers', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/vsbridge/no-such-route?storeCode=en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, result: expect.any(String) });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
