/**
 * The customer group's prices of the products visible on the page (accounts-checkout-routes.md §3
 * "User": groupToken, groupId; §6 "Group id and group token drive price tiers when enabled";
 * "After login or a group change, visible prices are refreshed through the render list").
 *
 * Server-rendered pages are always priced at the base price: their HTML and route data are shared
 * (and cached by the service worker and the server) by every visitor, so they cannot carry one
 * customer's tier. In the browser, every price on the page registers its sku here; with a group
 * token, the registered skus are re-priced through the render list and the prices show the tier.
 * On logout (no group token) the tier prices are dropped and the base prices show again.
 */
import { useEffect } from 'react';
import type { Product } from '../lib/types';
import { createStore, useStore } from './store';

/** a price of the group's tier, cents incl. tax */
export interface TierPrice {
  final: number;
  /** the tier's reference of an announced reduction (the lowest of the 30 days before it), else null */
  reference: number | null;
}

export interface GroupPricesState {
  /** the group token the prices are for (null: base prices) */
  groupToken: string | null;
  /** sku (a configurable child's too) → its tier price */
  prices: Record<string, TierPrice>;
}

/** the render list is asked for this many skus at a time (the URL stays short) */
export const RENDER_LIST_BATCH = 50;

export type RenderList = (skus: string[]) => Promise<Product[]>;

export function createGroupPrices() {
  const store = createStore<GroupPricesState>({ groupToken: null, prices: {} });
  /** registered price elements: sku → the sku the render list is asked for (a child: its parent), count */
  const registered = new Map<string, { query: string; count: number }>();
  const listeners = new Set<() => void>();
  let generation = 0;

  const pricesOf = (items: Product[]) => {
    const out: Record<string, TierPrice> = {};
    const put = (doc: {
      sku: string;
      final_price_incl_tax?: number;
      reference_price_incl_tax?: number | null;
    }) => {
      if (typeof doc.final_price_incl_tax === 'number')
        out[doc.sku] = { final: doc.final_price_incl_tax, reference: doc.reference_price_incl_tax ?? null };
    };
    for (const item of items) {
      put(item);
      for (const child of item.configurable_children ?? []) put(child);
    }
    return out;
  };

  return {
    store,
    /** a price element shows `sku` (asked for as `querySku`, a child's parent); answers its unregister */
    register(sku: string, querySku = sku): () => void {
      const entry = registered.get(sku);
      if (entry) entry.count++;
      else registered.set(sku, { query: querySku, count: 1 });
      for (const l of listeners) l();
      return () => {
        const e = registered.get(sku);
        if (e && --e.count <= 0) registered.delete(sku);
      };
    },
    /** called when a price element registers */
    onRegister(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** the skus to ask the render list for: all registered, or only those without a tier price yet */
    querySkus(onlyMissing = false): string[] {
      const { prices } = store.get();
      const out = new Set<string>();
      for (const [sku, e] of registered) if (!onlyMissing || !prices[sku]) out.add(e.query);
      return [...out];
    },
    /**
     * Re-prices the registered skus for `groupToken` through `renderList` (null: back to the base
     * prices). A refresh overtaken by a later one (another group, logout) is dropped.
     */
    async refresh(renderList: RenderList, groupToken: string | null, onlyMissing = false): Promise<void> {
      const mine = ++generation;
      if (!groupToken) {
        store.set({ groupToken: null, prices: {} });
        return;
      }
      const same = store.get().groupToken === groupToken;
      const skus = this.querySkus(onlyMissing && same);
      const prices: Record<string, TierPrice> = same ? { ...store.get().prices } : {};
      for (let i = 0; i < skus.length; i += RENDER_LIST_BATCH)
        Object.assign(prices, pricesOf(await renderList(skus.slice(i, i + RENDER_LIST_BATCH))));
      if (mine !== generation) return;
      store.set({ groupToken, prices });
    },
  };
}

export type GroupPrices = ReturnType<typeof createGroupPrices>;

/** the app's visible prices */
export const groupPrices = createGroupPrices();

/**
 * The tier price of `sku` while a group token is set (undefined: show the page's base price). The
 * element registers while mounted, so a refresh re-prices it.
 */
export function useGroupPrice(
  sku: string | null | undefined,
  querySku?: string | null,
  prices: GroupPrices = groupPrices,
): TierPrice | undefined {
  useEffect(() => (sku ? prices.register(sku, querySku ?? sku) : undefined), [sku, querySku, prices]);
  return useStore(prices.store, (s) => (sku ? s.prices[sku] : undefined));
}

/**
 * The tier prices of several skus shown together (the linked products of a grouped or bundle
 * product: each row's price and the total follow the tier), registered while mounted like
 * `useGroupPrice`. Answers the whole sku → tier price map (a stable object between refreshes):
 * look a sku up in it; a sku without an entry shows its base price.
 */
export function useGroupPrices(
  skus: readonly string[],
  prices: GroupPrices = groupPrices,
): Readonly<Record<string, TierPrice>> {
  const key = [...new Set(skus)].join(',');
  useEffect(() => {
    if (!key) return;
    const offs = key.split(',').map((sku) => prices.register(sku));
    return () => {
      for (const off of offs) off();
    };
  }, [key, prices]);
  return useStore(prices.store, (s) => s.prices);
}

/**
 * Keeps the visible prices at the customer's tier: after login or a group change (a new group
 * token) every registered price is re-priced through the render list; prices that appear later
 * (another page, a listing loading more) are priced when they register; no token (logout): base.
 */
export function useGroupPriceRefresh(
  renderList: RenderList,
  groupToken: string | null,
  prices: GroupPrices = groupPrices,
) {
  useEffect(() => {
    const fail = (e: unknown) => console.error('group prices', e);
    void prices.refresh(renderList, groupToken).catch(fail);
    if (!groupToken) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = prices.onRegister(() => {
      if (timer) return;
      // one request for the prices of a page's render, not one per price element
      timer = setTimeout(() => {
        timer = null;
        void prices.refresh(renderList, groupToken, true).catch(fail);
      }, 50);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [renderList, groupToken, prices]);
}
