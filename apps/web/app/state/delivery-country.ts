/**
 * The shopper's delivery country once it is known, and the delivery figures for it. Shipping fees and
 * free-shipping thresholds are charged with the delivery country's VAT (the API's importRate): an Estonian shopper pays 4,09 € where a Lithuanian one pays 3,99 €. Until the country
 * is known the shop's own country's figures are shown, and named as such ("for Lithuania").
 */
import { useEffect, useState } from 'react';
import { useApi } from '../api-client/use-api';
import type { DeliveryOptions } from '../lib/types';
import { useKnownDeliveryCountry } from './delivery-country-view';

/**
 * The delivery options to show: the server's figures for the known country (asked once it differs
 * from the ones given), else the ones given (the store view's own country: the route's data).
 * `country_id` of the answer names the country the figures are for.
 */
export function useDeliveryOptionsFor(given: DeliveryOptions | null): DeliveryOptions | null {
  const api = useApi();
  const known = useKnownDeliveryCountry();
  const [fetched, setFetched] = useState<DeliveryOptions | null>(null);
  const wanted = known && given && known !== given.country_id ? known : null;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    api
      .deliveryOptions(wanted)
      .then((answer) => live && setFetched(answer))
      .catch((e: unknown) => console.error('delivery-options', e));
    return () => {
      live = false;
    };
  }, [api, wanted]);
  if (wanted && fetched?.country_id === wanted) return fetched;
  return given;
}
