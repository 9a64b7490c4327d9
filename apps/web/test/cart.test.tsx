import { describe, expect, it } from 'vitest';
import { createApi } from '../app/lib/api';
import { createCartStore, type CartItem } from '../app/state/cart';
import { fakeCartServer } from './support/fake-cart';

function setup(prices: Record<string, number> = {}) {
  const server = fakeCartServer(prices);
  const api = createApi({ fetch: server.fetch, baseUrl: '', storeCode: 'en' });
  const cart = createCartStore();
  return { server, api, cart, state: () => cart.store.get() };
}

const simple = (sku: string, extra: Partial<CartItem> = {}): CartItem => ({
  sku,
  qty: 1,
  name: sku,
  price: 1000,
  id: sku.charCodeAt(0),
  ...extra,
});
const variant = (sku: string, value: number): CartItem => ({
  sku,
  qty: 1,
  name: 'Phone X',
  price: 40000,
  id: 100,
  parentSku: 'PX',
  product_option: {
    extension_attributes: { configurable_item_options: [{ option_id: 93, option_value: value }] },
  },
});

describe('cart store', () => {
  it('creates the server cart on the first add, then one update per line, and shows server totals', async () => {
    const { server, api, cart, state } = setup({ A: 1999 });
    await cart.add(api, simple('A', { price: 1 }));
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /cart/create',
      'POST /cart/update',
      'GET /cart/totals',
    ]);
    expect(state().cartServerToken).toMatch(/^cart-1-/);
    expect(state().items).toHaveLength(1);
    expect(state().items[0]?.item_id).toBe(1);
    // The server is the authority on prices: totals come from it, not from the client's price.
    expect(state().totals?.grand_total).toBe(1999);
    await cart.add(api, simple('B'));
    expect(server.calls.filter((c) => c.path === '/cart/create')).toHaveLength(1);
    expect(server.calls.filter((c) => c.path === '/cart/update')).toHaveLength(2);
    expect(state().items.map((i) => [i.sku, i.qty])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
  });

  it('merges the same product (domain identity): simple by sku, configurable by child sku', async () => {
    const { api, cart, state, server } = setup();
    await cart.add(api, simple('A'));
    await cart.add(api, simple('A'));
    await cart.add(api, variant('PX-A', 1));
    await cart.add(api, variant('PX-A', 1));
    await cart.add(api, variant('PX-B', 2));
    expect(state().items.map((i) => [i.sku, i.qty])).toEqual([
      ['A', 2],
      ['PX-A', 2],
      ['PX-B', 1],
    ]);
    // The merged line is updated on the server by its item_id, with the new total quantity.
    const second = server.calls.filter((c) => c.path === '/cart/update')[1]?.body as {
      cartItem: { item_id: number; qty: number };
    };
    expect(second.cartItem).toMatchObject({ item_id: 1, qty: 2 });
  });

  it('concurrent adds are queued and never lose quantity', async () => {
    const { api, cart, state } = setup();
    await Promise.all([cart.add(api, simple('A')), cart.add(api, simple('A')), cart.add(api, simple('A'))]);
    expect(state().items).toHaveLength(1);
    expect(state().items[0]?.qty).toBe(3);
    expect(state().totals?.items[0]?.qty).toBe(3);
  });

  it('a failed update restores the previous quantity, or removes a new line', async () => {
    const { api, cart, state, server } = setup();
    await cart.add(api, simple('A'));
    server.failNext.set('/cart/update', 500);
    await expect(cart.add(api, simple('A'))).rejects.toMatchObject({
      code: 500,
      message: 'Failed /cart/update',
    });
    expect(state().items[0]?.qty).toBe(1);
    server.failNext.set('/cart/update', 500);
    await expect(cart.add(api, simple('B'))).rejects.toThrow();
    expect(state().items.map((i) => i.sku)).toEqual(['A']);
  });

  it('changes quantity and removes a line on the server', async () => {
    const { api, cart, state, server } = setup();
    await cart.add(api, simple('A'));
    await cart.setQty(api, simple('A'), 5);
    expect(state().items[0]?.qty).toBe(5);
    expect(state().totals?.items[0]?.qty).toBe(5);
    await cart.remove(api, simple('A'));
    expect(state().items).toEqual([]);
    expect(server.calls.some((c) => c.path === '/cart/delete')).toBe(true);
    expect(state().totals).toBeNull();
  });

  it('sync: pushes client lines and takes server-only lines; a lost cart is cleared', async () => {
    const { api, cart, state, server } = setup();
    await cart.add(api, simple('A'));
    const token = state().cartServerToken!;
    server.carts.get(token)!.push({
      item_id: 99,
      sku: 'S',
      qty: 2,
      name: 'Server line',
      price: 500,
      product_type: 'simple',
      quote_id: token,
    });
    await cart.sync(api);
    expect(state().items.map((i) => [i.sku, i.qty])).toEqual([
      ['A', 1],
      ['S', 2],
    ]);
    server.carts.delete(token);
    await cart.sync(api);
    expect(state()).toMatchObject({ items: [], cartServerToken: null, totals: null });
  });

  it('re-creates a cart the server lost when a line is updated', async () => {
    const { api, cart, state, server } = setup();
    await cart.add(api, simple('A'));
    server.carts.clear();
    await cart.add(api, simple('A'));
    expect(state().cartServerToken).toMatch(/^cart-2-/);
    expect(state().items[0]?.qty).toBe(2);
    expect(server.carts.get(state().cartServerToken!)?.[0]?.qty).toBe(2);
  });

  it('clear empties the cart without calling the server', async () => {
    const { api, cart, state, server } = setup();
    await cart.add(api, simple('A'));
    const before = server.calls.length;
    cart.clear();
    expect(state()).toMatchObject({ items: [], cartServerToken: null, totals: null });
    expect(server.calls.length).toBe(before);
  });
});

describe('cart store, lost cart on a new line', () => {
  it('re-creates the cart when the first update of a new line finds no cart', async () => {
    const { api, cart, state, server } = setup();
    await cart.add(api, simple('A'));
    server.carts.clear();
    await cart.add(api, simple('B'));
    expect(state().items.map((i) => [i.sku, i.qty])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    expect(server.carts.get(state().cartServerToken!)?.map((l) => l.sku)).toEqual(['A', 'B']);
  });
});
