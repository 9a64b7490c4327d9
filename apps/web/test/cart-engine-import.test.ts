// @vitest-environment node
/**
 * The cart engine (state/cart.ts) is loaded ahead of need, when the browser is idle on a page with an
 * add-to-cart button (state/cart-view.ts `preloadCartEngine`): loading its module must start nothing
 * (no sync queue, no request, no channel to other tabs). Asking for the engine (an add) starts the
 * sync queue (root.tsx waits for `enginesWanted`), and an add made while the preload is still under
 * way waits for that same load and is applied.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CartView from '../app/state/cart-view';

const requests: string[] = [];
const channels: string[] = [];
const realFetch = globalThis.fetch;
const RealChannel = globalThis.BroadcastChannel;

beforeAll(() => {
  (globalThis as { window?: unknown }).window ??= globalThis;
  // online: an engine that started would ask the server at once
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: true } });
  globalThis.fetch = ((input: string | URL | Request) => {
    requests.push(String(input instanceof Request ? input.url : input));
    return Promise.reject(new Error('no server in this test'));
  }) as typeof fetch;
  globalThis.BroadcastChannel = class extends RealChannel {
    constructor(name: string) {
      super(name);
      channels.push(name);
      // the test's process ends with its channels open otherwise
      this.close();
    }
  };
});

afterAll(() => {
  globalThis.fetch = realFetch;
  globalThis.BroadcastChannel = RealChannel;
});

/** a fresh page: the modules evaluated anew (the device's IndexedDB is kept) */
async function freshView(): Promise<{ view: typeof CartView; wanted: () => boolean }> {
  vi.resetModules();
  const view = await import('../app/state/cart-view');
  let wanted = false;
  void view.enginesWanted.then(() => (wanted = true));
  await view.cartBase.store.ready;
  return { view, wanted: () => wanted };
}

/** every job queued by a module's evaluation has run */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('loading the cart engine starts nothing', () => {
  beforeEach(() => {
    requests.length = 0;
    channels.length = 0;
  });

  it('importing state/cart.ts asks for no engine, no request and no channel', async () => {
    const { view, wanted } = await freshView();
    channels.length = 0;
    const { cart } = await import('../app/state/cart');
    await settled();
    expect(cart.store).toBe(view.cartBase.store);
    expect(wanted()).toBe(false);
    expect(requests).toEqual([]);
    expect(channels).toEqual([]);
  });

  it('the preload loads the engine and starts nothing; the add then starts the sync queue', async () => {
    const { view, wanted } = await freshView();
    await view.preloadCartEngine();
    await settled();
    expect(wanted()).toBe(false);
    expect(requests).toEqual([]);
    const { cart } = await import('../app/state/cart');
    expect(await view.loadCart()).toBe(cart);
    await settled();
    expect(wanted()).toBe(true);
  });

  it('what waits for the add (the sync queue, root.tsx) resumes once the add is done', async () => {
    Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: false } });
    try {
      const { view } = await freshView();
      const adding = view.addToCart({ sku: 'TAB-4', qty: 1, name: 'Tablet', price: 30000 });
      await view.cartSettled();
      // settled: the add's job has run (the line is on the device), whatever the order of the promises
      expect(view.cartState().items.map((i) => i.sku)).toContain('TAB-4');
      await adding;
    } finally {
      Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: true } });
    }
  });

  it('an add made while the preload is under way waits for it and is applied', async () => {
    Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: false } });
    try {
      const { view, wanted } = await freshView();
      const before = view.cartState().items.length;
      const preload = view.preloadCartEngine();
      await view.addToCart({ sku: 'CAM-3', qty: 1, name: 'Camera', price: 25000 });
      await preload;
      expect(view.cartState().items.slice(before).map((i) => [i.sku, i.qty])).toEqual([['CAM-3', 1]]);
      expect(wanted()).toBe(true);
    } finally {
      Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: true } });
    }
  });
});
