import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAD_CONTENT_TYPE, WRONG_FORMAT } from '../app/api-client/api';
import {
  MISSING_CART_ID,
  classifyAnswer,
  fillTaskUrl,
  nextStep,
  nextTask,
  shouldNotify,
  type Outcome,
  type RawAnswer,
  type SyncTask,
} from '../app/sync/task';

const ctx = { token: 'tok', cartId: 'c1', storeCode: 'lt', multistore: true, tokenInHeader: true };

describe('fillTaskUrl (spec §7 "Generic sync task")', () => {
  it.each([
    ['/vsbridge/cart/pull?cartId={{cartId}}', ctx, '/vsbridge/cart/pull?cartId=c1&storeCode=lt'],
    [
      '/vsbridge/cart/pull?token={{token}}&cartId={{cartId}}',
      ctx,
      '/vsbridge/cart/pull?token=&cartId=c1&storeCode=lt',
    ],
    [
      '/vsbridge/cart/pull?token={{token}}',
      { ...ctx, tokenInHeader: false },
      '/vsbridge/cart/pull?token=tok&storeCode=lt',
    ],
    ['/vsbridge/stock/check?sku=A', { ...ctx, multistore: false }, '/vsbridge/stock/check?sku=A'],
    ['/vsbridge/stock/check', ctx, '/vsbridge/stock/check?storeCode=lt'],
    ['/vsbridge/x?storeCode=en', ctx, '/vsbridge/x?storeCode=en'],
    [
      '/vsbridge/x?cartId={{cartId}}',
      { ...ctx, cartId: 'a b/c' },
      '/vsbridge/x?cartId=a%20b%2Fc&storeCode=lt',
    ],
  ])('%s', (url, c, expected) => {
    expect(fillTaskUrl(url, c)).toEqual({ ok: true, url: expected });
  });

  it('refuses a task that needs a cart id while there is none (spec §8)', () => {
    expect(fillTaskUrl('/vsbridge/cart/pull?cartId={{cartId}}', { ...ctx, cartId: null })).toEqual({
      ok: false,
      error: MISSING_CART_ID,
    });
    expect(fillTaskUrl('/vsbridge/stock/check', { ...ctx, cartId: null }).ok).toBe(true);
  });

  it('never leaves a placeholder behind', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.option(fc.string()), (path, cartId, token) => {
        const r = fillTaskUrl(`/x/${path}?a={{token}}&b={{cartId}}`, {
          ...ctx,
          cartId,
          token,
          tokenInHeader: false,
        });
        return r.ok && !r.url.includes('{{cartId}}') && !r.url.includes('{{token}}');
      }),
    );
  });
});

const json = (status: number, body: unknown): RawAnswer => ({
  kind: 'answer',
  status,
  contentType: 'application/json; charset=utf-8',
  body,
});

describe('classifyAnswer (spec §7/§8: code and result required)', () => {
  it.each<[string, RawAnswer, Outcome]>([
    ['200 envelope', json(200, { code: 200, result: { a: 1 } }), { kind: 'ok', code: 200, result: { a: 1 } }],
    ['string code 200', json(200, { code: '200', result: 'x' }), { kind: 'ok', code: 200, result: 'x' }],
    [
      'html answer',
      { kind: 'answer', status: 200, contentType: 'text/html', body: null },
      { kind: 'server-error', code: 500, message: BAD_CONTENT_TYPE },
    ],
    [
      'html 502',
      { kind: 'answer', status: 502, contentType: 'text/html', body: null },
      { kind: 'server-error', code: 502, message: BAD_CONTENT_TYPE },
    ],
    ['no result field', json(200, { code: 200 }), { kind: 'server-error', code: 500, message: WRONG_FORMAT }],
    [
      'html 404',
      { kind: 'answer', status: 404, contentType: 'text/html', body: null },
      { kind: 'failed', code: 404, message: BAD_CONTENT_TYPE },
    ],
    [
      'broken json',
      { kind: 'answer', status: 200, contentType: 'application/json', body: null, parseError: true },
      { kind: 'server-error', code: 500, message: WRONG_FORMAT },
    ],
    [
      '400 with message',
      json(400, { code: 400, result: 'Bad sku' }),
      { kind: 'failed', code: 400, message: 'Bad sku' },
    ],
    [
      'code 500 in body',
      json(200, { code: 500, result: 'boom' }),
      { kind: 'server-error', code: 500, message: 'boom' },
    ],
    ['503', json(503, { code: 503, result: 'down' }), { kind: 'server-error', code: 503, message: 'down' }],
    [
      'ENOTFOUND',
      json(200, { code: 'ENOTFOUND', result: 'x' }),
      { kind: 'failed', code: 'ENOTFOUND', message: 'x' },
    ],
    [
      'non-string result',
      json(404, { code: 404, result: {} }),
      { kind: 'failed', code: 404, message: WRONG_FORMAT },
    ],
    [
      'envelope 200 on HTTP 500',
      json(500, { code: 200, result: 'x' }),
      { kind: 'server-error', code: 500, message: 'x' },
    ],
    ['no answer', { kind: 'network' }, { kind: 'network' }],
  ])('%s', (_name, answer, expected) => {
    expect(classifyAnswer(answer)).toEqual(expected);
  });
});

describe('shouldNotify (spec §8)', () => {
  it.each<[boolean, number | string | null, boolean]>([
    [false, 400, true],
    [false, 500, true],
    [true, 400, false],
    [false, 'ENOTFOUND', false],
    [false, 200, false],
    [false, null, false],
  ])('silent=%s code=%s -> %s', (silent, code, expected) => {
    expect(shouldNotify({ silent }, code)).toBe(expected);
  });
});

describe('nextStep (spec §9 attempts, default 1)', () => {
  const ok: Outcome = { kind: 'ok', code: 200, result: null };
  const fail: Outcome = { kind: 'failed', code: 400, message: 'x' };
  const server: Outcome = { kind: 'server-error', code: 500, message: 'x' };
  const net: Outcome = { kind: 'network' };
  it.each<[Outcome, boolean, number, number, string]>([
    [ok, false, 1, 1, 'finish'],
    [fail, false, 1, 3, 'finish'],
    [server, false, 1, 3, 'finish'],
    [server, true, 1, 1, 'hold'],
    [server, true, 1, 2, 'retry'],
    [server, true, 2, 2, 'hold'],
    [net, false, 1, 1, 'stop'],
    [net, false, 1, 3, 'retry'],
    [net, false, 3, 3, 'stop'],
    [net, false, 1, 0, 'stop'],
  ])('%o requeue=%s attempt %i of %i -> %s', (outcome, requeue, attempt, max, expected) => {
    expect(nextStep(outcome, { requeueOnServerError: requeue }, attempt, max)).toBe(expected);
  });

  it('never retries beyond the configured attempts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        (max, attempt, rq) => {
          const step = nextStep(net, { requeueOnServerError: rq }, attempt, max);
          return attempt >= max ? step === 'stop' : step === 'retry';
        },
      ),
    );
  });
});

describe('nextTask', () => {
  const task = (id: string, createdAt: number, extra: Partial<SyncTask> = {}): SyncTask => ({
    task_id: id,
    url: '/x',
    method: 'GET',
    payload: null,
    transmited: false,
    result: null,
    resultCode: null,
    callback_event: null,
    silent: false,
    keep: false,
    hold: false,
    requeueOnServerError: false,
    createdAt,
    seq: 0,
    attempts: 0,
    ...extra,
  });
  it('takes the oldest untransmitted task that is not held', () => {
    expect(nextTask([task('b', 2), task('a', 1)])?.task_id).toBe('a');
    expect(nextTask([task('b', 2), task('a', 1, { transmited: true })])?.task_id).toBe('b');
    expect(nextTask([task('b', 2), task('a', 1, { hold: true })])?.task_id).toBe('b');
    expect(nextTask([task('a', 1, { hold: true })])).toBeNull();
  });
});
