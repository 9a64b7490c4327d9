/**
 * The API client's one request function (app/api-client/request.ts): every path of the client —
 * envelope calls, the sync queue's tasks, searches, the URL mapper, login and logout — sends through
 * it, and a 401 to the session's token is refreshed once, shared by concurrent callers.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, type ApiAuth } from '../app/api-client/api';
import { createTokenRefresher, type RefreshFailure } from '../app/api-client/token-refresh';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server that accepts only the tokens in `valid` (and requests without one). */
function server(valid: Set<string>) {
  const sent: { path: string; auth: string | null; url: string }[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://api.internal');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const auth = headers.authorization?.replace(/^Bearer /, '') ?? null;
    const path = url.pathname.replace('/vsbridge', '');
    sent.push({ path, auth, url: input });
    if (auth && !valid.has(auth)) return json({ code: 401, result: 'Unauthorized' }, 401);
    if (path.includes('_search')) return json({ hits: { hits: [], total: { value: 0 } } });
    if (path === '/api/url/map') return json(null);
    return json({ code: 200, result: auth ? `for ${auth}` : 'guest' });
  };
  const to = (path: string) => sent.filter((s) => s.path === path);
  return { fetch, sent, to };
}

/** A session whose refresh hands out `next` (or fails), counting its calls. */
function session(start: string, next: string | null) {
  let current: string | null = start;
  const refresh = vi.fn(async (failed: string) => {
    expect(failed).toBe(start);
    current = next;
    return next;
  });
  const auth: ApiAuth = { token: () => current, refresh };
  return { auth, refresh };
}

describe('one request function with one 401 refresh', () => {
  it('a 401 leads to exactly one refresh and one retry with the new token', async () => {
    const s = server(new Set(['new']));
    const { auth, refresh } = session('old', 'new');
    const api = createApi({ fetch: s.fetch, baseUrl: '', storeCode: 'en', auth });
    await expect(api.user.me()).resolves.toBe('for new');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(s.to('/user/me').map((c) => c.auth)).toEqual(['old', 'new']);
  });

  it('a retry answered 401 again is the answer: no second refresh, no third send', async () => {
    const s = server(new Set());
    const { auth, refresh } = session('old', 'new');
    const api = createApi({ fetch: s.fetch, baseUrl: '', storeCode: 'en', auth });
    await expect(api.cart.totals('c1')).rejects.toMatchObject({ code: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(s.to('/cart/totals').map((c) => c.auth)).toEqual(['old', 'new']);
  });

  it("a sync task's retry fills the token placeholder with the new token", async () => {
    const s = server(new Set(['new']));
    const { auth, refresh } = session('old', 'new');
    const api = createApi({ fetch: s.fetch, baseUrl: '', storeCode: 'en', auth });
    const answer = await api.taskRequest((t) => `/vsbridge/user/me?token=${t ?? ''}`, { method: 'GET' });
    expect(answer).toMatchObject({ status: 200, body: { code: 200, result: 'for new' } });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(s.to('/user/me').map((c) => c.url)).toEqual([
      '/vsbridge/user/me?token=old',
      '/vsbridge/user/me?token=new',
    ]);
  });

  it('requests without the session never refresh: a guest cart, login, logout with a given token', async () => {
    const s = server(new Set());
    const { auth, refresh } = session('old', 'new');
    const api = createApi({ fetch: s.fetch, baseUrl: '', storeCode: 'en', auth });
    await expect(api.cart.createGuest()).resolves.toBe('guest');
    await expect(api.user.logout('r1', 'stale')).rejects.toMatchObject({ code: 401 });
    await api.searchProducts({});
    await api.mapUrl('/somewhere');
    expect(refresh).not.toHaveBeenCalled();
    expect(s.sent.map((c) => [c.path, c.auth])).toEqual([
      ['/cart/create', null],
      ['/user/logout', 'stale'],
      ['/catalog/vue_storefront_catalog_en/product/_search', null],
      ['/api/url/map', null],
    ]);
  });

  it('a static token (a server render) is sent, and its 401 is final', async () => {
    const s = server(new Set());
    const api = createApi({ fetch: s.fetch, baseUrl: 'http://api:3000/', storeCode: 'en', token: 't1' });
    const err = await api.user.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(s.sent).toEqual([
      { path: '/user/me', auth: 't1', url: 'http://api:3000/vsbridge/user/me?storeCode=en' },
    ]);
  });

  /** The app's refresher (token-refresh.ts) behind the client, with a refresh endpoint that counts. */
  function refresherBehind(outcome: 'ok' | 'refused') {
    let shared = { token: 'old', refreshToken: 'r1' };
    const valid = new Set<string>();
    const s = server(valid);
    let refreshes = 0;
    const fail = vi.fn((_: RefreshFailure) => {
      shared = { token: '', refreshToken: '' };
    });
    const refresher = createTokenRefresher({
      session: async () => shared,
      refresh: async () => {
        refreshes++;
        if (outcome === 'refused') throw new ApiError(401, 'Unauthorized');
        valid.add('new');
        return { token: 'new', refreshToken: 'r2', groupToken: null, groupId: null };
      },
      save: async (pair) => {
        shared = { token: pair.token, refreshToken: pair.refreshToken ?? '' };
      },
      fail,
      lock: (fn) => fn(),
    });
    const auth: ApiAuth = { token: () => shared.token || null, refresh: (t) => refresher.refresh(t) };
    const api = createApi({ fetch: s.fetch, baseUrl: '', storeCode: 'en', auth });
    return { api, s, fail, refreshes: () => refreshes };
  }

  it('concurrent 401s of every path share ONE refresh, and each request is retried once', async () => {
    const { api, s, refreshes, fail } = refresherBehind('ok');
    const answers = await Promise.all([
      api.user.me(),
      api.user.orderHistory(),
      api.taskRequest(() => '/vsbridge/user/claims', { method: 'GET' }).then((a) => a.body),
    ]);
    expect(answers).toEqual(['for new', 'for new', { code: 200, result: 'for new' }]);
    expect(refreshes()).toBe(1);
    expect(fail).not.toHaveBeenCalled();
    for (const path of ['/user/me', '/user/order-history', '/user/claims'])
      expect(s.to(path).map((c) => c.auth)).toEqual(['old', 'new']);
  });

  it('a failing refresh signs out ONCE, whatever the number of requests waiting on it, none retried', async () => {
    const { api, s, refreshes, fail } = refresherBehind('refused');
    const results = await Promise.allSettled([
      api.user.me(),
      api.user.orderHistory(),
      api.taskRequest(() => '/vsbridge/user/claims', { method: 'GET' }),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as ApiError).code))).toEqual([
      401,
      401,
      expect.objectContaining({ status: 401 }),
    ]);
    expect(refreshes()).toBe(1);
    expect(fail).toHaveBeenCalledTimes(1);
    expect(fail).toHaveBeenCalledWith('unauthorized');
    expect(s.sent.map((c) => c.auth)).toEqual(['old', 'old', 'old']);
  });
});
