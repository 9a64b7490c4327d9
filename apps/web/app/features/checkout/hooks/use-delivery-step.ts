import { deliveryKindOf } from '@vitrina/domain';
import { useRef, useState, type FormEvent } from 'react';
import { checkoutAddress } from '../../../state/address-form';
import type { PaymentMethod, PickupPoint, ShippingMethod } from '../../../lib/types';
import { cart } from '../../../state/cart';
import {
  changeCheckout,
  checkout,
  updateCheckout,
  type AddressDetails,
  type ShippingDetails,
} from '../../../state/checkout';
import { offlineMethodsFor, type CachedCheckoutOptions } from '../../../state/checkout-options';
import { hasErrors, validateDelivery, type FieldMessages } from '../rules/form-errors';
import { chosenPointOf } from '../rules/pickup-points';
import { NO_SHIPPING, isChosenMethod } from '../rules/shipping-methods';
import { focusFirstInvalid } from './focus-first-invalid';
import type { CheckoutSession } from './use-checkout-session';
import type { PaymentMethodsChoice } from './use-payment-methods';
import { usePickupPoints } from './use-pickup-points';
import { useShippingMethods } from './use-shipping-methods';

/**
 * The delivery step: the country and method first (they decide which fields are asked), then a
 * courier's home address and phone, or a pickup point and the phone (rules/steps.ts). Confirmed,
 * the delivery is told to the cart and the payment methods it answers are offered.
 */
export function useDeliveryStep(
  session: CheckoutSession,
  cachedOptions: CachedCheckoutOptions | null | undefined,
  payments: PaymentMethodsChoice,
) {
  const { t, api, cartToken, details, virtual, goTo, setBusy, failed } = session;
  const s = details.shippingDetails;
  const p = details.personalDetails;
  const { methods, loadMethods } = useShippingMethods(session, cachedOptions);
  const chosenShipping = methods?.list.find((m) => isChosenMethod(m, s.shippingMethod));
  const kind = deliveryKindOf(chosenShipping, virtual);
  const needsPickup = Boolean(chosenShipping?.needs_pickup_point);
  const pickupPoints = usePickupPoints(session, {
    needed: needsPickup,
    carrier: s.shippingMethod?.carrier_code ?? null,
    country: methods?.forCountry ?? null,
  });
  const [shippingErrors, setShippingErrors] = useState<FieldMessages<AddressDetails>>({});
  const [methodError, setMethodError] = useState<string | null>(null);
  const [pickupError, setPickupError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const setShipping = (patch: Partial<ShippingDetails>) =>
    updateCheckout({ shippingDetails: { ...s, ...patch } });

  /** the form is to be corrected: its first invalid field is focused */
  const correct = () => {
    focusFirstInvalid(formRef.current);
    return undefined;
  };
  /** The payment methods for the delivery confirmed, or undefined when the form is to be corrected. */
  const confirmDelivery = async (): Promise<PaymentMethod[] | undefined> => {
    // a cart filled offline (no server id yet): the methods cached while online
    const cached = cartToken ? null : offlineMethodsFor(cachedOptions, s.country);
    if (virtual) {
      // Nothing to ship: no shipping method; cash on delivery is hidden (spec §5).
      const errors = validateDelivery(t, s, 'none');
      setShippingErrors(errors);
      if (hasErrors(errors)) return correct();
      setShipping({ shippingMethod: NO_SHIPPING });
      return cartToken ? await api.cart.paymentMethods(cartToken) : (cached?.payments ?? []);
    }
    const found = await loadMethods(s.country);
    const chosen = checkout.get().shippingDetails.shippingMethod;
    const method = found.find((m) => isChosenMethod(m, chosen));
    setMethodError(method ? null : t.msg('validation.required'));
    if (!method || !chosen) return;
    const methodKind = deliveryKindOf(method);
    // a parcel locker or the store: the recipient is the buyer, whose names are not asked again
    if (methodKind === 'pickup')
      changeCheckout((st) => ({
        ...st,
        shippingDetails: { ...st.shippingDetails, firstName: p.firstName, lastName: p.lastName },
      }));
    const delivery = checkout.get().shippingDetails;
    const errors = validateDelivery(t, delivery, methodKind);
    setShippingErrors(errors);
    let pointChosen = true;
    if (method.needs_pickup_point) {
      const point = checkout.get().pickupPoint;
      pointChosen = Boolean(point && pickupPoints.some((x) => x.id === point.id));
      setPickupError(pointChosen ? null : t.msg('validation.required'));
    }
    if (hasErrors(errors) || !pointChosen) return correct();
    const address = checkoutAddress(p.emailAddress, delivery, methodKind);
    if (!cartToken) return cached?.payments ?? [];
    const answer = await api.cart.shippingInformation(cartToken, {
      shippingAddress: address,
      billingAddress: address,
      shippingCarrierCode: chosen.carrier_code,
      shippingMethodCode: chosen.method_code,
    });
    cart.setTotals(answer.totals);
    return answer.payment_methods?.length ? answer.payment_methods : await api.cart.paymentMethods(cartToken);
  };

  return {
    shipping: s,
    virtual,
    /** the methods of the country shown (null: still loading) */
    offeredMethods: methods?.forCountry === s.country ? methods.list : null,
    chosenShipping: chosenShipping ?? null,
    kind,
    needsPickup,
    pickupPoints,
    chosenPoint: details.pickupPoint,
    /** a cart filled offline: no pickup points (they are looked up on the server with the cart) */
    offlineNoPickup: !cartToken && methods?.forCountry === s.country,
    errors: shippingErrors,
    methodError,
    pickupError,
    formRef,
    setShipping,
    chooseMethod: (m: ShippingMethod) => {
      setMethodError(null);
      setShippingErrors({});
      setShipping({ shippingMethod: { carrier_code: m.carrier_code, method_code: m.method_code } });
    },
    choosePoint: (point: PickupPoint) => {
      setPickupError(null);
      updateCheckout({ pickupPoint: chosenPointOf(point) });
    },
    submit: async (e: FormEvent) => {
      e.preventDefault();
      setBusy(true);
      try {
        const list = await confirmDelivery();
        if (!list) return;
        await payments.offer(list, virtual);
        goTo('payment');
      } catch (err) {
        failed(err);
      } finally {
        setBusy(false);
      }
    },
  };
}

export type DeliveryStepModel = ReturnType<typeof useDeliveryStep>;
