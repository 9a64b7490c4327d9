import { cartItemsCount, loadAllMessages } from '@vitrina/domain';
import { useEffect } from 'react';
import { idbEntries } from '../lib/idb';
import { whenIdle } from '../lib/idle';
import { onDemand } from '../lib/on-demand';
import { createCartBase } from './cart/base';
import type { CartItem, CartState } from './cart/model';
import { useStore } from './store';
import type { CartStore } from './cart/store';

/**
 * What every page needs of the cart before the shopper touches it: the persisted lines (their count
 * in the header, the total a cart-add notice names), read from the device as the page starts. The
 * engine that changes the cart and talks to the server (state/cart.ts: line editor, server sync,
 * stock sync, the sync queue) is a chunk of its own, loaded at the first cart action or when the
 * device holds something for it to do (root.tsx), not with every page: the same state object, so
 * the engine takes over what this module read. Loading the engine's module starts nothing (no sync,
 * no queue): pages with an add-to-cart button load it when the browser is idle after hydration
 * (`usePreloadCartEngine`), so the first add does not fetch and evaluate it inside the click.
 */
export const cartBase = createCartBase({ persistKey: 'cart' });

let engineLoaded = false;
const cartEngine = onDemand(() =>
  // with every message: what an add is told after it may name any (the cart's refusals, its totals)
  Promise.all([import('./cart'), loadAllMessages()]).then(([m]) => {
    engineLoaded = true;
    return m.cart;
  }),
);
/** Whether the engine's chunk is in: an add is then done on the device within the click. */
export function cartEngineLoaded(): boolean {
  return engineLoaded;
}
let wanted: () => void = () => {};
/** Resolves once a cart or account action asked for the engines (root.tsx starts the sync queue then). */
export const enginesWanted = new Promise<void>((resolve) => (wanted = resolve));
export function wantEngines(): void {
  wanted();
}

/** The cart engine; a first call loads its chunk (a failed load, offline without it cached, is asked again next time). */
export function loadCart(): Promise<CartStore> {
  wantEngines();
  return cartEngine();
}

/**
 * Loads the engine's chunk and starts nothing: asking for the engine (`loadCart`) is what starts the
 * sync queue. A failed load (offline without the chunk cached) is not reported: the add loads it again.
 */
export function preloadCartEngine(): Promise<void> {
  return cartEngine().then(
    () => undefined,
    () => undefined,
  );
}

let preloadAsked = false;
/**
 * For a part with an add-to-cart button: the engine loads when the browser is first idle after
 * hydration (effects run after it), once per page life. A click before it has loaded waits for the
 * same load (`addToCart`).
 */
export function usePreloadCartEngine(): void {
  useEffect(() => {
    if (preloadAsked) return;
    preloadAsked = true;
    whenIdle(() => void preloadCartEngine());
  }, []);
}

/**
 * Resolves when the cart's queued work (an add and the sync it owes) is done, or after `capMs` (a
 * server that does not answer): what can wait for the shopper's add (root.tsx's sync queue) waits for it.
 */
export function cartSettled(capMs = 5_000): Promise<void> {
  return loadCart().then(
    (c) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, capMs);
        void c.idle().then(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  );
}

/** Adds a line: a click before the engine's chunk arrived waits for it, then is applied. */
export function addToCart(item: CartItem): Promise<void> {
  return loadCart().then((c) => c.add(item));
}

export function cartState(): CartState {
  return cartBase.store.get();
}

/** Mini cart count: total quantity (domain rule). */
export function useCartCount(): number {
  return cartItemsCount(useStore(cartBase.store, (s) => s.items));
}

/** Whether the device holds queued sync tasks (a stock check, an order placed offline) to send. */
export async function hasQueuedTasks(): Promise<boolean> {
  const entries = await idbEntries<{ removed?: boolean }>('sync:task:');
  return entries.some(([, v]) => v.removed !== true);
}
