// The estimate an offline checkout shows (accounts-checkout-routes.md §4
// "Online/offline"). Money is computed by the server: this figure is only what the shopper is told
// to expect, from the prices last seen and the methods cached while online. The order is priced by
// the server when it is sent, and the shopper is told when its total differs (offlineTotalDiffers).
import { assertInteger } from '../money/index.ts';
import { subtotalOfLines } from '../money/index.ts';

export interface EstimateLine {
  /** unit price in cents incl. tax, as last seen */
  price: number;
  qty: number;
}

export interface EstimateShipping {
  /** the fee in cents incl. tax below the free-shipping threshold */
  cost_incl_tax: number;
  /** from this subtotal (cents incl. tax) the method is free; null: never */
  free_from_incl_tax: number | null;
}

export interface OfflineEstimate {
  subtotal_incl_tax: number;
  shipping_incl_tax: number;
  payment_fee: number;
  grand_total: number;
}

/**
 * Subtotal of the lines, the shipping fee (free from the method's threshold, as the server's
 * shippingFee), the payment method's fee; no coupon (a coupon needs the server's totals).
 */
export function offlineEstimate(
  lines: readonly EstimateLine[],
  shipping: EstimateShipping | null,
  paymentFee: number,
): OfflineEstimate {
  for (const l of lines) {
    assertInteger(l.price, 'price');
    assertInteger(l.qty, 'qty');
  }
  const subtotal = subtotalOfLines(lines.map((l) => ({ price_incl_tax: l.price, qty: l.qty })));
  assertInteger(paymentFee, 'paymentFee');
  const free =
    shipping === null || (shipping.free_from_incl_tax !== null && subtotal >= shipping.free_from_incl_tax);
  const shippingFee = free ? 0 : shipping.cost_incl_tax;
  return {
    subtotal_incl_tax: subtotal,
    shipping_incl_tax: shippingFee,
    payment_fee: paymentFee,
    grand_total: subtotal + shippingFee + paymentFee,
  };
}

/** Whether the server's total of an order placed offline differs from the estimate shown (cents). */
export function offlineTotalDiffers(estimate: number | null | undefined, charged: number): boolean {
  return typeof estimate === 'number' && estimate !== charged;
}
