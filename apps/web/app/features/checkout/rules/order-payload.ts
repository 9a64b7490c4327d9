import { offlineEstimate, type OfflineEstimate, type StoreCode } from '@vitrina/domain';
import { localizedPath } from '../../../lib/store';
import type { Address, OrderPayload, OrderResult, ShippingMethod } from '../../../lib/types';
import type { CartItem } from '../../../state/cart';
import type { ChosenShippingMethod, PersonalDetails } from '../../../state/checkout';
import { UNCONNECTED_CART_ID } from '../../../sync/offline-orders';
import { methodPrice } from './shipping-methods';

type ProductOptionBody = NonNullable<OrderPayload['products'][number]['product_option']>;

/** What the order is placed with, as the review step has it. */
export interface OrderChoices {
  /** the server cart's id (null: a cart filled offline, not connected yet) */
  cartToken: string | null;
  items: readonly Pick<CartItem, 'sku' | 'qty' | 'product_option'>[];
  shippingAddress: Address;
  billingAddress: Address;
  shippingMethod: ChosenShippingMethod;
  paymentMethod: string;
  /** the NEOPAY bank chosen (BIC) */
  bank: string | undefined;
  pickupPointId: string | null;
  personal: Pick<PersonalDetails, 'firstName' | 'lastName' | 'emailAddress'>;
  idempotencyKey: string;
}

/** The order as `POST /order` takes it (docs/CONTRACTS.md), also as it is queued on the device. */
export function orderPayload(c: OrderChoices): OrderPayload {
  return {
    // a cart filled offline: its server id is written in when it is connected (sync/offline-orders.ts)
    cart_id: c.cartToken ?? UNCONNECTED_CART_ID,
    products: c.items.map((i) => ({
      sku: i.sku,
      qty: i.qty,
      // the cart's options are the API's own (cart-line contract) or the product page's in its
      // shape; CartProductOption's type is looser (local lines), order/create's schema checks them
      ...(i.product_option ? { product_option: i.product_option as ProductOptionBody } : {}),
    })),
    addressInformation: {
      shippingAddress: c.shippingAddress,
      billingAddress: c.billingAddress,
      shipping_method_code: c.shippingMethod.method_code,
      shipping_carrier_code: c.shippingMethod.carrier_code,
      payment_method_code: c.paymentMethod,
      ...(c.bank ? { payment_method_additional: { bank: c.bank } } : {}),
      ...(c.pickupPointId ? { pickup_point_id: c.pickupPointId } : {}),
    },
    personalDetails: {
      firstName: c.personal.firstName.trim(),
      lastName: c.personal.lastName.trim(),
      emailAddress: c.personal.emailAddress.trim(),
    },
    idempotency_key: c.idempotencyKey,
  };
}

/** The thank-you page of a placed order (its token lets the page show what the server recorded). */
export function orderCompletedPath(
  storeCode: StoreCode,
  order: Pick<OrderResult, 'orderNumber'> & { orderToken?: string },
): string {
  return `${localizedPath(storeCode, '/order-completed')}?number=${encodeURIComponent(order.orderNumber)}${order.orderToken ? `&token=${encodeURIComponent(order.orderToken)}` : ''}`;
}

/**
 * A cart filled offline: what the shopper is told to expect, from the prices last seen and the
 * methods cached on the device (domain offline-estimate.ts). `shipping` null: nothing to ship or no
 * method chosen yet.
 */
export function reviewEstimate(
  items: Parameters<typeof offlineEstimate>[0],
  // a method cached from the checkout options carries its free-shipping threshold
  shipping: (ShippingMethod & { free_from_incl_tax?: number | null }) | null,
  paymentFee: number,
): OfflineEstimate {
  return offlineEstimate(
    items,
    shipping
      ? { cost_incl_tax: methodPrice(shipping), free_from_incl_tax: shipping.free_from_incl_tax ?? null }
      : null,
    paymentFee,
  );
}
