import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { address, startApi, type TestApi } from '../../api/test/helpers.ts';
import { translator } from '../app/i18n';
import { createApi, type ApiFetch } from '../app/api-client/api';
import type { OrderPayload } from '../app/lib/types';
import { idbEntries, idbUpdate } from '../app/lib/idb';
import { handleOrderOutcome, remindWaitingOrders } from '../app/state/sync-boot';
import { leaseLock } from '../app/sync/lock';
import {
  ORDER_EVENT,
  UNCONNECTED_CART_ID,
  markThankYouPage,
  orderResultOf,
  pendingOrders,
  queueOrder,
  shouldQueueOrder,
  transmitOrders,
} from '../app/sync/offline-orders';
import { createSyncQueue, type SyncTransport } from '../app/sync/queue';
import { ApiError } from '../app/api-client/api';
import { checkout } from '../app/state/checkout';

/**
 * Offline orders against the real API (PGlite, app.inject behind the real fetch layer): however the
 * queued order is retried — two tabs, a reload, a tab dying after the server committed, a 5xx —
 * exactly one order exists for its idempotency key.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());
beforeEach(async () => {
  for (const [k] of await idbEntries('')) await idbUpdate(k, () => undefined);
});

/** `fetch` over app.inject; `before` may fail a call before it reaches the server, `after` after. */
function injectFetch(hooks: { before?: () => Response | null; after?: () => void } = {}): ApiFetch {
  return async (input, init = {}) => {
    const early = hooks.before?.();
    if (early) return early;
    const res = await api.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: input,
      headers: init.headers as Record<string, string>,
      ...(init.body ? { payload: String(init.body) } : {}),
    });
    hooks.after?.();
    return new Response(res.payload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
}

function tab(fetch: ApiFetch, cartId: string) {
  const client = createApi({ fetch, baseUrl: '', storeCode: 'en' });
  const queue = createSyncQueue({ lock: leaseLock({ pollMs: 5 }), channelName: null });
  const transport: SyncTransport = {
    context: () => ({ cartId, storeCode: 'en', multistore: true, tokenInHeader: true }),
    request: client.taskRequest,
    notify: () => undefined,
  };
  queue.configure(transport);
  return queue;
}

async function cartWith(sku: string, qty: number): Promise<string> {
  const cart = (await api.call({ method: 'POST', url: '/vsbridge/cart/create?storeCode=en' })).body
    .result as string;
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/cart/update?cartId=${cart}`,
    payload: { cartItem: { sku, qty } },
  });
  expect(r.status).toBe(200);
  return cart;
}

const orderFor = (cartId: string, key: string): OrderPayload => ({
  cart_id: cartId,
  products: [{ sku: 'PHN-2001', qty: 1 }],
  addressInformation: {
    shippingAddress: address() as never,
    billingAddress: address() as never,
    shipping_method_code: 'courier',
    shipping_carrier_code: 'courier',
    payment_method_code: 'cashondelivery',
  },
  personalDetails: { firstName: 'Jonas', lastName: 'Jonaitis', emailAddress: 'jonas@example.com' },
  idempotency_key: key,
});

const ordersWithKey = async (key: string) =>
  Number(
    (
      await api.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM orders WHERE idempotency_key = $1',
        [key],
      )
    )[0]?.n,
  );

describe('offline orders: created exactly once', () => {
  it('is held until confirmed, then sent once, whoever queues or sends it', async () => {
    const cart = await cartWith('PHN-2001', 1);
    const key = 'offline-order-key-0001';
    const tabA = tab(injectFetch(), cart);
    const tabB = tab(injectFetch(), cart);
    const queued = await queueOrder(orderFor(cart, key), { queue: tabA, autoTransmit: false });
    expect(queued).toMatchObject({ task_id: key, transmited: false, hold: true });
    expect((queued.payload as OrderPayload).cart_id).toBe(cart);
    // the other tab queues the same order (same key): still one task, still held
    await queueOrder(orderFor(cart, key), { queue: tabB, autoTransmit: false });
    await tabA.process();
    await tabB.process();
    expect(await ordersWithKey(key)).toBe(0);
    expect((await pendingOrders(tabA)).map((o) => o.task_id)).toEqual([key]);
    // confirmed in both tabs at once
    await Promise.all([transmitOrders(undefined, tabA), transmitOrders(undefined, tabB)]);
    await tabA.process();
    expect(await ordersWithKey(key)).toBe(1);
    const done = await tabB.get(key);
    expect(done).toMatchObject({ transmited: true, resultCode: 200 });
    expect(orderResultOf(done)?.orderNumber).toMatch(/^\d+$/);
    // a reload that queues it again: nothing more is sent
    const reloaded = tab(injectFetch(), cart);
    await queueOrder(orderFor(cart, key), { queue: reloaded, autoTransmit: true });
    await reloaded.process();
    expect(await ordersWithKey(key)).toBe(1);
  });

  it('a tab that dies after the server committed: the retry answers the same order', async () => {
    const cart = await cartWith('PHN-2001', 1);
    const key = 'offline-order-key-0002';
    let crash = true;
    const dying = tab(
      injectFetch({
        after: () => {
          if (crash) throw new TypeError('Failed to fetch');
        },
      }),
      cart,
    );
    await queueOrder(orderFor(cart, key), { queue: dying, autoTransmit: true });
    await dying.process();
    expect(await ordersWithKey(key)).toBe(1);
    expect(await dying.get(key)).toMatchObject({ transmited: false });
    crash = false;
    const next = tab(injectFetch(), cart);
    await next.process();
    expect(await ordersWithKey(key)).toBe(1);
    expect(await next.get(key)).toMatchObject({ transmited: true, resultCode: 200 });
  });

  it('a server error queues it again (held, with the spec message), a later confirmation sends it', async () => {
    const cart = await cartWith('PHN-2001', 1);
    const key = 'offline-order-key-0003';
    let down = true;
    const q = tab(
      injectFetch({
        before: () =>
          down
            ? new Response(JSON.stringify({ code: 503, result: 'Service Unavailable' }), {
                status: 503,
                headers: { 'content-type': 'application/json' },
              })
            : null,
      }),
      cart,
    );
    const notes: string[] = [];
    const t = translator('en');
    q.on(ORDER_EVENT, (task, outcome) =>
      handleOrderOutcome(task, outcome, {
        t,
        notify: (n) => notes.push(n.message),
        cartId: () => cart,
        clearCart: () => notes.push('cart cleared'),
        thankYouShown: () => false,
      }),
    );
    await queueOrder(orderFor(cart, key), { queue: q, autoTransmit: true });
    await q.process();
    expect(notes).toEqual(['The order can not be transfered because of server error. Order has been queued']);
    expect(await q.get(key)).toMatchObject({ transmited: false, hold: true });
    down = false;
    await transmitOrders([key], q);
    expect(await ordersWithKey(key)).toBe(1);
    expect(notes[1]).toBe('cart cleared');
    expect(notes[2]).toMatch(/^Your order \d+ has been placed\.$/);
    expect(checkout.get().orderTimestamp).not.toBeNull();
    // sent from elsewhere (no thank-you page on screen): the checkout is not put in its thank-you state
    expect(checkout.get().isThankYouPage).toBe(false);
  });
});

describe('offline order rules', () => {
  it.each<[unknown, boolean, string | null]>([
    [null, false, 'offline'],
    [new TypeError('Failed to fetch'), true, 'offline'],
    [new ApiError(503, 'down'), true, 'server-error'],
    [new ApiError(500, 'boom'), true, 'server-error'],
    [new ApiError(400, 'Some of the ordered products are not available!'), true, null],
    [new ApiError(409, 'idempotency key reused'), true, null],
  ])('shouldQueueOrder(%o, online=%s) -> %s', (error, online, expected) => {
    expect(shouldQueueOrder(error, online)).toBe(expected);
  });

  it('"Order waiting!" lists held orders for confirmation, and its action sends them', async () => {
    const cart = await cartWith('PHN-2001', 1);
    const key = 'offline-order-key-0004';
    const q = tab(injectFetch(), cart);
    await queueOrder(orderFor(cart, key), { queue: q, autoTransmit: false });
    const shown: { message: string; action?: () => void }[] = [];
    const t = translator('lt');
    expect(
      await remindWaitingOrders(t, (n) => shown.push({ message: n.message, action: n.action2?.action }), q),
    ).toBe(true);
    expect(shown[0]!.message).toContain('Užsakymas laukia išsiuntimo!');
    shown[0]!.action!();
    await vi.waitFor(async () => expect(await ordersWithKey(key)).toBe(1));
    expect(await remindWaitingOrders(t, () => undefined, q)).toBe(false);
  });

  it('no "Order waiting!" while the thank-you panel shows (it sends the order itself)', async () => {
    const cart = await cartWith('PHN-2001', 1);
    const q = tab(injectFetch(), cart);
    await queueOrder(orderFor(cart, 'offline-order-key-0005'), { queue: q, autoTransmit: false });
    const unmark = markThankYouPage();
    expect(await remindWaitingOrders(translator('en'), () => undefined, q)).toBe(false);
    unmark();
    expect(await remindWaitingOrders(translator('en'), () => undefined, q)).toBe(true);
    expect(await ordersWithKey('offline-order-key-0005')).toBe(0);
  });

  it('a cart filled offline: held even with automatic transmission, sent once its cart is connected, priced by the server', async () => {
    const key = 'offline-order-key-0006';
    const q = tab(injectFetch(), '');
    const queued = await queueOrder(orderFor(UNCONNECTED_CART_ID, key), { queue: q, autoTransmit: true });
    expect(queued).toMatchObject({ hold: true, transmited: false });
    await q.process();
    expect(await ordersWithKey(key)).toBe(0);
    // the cart cannot be connected yet (the shop refuses it, or the network is gone again): it waits
    await transmitOrders([key], q, async () => null);
    expect(await ordersWithKey(key)).toBe(0);
    expect(await pendingOrders(q)).toMatchObject([{ task_id: key, hold: true }]);
    // connected: the server cart (created with the device's lines, here 2 units) is the one ordered
    let cartId = '';
    await transmitOrders([key], q, async () => (cartId = await cartWith('PHN-2001', 2)));
    expect(await ordersWithKey(key)).toBe(1);
    const [order] = await api.database.query<{ cart_id: string; grand_total: number }>(
      'SELECT cart_id, grand_total FROM orders WHERE idempotency_key = $1',
      [key],
    );
    expect(order?.cart_id).toBe(cartId);
    const done = (await q.get(key))!;
    expect((done.payload as OrderPayload).cart_id).toBe(cartId);
    const charged = (done.result as { grand_total: number }).grand_total;
    expect(charged).toBe(Number(order?.grand_total));

    // the total shown offline is compared with the server's: a difference is told, a match is not
    const told: { type: string; message: string }[] = [];
    const deps = (estimate: number) => ({
      t: translator('en'),
      notify: (n: { type: string; message: string }) => told.push(n),
      cartId: () => cartId,
      clearCart: () => undefined,
      thankYouShown: () => true,
      estimateOf: async () => estimate,
    });
    handleOrderOutcome(done, { kind: 'ok', code: 200, result: done.result }, deps(charged));
    await new Promise((r) => setTimeout(r, 20));
    expect(told).toEqual([]);
    handleOrderOutcome(done, { kind: 'ok', code: 200, result: done.result }, deps(charged - 100));
    await vi.waitFor(() => expect(told).toHaveLength(1));
    expect(told[0]).toMatchObject({ type: 'warning' });
    expect(told[0]!.message).toMatch(/the shop confirmed a total of .+; the estimate shown offline was /);
  });
});
