import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi } from '../app/api-client/api';
import {
  createTokenRefresher,
  refreshDelay,
  tokenExpiry,
  type Session,
} from '../app/api-client/token-refresh';
import type { TokenPair } from '../app/lib/types';
import { createCartStore } from '../app/state/cart';
import { initialCheckout, type CheckoutState } from '../app/state/checkout';
import { createNotificationStore } from '../app/state/notifications';
import { createStore } from '../app/state/store';
import { createUserStore } from '../app/state/user';
import { createWishlistStore } from '../app/state/wishlist';
import { createCompareStore } from '../app/state/compare';
import { fakeUserServer, jwt } from './support/fake-user';

/** A mutex standing in for the cross-tab Web Lock. */
function mutex() {
  let tail: Promise<unknown> = Promise.resolve();
  let holders = 0;
  let maxHolders = 0;
  const lock = <T,>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(async () => {
      holders++;
      maxHolders = Math.max(maxHolders, holders);
      try {
        return await fn();
      } finally {
        holders--;
      }
    });
    tail = run.catch(() => undefined);
    return run;
  };
  return { lock, max: () => maxHolders };
}

function setup() {
  const server = fakeUserServer();
  // the session and the cart call the API bound once (as the app's are to the browser's): a slot a
  // test switches (`use`) to route them through another fetch
  const cart = createCartStore({ api: () => current });
  const checkout = createStore<CheckoutState>(initialCheckout);
  const notifications = createNotificationStore();
  const openAuth = vi.fn();
  const m = mutex();
  const wishlist = createWishlistStore();
  const compare = createCompareStore();
  const clearSessionTasks = vi.fn(async () => undefined);
  const user = createUserStore({
    cart,
    checkout,
    notifications,
    openAuth,
    storeCode: () => 'en',
    lock: m.lock,
    clearOnLogout: [wishlist.clear, compare.clear],
    clearSessionTasks,
    api: () => current,
  });
  const api = createApi({ fetch: server.fetch, baseUrl: '', storeCode: 'en', auth: user.auth });
  let current = api;
  const use = (next: typeof api) => {
    current = next;
  };
  return {
    use,
    server,
    cart,
    checkout,
    notifications,
    openAuth,
    user,
    api,
    lock: m,
    wishlist,
    compare,
    clearSessionTasks,
  };
}

const stores: { user: { dispose(): void } }[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.user.dispose();
});

describe('user session store', () => {
  it('starts not authorised without a token', async () => {
    const t = setup();
    stores.push(t);
    await t.user.init();
    expect(t.user.store.get()).toMatchObject({ token: null, current: null });
    expect(t.server.calls.filter((c) => c.path === '/user/me')).toHaveLength(0);
  });

  it('logs in: stores the tokens, loads profile and orders, prefills checkout, merges the guest cart', async () => {
    const t = setup();
    stores.push(t);
    // The customer already has a cart with one line on the server.
    const customerCart = await t.api.cart.create();
    await t.api.cart.update(customerCart, { sku: 'B', qty: 2 });
    t.server.customerCart = customerCart;
    // The guest adds A to a guest cart.
    await t.cart.add({ sku: 'A', qty: 1, name: 'A', price: 1000 });
    const guestCart = t.cart.store.get().cartServerToken;

    await t.user.login('ona@example.com', 'secret123');

    const s = t.user.store.get();
    expect(s.token).toMatch(/\./);
    expect(s.refreshToken).toBe('refresh-1');
    expect(s.current?.firstname).toBe('Ona');
    expect(s.ordersHistory[0]?.increment_id).toBe('100000001');
    expect(t.checkout.get().personalDetails).toMatchObject({
      firstName: 'Ona',
      lastName: 'Jonaitė',
      emailAddress: 'ona@example.com',
    });
    // the delivery names default to the buyer's
    expect(t.checkout.get().shippingDetails).toMatchObject({ firstName: 'Ona', lastName: 'Jonaitė' });
    const c = t.cart.store.get();
    expect(c.cartServerToken).toBe(customerCart);
    expect(c.cartServerToken).not.toBe(guestCart);
    expect(c.items.map((i) => [i.sku, i.qty]).sort()).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
    expect(
      t.server.cart.carts
        .get(customerCart)
        ?.map((l) => l.sku)
        .sort(),
    ).toEqual(['A', 'B']);
    // the token travels in the Authorization header, never in the URL
    const me = t.server.calls.find((x) => x.path === '/user/me');
    expect(me?.auth).toBe(s.token);
  });

  it('refuses wrong credentials and keeps the guest state', async () => {
    const t = setup();
    stores.push(t);
    await expect(t.user.login('ona@example.com', 'nope')).rejects.toBeInstanceOf(ApiError);
    expect(t.user.store.get().token).toBeNull();
  });

  it('logs out: clears the session, cart, wish list, compare and checkout, and says "You\'re logged out"', async () => {
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    await t.cart.add({ sku: 'A', qty: 1, name: 'A', price: 1000 });
    const saved = { sku: 'A', name: 'A', path: '/p/A/a', price: 1000 };
    t.wishlist.add(saved);
    t.compare.add(saved);
    expect(t.wishlist.store.get()).toHaveLength(1);
    await t.user.logout();
    expect(t.wishlist.store.get()).toEqual([]);
    expect(t.compare.store.get()).toEqual([]);
    expect(t.user.store.get()).toMatchObject({
      token: null,
      refreshToken: null,
      current: null,
      ordersHistory: [],
    });
    expect(t.cart.store.get().items).toEqual([]);
    expect(t.checkout.get().personalDetails.firstName).toBe('');
    expect(t.checkout.get().shippingDetails.firstName).toBe('');
    expect(t.notifications.store.get().map((n) => n.message)).toEqual(["You're logged out"]);
    expect(t.server.calls.some((c) => c.path === '/user/logout')).toBe(true);
    t.notifications.clear();
  });

  it('a request answered 401 during logout does not refresh the ended session', async () => {
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    t.server.expireAll();
    const logout = t.user.logout({ silent: true });
    await expect(t.api.user.me()).rejects.toMatchObject({ code: 401 });
    await logout;
    expect(t.server.calls.filter((c) => c.path === '/user/refresh')).toHaveLength(0);
    expect(t.openAuth).not.toHaveBeenCalled();
    // the server still hears which session ended
    expect(t.server.calls.find((c) => c.path === '/user/logout')?.body).toEqual({
      refreshToken: 'refresh-1',
    });
  });

  it('answers of the ended session that arrive after logout bring back neither its group nor its data', async () => {
    // a page load with a kept session asks for the profile (group token) and the orders; the
    // customer logs out before they answer: a group token kept after logout re-prices every page
    // at the group's tier (the tier price after logout in e2e/group-pricing.e2e.ts)
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const late = async (input: string, init?: RequestInit): Promise<Response> => {
      const res = await t.server.fetch(input, init);
      const path = new URL(input, 'http://api.internal').pathname;
      if (!/\/user\/(me|order-history)$/.test(path)) return res;
      await held;
      const body = (await res.json()) as { result: Record<string, unknown> };
      if (path.endsWith('/me')) Object.assign(body.result, { group_id: 3, group_token: 'group-3.sig' });
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    };
    t.use(createApi({ fetch: late, baseUrl: '', storeCode: 'en', auth: t.user.auth }));
    const loading = t.user.init();
    const profile = t.user.refreshProfile().catch(() => undefined);
    // both profile requests are out (the server has answered them) before the logout
    await vi.waitFor(() =>
      expect(t.server.calls.filter((c) => c.path === '/user/me' && c.auth)).toHaveLength(3),
    );
    await t.user.logout({ silent: true });
    release();
    await loading;
    await profile;
    expect(t.user.store.get()).toMatchObject({
      token: null,
      groupToken: null,
      groupId: null,
      current: null,
      ordersHistory: [],
      ordersTotal: 0,
    });
    // nor is the ended session's order history asked for without its token (a 401 in the console)
    expect(t.server.calls.filter((c) => c.path === '/user/order-history' && !c.auth)).toEqual([]);
  });

  it('a profile request refused after logout (its token ended) is no error of the logged-out shopper', async () => {
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let profileAsked = false;
    const refused = async (input: string, init?: RequestInit): Promise<Response> => {
      const path = new URL(input, 'http://api.internal').pathname;
      if (!path.endsWith('/user/me')) return t.server.fetch(input, init);
      profileAsked = true;
      await held;
      return new Response(JSON.stringify({ code: 401, result: 'Unauthorized' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    };
    t.use(createApi({ fetch: refused, baseUrl: '', storeCode: 'en', auth: t.user.auth }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const loading = t.user.init();
      // the profile request is out before the logout; its answer (a 401: the token ended) comes after
      await vi.waitFor(() => expect(profileAsked).toBe(true));
      await t.user.logout({ silent: true });
      release();
      await loading;
      expect(errors.mock.calls.map((c) => c[0])).not.toContain('user session');
      expect(t.user.store.get()).toMatchObject({ token: null, current: null, groupToken: null });
    } finally {
      errors.mockRestore();
    }
  });

  it('a token refresh answering after logout does not start the ended session again', async () => {
    const t = setup();
    stores.push(t);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let refreshAsked!: () => void;
    const asked = new Promise<void>((r) => (refreshAsked = r));
    const late = async (input: string, init?: RequestInit): Promise<Response> => {
      if (!new URL(input, 'http://api.internal').pathname.endsWith('/user/refresh'))
        return t.server.fetch(input, init);
      refreshAsked();
      const res = await t.server.fetch(input, init);
      await held;
      return res;
    };
    // the session's own calls (the refresh) go through the API it logged in with
    t.use(createApi({ fetch: late, baseUrl: '', storeCode: 'en', auth: t.user.auth }));
    await t.user.login('ona@example.com', 'secret123');
    t.server.expireAll();
    const profile = t.user.refreshProfile().catch(() => undefined);
    await asked;
    await t.user.logout({ silent: true });
    release();
    await profile;
    expect(t.user.store.get()).toMatchObject({ token: null, refreshToken: null, current: null });
  });

  it('a silent logout shows nothing', async () => {
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    await t.user.logout({ silent: true });
    expect(t.notifications.store.get()).toEqual([]);
  });
});

describe('token refresh', () => {
  it('refreshes on a 401 and retries the request with the new token', async () => {
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    const old = t.user.store.get().token;
    t.server.expireAll();
    const me = await t.api.user.me();
    expect(me.firstname).toBe('Ona');
    const s = t.user.store.get();
    expect(s.token).not.toBe(old);
    expect(s.refreshToken).toBe('refresh-2');
    const meCalls = t.server.calls.filter((c) => c.path === '/user/me');
    expect(meCalls.at(-2)?.auth).toBe(old);
    expect(meCalls.at(-1)?.auth).toBe(s.token);
  });

  it('runs one refresh for concurrent 401s and retries each request', async () => {
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    t.server.expireAll();
    const results = await Promise.all([t.api.user.me(), t.api.user.orderHistory(), t.api.user.me()]);
    expect(results).toHaveLength(3);
    expect(t.server.calls.filter((c) => c.path === '/user/refresh')).toHaveLength(1);
  });

  it.each([400, 403])(
    "a refresh token refused with %i logs out silently, opens the login modal and clears the session's untransmitted tasks",
    async (status) => {
      const t = setup();
      stores.push(t);
      await t.user.login('ona@example.com', 'secret123');
      t.server.expireAll();
      t.server.failRefreshWith(status);
      await expect(t.api.user.me()).rejects.toMatchObject({ code: 401 });
      expect(t.user.store.get().token).toBeNull();
      expect(t.openAuth).toHaveBeenCalledWith('login');
      expect(t.clearSessionTasks).toHaveBeenCalledTimes(1);
      expect(t.notifications.store.get()).toEqual([]);
      expect(t.user.refresher.lockState).toBe(-1);
      // no more refreshes until the next login
      await t.user.refresher.refresh('x');
      expect(t.server.calls.filter((c) => c.path === '/user/refresh')).toHaveLength(1);
    },
  );

  it("a refresh answered 401 shows the spec's 'Error refreshing user token…', then logs out", async () => {
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    t.server.expireAll();
    t.server.failRefreshWith(401);
    await expect(t.api.user.me()).rejects.toMatchObject({ code: 401 });
    expect(t.user.store.get().token).toBeNull();
    expect(t.openAuth).toHaveBeenCalledWith('login');
    expect(t.clearSessionTasks).toHaveBeenCalledTimes(1);
    expect(t.notifications.store.get().map((n) => n.message)).toEqual([
      'Error refreshing user token. User is not authorized to access the resource',
    ]);
    expect(t.server.calls.filter((c) => c.path === '/user/refresh')).toHaveLength(1);
    t.notifications.clear();
  });

  it("after the maximum attempts logs out with the spec's error notification", async () => {
    const t = setup();
    stores.push(t);
    await t.user.login('ona@example.com', 'secret123');
    t.server.expireAll();
    t.server.failRefreshWith(500);
    await expect(t.api.user.me()).rejects.toMatchObject({ code: 401 });
    expect(t.server.calls.filter((c) => c.path === '/user/refresh')).toHaveLength(3);
    expect(t.user.store.get().token).toBeNull();
    expect(t.openAuth).toHaveBeenCalledWith('login');
    expect(t.notifications.store.get().map((n) => n.message)).toEqual([
      'Internal Application error while refreshing the tokens. Please clear the storage and refresh page.',
    ]);
    t.notifications.clear();
  });

  it('two tabs share one refresh: the second waits for the lock and reuses the new token', async () => {
    // One persisted session shared by two tabs, one lock.
    let shared: Session = { token: 'old', refreshToken: 'r1' };
    const m = mutex();
    const refreshCalls: string[] = [];
    const tab = () =>
      createTokenRefresher({
        lock: m.lock,
        session: async () => shared,
        async refresh(rt): Promise<TokenPair> {
          refreshCalls.push(rt);
          await new Promise((r) => setTimeout(r, 10));
          return { token: 'new', refreshToken: 'r2', groupToken: null, groupId: null };
        },
        async save(pair) {
          shared = { token: pair.token, refreshToken: pair.refreshToken };
        },
        fail: () => undefined,
      });
    const [a, b] = [tab(), tab()];
    const tokens = await Promise.all([a.refresh('old'), b.refresh('old')]);
    expect(tokens).toEqual(['new', 'new']);
    expect(refreshCalls).toEqual(['r1']);
    expect(m.max()).toBe(1);
  });

  it('decodes exp and schedules the proactive refresh shortly before it', () => {
    const exp = Math.floor(Date.now() / 1000) + 900;
    const token = jwt('a', exp);
    expect(tokenExpiry(token)).toBe(exp * 1000);
    const delay = refreshDelay(token, Date.now()) ?? -1;
    expect(delay).toBeGreaterThan(800_000);
    expect(delay).toBeLessThan(900_000 - 59_000);
    expect(refreshDelay('not-a-jwt')).toBeNull();
    expect(refreshDelay(jwt('b', Math.floor(Date.now() / 1000) - 5))).toBe(0);
  });
});
