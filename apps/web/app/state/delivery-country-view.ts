/**
 * The delivery country the shopper gave in the checkout, for pages that only read it (the product
 * page's and the delivery page's delivery figures). It is read from what the checkout saved on the
 * device and from the checkout's messages to other tabs, and the checkout's own store tells it of
 * this tab's changes: the product page shows its figures without loading the checkout's state and
 * its rules (about 3.5 KiB gzip of every product page's first load).
 */
import { DEFAULT_COUNTRY, IN_CHECKOUT_WINDOW_MS } from '@vitrina/domain';
import { idbGet } from '../lib/idb';
import type { ShippingDetails } from './checkout';
import { createStore, useStore, type Store } from './store';

/** the checkout's key on the device and its channel to other tabs (state/checkout.ts) */
export const CHECKOUT_KEY = 'checkout';

type TypedAddress = Pick<ShippingDetails, 'country' | 'streetAddress' | 'city' | 'zipCode'>;

/**
 * The delivery country the shopper gave: a country other than the default chosen in the checkout's
 * shipping details, or the default one with an address typed there; null while nothing says so.
 */
export function knownDeliveryCountry(shipping: TypedAddress): string | null {
  const country = shipping.country?.trim().toUpperCase();
  if (!country) return null;
  if (country !== DEFAULT_COUNTRY) return country;
  const typed = [shipping.streetAddress, shipping.city, shipping.zipCode].some(
    (v) => (v ?? '').trim() !== '',
  );
  return typed ? country : null;
}

/**
 * Spec §4 "Checkout": details saved more than 30 minutes before are not restored. A saved checkout
 * without a time (written before modifiedAt existed) is restored as it is.
 */
export function detailsRestorable(modifiedAt: number | null, now = Date.now()): boolean {
  return modifiedAt === null || modifiedAt === 0 || now - modifiedAt < IN_CHECKOUT_WINDOW_MS;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** the country a saved (or another tab's) checkout names, by the checkout's own restore rule */
export function deliveryCountryOfSaved(saved: unknown): string | null {
  if (!saved || typeof saved !== 'object') return null;
  const { shippingDetails, modifiedAt } = saved as { shippingDetails?: unknown; modifiedAt?: unknown };
  if (!detailsRestorable(typeof modifiedAt === 'number' ? modifiedAt : null)) return null;
  const s = (shippingDetails && typeof shippingDetails === 'object' ? shippingDetails : {}) as Record<
    string,
    unknown
  >;
  return knownDeliveryCountry({
    country: text(s.country),
    streetAddress: text(s.streetAddress),
    city: text(s.city),
    zipCode: text(s.zipCode),
  });
}

/** set by the checkout's store in this tab, and from the device and other tabs here */
const deliveryCountry = createStore<string | null>(null);
/** what the pages read (the checkout alone sets it, through followCheckout) */
export const deliveryCountryView: Pick<Store<string | null>, 'get' | 'subscribe'> = deliveryCountry;
/** once this tab's checkout has told its state, the device's (read before it) is older */
let toldByCheckout = false;

/** the checkout's store in this tab, once it has read the device and at every change */
export function followCheckout(shipping: TypedAddress): void {
  toldByCheckout = true;
  deliveryCountry.set(knownDeliveryCountry(shipping));
}

/** resolves once the device's saved checkout has been read (at once outside a browser) */
export const deviceRead: Promise<void> =
  typeof window === 'undefined'
    ? Promise.resolve()
    : idbGet(CHECKOUT_KEY).then(
        (saved) => {
          if (saved !== undefined && !toldByCheckout) deliveryCountry.set(deliveryCountryOfSaved(saved));
        },
        () => undefined,
      );

// another tab's checkout (this tab's own comes too, and says what followCheckout has said)
if (typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined') {
  new BroadcastChannel(`vitrina:${CHECKOUT_KEY}`).onmessage = (e: MessageEvent) =>
    deliveryCountry.set(deliveryCountryOfSaved(e.data));
}

export function useKnownDeliveryCountry(): string | null {
  return useStore(deliveryCountry);
}
