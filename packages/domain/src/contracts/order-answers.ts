/**
 * An order as its customer is shown it (`order/pull`, the thank-you page; issue #17 item 1). Amounts are
 * integer cents incl. VAT, computed by the server when the order was placed.
 */
import { z } from 'zod';

const cents = z.number().int();

/** bank-transfer.ts bankTransferInstructions: the shop's account, the amount and the statement reference */
export const bankTransferContract = z.strictObject({
  bank_name: z.string(),
  iban: z.string(),
  beneficiary: z.string(),
  amount: cents,
  reference: z.string(),
});

/** one change of an order's statuses, as its customer sees it (no staff names or notes; issue #15) */
export const orderHistoryEntryContract = z.strictObject({
  to_status: z.string(),
  payment_status: z.string(),
  shipping_status: z.string(),
  created_at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntryContract>;

export const orderLineContract = z.strictObject({
  sku: z.string(),
  name: z.string(),
  qty: z.number().int().positive(),
  product_type: z.string(),
  product_option: z.unknown(),
  price_incl_tax: cents,
  row_total_incl_tax: cents,
  tax_percent: z.number(),
});

/** the stored address of an order: the address input as the API accepted it, a pickup point's too */
const orderAddress = z.record(z.string(), z.unknown()).nullable();

/** `GET /order/pull?number&orderToken`: the order with its addresses, delivery title and bank details */
export const orderPullContract = z.strictObject({
  orderNumber: z.string(),
  orderToken: z.string(),
  increment_id: z.string(),
  status: z.string(),
  /** 'payment_timeout': cancelled because it was not paid in time; null otherwise */
  cancel_reason: z.string().nullable(),
  payment_status: z.string(),
  shipping_status: z.string(),
  created_at: z.string(),
  currency: z.string(),
  grand_total: cents,
  subtotal_incl_tax: cents,
  discount_amount: cents,
  shipping_incl_tax: cents,
  payment_fee: cents,
  tax_amount: cents,
  coupon_code: z.string().nullable(),
  shipping_method_code: z.string().nullable(),
  payment_method_code: z.string(),
  /** payment-kinds.ts: what the thank-you page tells */
  payment_kind: z.enum(['cash_on_delivery', 'bank_transfer', 'online', 'offline']),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /** picked up by the customer (a pickup point or the shop): "shipped / ready to pick up" */
  is_pickup: z.boolean(),
  history: z.array(orderHistoryEntryContract),
  items: z.array(orderLineContract),
  email: z.string(),
  personal_details: z.record(z.string(), z.unknown()).nullable(),
  shipping_address: orderAddress,
  billing_address: orderAddress,
  /** the delivery method's title in the order's language */
  shipping_method_title: z.string().nullable(),
  /** a bank transfer not paid yet: where to pay, how much, with which reference */
  bank_transfer: bankTransferContract.nullable(),
});
export type OrderPullAnswer = z.infer<typeof orderPullContract>;
