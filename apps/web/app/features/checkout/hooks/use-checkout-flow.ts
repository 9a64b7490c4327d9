import { useCachedCheckoutOptions } from '../../../state/checkout-options';
import { reviewEstimate } from '../rules/order-payload';
import { checkoutScreen } from '../rules/steps';
import { useCheckoutSession } from './use-checkout-session';
import { useConnectOfflineCart } from './use-connect-offline-cart';
import { useDeliveryStep } from './use-delivery-step';
import { usePaymentMethods } from './use-payment-methods';
import { usePaymentStep } from './use-payment-step';
import { usePersonalStep } from './use-personal-step';
import { usePlaceOrder } from './use-place-order';
import { useQueuedOrder } from './use-queued-order';

/**
 * The checkout's view model (the "talon" of features/checkout/Checkout.tsx): what /checkout shows
 * (rules/steps.ts checkoutScreen), the step open and each step's state and actions. The components
 * only render it. The hooks run in the order their requests should go out: the queued order, the
 * cached methods, the delivery methods and pickup points, NEOPAY's banks, the offline cart's sync.
 */
export function useCheckoutFlow() {
  const session = useCheckoutSession();
  const { t, cartState, details, cartToken, virtual } = session;
  const queued = useQueuedOrder(details.queuedOrderId);
  // the methods cached while online: a cart filled offline goes through checkout with them
  const cachedOptions = useCachedCheckoutOptions(t.storeCode);
  const payments = usePaymentMethods(session);
  const delivery = useDeliveryStep(session, cachedOptions, payments);
  const payment = usePaymentStep(session, payments);
  const online = useConnectOfflineCart(session);
  const screen = checkoutScreen({
    queuedOrderId: queued.queuedId,
    cartLoaded: cartState.loaded,
    itemCount: cartState.items.length,
    cartToken,
    online,
    syncDisabled: cartState.syncDisabled,
    hasCachedOptions: Boolean(cachedOptions),
  });
  // a cart filled offline: what the shopper is told to expect, from the prices last seen
  const estimate =
    screen === 'steps' && !cartToken
      ? reviewEstimate(
          cartState.items,
          virtual ? null : delivery.chosenShipping,
          payments.chosen?.cost_incl_tax ?? 0,
        )
      : null;
  const review = usePlaceOrder(session, delivery, payments, estimate);
  const personal = usePersonalStep(session);
  return {
    screen,
    queued,
    online,
    /** undefined: the cached methods are still read from the device */
    cachedOptions,
    cart: cartState,
    step: session.step,
    goTo: session.goTo,
    busy: session.busy,
    personal,
    delivery,
    payment,
    review,
  };
}

export type CheckoutFlow = ReturnType<typeof useCheckoutFlow>;
