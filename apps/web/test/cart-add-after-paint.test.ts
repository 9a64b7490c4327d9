// @vitest-environment node
/**
 * An add's click answers with the cart's count; what does not change the screen waits for its paint
 * (state/store.ts `writeAfterPaint`, state/cart/store.ts `add`): the device's write and the other
 * tabs' broadcast, the sync's cross-tab lock and its requests. The line is still written: a task
 * later (where no frame comes, as here: a posted task), and at once when the sync reads the device.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Api } from '../app/api-client/api';
import type { CartStore, createCartStore as CreateCartStore } from '../app/state/cart';
import type { createCartBase as CreateCartBase } from '../app/state/cart/base';
import type { underSyncLock as UnderSyncLock } from '../app/state/cart/sync/context';
import type { inProcessLock as InProcessLock } from '../app/sync/lock';

let createCartStore: typeof CreateCartStore;
let createCartBase: typeof CreateCartBase;
let idbGet: (key: string) => Promise<unknown>;
let underSyncLock: typeof UnderSyncLock;
let inProcessLock: typeof InProcessLock;
const opened: CartStore[] = [];

beforeAll(async () => {
  // store.ts persists and broadcasts only "in a browser": it must see a window before it loads
  (globalThis as { window?: unknown }).window ??= globalThis;
  ({ createCartStore } = await import('../app/state/cart'));
  ({ idbGet } = await import('../app/lib/idb'));
  ({ createCartBase } = await import('../app/state/cart/base'));
  ({ underSyncLock } = await import('../app/state/cart/sync/context'));
  ({ inProcessLock } = await import('../app/sync/lock'));
});
afterEach(() => {
  for (const cart of opened.splice(0)) cart.store.close();
  vi.restoreAllMocks();
});

/** the microtasks the click's task runs after its handler: the add's promise chain, not a new task */
async function sameTask() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

describe("an add's click", () => {
  it('puts the line in the cart in its own task; the write, the broadcast and the lock come after', async () => {
    const key = 'cart-add-after-paint';
    const locks: string[] = [];
    const cart = createCartStore({
      persistKey: key,
      online: () => true,
      // the sync itself is not this test's: the lock is asked for and never given
      lock: (name) => {
        locks.push(name);
        return new Promise(() => undefined);
      },
      api: () => ({}) as Api,
    });
    opened.push(cart);
    await cart.store.ready;
    const writes = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const shared = vi.spyOn(BroadcastChannel.prototype, 'postMessage');

    void cart.add({ sku: 'PHN-2001', qty: 1, name: 'PHN-2001', price: 6050 });
    await sameTask();
    expect(cart.store.get().items.map((i) => i.sku)).toEqual(['PHN-2001']);
    expect(writes).not.toHaveBeenCalled();
    expect(shared).not.toHaveBeenCalled();
    expect(locks).toEqual([]);

    await vi.waitFor(() => expect(locks).toHaveLength(1));
    expect(shared).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () =>
      expect(((await idbGet(key)) as { items: { sku: string }[] }).items.map((i) => i.sku)).toEqual([
        'PHN-2001',
      ]),
    );
  });

  it("keeps a line whose write still waits when the sync reads the device's cart under its lock", async () => {
    const key = 'cart-adopt-after-paint';
    const base = createCartBase({ persistKey: key });
    await base.store.ready;
    const line = (sku: string) => ({ sku, qty: 1, name: sku, price: 1000 });
    base.replaceItem(line('PHN-2001'), line('PHN-2001'));
    await vi.waitFor(async () => expect(await idbGet(key)).toBeTruthy());
    // the second add's write waits for the paint; the sync starts before it
    base.replaceItem(line('ACC-3002'), line('ACC-3002'));
    await base.adoptPersisted();
    expect(base.store.get().items.map((i) => i.sku)).toEqual(['PHN-2001', 'ACC-3002']);
    base.store.close();
  });

  it("leaves the sync's result on the device before the lock goes to the next tab", async () => {
    const key = 'cart-result-before-unlock';
    const base = createCartBase({ persistKey: key });
    await base.store.ready;
    const ctx = { base, online: () => true, lock: inProcessLock() };
    const line = { sku: 'PHN-2001', qty: 1, name: 'PHN-2001', price: 1000 };
    // a sync's last change waits for the paint like any other; the next tab reads the device at once
    await underSyncLock(ctx, async () => base.replaceItem(line, line));
    expect(((await idbGet(key)) as { items: { sku: string }[] }).items.map((i) => i.sku)).toEqual([
      'PHN-2001',
    ]);
    base.store.close();
  });
});
