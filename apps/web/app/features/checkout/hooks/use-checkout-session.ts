import { isVirtualCart } from '@vitrina/domain';
import { useState } from 'react';
import { useCheckoutT, type CheckoutTranslator } from '../../../i18n/checkout';
import type { Api } from '../../../api-client/api';
import { useApi } from '../../../api-client/use-api';
import { useCart, type CartState } from '../../../state/cart';
import { useCheckout, type CheckoutState } from '../../../state/checkout';
import { notify } from '../../../state/notifications';
import { isLoggedIn, useUser } from '../../../state/user';
import { failureMessage } from '../rules/failure-message';
import type { Step } from '../rules/steps';

/**
 * What every step's hook shares: the cart and the checkout details (the stores), the step open,
 * and the one busy flag (one request of the checkout at a time: every step's button waits on it).
 */
export interface CheckoutSession {
  t: CheckoutTranslator;
  api: Api;
  cartState: CartState;
  details: CheckoutState;
  /** the server cart's id (null: a cart filled offline, not connected yet) */
  cartToken: string | null;
  /** nothing to ship */
  virtual: boolean;
  loggedIn: boolean;
  step: Step;
  goTo: (step: Step) => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  /** tells the shopper a call failed (rules/failure-message.ts) */
  failed: (err: unknown) => void;
}

export function useCheckoutSession(): CheckoutSession {
  const t = useCheckoutT();
  const api = useApi();
  const cartState = useCart();
  const details = useCheckout();
  const loggedIn = useUser(isLoggedIn);
  const [step, goTo] = useState<Step>('personal');
  const [busy, setBusy] = useState(false);
  return {
    t,
    api,
    cartState,
    details,
    cartToken: cartState.cartServerToken,
    virtual: isVirtualCart(cartState.items),
    loggedIn,
    step,
    goTo,
    busy,
    setBusy,
    failed: (err) => notify({ type: 'error', message: failureMessage(t, err) }),
  };
}
