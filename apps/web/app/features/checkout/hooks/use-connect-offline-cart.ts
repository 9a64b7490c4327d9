import { useEffect } from 'react';
import { useOnline } from '../../../pwa/connection';
import { cart } from '../../../state/cart';
import type { CheckoutSession } from './use-checkout-session';

/**
 * A cart filled offline has no server cart yet: online, it is connected now
 * (the sync creates the server cart and sends its lines) instead of the checkout calling it empty.
 * Returns whether the browser is online.
 */
export function useConnectOfflineCart({ cartState, failed }: CheckoutSession): boolean {
  const online = useOnline();
  const unconnected = cartState.loaded && cartState.items.length > 0 && !cartState.cartServerToken;
  useEffect(() => {
    if (unconnected && online) cart.sync().catch((err: unknown) => failed(err));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unconnected, online]);
  return online;
}
