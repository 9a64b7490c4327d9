/**
 * The checkout's methods cached on the device: while online the shipping and
 * payment methods of every delivery country, with their fees, are kept (`GET /shop/checkout-options`),
 * so that a cart filled entirely offline can still go through checkout and queue its order. They
 * are for the estimate and the choice only: the order is priced by the server when it is sent.
 */
import { useEffect, useState } from 'react';
import { currentBrowserApi, type Api } from '../api-client/api';
import type { CheckoutOptions, PaymentMethod, ShippingMethod } from '../lib/types';
import { idbGet, idbSet } from '../lib/idb';

export type CountryOptions = CheckoutOptions['options'][number];
export type CachedShippingMethod = CountryOptions['shipping_methods'][number];

export interface CachedCheckoutOptions {
  fetchedAt: number;
  options: CountryOptions[];
}

const keyOf = (storeCode: string) => `checkout-options:${storeCode}`;

export interface CheckoutOptionsRefresh {
  /**
   * The API client asked for the methods (default: the browser's client for the store view shown
   * now, api-client/api.ts `currentBrowserApi`), so callers do not pass one.
   */
  api?: () => Api;
  now?: number;
}

/** Asks the shop for the methods of this store view and keeps them on the device (online only). */
export async function refreshCheckoutOptions(
  opts: CheckoutOptionsRefresh = {},
): Promise<CachedCheckoutOptions> {
  const api = (opts.api ?? currentBrowserApi)();
  const now = opts.now ?? Date.now();
  const { options } = await api.checkoutOptions();
  const cached = { fetchedAt: now, options };
  await idbSet(keyOf(api.storeCode), cached);
  return cached;
}

/** The methods kept on the device for this store view, or null when none were ever fetched. */
export async function readCheckoutOptions(storeCode: string): Promise<CachedCheckoutOptions | null> {
  const raw = await idbGet<CachedCheckoutOptions>(keyOf(storeCode));
  return raw && Array.isArray(raw.options) ? raw : null;
}

/** The cached methods (undefined while read, null when the device has none). */
export function useCachedCheckoutOptions(storeCode: string): CachedCheckoutOptions | null | undefined {
  const [value, setValue] = useState<CachedCheckoutOptions | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void readCheckoutOptions(storeCode).then((x) => live && setValue(x));
    return () => {
      live = false;
    };
  }, [storeCode]);
  return value;
}

/**
 * What an offline checkout may offer for a delivery country: the shipping methods without a pickup
 * point (the points are looked up on the server with the cart) and every payment method (a
 * provider's page, NEOPAY or MOKILIZINGAS, opens once the queued order is sent, as for any queued order).
 */
export function offlineMethodsFor(
  cached: CachedCheckoutOptions | null | undefined,
  country: string,
): { shipping: CachedShippingMethod[]; payments: PaymentMethod[] } | null {
  const found = cached?.options.find((o) => o.country_id === country);
  if (!found) return null;
  return {
    shipping: found.shipping_methods.filter((m: ShippingMethod) => !m.needs_pickup_point),
    payments: found.payment_methods,
  };
}
