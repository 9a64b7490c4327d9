import { useEffect, useState } from 'react';
import type { ShippingMethod } from '../../../lib/types';
import { checkout, updateCheckout } from '../../../state/checkout';
import { offlineMethodsFor, type CachedCheckoutOptions } from '../../../state/checkout-options';
import { defaultShippingMethod, keepsShippingMethod } from '../rules/shipping-methods';
import type { CheckoutSession } from './use-checkout-session';

/** The delivery methods offered for a country (asked first: they decide which fields are needed). */
export interface OfferedShippingMethods {
  forCountry: string;
  list: ShippingMethod[];
}

/**
 * The delivery methods of the delivery country: loaded as the delivery step opens (and again when
 * the country changes), the default one chosen unless the shopper's choice is among them.
 */
export function useShippingMethods(
  { api, cartToken, details, step, virtual, failed }: CheckoutSession,
  cachedOptions: CachedCheckoutOptions | null | undefined,
) {
  const [methods, setMethods] = useState<OfferedShippingMethods | null>(null);
  const country = details.shippingDetails.country;
  /**
   * The methods of a country (`POST /cart/shipping-methods`, which also tells the cart the
   * country), the default one chosen unless the shopper's choice is among them.
   */
  const loadMethods = async (forCountry: string): Promise<ShippingMethod[]> => {
    if (methods?.forCountry === forCountry) return methods.list;
    // a cart filled offline (no server id yet): the methods cached while online
    const found = (
      cartToken
        ? await api.cart.shippingMethods(cartToken, { countryId: forCountry })
        : (offlineMethodsFor(cachedOptions, forCountry)?.shipping ?? [])
    ).filter((m) => m.available !== false);
    setMethods({ forCountry, list: found });
    const chosen = checkout.get().shippingDetails.shippingMethod;
    if (!keepsShippingMethod(found, chosen)) {
      const next = defaultShippingMethod(found);
      updateCheckout({ shippingDetails: { ...checkout.get().shippingDetails, shippingMethod: next } });
    }
    return found;
  };
  // the delivery step opens with its methods (and again when the country changes)
  useEffect(() => {
    if (step !== 'shipping' || virtual || (!cartToken && !cachedOptions) || methods?.forCountry === country)
      return;
    let live = true;
    loadMethods(country).catch((err: unknown) => live && failed(err));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, virtual, cartToken, cachedOptions, country, methods?.forCountry]);
  return { methods, loadMethods };
}
