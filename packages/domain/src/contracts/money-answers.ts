/**
 * The API's answers that carry money, as zod schemas with their types inferred (one
 * typed contract). The API's tests parse its real answers with them (strict: a field the contract does
 * not name fails the test), and the storefront takes its types from here, so a renamed or added field
 * is a compiler error on both sides instead of a hunt. Amounts are integer cents incl. VAT.
 */
import { z } from 'zod';

const cents = z.number().int();
const id = z.union([z.number().int(), z.string()]);

/** a totals segment (domain totals.ts computeTotals) */
export const totalSegmentContract = z.strictObject({
  code: z.enum(['subtotal_incl_tax', 'shipping', 'payment', 'discount', 'tax', 'grand_total']),
  title: z.string(),
  value: cents,
});

/** `cart/totals`, `collect-totals`, `shipping-information`'s totals: domain computeTotals plus the tax country */
export const cartTotalsContract = z.strictObject({
  items: z.array(
    z.strictObject({
      item_id: id,
      sku: z.string(),
      name: z.string(),
      qty: z.number().int().positive(),
      price_incl_tax: cents,
      tax_rate_percent: z.number().optional(),
      row_total_incl_tax: cents,
    }),
  ),
  subtotal_incl_tax: cents,
  discount_amount: cents,
  shipping_incl_tax: cents,
  payment_fee: cents,
  tax_amount: cents,
  grand_total: cents,
  coupon_code: z.string().nullable(),
  total_segments: z.array(totalSegmentContract),
  /** the lowest subtotal from which delivery is free, and what is left (null: no such method) */
  free_shipping_from: cents.nullable(),
  free_shipping_remaining: cents.nullable(),
  /** the country whose VAT the totals contain and its standard rate */
  tax_country_id: z.string(),
  tax_rate: z.number(),
  default_tax_country_id: z.string(),
  default_tax_rate: z.number(),
  cross_border_trade: z.boolean(),
});
export type CartTotals = z.infer<typeof cartTotalsContract>;

/** a shipping method offered to a cart (`cart/shipping-methods`; shop-answers.ts checkout options add `free_from_incl_tax`) */
export const shippingMethodContract = z.strictObject({
  code: z.string(),
  carrier_code: z.string(),
  method_code: z.string(),
  carrier_title: z.string(),
  method_title: z.string(),
  title: z.string(),
  default: z.boolean(),
  offline: z.boolean(),
  available: z.boolean(),
  /** parcel lockers and pickup: a pickup point must be chosen (`POST /pickup-points/`) */
  needs_pickup_point: z.boolean(),
  /** what the cart is charged for it, incl. the delivery country's VAT (also as the spec's names) */
  cost_incl_tax: cents,
  price_incl_tax: cents,
  amount: cents,
});
export type ShippingMethodAnswer = z.infer<typeof shippingMethodContract>;

/** a payment method offered to a cart (`cart/payment-methods`, checkout options): payment-kinds.ts */
export const paymentMethodContract = z.strictObject({
  code: z.string(),
  title: z.string(),
  default: z.boolean(),
  is_server_method: z.boolean(),
  offline: z.boolean(),
  kind: z.enum(['cash_on_delivery', 'bank_transfer', 'online', 'offline']),
  allowed_for_virtual: z.boolean(),
  /** the method's fee incl. VAT (cash on delivery's collection fee), as the totals charge it */
  cost_incl_tax: cents,
});
export type PaymentMethodAnswer = z.infer<typeof paymentMethodContract>;

/** `cart/shipping-information`: the cart's totals for the stored address and method, and the payment methods it may use */
export const shippingInformationContract = z.strictObject({
  totals: cartTotalsContract,
  payment_methods: z.array(paymentMethodContract),
});
export type ShippingInformationAnswer = z.infer<typeof shippingInformationContract>;
