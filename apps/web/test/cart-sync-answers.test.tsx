/**
 * Spec "Cart connection" step 4 and "Cart sync" against the real API: the cart
 * request answered with neither 200 nor 401 disables cart sync; a sync answered with neither 200,
 * 400 nor 401 retries as a guest cart within the bypass limit, then ends with an empty result. The
 * answers are put in front of the real server for the paths named (a proxy that answers instead).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_BYPASS_ATTEMPTS, cartHash } from '@vitrina/domain';
import { createApi, type ApiFetch } from '../app/api-client/api';
import { createCartStore, type CartItem } from '../app/state/cart';
import { startRealShop, type RealShop } from './support/real-shop';

let shop: RealShop;
beforeAll(async () => {
  shop = await startRealShop();
});
afterAll(async () => shop?.close());

const item = (sku: string, qty = 1): CartItem => ({ sku, qty, name: sku, price: 1000 });

/** the real shop, except that `path` answers `status` (a JSON error envelope) the next `times` calls */
function answering(path: string | string[], status: number, times = Infinity) {
  let left = times;
  const paths = [path].flat();
  const seen: string[] = [];
  const fetch: ApiFetch = async (input, init) => {
    const p = input.split('?')[0] ?? input;
    seen.push(p);
    if (paths.includes(p) && left > 0) {
      left--;
      return new Response(JSON.stringify({ code: status, result: 'Service unavailable' }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return shop.fetch(input, init);
  };
  return { api: createApi({ fetch, baseUrl: '', storeCode: 'en' }), seen };
}

describe('cart sync answers other than 200/400/401', () => {
  it('the cart request answered 503: sync is disabled, the line stays on the device, nothing more is sent', async () => {
    const { api, seen } = answering('/vsbridge/cart/create', 503);
    const cart = createCartStore({ online: () => true, api: () => api });
    await cart.add(item('PHN-2001'));
    expect(cart.store.get()).toMatchObject({ syncDisabled: true, cartServerToken: null });
    expect(cart.store.get().items.map((i) => i.sku)).toEqual(['PHN-2001']);
    const before = seen.length;
    await cart.add(item('ACC-3002'));
    await cart.sync();
    // disabled: no cart request at all (the add's stock check still asks the stock)
    expect(seen.slice(before).filter((p) => p.startsWith('/vsbridge/cart/'))).toEqual([]);
    expect(cart.store.get().items.map((i) => i.sku)).toEqual(['PHN-2001', 'ACC-3002']);
    // clearing the cart ends it (a new page load does too: the state is not persisted)
    cart.clear();
    expect(cart.store.get().syncDisabled).toBe(false);
  });

  it('a 401 on the cart request is not "disabled": it retries as a guest cart', async () => {
    const { api } = answering('/vsbridge/cart/create', 401, 1);
    const cart = createCartStore({ online: () => true, api: () => api });
    await cart.add(item('PHN-2001'));
    expect(cart.store.get().syncDisabled).toBe(false);
    expect(cart.store.get().cartServerToken).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('a sync answered 500 once retries as a guest cart: the lines reach a new server cart', async () => {
    let api = shop.guestApi();
    const cart = createCartStore({ online: () => true, api: () => api });
    await cart.add(item('PHN-2001', 2));
    const first = cart.store.get().cartServerToken;
    ({ api } = answering('/vsbridge/cart/pull', 500, 1));
    await cart.add(item('ACC-3002'));
    const s = cart.store.get();
    expect(s.cartServerToken).not.toBe(first);
    expect(s.bypassCount).toBe(0); // reset by the successful sync
    const server = await shop.guestApi().cart.pull(s.cartServerToken as string);
    expect(Object.fromEntries(server.map((l) => [l.sku, l.qty]))).toEqual({ 'PHN-2001': 2, 'ACC-3002': 1 });
  });

  it('a sync answered 403 retries as a guest cart, which is not pulled (it holds nothing): the lines reach it', async () => {
    let api = shop.guestApi();
    const cart = createCartStore({ online: () => true, api: () => api });
    await cart.add(item('PHN-2001'));
    const first = cart.store.get().cartServerToken;
    const answers = answering('/vsbridge/cart/pull', 403);
    ({ api } = answers);
    await cart.add(item('ACC-3002'));
    const s = cart.store.get();
    expect(s.cartServerToken).not.toBe(first);
    expect(answers.seen.filter((p) => p === '/vsbridge/cart/pull')).toHaveLength(1);
    const server = await shop.guestApi().cart.pull(s.cartServerToken as string);
    expect(Object.fromEntries(server.map((l) => [l.sku, l.qty]))).toEqual({ 'PHN-2001': 1, 'ACC-3002': 1 });
  });

  it('past the bypass limit a sync answered 403 ends with an empty result: no error, lines kept, sync owed', async () => {
    let api = shop.guestApi();
    const cart = createCartStore({ online: () => true, api: () => api });
    await cart.add(item('PHN-2001'));
    // the guest retries allowed (MAX_CART_BYPASS_ATTEMPTS) already spent on this cart
    cart.store.set((st) => ({ ...st, bypassCount: MAX_CART_BYPASS_ATTEMPTS }));
    const answers = answering('/vsbridge/cart/pull', 403);
    ({ api } = answers);
    const { seen } = answers;
    await expect(cart.add(item('ACC-3002'))).resolves.not.toThrow();
    const s = cart.store.get();
    expect(s.items.map((i) => i.sku)).toEqual(['PHN-2001', 'ACC-3002']);
    expect(s.syncDisabled).toBe(false);
    // no guest retry left: one pull, no new cart, then the empty result
    expect(seen.filter((p) => p === '/vsbridge/cart/pull')).toHaveLength(1);
    expect(seen).not.toContain('/vsbridge/cart/create');
    // owed: the hash is still the one of the lines before the add
    expect(s.cartItemsHash).not.toBe(cartHash(s.items, s.cartServerToken as string));
  });
});
