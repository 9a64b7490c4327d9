// @vitest-environment node
/**
 * Pages read the cart through state/cart-view.ts, and the engine (state/cart.ts) is loaded on
 * demand: the count comes from the device before the engine is there, an add made before it has
 * loaded waits for it and is applied (no lost click), and the engine works on the same state.
 */
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as CartView from '../app/state/cart-view';

let view: typeof CartView;

beforeAll(async () => {
  (globalThis as { window?: unknown }).window ??= globalThis;
  // offline: the engine keeps the line on the device without asking the server
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: false } });
  const { idbSet } = await import('../app/lib/idb');
  await idbSet('cart', {
    items: [{ sku: 'PHN-1', qty: 2, name: 'Phone', price: 10000 }],
    cartServerToken: null,
    generation: 0,
  });
  view = await import('../app/state/cart-view');
});

describe('the cart view and its engine on demand', () => {
  it('reads the persisted lines without the engine', async () => {
    await view.cartBase.store.ready;
    expect(view.cartState().items.map((i) => [i.sku, i.qty])).toEqual([['PHN-1', 2]]);
  });

  it('an add before the engine has loaded is applied once it has, on the same state', async () => {
    let wanted = false;
    void view.enginesWanted.then(() => (wanted = true));
    await view.addToCart({ sku: 'LAP-2', qty: 1, name: 'Laptop', price: 50000 });
    expect(view.cartState().items.map((i) => [i.sku, i.qty])).toEqual([
      ['PHN-1', 2],
      ['LAP-2', 1],
    ]);
    const { cart } = await import('../app/state/cart');
    expect(cart.store).toBe(view.cartBase.store);
    expect(await view.loadCart()).toBe(cart);
    // the sync queue is started once the engines are asked for (root.tsx)
    expect(wanted).toBe(true);
  });
});
