import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../app/api-client/api';
import { idbEntries, idbUpdate } from '../app/lib/idb';
import { leaseLock } from '../app/sync/lock';
import { TOMBSTONE_TTL_MS, createSyncQueue, type SyncTransport } from '../app/sync/queue';
import { MISSING_CART_ID } from '../app/sync/task';

/** A tiny server behind the real fetch layer (api-client/api.ts `taskRequest`): records what reached it. */
function fakeServer(
  answer: (url: URL, init: RequestInit) => Response | Promise<Response> = () => ok({ done: true }),
) {
  const seen: { url: URL; init: RequestInit; headers: Record<string, string> }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (input: string, init: RequestInit = {}) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const url = new URL(input, 'http://shop.test');
      seen.push({ url, init, headers: { ...(init.headers as Record<string, string>) } });
      await new Promise((r) => setTimeout(r, 5));
      return await answer(url, init);
    } finally {
      inFlight--;
    }
  };
  return { fetch, seen, maxInFlight: () => maxInFlight };
}

const ok = (result: unknown, code = 200, status = 200) =>
  new Response(JSON.stringify({ code, result }), { status, headers: { 'content-type': 'application/json' } });

function transport(
  fetch: (input: string, init?: RequestInit) => Promise<Response>,
  extra: {
    cartId?: string | null;
    token?: string | null;
    refresh?: (t: string) => Promise<string | null>;
  } = {},
) {
  const notes: string[] = [];
  const api = createApi({
    fetch,
    baseUrl: '',
    storeCode: 'lt',
    auth: { token: () => extra.token ?? null, refresh: extra.refresh ?? (async () => null) },
  });
  const t: SyncTransport = {
    context: () => ({
      cartId: extra.cartId === undefined ? 'cart-1' : extra.cartId,
      storeCode: 'lt',
      multistore: true,
      tokenInHeader: true,
    }),
    request: api.taskRequest,
    notify: (message) => notes.push(message),
  };
  return { t, notes };
}

async function clearDb() {
  for (const [k] of await idbEntries('')) await idbUpdate(k, () => undefined);
}

/** Lets IndexedDB (setImmediate, real) and the fake clock move on: `ms` of fake time in 5 ms steps. */
async function settle(ms = 200) {
  for (let i = 0; i < ms / 5; i++) {
    await new Promise((r) => setImmediate(r));
    await vi.advanceTimersByTimeAsync(5);
    await new Promise((r) => setImmediate(r));
  }
}
/** Runs the clock until `cond` holds (at most `ms` of fake time). */
async function until(cond: () => boolean | Promise<boolean>, ms = 5_000) {
  for (let i = 0; i < ms / 5 && !(await cond()); i++) await settle(5);
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  await clearDb();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sync queue (spec §4 "Sync task")', () => {
  it('creates the task untransmitted, sends it with placeholders, storeCode, token header and key, then removes it', async () => {
    const server = fakeServer(() => ok({ qty: 3 }));
    const { t } = transport(server.fetch, { token: 'tok-1' });
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    const seen: unknown[] = [];
    q.on(
      'cart/stockSync',
      (task, outcome) => void seen.push([task.transmited, task.resultCode, task.result, outcome.kind]),
    );
    const created = await q.enqueue({
      url: '/vsbridge/stock/check?sku=A&cartId={{cartId}}',
      callback_event: 'cart/stockSync',
    });
    expect(created).toMatchObject({ transmited: false, result: null, resultCode: null, silent: false });
    expect(await q.list()).toHaveLength(1);
    q.configure(t);
    const run = q.process();
    await settle();
    await run;
    expect(server.seen).toHaveLength(1);
    const sent = server.seen[0]!;
    expect(sent.url.pathname + sent.url.search).toBe(
      '/vsbridge/stock/check?sku=A&cartId=cart-1&storeCode=lt',
    );
    expect(sent.headers.authorization).toBe('Bearer tok-1');
    expect(sent.headers['idempotency-key']).toBe(created.task_id);
    expect(seen).toEqual([[true, 200, { qty: 3 }, 'ok']]);
    expect(await q.list()).toEqual([]);
  });

  it('keeps a transmitted task with its result and code when asked to (spec: "cached or removed")', async () => {
    const server = fakeServer(() => ok({ orderNumber: '100001' }));
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    q.configure(transport(server.fetch).t);
    const task = await q.enqueue({
      task_id: 'order-key',
      url: '/vsbridge/order/create',
      payload: { a: 1 },
      keep: true,
    });
    await settle();
    expect(task.method).toBe('POST');
    expect(JSON.parse(String(server.seen[0]!.init.body))).toEqual({ a: 1 });
    expect(await q.get('order-key')).toMatchObject({
      transmited: true,
      resultCode: 200,
      result: { orderNumber: '100001' },
    });
  });

  it('processes in order, one at a time', async () => {
    const server = fakeServer();
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    for (const sku of ['A', 'B', 'C', 'D']) await q.enqueue({ url: `/vsbridge/x?sku=${sku}` });
    q.configure(transport(server.fetch).t);
    void q.process();
    void q.process();
    await settle(400);
    expect(server.seen.map((s) => s.url.searchParams.get('sku'))).toEqual(['A', 'B', 'C', 'D']);
    expect(server.maxInFlight()).toBe(1);
  });

  it('leaves the queue intact while offline and sends on the next run (at start / online)', async () => {
    let online = false;
    const server = fakeServer((url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return ok(url.searchParams.get('sku'));
    });
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    await q.enqueue({ url: '/vsbridge/x?sku=A' });
    await q.enqueue({ url: '/vsbridge/x?sku=B' });
    q.configure(transport(server.fetch).t);
    void q.process();
    await settle();
    // one attempt (the default), then the run stops with A first in line; B is not sent before A
    expect(server.seen.map((s) => s.url.searchParams.get('sku'))).toEqual(['A']);
    expect((await q.list()).map((x) => [x.transmited, x.attempts])).toEqual([
      [false, 1],
      [false, 0],
    ]);
    online = true;
    void q.process();
    await settle();
    expect(server.seen.map((s) => s.url.searchParams.get('sku'))).toEqual(['A', 'A', 'B']);
    expect(await q.list()).toEqual([]);
  });

  it('does not even try while the browser says it is offline', async () => {
    const server = fakeServer();
    let online = false;
    const q = createSyncQueue({ lock: leaseLock(), channelName: null, isOnline: () => online });
    q.configure(transport(server.fetch).t);
    await q.enqueue({ url: '/vsbridge/x' });
    await settle();
    expect(server.seen).toHaveLength(0);
    online = true;
    void q.process();
    await settle();
    expect(server.seen).toHaveLength(1);
  });

  it('retries a network failure up to the configured attempts in one run', async () => {
    const server = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const q = createSyncQueue({ lock: leaseLock(), channelName: null, maxAttempts: 3 });
    q.configure(transport(server.fetch).t);
    await q.enqueue({ url: '/vsbridge/x' });
    await settle();
    expect(server.seen).toHaveLength(3);
    expect((await q.list())[0]).toMatchObject({ transmited: false, attempts: 3 });
  });

  it('shows non-200 answers as error notifications unless silent or ENOTFOUND (spec §8)', async () => {
    const server = fakeServer((url) => {
      const kind = url.searchParams.get('k');
      if (kind === 'html')
        return new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } });
      if (kind === 'enotfound') return ok('not found', 'ENOTFOUND' as unknown as number, 200);
      if (kind === 'noresult')
        return new Response(JSON.stringify({ code: 200 }), {
          headers: { 'content-type': 'application/json' },
        });
      return ok('Bad sku', 400, 400);
    });
    const { t, notes } = transport(server.fetch);
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    q.configure(t);
    const codes: unknown[] = [];
    q.on('e', (task) => void codes.push(task.resultCode));
    await q.enqueue({ url: '/vsbridge/x?k=bad', callback_event: 'e' });
    await q.enqueue({ url: '/vsbridge/x?k=bad2', silent: true, callback_event: 'e' });
    await q.enqueue({ url: '/vsbridge/x?k=enotfound', callback_event: 'e' });
    await q.enqueue({ url: '/vsbridge/x?k=html', callback_event: 'e' });
    await q.enqueue({ url: '/vsbridge/x?k=noresult', callback_event: 'e' });
    await until(() => codes.length >= 5);
    expect(codes).toEqual([400, 400, 'ENOTFOUND', 500, 500]);
    expect(notes).toEqual([
      'Bad sku',
      'Error with response - bad content-type!',
      'Unhandled error, wrong response format!',
    ]);
  });

  it('fails a task that needs a cart id while there is none, with the re-create message', async () => {
    const server = fakeServer();
    const { t, notes } = transport(server.fetch, { cartId: null });
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    q.configure(t);
    const codes: unknown[] = [];
    q.on('cart/pull', (task) => void codes.push([task.transmited, task.resultCode, task.result]));
    await q.enqueue({ url: '/vsbridge/cart/pull?cartId={{cartId}}', callback_event: 'cart/pull' });
    await settle();
    expect(server.seen).toHaveLength(0);
    expect(notes).toEqual([MISSING_CART_ID]);
    expect(codes).toEqual([[true, 400, MISSING_CART_ID]]);
  });

  it('refreshes the token on a 401 and sends again with the new one', async () => {
    const server = fakeServer((_url, init) => {
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new' ? ok('fine') : ok('expired', 401, 401);
    });
    const refresh = vi.fn(async () => 'new');
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    q.configure(transport(server.fetch, { token: 'old', refresh }).t);
    const results: unknown[] = [];
    q.on('e', (task) => void results.push(task.result));
    await q.enqueue({ url: '/vsbridge/user/me', callback_event: 'e' });
    await settle();
    expect(refresh).toHaveBeenCalledWith('old');
    expect(server.seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(results).toEqual(['fine']);
  });

  it('holds a task requeued on server errors, and sends it once released', async () => {
    let down = true;
    const server = fakeServer(() => (down ? ok('boom', 500, 500) : ok({ orderNumber: '7' })));
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    q.configure(transport(server.fetch).t);
    const events: string[] = [];
    q.on('order', (_task, outcome) => void events.push(outcome.kind));
    await q.enqueue({
      task_id: 'k1',
      url: '/vsbridge/order/create',
      payload: {},
      requeueOnServerError: true,
      keep: true,
      callback_event: 'order',
    });
    await settle();
    expect(events).toEqual(['held']);
    expect(await q.get('k1')).toMatchObject({ transmited: false, hold: true });
    down = false;
    await q.process();
    await settle();
    expect(server.seen).toHaveLength(1);
    const release = q.release('k1');
    await settle();
    await release;
    expect(events).toEqual(['held', 'ok']);
    expect(await q.get('k1')).toMatchObject({ transmited: true, resultCode: 200 });
  });
});

describe('exactly once per task id', () => {
  it('two tabs processing the same queue send every task once', async () => {
    const server = fakeServer();
    const tabA = createSyncQueue({ lock: leaseLock({ pollMs: 7 }), channelName: null });
    const tabB = createSyncQueue({ lock: leaseLock({ pollMs: 7 }), channelName: null });
    for (let i = 0; i < 6; i++)
      await (i % 2 ? tabA : tabB).enqueue({ task_id: `t${i}`, url: `/vsbridge/x?i=${i}` });
    tabA.configure(transport(server.fetch).t);
    tabB.configure(transport(server.fetch).t);
    void tabA.process();
    void tabB.process();
    void tabA.process();
    await until(() => server.seen.length >= 6);
    await settle(100);
    expect(server.seen.map((s) => s.url.searchParams.get('i'))).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(server.maxInFlight()).toBe(1);
  });

  it('an id queued twice (two tabs, a reload, a retry) is sent once, also after it was removed', async () => {
    const server = fakeServer();
    const before = createSyncQueue({ lock: leaseLock(), channelName: null });
    await before.enqueue({ task_id: 'same', url: '/vsbridge/x' });
    await before.enqueue({ task_id: 'same', url: '/vsbridge/x' });
    // "reload": a new queue over the same device storage
    const after = createSyncQueue({ lock: leaseLock(), channelName: null });
    after.configure(transport(server.fetch).t);
    await after.enqueue({ task_id: 'same', url: '/vsbridge/x' });
    await settle();
    await after.enqueue({ task_id: 'same', url: '/vsbridge/x' });
    await settle();
    expect(server.seen).toHaveLength(1);
    // the id is forgotten only after TOMBSTONE_TTL_MS
    await vi.advanceTimersByTimeAsync(TOMBSTONE_TTL_MS + 1);
    await after.process();
    await after.enqueue({ task_id: 'same', url: '/vsbridge/x' });
    await settle();
    expect(server.seen).toHaveLength(2);
  });

  it('a refused kept task may be forgotten and sent again; an accepted one never', async () => {
    let refuse = true;
    const server = fakeServer(() =>
      refuse ? ok('Some of the ordered products are not available!', 400, 400) : ok('done'),
    );
    const q = createSyncQueue({ lock: leaseLock(), channelName: null });
    q.configure(transport(server.fetch).t);
    await q.enqueue({ task_id: 'o1', url: '/vsbridge/order/create', payload: {}, keep: true });
    await until(async () => (await q.get('o1'))?.transmited === true);
    expect(await q.get('o1')).toMatchObject({ resultCode: 400 });
    await q.forgetFailed('o1');
    refuse = false;
    await q.enqueue({ task_id: 'o1', url: '/vsbridge/order/create', payload: {}, keep: true });
    await until(async () => (await q.get('o1'))?.resultCode === 200);
    await q.forgetFailed('o1');
    await q.enqueue({ task_id: 'o1', url: '/vsbridge/order/create', payload: {}, keep: true });
    await settle();
    expect(server.seen).toHaveLength(2);
    expect(await q.get('o1')).toMatchObject({ transmited: true, resultCode: 200 });
    // kept tasks are dropped after TOMBSTONE_TTL_MS
    await vi.advanceTimersByTimeAsync(TOMBSTONE_TTL_MS + 1);
    await q.process();
    expect(await q.get('o1')).toBeNull();
  });

  it('a lease left by a tab that died expires after its TTL', async () => {
    const server = fakeServer();
    await idbUpdate('lease:vitrina:sync-queue', () => ({ owner: 'dead-tab', until: Date.now() + 10_000 }));
    const q = createSyncQueue({ lock: leaseLock({ ttlMs: 10_000, pollMs: 100 }), channelName: null });
    q.configure(transport(server.fetch).t);
    await q.enqueue({ url: '/vsbridge/x' });
    await vi.advanceTimersByTimeAsync(9_000);
    await settle(50);
    expect(server.seen).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => server.seen.length > 0);
    expect(server.seen).toHaveLength(1);
  });
});
