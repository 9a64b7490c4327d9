/**
 * An order as its customer is shown it (`order/pull`, the thank-you page). Amounts are
 * integer cents incl. VAT, computed by the server when the order was placed.
 */
import { z } from 'zod';
import { addressContract } from './user-answers.ts';

const cents = z.number().int();

/** bank-transfer.ts bankTransferInstructions: the shop's account, the amount and the statement reference */
export const bankTransferContract = z.strictObject({
  bank_name: z.string(),
  iban: z.string(),
  beneficiary: z.string(),
  amount: cents,
  reference: z.string(),
  /** YYYY-MM-DD: the last day to pay */
  due_date: z.string(),
  /** the demo shop's fictional account: shown marked as such, never to be paid */
  demo: z.boolean().optional(),
});

/** one change of an order's statuses, as its customer sees it (no staff names or notes) */
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
  /** the product's main image (a catalogue path) where the answer gives one: order pages show it */
  image: z.string().nullable().optional(),
});

/** the opening hours of a store or pickup point, by ISO weekday ("1" Monday … "7" Sunday; delivery.ts) */
const openingHoursContract = z.partialRecord(
  z.enum(['1', '2', '3', '4', '5', '6', '7']),
  z.string().nullable(),
);

/** `POST /pickup-points/?code&cartId`, and the point kept on an order picked up there */
export const pickupPointContract = z.strictObject({
  id: z.string(),
  carrier_code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  country_id: z.string(),
  /** the shop's own store shows its hours; null: not known */
  opening_hours: openingHoursContract.nullable(),
});
export type PickupPointAnswer = z.infer<typeof pickupPointContract>;

/**
 * The stored address of an order: the address as the API accepted it, with the pickup point when
 * the order is picked up there (a pickup order's shipping address may be the point alone).
 */
export const orderAddressContract = addressContract
  .partial()
  .extend({ pickup_point: pickupPointContract.optional() });
export type OrderAddress = z.infer<typeof orderAddressContract>;
const orderAddress = orderAddressContract.nullable();

/** what every view of an order tells its customer: statuses, money (cents incl. VAT), methods, parcel */
const orderViewFields = {
  increment_id: z.string(),
  orderNumber: z.string(),
  orderToken: z.string(),
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
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /** picked up by the customer (a pickup point or the shop): "shipped / ready to pick up" */
  is_pickup: z.boolean(),
  history: z.array(orderHistoryEntryContract),
  /** the numbers of the order's credit notes (refunds, a cancellation), oldest first: the buyer downloads each */
  credit_notes: z.array(z.string()),
  shipping_address: orderAddress,
  billing_address: orderAddress,
};

/** `GET /order/pull?number&orderToken`: the order with its addresses, delivery title and bank details */
export const orderPullContract = z.strictObject({
  ...orderViewFields,
  /** payment-kinds.ts: what the thank-you page tells */
  payment_kind: z.enum(['cash_on_delivery', 'bank_transfer', 'online', 'offline']),
  items: z.array(orderLineContract),
  email: z.string(),
  personal_details: z.record(z.string(), z.unknown()).nullable(),
  /** the delivery and payment methods' titles in the language of the page that asks */
  shipping_method_title: z.string().nullable(),
  payment_method_title: z.string().nullable(),
  /** a bank transfer not paid yet: where to pay, how much, with which reference */
  bank_transfer: bankTransferContract.nullable(),
});
export type OrderPullAnswer = z.infer<typeof orderPullContract>;

/** a line of an order in the account's history: the order line with its product's id */
export const historyOrderLineContract = orderLineContract.extend({ product_id: z.number().int().nullable() });

/** one order of `GET /user/order-history` (user service.ts orderHistory; money in cents) */
export const historyOrderContract = z.strictObject({
  ...orderViewFields,
  id: z.number().int(),
  store_code: z.string(),
  /** the customer has left feedback on it */
  feedback_filled: z.boolean(),
  /** the delivery and payment methods' titles in the language of the page that asks */
  shipping_method_title: z.string().nullable(),
  payment_method_title: z.string().nullable(),
  items: z.array(historyOrderLineContract),
  /** a bank transfer not paid yet: where to pay, how much, with which reference, by when */
  bank_transfer: bankTransferContract.nullable(),
});
export type HistoryOrderAnswer = z.infer<typeof historyOrderContract>;

/** `GET /user/order-history`: a page of the customer's orders, newest first */
export const orderHistoryContract = z.strictObject({
  items: z.array(historyOrderContract),
  total_count: z.number().int().nonnegative(),
  page_size: z.number().int().positive(),
  current_page: z.number().int().positive(),
});
export type OrderHistoryAnswer = z.infer<typeof orderHistoryContract>;

/**
 * `POST /order/create`: the order placed (or the first order of a repeated idempotency key), as
 * order/pull answers it without the customer's details, the delivery title and the bank details
 */
export const orderCreatedContract = orderPullContract.omit({
  email: true,
  personal_details: true,
  shipping_address: true,
  billing_address: true,
  shipping_method_title: true,
  payment_method_title: true,
  bank_transfer: true,
});
export type OrderCreatedAnswer = z.infer<typeof orderCreatedContract>;

/**
 * `GET /withdrawal`: an order's withdrawal page (docs/legal.md): the period, its lines with what is
 * left of each, and the withdrawals already declared
 */
export const withdrawalViewContract = z.strictObject({
  number: z.string(),
  created_at: z.string(),
  status: z.string(),
  open: z.boolean(),
  /** why the period is closed; null while it is open */
  closed_reason: z.enum(['cancelled', 'expired']).nullable(),
  /** null: the order is not delivered yet, so its period has not begun */
  deadline: z.string().nullable(),
  days: z.number().int(),
  lines: z.array(
    z.strictObject({
      item_id: z.number().int(),
      sku: z.string(),
      name: z.string(),
      qty: z.number(),
      left: z.number(),
    }),
  ),
  withdrawals: z.array(
    z.strictObject({ id: z.number().int(), return_id: z.number().int(), declared_at: z.string() }),
  ),
});
export type WithdrawalViewAnswer = z.infer<typeof withdrawalViewContract>;

/** `POST /withdrawal`: the declaration's instant (also as the acknowledgement e-mail writes it) and its return */
export const withdrawalDoneContract = z.strictObject({
  id: z.number().int(),
  declared_at: z.string(),
  declared_at_text: z.string(),
  return_id: z.number().int(),
  /** where the acknowledgement was sent */
  email: z.string(),
});
export type WithdrawalDoneAnswer = z.infer<typeof withdrawalDoneContract>;

/** `POST /user/privacy/erase`: when the customer's data was erased and how many rows of each kind */
export const privacyErasureContract = z.strictObject({
  erased_at: z.string(),
  summary: z.record(z.string(), z.number().int()),
});
export type PrivacyErasureAnswer = z.infer<typeof privacyErasureContract>;
