import { useRef, useState } from 'react';
import type { PaymentMethod } from '../../../lib/types';
import { cart } from '../../../state/cart';
import { checkout, updateCheckout, type PaymentDetails } from '../../../state/checkout';
import { shouldQueueOrder } from '../../../sync/offline-orders';
import { defaultPaymentMethod, keepsPaymentMethod, offeredPaymentMethods } from '../rules/payment-methods';
import type { CheckoutSession } from './use-checkout-session';

/**
 * Offline the checkout still goes on (the order is queued on the device): the review
 * then says its totals are not confirmed instead of showing a total without the fee as final.
 */
export const failedOffline = (err: unknown) => shouldQueueOrder(err, navigator.onLine) === 'offline';

/**
 * The payment methods offered to the cart and the one chosen, told to the cart
 * (`POST /cart/collect-totals`): the totals shown are those of the method shown.
 */
export function usePaymentMethods({ api, cartToken, details, failed }: CheckoutSession) {
  const [offered, setOffered] = useState<PaymentMethod[]>([]);
  /** the latest payment choice sent to the cart: an older answer arriving later is not shown */
  const paymentSync = useRef(0);
  /** the payment method the cart's totals were answered for (null: not confirmed by the server) */
  const [totalsPayment, setTotalsPayment] = useState<string | null>(null);
  const pd = details.paymentDetails;
  const setPaymentDetails = (patch: Partial<PaymentDetails>) =>
    updateCheckout({ paymentDetails: { ...pd, ...patch } });

  /**
   * Tells the cart the chosen payment method and shows the totals it answers: the method's fee is
   * then a summary line, and the grand total shown is the one the order charges (the fee used to appear only on the order).
   */
  const syncPayment = async (code: string) => {
    const sent = ++paymentSync.current;
    setTotalsPayment(null);
    // a cart filled offline has no server totals: the review shows an estimate instead
    if (!cartToken) return;
    const totals = await api.cart.collectTotals(cartToken, code);
    if (sent !== paymentSync.current) return;
    cart.setTotals(totals);
    setTotalsPayment(code);
  };

  return {
    offered,
    chosen: offered.find((m) => m.code === pd.paymentMethod),
    /** the totals shown are the server's for the chosen method */
    totalsConfirmed: totalsPayment !== null && totalsPayment === pd.paymentMethod,
    setPaymentDetails,
    syncPayment,
    choose: (code: string) => {
      setPaymentDetails({ paymentMethod: code });
      syncPayment(code).catch((err: unknown) => (failedOffline(err) ? undefined : failed(err)));
    },
    /**
     * The methods of the delivery just confirmed: the shopper's choice is kept when offered, else
     * the default one preselected; the cart may still hold an earlier choice, so it is told.
     */
    offer: async (list: PaymentMethod[], virtual: boolean) => {
      const offeredNow = offeredPaymentMethods(list, virtual);
      setOffered(offeredNow);
      const current = checkout.get().paymentDetails.paymentMethod;
      let chosen = keepsPaymentMethod(offeredNow, current) ? current : null;
      if (!chosen) {
        chosen = defaultPaymentMethod(offeredNow);
        setPaymentDetails({ paymentMethod: chosen });
      }
      if (chosen) await syncPayment(chosen);
    },
  };
}

export type PaymentMethodsChoice = ReturnType<typeof usePaymentMethods>;
