import { useEffect, useState } from 'react';
import type { PickupPoint } from '../../../lib/types';
import { checkout, updateCheckout } from '../../../state/checkout';
import { chosenPointOf } from '../rules/pickup-points';
import type { CheckoutSession } from './use-checkout-session';

/**
 * The pickup points of the chosen parcel-locker or store carrier, in the cart's country (the
 * methods' request told the cart the country). One point (the shop's own store) is chosen for the
 * shopper, shown with its hours.
 */
export function usePickupPoints(
  { api, cartToken, failed }: CheckoutSession,
  { needed, carrier, country }: { needed: boolean; carrier: string | null; country: string | null },
): PickupPoint[] {
  const [pickup, setPickup] = useState<{ key: string; list: PickupPoint[] } | null>(null);
  const key = `${carrier ?? ''}/${country ?? ''}`;
  useEffect(() => {
    if (!needed || !carrier || !cartToken || pickup?.key === key) return;
    let live = true;
    api
      .pickupPoints(carrier, cartToken)
      .then((list) => {
        if (!live) return;
        setPickup({ key, list });
        const only = list.length === 1 ? list[0] : undefined;
        const current = checkout.get().pickupPoint;
        if (only && current?.id !== only.id) updateCheckout({ pickupPoint: chosenPointOf(only) });
      })
      .catch((err: unknown) => live && failed(err));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needed, key, cartToken]);
  // the points of another carrier or country are not offered
  return pickup?.key === key ? pickup.list : [];
}
