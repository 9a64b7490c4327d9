import { cartHash, PAYMENT_NEOPAY, validateTermsAccepted, type OfflineEstimate } from '@vitrina/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { checkoutAddress, checkoutBillingAddress } from '../../../state/address-form';
import { ApiError } from '../../../api-client/api';
import { cart } from '../../../state/cart';
import {
  afterOrderPlaced,
  billingAddressOf,
  checkout,
  idempotencyKeyFor,
  updateCheckout,
} from '../../../state/checkout';
import { notify } from '../../../state/notifications';
import { queueOrder, rememberEstimate, shouldQueueOrder } from '../../../sync/offline-orders';
import { orderCompletedPath, orderPayload } from '../rules/order-payload';
import { canPlaceOrder, redirectsToProvider } from '../rules/payment-methods';
import type { CheckoutSession } from './use-checkout-session';
import type { DeliveryStepModel } from './use-delivery-step';
import type { PaymentMethodsChoice } from './use-payment-methods';

/**
 * The review step's "Place order": the purchase terms accepted, the order is sent (`POST /order`)
 * and the shopper taken to the thank-you page, or to the payment provider's page. Offline, or on a
 * server error, the order is queued on the device with its idempotency key as the task id, so it is
 * created exactly once whenever it is sent.
 */
export function usePlaceOrder(
  { t, api, cartState, details, cartToken, setBusy, failed }: CheckoutSession,
  delivery: Pick<DeliveryStepModel, 'kind' | 'needsPickup'>,
  payments: PaymentMethodsChoice,
  /** a cart filled offline: the estimate the review shows (null: the server's totals) */
  estimate: OfflineEstimate | null,
) {
  const navigate = useNavigate();
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const p = details.personalDetails;
  const pd = details.paymentDetails;

  const placeOrder = async (e: FormEvent) => {
    e.preventDefault();
    const termsCheck = validateTermsAccepted(terms);
    setTermsError(termsCheck ? t.msg(termsCheck.key) : null);
    const chosen = checkout.get().shippingDetails.shippingMethod;
    const payment = checkout.get().paymentDetails.paymentMethod;
    if (termsCheck || !chosen || !payment) return;
    const method = payments.offered.find((m) => m.code === payment);
    if (!canPlaceOrder(method)) return failed(new ApiError(400, 'error.generic'));
    // a pickup order sends no home address (a street typed for a courier before is not sent)
    const address = checkoutAddress(p.emailAddress, details.shippingDetails, delivery.kind);
    const billingAddress = checkoutBillingAddress(
      p.emailAddress,
      billingAddressOf(checkout.get()),
      pd,
      delivery.kind,
    );
    const bank = payment === PAYMENT_NEOPAY ? pd.paymentMethodAdditional.bank : undefined;
    const point = delivery.needsPickup ? checkout.get().pickupPoint : null;
    const key = idempotencyKeyFor(cartHash(cartState.items, cartToken));
    setBusy(true);
    try {
      const payload = orderPayload({
        cartToken,
        items: cartState.items,
        shippingAddress: address,
        billingAddress,
        shippingMethod: chosen,
        paymentMethod: payment,
        bank,
        pickupPointId: point?.id ?? null,
        personal: p,
        idempotencyKey: key,
      });
      const queueIt = async (why: 'offline' | 'server-error') => {
        await queueOrder(payload);
        // the estimate shown, to tell the shopper if the server's total differs
        if (estimate) await rememberEstimate(key, estimate.grand_total);
        if (why === 'server-error') notify({ type: 'warning', message: t.msg('order.queued') });
        updateCheckout({ queuedOrderId: key, isThankYouPage: true });
      };
      if (!navigator.onLine || !cartToken) return await queueIt('offline');
      let order;
      try {
        order = await api.order.create(payload);
      } catch (err) {
        const why = shouldQueueOrder(err, navigator.onLine);
        if (!why) throw err;
        return await queueIt(why);
      }
      // 200: order timestamp stored, cart cleared without server sync, password emptied (spec §4)
      afterOrderPlaced(200, () => cart.clear());
      if (redirectsToProvider(payment)) {
        // the provider's page, built from the cart id (and the chosen bank for NEOPAY)
        setRedirecting(true);
        window.location.assign(api.payment.redirectUrl(payment, cartToken, bank));
        return;
      }
      await navigate(orderCompletedPath(t.storeCode, order));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return { terms, termsError, redirecting, estimate, setTerms, placeOrder };
}

export type PlaceOrderModel = ReturnType<typeof usePlaceOrder>;
