// @vitest-environment node
/**
 * A cart cleared in one tab (an order placed, a logout) stays cleared when another tab's sync, begun
 * before the clear, ends after it and before the clear's broadcast reaches that tab. Without a rule
 * for which of the two is newer, the other tab's write landed last on the device and came back to
 * both tabs: the ordered lines were in the cart again (seen once in the offline-order journey, where
 * both tabs come back online at once). The cart carries a generation that a clear raises; a write or
 * a broadcast of a lower generation than the device's is not taken (state/store.ts `generationOf`).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../app/api-client/api';
import type { CartStore, createCartStore as CreateCartStore } from '../app/state/cart';
import { startRealShop, type RealShop } from './support/real-shop';

let createCartStore: typeof CreateCartStore;
let idbGet: (key: string) => Promise<unknown>;
let shop: RealShop;

beforeAll(async () => {
  shop = await startRealShop(); // before `window` exists: PGlite would take itself for a browser
  (globalThis as { window?: unknown }).window ??= globalThis;
  ({ createCartStore } = await import('../app/state/cart'));
  ({ idbGet } = await import('../app/lib/idb'));
});
afterAll(async () => shop?.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** The guest API whose cart pull, once answered, waits for `release()` before the tab sees it. */
function heldPull(api: Api) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const parked = new Promise<void>((resolve) => (reached = resolve));
  const held: Api = {
    ...api,
    cart: {
      ...api.cart,
      pull: async (cartId: string) => {
        const lines = await api.cart.pull(cartId);
        reached();
        await gate;
        return lines;
      },
    },
  };
  return { api: held, parked, release: open };
}

describe('a cart cleared in one tab while another tab syncs', () => {
  it('stays cleared on the device and in both tabs', async () => {
    const key = 'cart-clear-across-tabs';
    const guest = shop.guestApi();
    const held = heldPull(shop.guestApi());
    const tabs: CartStore[] = [];
    const a = createCartStore({ persistKey: key, api: () => guest });
    tabs.push(a);
    await a.store.ready;
    await a.add({ sku: 'PHN-2001', qty: 1, name: 'PHN-2001', price: 100 });
    const token = a.store.get().cartServerToken;
    expect(token).toBeTruthy();

    const b = createCartStore({ persistKey: key, api: () => held.api });
    tabs.push(b);
    await b.store.ready;
    await settle();
    expect(b.store.get().cartServerToken).toBe(token);

    try {
      // another device adds a line, so tab B's sync will take it into its cart (a write of B's)
      await guest.cart.update(token!, { sku: 'ACC-3002', qty: 1 });
      const syncing = b.sync({ force: true, stock: false });
      await held.parked;

      // tab A clears (the order is placed there); B's pull answers before A's broadcast reaches it
      a.clear();
      held.release();
      await syncing.catch(() => undefined);
      await settle();

      const stored = (await idbGet(key)) as { items: unknown[]; cartServerToken: string | null };
      expect(stored.items).toEqual([]);
      expect(stored.cartServerToken).toBeNull();
      for (const tab of tabs) {
        expect(tab.store.get().items).toEqual([]);
        expect(tab.store.get().cartServerToken).toBeNull();
      }
    } finally {
      for (const tab of tabs) tab.store.close();
    }
  });
});
