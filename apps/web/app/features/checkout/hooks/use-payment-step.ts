import { PAYMENT_NEOPAY } from '@vitrina/domain';
import { useState, type FormEvent } from 'react';
import {
  changeCheckout,
  checkout,
  withBillingSameAsShipping,
  withConfirmedBilling,
  type PaymentDetails,
} from '../../../state/checkout';
import { hasErrors, validatePayment, type FieldMessages } from '../rules/form-errors';
import { focusFirstInvalid } from './focus-first-invalid';
import type { CheckoutSession } from './use-checkout-session';
import { useNeopayBanks } from './use-neopay-banks';
import { failedOffline, type PaymentMethodsChoice } from './use-payment-methods';

/**
 * The payment step: the billing address (the shipping one unless another is given), a natural or
 * a legal person, the payment method and NEOPAY's bank. Confirmed, the review shows the totals of
 * this method, answered by the server, before the order is placed.
 */
export function usePaymentStep(session: CheckoutSession, payments: PaymentMethodsChoice) {
  const { api, details, goTo, setBusy, failed, t } = session;
  const pd = details.paymentDetails;
  const banks = useNeopayBanks(api, details.shippingDetails.country, pd.paymentMethod === PAYMENT_NEOPAY);
  const [errors, setErrors] = useState<FieldMessages<PaymentDetails>>({});
  return {
    payment: pd,
    offered: payments.offered,
    chosen: payments.chosen,
    totalsConfirmed: payments.totalsConfirmed,
    banks: banks.list,
    /** the NEOPAY bank chosen, by its name (null: none chosen, or not NEOPAY) */
    chosenBankName:
      pd.paymentMethod === PAYMENT_NEOPAY && pd.paymentMethodAdditional.bank
        ? banks.nameOf(pd.paymentMethodAdditional.bank)
        : null,
    errors,
    setPaymentDetails: payments.setPaymentDetails,
    choose: payments.choose,
    setBillingSameAsShipping: (same: boolean) => changeCheckout((st) => withBillingSameAsShipping(st, same)),
    submit: async (e: FormEvent) => {
      e.preventDefault();
      const found = validatePayment(t, checkout.get().paymentDetails);
      setErrors(found);
      if (hasErrors(found)) return focusFirstInvalid(e.currentTarget as HTMLFormElement);
      // "same as shipping": paymentDetails now holds the billing address the order is sent with
      changeCheckout(withConfirmedBilling);
      const code = checkout.get().paymentDetails.paymentMethod;
      if (!code) return;
      setBusy(true);
      try {
        await payments.syncPayment(code);
        goTo('review');
      } catch (err) {
        if (failedOffline(err)) goTo('review');
        else failed(err);
      } finally {
        setBusy(false);
      }
    },
  };
}

export type PaymentStepModel = ReturnType<typeof usePaymentStep>;
