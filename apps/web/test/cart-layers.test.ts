// @vitest-environment node
/**
 * The cart store's layers one by one (app/state/cart/): the base (queue, epoch, line helpers), the
 * optimistic line editor, the sync engine against an in-memory cart back end, and the stock sync.
 * The composed store is tested against the real API in cart.test.tsx and the journeys.
 */
import { describe, expect, it } from 'vitest';
import { createApi, type Api } from '../app/api-client/api';
import { createCartBase } from '../app/state/cart/base';
import { createLineEditor } from '../app/state/cart/line-editor';
import { syncRequired, type CartItem } from '../app/state/cart/model';
import { STOCK_SYNC_EVENT, createStockSync } from '../app/state/cart/stock-sync';
import { createCartSync } from '../app/state/cart/sync';
import type { NewSyncTask } from '../app/sync/queue';
import { fakeCartServer } from './support/fake-cart';

const item = (sku: string, qty = 1, extra: Partial<CartItem> = {}): CartItem => ({
  sku,
  qty,
  name: sku,
  price: 1000,
  ...extra,
});
const qtys = (items: readonly { sku: string; qty: number }[]) =>
  Object.fromEntries(items.map((i) => [i.sku, i.qty]));
const direct = <T>(fn: () => Promise<T>) => fn();

describe('cart base', () => {
  it('runs the jobs of the tab one at a time, in order, `syncing` while any is pending', async () => {
    const base = createCartBase();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = base.enqueue(async () => {
      order.push('first starts');
      await gate;
      order.push('first ends');
    });
    const failing = base.enqueue(async () => {
      order.push('second');
      throw new Error('refused');
    });
    const third = base.enqueue(async () => {
      order.push('third');
    });
    expect(base.store.get().syncing).toBe(true);
    release();
    await first;
    await expect(failing).rejects.toThrow('refused');
    await third;
    expect(order).toEqual(['first starts', 'first ends', 'second', 'third']);
    expect(base.store.get().syncing).toBe(false);
  });

  it('replaces a line by its identity, appends one it does not have, removes with null', () => {
    const base = createCartBase();
    base.patch(() => [item('A'), item('B')]);
    base.replaceItem(item('A'), item('A', 4));
    base.replaceItem(item('C'), item('C', 2));
    base.replaceItem(item('B'), null);
    expect(qtys(base.store.get().items)).toEqual({ A: 4, C: 2 });
  });

  it('a clear empties and disconnects the cart, raises its generation and the epoch, keeps `loaded`', async () => {
    const base = createCartBase();
    await base.store.ready;
    base.store.set((s) => ({ ...s, items: [item('A')], cartServerToken: 'c1', cartItemsHash: 'h' }));
    const { generation } = base.store.get();
    const epoch = base.epoch();
    base.clearLocal();
    expect(base.store.get()).toMatchObject({
      items: [],
      cartServerToken: null,
      cartItemsHash: '',
      generation: generation + 1,
      loaded: true,
    });
    expect(base.epoch()).toBe(epoch + 1);
  });
});

describe('optimistic line editor', () => {
  const setup = (token: string | null = null) => {
    const base = createCartBase();
    base.store.set((s) => ({ ...s, cartServerToken: token }));
    return { base, edit: createLineEditor(base), state: () => base.store.get() };
  };

  it('an add merges into the same line and asks for a new stock check of it', () => {
    const { edit, state } = setup();
    edit.add(item('A', 1, { onlineStockCheckid: 'sc-1' }));
    edit.add(item('A', 2));
    expect(state().items).toEqual([expect.objectContaining({ sku: 'A', qty: 3, onlineStockCheckid: null })]);
  });

  it('a quantity change keeps the old quantity for the one-request update, and answers the line as it was', () => {
    const { edit, state } = setup('c1');
    edit.add(item('A', 2, { item_id: 7, server_item_id: 7 }));
    expect(edit.setQty(item('A'), 2)).toBeNull();
    expect(edit.setQty(item('Z'), 2)).toBeNull();
    expect(edit.setQty(item('A'), 5)).toMatchObject({ sku: 'A', qty: 2 });
    expect(state().items).toEqual([expect.objectContaining({ qty: 5, prev_qty: 2 })]);
  });

  it('a removal owes the server a delete only when the cart is connected', () => {
    const offline = setup(null);
    offline.edit.add(item('A'));
    expect(offline.edit.remove(item('A'))).toBe(true);
    expect(offline.state()).toMatchObject({ items: [], removed: [] });
    const connected = setup('c1');
    connected.edit.add(item('A', 1, { item_id: 7, server_item_id: 7 }));
    connected.edit.add(item('B'));
    expect(connected.edit.remove(item('A'))).toBe(true);
    expect(connected.edit.remove(item('A'))).toBe(false);
    expect(connected.edit.remove(item('B'))).toBe(true);
    expect(connected.state()).toMatchObject({ items: [], removed: [{ sku: 'A', item_id: 7 }, { sku: 'B' }] });
  });

  it('cart edit mode: the old line goes (its delete owed), the new one merges like an add without ids', () => {
    const { edit, state } = setup('c1');
    edit.add(item('A-red', 1, { item_id: 7, server_item_id: 7, parentSku: 'A' }));
    edit.add(item('A-blue', 1, { item_id: 8, server_item_id: 8, parentSku: 'A' }));
    expect(edit.replace(item('A-red'), item('A-blue', 2, { item_id: 99, parentSku: 'A' }))).toBe(true);
    expect(state().items).toEqual([expect.objectContaining({ sku: 'A-blue', qty: 3, item_id: 8 })]);
    expect(state().removed).toEqual([{ sku: 'A-red', item_id: 7 }]);
    expect(edit.replace(item('nothing'), item('X'))).toBe(false);
  });
});

describe('sync engine', () => {
  const setup = (online = true) => {
    const server = fakeCartServer({ A: 1500, B: 700 });
    const api = createApi({ fetch: server.fetch, baseUrl: '', storeCode: 'en' });
    const base = createCartBase();
    const edit = createLineEditor(base);
    const net = { online };
    const sync = createCartSync(base, { online: () => net.online, lock: (_name, fn) => direct(fn) });
    return { server, api, base, edit, sync, net, state: () => base.store.get() };
  };

  it('connects, pushes the lines, takes the server line ids and totals, and owes nothing after', async () => {
    const { api, edit, sync, state, server } = setup();
    edit.add(item('A', 2));
    edit.add(item('B'));
    expect(syncRequired(state())).toBe(true);
    await sync.syncAfterChange(api);
    const token = state().cartServerToken as string;
    expect(qtys(server.carts.get(token) ?? [])).toEqual({ A: 2, B: 1 });
    expect(state().items.every((i) => i.server_item_id != null)).toBe(true);
    expect(state().totals?.grand_total).toBe(2 * 1500 + 700);
    expect(syncRequired(state())).toBe(false);
  });

  it('offline nothing is sent and the sync stays owed', async () => {
    const { api, edit, sync, state, server } = setup(false);
    edit.add(item('A'));
    await sync.syncAfterChange(api);
    expect(server.calls).toEqual([]);
    expect(syncRequired(state())).toBe(true);
  });

  it('a quantity change of a cart in step with the server is ONE write answering the totals', async () => {
    const { server, edit, base, state } = setup();
    // the back end answering `withTotals` with the cart's totals in `meta` (as apps/api does)
    const fetch = async (input: string, init?: RequestInit) => {
      const res = await server.fetch(input, init);
      if (!input.includes('withTotals=1')) return res;
      const body = (await res.json()) as { result: { qty: number } };
      const totals = { grand_total: body.result.qty * 1500 };
      return new Response(JSON.stringify({ ...body, meta: { totals } }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const api = createApi({ fetch, baseUrl: '', storeCode: 'en' });
    const sync = createCartSync(base, { online: () => true, lock: (_name, fn) => direct(fn) });
    edit.add(item('A'));
    await sync.syncAfterChange(api);
    server.calls.length = 0;
    const before = edit.setQty(item('A'), 3) as CartItem;
    expect(await sync.quickQty(api, before)).toBe(true);
    expect(server.calls.map((c) => c.path)).toEqual(['/cart/update']);
    expect(state().totals?.grand_total).toBe(3 * 1500);
    expect(state().items).toEqual([expect.objectContaining({ qty: 3, prev_qty: null })]);
    expect(syncRequired(state())).toBe(false);
  });

  it('a back end that answers no totals with the write leaves the change to the full sync', async () => {
    const { api, edit, sync, server } = setup();
    edit.add(item('A'));
    await sync.syncAfterChange(api);
    server.calls.length = 0;
    const before = edit.setQty(item('A'), 3) as CartItem;
    expect(await sync.quickQty(api, before)).toBe(false);
    expect(server.calls.map((c) => c.path)).toEqual(['/cart/update']);
  });

  it('a quantity change of a cart out of step (the hash) is left to the full sync, without a request', async () => {
    const { api, edit, sync, base, server } = setup();
    edit.add(item('A'));
    await sync.syncAfterChange(api);
    base.store.set((s) => ({ ...s, cartItemsHash: 'stale' }));
    server.calls.length = 0;
    const before = edit.setQty(item('A'), 3) as CartItem;
    expect(await sync.quickQty(api, before)).toBe(false);
    expect(server.calls).toEqual([]);
  });

  it('a cart request answered neither 200 nor 401 disables cart sync; "Try again" enables it', async () => {
    const { api, edit, sync, state, server } = setup();
    server.failNext.set('/cart/create', 503);
    edit.add(item('A'));
    await sync.syncAfterChange(api);
    expect(state()).toMatchObject({ syncDisabled: true, cartServerToken: null });
    sync.enableAgain();
    await sync.syncWithRules(api, true);
    expect(state().syncDisabled).toBe(false);
    expect(state().cartServerToken).toBeTruthy();
  });

  it('a line the server refuses is removed when it never had it, and the refusal is rethrown', async () => {
    const { api, edit, sync, state, server } = setup();
    edit.add(item('A'));
    await sync.syncAfterChange(api);
    server.failNext.set('/cart/update', 409);
    edit.add(item('B'));
    await expect(sync.syncAfterChange(api)).rejects.toMatchObject({ code: 409 });
    expect(qtys(state().items)).toEqual({ A: 1 });
  });

  it('login: the guest lines join the customer cart with quantities added', async () => {
    const { api, edit, sync, state, server } = setup();
    const customer = await api.cart.create();
    await api.cart.update(customer, { sku: 'A', qty: 2 });
    edit.add(item('A'));
    edit.add(item('B'));
    await sync.moveTo(api, customer);
    expect(state().cartServerToken).toBe(customer);
    expect(qtys(server.carts.get(customer) ?? [])).toEqual({ A: 3, B: 1 });
    expect(qtys(state().items)).toEqual({ A: 3, B: 1 });
  });
});

describe('stock sync', () => {
  const stockApi = (inStock: Record<string, boolean>) =>
    ({
      stock: {
        list: async (skus: string[]) =>
          skus.filter((s) => s in inStock).map((s) => ({ product_sku: s, is_in_stock: inStock[s] })),
      },
    }) as unknown as Api;

  it('online: lines in stock are marked "In stock!", lines out of stock keep the line with the error', async () => {
    const base = createCartBase();
    base.patch(() => [item('A'), item('B', 1, { errors: { stock: 'cart.outOfTheStock' } }), item('C')]);
    const stock = createStockSync(base, { online: () => true });
    await stock.stockSync(stockApi({ A: false, B: true }));
    const [a, b, c] = base.store.get().items;
    expect(a).toMatchObject({
      is_in_stock: false,
      errors: { stock: 'cart.outOfTheStock' },
      onlineStockCheckid: null,
    });
    expect(b).toMatchObject({ is_in_stock: true, errors: {}, info: { stock: 'cart.inStock' } });
    expect(c).toMatchObject({ onlineStockCheckid: null });
    expect(c?.is_in_stock).toBeUndefined();
  });

  it('offline: one queued task per 15 skus, whose answer lands on its lines by the task id', async () => {
    const base = createCartBase();
    base.patch(() => Array.from({ length: 16 }, (_, i) => item(`S${i}`)));
    const queued: NewSyncTask[] = [];
    const stock = createStockSync(base, {
      online: () => false,
      stockQueue: { enqueue: async (t) => queued.push(t) },
    });
    await stock.stockSync(stockApi({}));
    expect(queued).toHaveLength(2);
    expect(queued.every((t) => t.callback_event === STOCK_SYNC_EVENT && t.method === 'GET')).toBe(true);
    const [first, second] = queued;
    stock.applyStockAnswer({ task_id: second?.task_id as string, resultCode: 500, result: null });
    stock.applyStockAnswer({
      task_id: second?.task_id as string,
      resultCode: 200,
      result: { result: [{ product_sku: 'S15', is_in_stock: true }] },
    });
    const items = base.store.get().items;
    expect(items[15]).toMatchObject({ is_in_stock: true, onlineStockCheckid: null });
    expect(items[0]?.onlineStockCheckid).toBe(first?.task_id);
  });
});
