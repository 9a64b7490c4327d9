/**
 * The cart engine (app/state/cart.ts) against the real API on PGlite: adds, fast clicks,
 * failed updates, offline writes, 400 and 401 answers, login merge and logout, stock sync, coupons.
 * Fixture prices incl. 21 % VAT: PHN-2001 6050, ACC-3002 3025, LAP-1002 3630 (2 in stock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type Api } from '../app/api-client/api';
import { STOCK_SYNC_EVENT, createCartStore, type CartItem } from '../app/state/cart';
import { createSyncQueue } from '../app/sync/queue';
import { startRealShop, type RealShop } from './support/real-shop';

let shop: RealShop;
beforeAll(async () => {
  shop = await startRealShop();
});
afterAll(async () => shop?.close());

const item = (sku: string, qty = 1, extra: Partial<CartItem> = {}): CartItem => ({
  sku,
  qty,
  name: sku,
  price: 1000,
  ...extra,
});

/** A cart store bound to `first` (a guest by default); `use` gives it another API from then on (a login). */
function setup(first: Api = shop.guestApi()) {
  let current = first;
  const cart = createCartStore({ online: () => !shop.offline.value, api: () => current });
  const use = (api: Api) => {
    current = api;
  };
  return { api: first, cart, use, state: () => cart.store.get() };
}

const lines = (items: { sku: string; qty: number }[]) => Object.fromEntries(items.map((i) => [i.sku, i.qty]));
const serverLines = async (api: Api, token: string | null) => lines(token ? await api.cart.pull(token) : []);

describe('cart engine against the real API', () => {
  it('creates the server cart on the first add and shows the server totals', async () => {
    const { cart, state } = setup();
    await cart.add(item('PHN-2001'));
    const s = state();
    expect(s.cartServerToken).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(s.items).toEqual([expect.objectContaining({ sku: 'PHN-2001', qty: 1, price: 6050 })]);
    expect(s.items[0]?.server_item_id).toBeTruthy();
    expect(s.totals?.grand_total).toBe(6050);
    expect(s.syncing).toBe(false);
  });

  it('five fast "add to cart" clicks give quantity 5 and one server line', async () => {
    const { api, cart, state } = setup();
    await Promise.all(Array.from({ length: 5 }, () => cart.add(item('PHN-2001'))));
    expect(lines(state().items)).toEqual({ 'PHN-2001': 5 });
    const server = await api.cart.pull(state().cartServerToken as string);
    expect(server).toHaveLength(1);
    expect(server[0]).toMatchObject({ sku: 'PHN-2001', qty: 5 });
    expect(state().totals?.grand_total).toBe(5 * 6050);
  });

  it('a refused update restores the previous quantity, or removes a line that never had one', async () => {
    const { api, cart, state } = setup();
    await cart.add(item('LAP-1002', 2));
    const over = cart.add(item('LAP-1002'));
    await expect(over).rejects.toThrow('Only 2 products of this type are available!');
    expect(lines(state().items)).toEqual({ 'LAP-1002': 2 });
    await expect(cart.add(item('AUD-4001'))).rejects.toBeInstanceOf(ApiError);
    expect(lines(state().items)).toEqual({ 'LAP-1002': 2 });
    expect(await serverLines(api, state().cartServerToken)).toEqual({ 'LAP-1002': 2 });
  });

  it('changes a quantity and removes a line on the server', async () => {
    const { api, cart, state } = setup();
    await cart.add(item('PHN-2001'));
    await cart.add(item('ACC-3002'));
    await cart.setQty(item('PHN-2001'), 3);
    await cart.remove(item('ACC-3002'));
    expect(lines(state().items)).toEqual({ 'PHN-2001': 3 });
    expect(await serverLines(api, state().cartServerToken)).toEqual({ 'PHN-2001': 3 });
    expect(state().totals?.grand_total).toBe(3 * 6050);
  });

  it('writes made offline stay on the device and reach the server in order when back online', async () => {
    const { api, cart, state } = setup();
    await cart.add(item('PHN-2001'));
    await cart.add(item('ACC-3002'));
    const token = state().cartServerToken;
    shop.offline.value = true;
    try {
      await cart.add(item('PHN-2001'));
      await cart.add(item('LAP-1001', 2));
      await cart.remove(item('ACC-3002'));
      await cart.setQty(item('LAP-1001'), 1);
    } finally {
      shop.offline.value = false;
    }
    expect(lines(state().items)).toEqual({ 'PHN-2001': 2, 'LAP-1001': 1 });
    // nothing reached the server yet
    expect(await serverLines(api, token)).toEqual({ 'PHN-2001': 1, 'ACC-3002': 1 });
    await cart.sync(); // what root.tsx does on the `online` event
    await cart.sync(); // a second sync changes nothing (absolute quantities: never doubled)
    expect(await serverLines(api, token)).toEqual({ 'PHN-2001': 2, 'LAP-1001': 1 });
    expect(lines(state().items)).toEqual({ 'PHN-2001': 2, 'LAP-1001': 1 });
    expect(state().totals?.grand_total).toBe(2 * 6050 + 96800);
  });

  it('400 on sync (the cart was converted or is unknown) clears the local cart without sync', async () => {
    const { cart, state } = setup();
    await cart.add(item('PHN-2001'));
    const token = state().cartServerToken as string;
    await shop.api.database.query("UPDATE carts SET status = 'converted' WHERE id = $1", [token]);
    const before = shop.requests.length;
    await cart.sync();
    expect(state()).toMatchObject({ items: [], cartServerToken: null, totals: null });
    // only the pull was sent: nothing was pushed to another cart
    expect(shop.requests.slice(before).map((r) => r.path)).toEqual(['/vsbridge/cart/pull']);
  });

  it('login adds the guest quantities to the customer cart exactly once; logout leaves an empty guest cart', async () => {
    const who = await shop.newCustomer();
    let token: string | null = who.accessToken;
    const customerApi = shop.customerApi({ token: () => token, refresh: async () => null });
    // the customer's cart (another device) has 2 × PHN-2001 and a MacBook in condition A
    const customerCart = await customerApi.cart.create();
    await customerApi.cart.update(customerCart, { sku: 'PHN-2001', qty: 2 });
    const { api, cart, use, state } = setup();
    const option = {
      extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: 6 }] },
    };
    await cart.add(item('PHN-2001', 1));
    await cart.add(item('ACC-3002', 1));
    await cart.add(item('MBA-7000-A', 1, { parentSku: 'MBA-7000', product_option: option }));
    expect(state().items).toHaveLength(3);

    use(customerApi);
    await cart.moveTo(customerCart);
    await cart.moveTo(customerCart); // a repeated login merge sums nothing again
    await cart.sync();
    const want = { 'PHN-2001': 3, 'ACC-3002': 1, 'MBA-7000-A': 1 };
    expect(lines(state().items)).toEqual(want);
    expect(await serverLines(customerApi, customerCart)).toEqual(want);
    const mac = (await customerApi.cart.pull(customerCart)).find((l) => l.sku === 'MBA-7000-A');
    expect(mac?.product_option).toEqual(option);
    expect(state().totals?.grand_total).toBe(3 * 6050 + 3025 + 84700);

    token = null;
    cart.clear(); // what the session's logout does
    use(api);
    expect(state()).toMatchObject({ items: [], cartServerToken: null, totals: null });
    await cart.add(item('ACC-3002'));
    expect(lines(state().items)).toEqual({ 'ACC-3002': 1 });
    expect(state().cartServerToken).not.toBe(customerCart);
    const stillCustomer = shop.customerApi({ token: () => who.accessToken, refresh: async () => null });
    expect(await serverLines(stillCustomer, customerCart)).toEqual(want);
  });

  it('logout while a sync is under way: the customer lines never come back into the guest cart', async () => {
    const who = await shop.newCustomer();
    const customerApi = shop.customerApi({ token: () => who.accessToken, refresh: async () => null });
    const customerCart = await customerApi.cart.create();
    await customerApi.cart.update(customerCart, { sku: 'PHN-2001', qty: 2 });
    const { cart, state } = setup(customerApi);
    const moving = cart.moveTo(customerCart);
    await Promise.resolve();
    cart.clear();
    await moving.catch(() => undefined);
    await cart.idle();
    cart.clear();
    expect(state().items).toEqual([]);
    const syncing = cart.sync();
    cart.clear();
    await syncing;
    expect(state()).toMatchObject({ items: [], cartServerToken: null });
  });

  it('401 with a user token tries the token refresh first; only a failed refresh falls back to a guest cart', async () => {
    const who = await shop.newCustomer();
    const customerApi0 = shop.customerApi({ token: () => who.accessToken, refresh: async () => null });
    const customerCart = await customerApi0.cart.create();
    const refreshes: string[] = [];
    let token = 'expired.token.value';
    const api = shop.customerApi({
      token: () => token,
      refresh: async (failed) => {
        refreshes.push(failed);
        token = who.accessToken;
        return token;
      },
    });
    const { cart, use, state } = setup(api);
    cart.store.set((s) => ({ ...s, cartServerToken: customerCart }));
    await cart.add(item('PHN-2001'));
    expect(refreshes).toEqual(['expired.token.value']);
    expect(state().cartServerToken).toBe(customerCart); // the customer's cart was not split
    expect(await serverLines(customerApi0, customerCart)).toEqual({ 'PHN-2001': 1 });

    // the refresh fails: within the bypass limit the lines go to a new guest cart
    const dead = shop.customerApi({ token: () => 'expired.token.value', refresh: async () => null });
    use(dead);
    await cart.add(item('ACC-3002'));
    const guest = state().cartServerToken;
    expect(guest).not.toBe(customerCart);
    expect(await serverLines(shop.guestApi(), guest)).toEqual({ 'PHN-2001': 1, 'ACC-3002': 1 });
    expect(state().bypassCount).toBe(0); // reset by the successful sync
  });

  it('stock sync marks lines "In stock!" or keeps them with "Out of the stock!"', async () => {
    const { cart, state } = setup();
    await cart.add(item('PHN-2001'));
    await cart.add(item('ACC-3002'));
    await shop.api.database.query("UPDATE stock SET is_in_stock = false, qty = 0 WHERE sku = 'ACC-3002'");
    try {
      await cart.sync();
    } finally {
      await shop.api.database.query("UPDATE stock SET is_in_stock = true, qty = 8 WHERE sku = 'ACC-3002'");
    }
    const [phone, hub] = state().items;
    expect(phone).toMatchObject({
      sku: 'PHN-2001',
      is_in_stock: true,
      info: { stock: 'cart.inStock' },
      onlineStockCheckid: null,
    });
    expect(hub).toMatchObject({
      sku: 'ACC-3002',
      is_in_stock: false,
      errors: { stock: 'cart.outOfTheStock' },
    });
    expect(state().items).toHaveLength(2);
  });

  it('offline, the stock check waits in the sync task queue (callback cart/stockSync) and lands by its id', async () => {
    const api = shop.guestApi();
    const online = () => !shop.offline.value;
    const queue = createSyncQueue({ channelName: null, isOnline: online });
    const cart = createCartStore({ online, stockQueue: queue, api: () => api });
    queue.configure({
      context: () => ({
        cartId: cart.store.get().cartServerToken,
        storeCode: 'en',
        multistore: true,
        tokenInHeader: true,
      }),
      request: api.taskRequest,
      notify: () => undefined,
    });
    queue.on(STOCK_SYNC_EVENT, (task) => cart.applyStockAnswer(task));
    await cart.add(item('PHN-2001'));
    await cart.add(item('ACC-3002'));
    shop.offline.value = true;
    try {
      await cart.stockSync();
    } finally {
      shop.offline.value = false;
    }
    const waiting = cart.store.get().items.map((i) => i.onlineStockCheckid);
    expect(waiting[0]).toMatch(/^sc-/);
    expect(waiting[1]).toBe(waiting[0]); // one check per batch of 15 skus
    await shop.api.database.query("UPDATE stock SET is_in_stock = false, qty = 0 WHERE sku = 'ACC-3002'");
    try {
      await queue.process();
    } finally {
      await shop.api.database.query("UPDATE stock SET is_in_stock = true, qty = 8 WHERE sku = 'ACC-3002'");
    }
    const [phone, hub] = cart.store.get().items;
    expect(phone).toMatchObject({
      is_in_stock: true,
      info: { stock: 'cart.inStock' },
      onlineStockCheckid: null,
    });
    expect(hub).toMatchObject({
      is_in_stock: false,
      errors: { stock: 'cart.outOfTheStock' },
      onlineStockCheckid: null,
    });
  });

  it('forced client state (checkout): a line only the server has is deleted there, not taken', async () => {
    const { api, cart, state } = setup();
    await cart.add(item('PHN-2001'));
    const token = state().cartServerToken as string;
    await api.cart.update(token, { sku: 'ACC-3002', qty: 1 }); // e.g. from another device
    await cart.sync({ forceClientState: true });
    expect(lines(state().items)).toEqual({ 'PHN-2001': 1 });
    expect(await serverLines(api, token)).toEqual({ 'PHN-2001': 1 });
    await api.cart.update(token, { sku: 'ACC-3002', qty: 1 });
    await cart.sync(); // not forced: taken into the client
    expect(lines(state().items)).toEqual({ 'PHN-2001': 1, 'ACC-3002': 1 });
  });

  it('coupon: refuses an empty code, applies (replacing the current one) and removes', async () => {
    const { cart, state } = setup();
    await expect(cart.applyCoupon('SAVE10')).rejects.toThrow('cart.totalsUnavailable');
    await cart.add(item('PHN-2001', 2));
    await expect(cart.applyCoupon('  ')).rejects.toThrow('coupon.required');
    await cart.applyCoupon('SAVE10');
    expect(state().totals).toMatchObject({ coupon_code: 'SAVE10', discount_amount: 1210 });
    await cart.applyCoupon('FIXED5');
    expect(state().totals).toMatchObject({ coupon_code: 'FIXED5', discount_amount: 500 });
    await expect(cart.applyCoupon('NOPE')).rejects.toThrow(
      "You've entered an incorrect coupon code. Please try again.",
    );
    await cart.removeCoupon();
    expect(state().totals).toMatchObject({ coupon_code: null, discount_amount: 0 });
  });

  it('edit mode: a configurable line changes to another child; a quantity change keeps the line', async () => {
    const { api, cart, state } = setup();
    const opt = (value: number) => ({
      extension_attributes: { configurable_item_options: [{ option_id: 141, option_value: value }] },
    });
    await cart.add(item('MBA-7000-A', 1, { parentSku: 'MBA-7000', product_option: opt(6) }));
    await cart.replace(
      item('MBA-7000-A'),
      item('MBA-7000', 1, { parentSku: 'MBA-7000', product_option: opt(7) }),
    );
    expect(lines(state().items)).toEqual({ 'MBA-7000-B': 1 });
    expect(await serverLines(api, state().cartServerToken)).toEqual({ 'MBA-7000-B': 1 });
  });
});
