/**
 * The `orders` and `order_items` columns as SQL answers them (one definition for the order service,
 * the invoice and the ERP export, which each read a subset).
 */

import type { SqlRow, schema } from '@vitrina/db';

type Order = SqlRow<typeof schema.orders>;

/** an order's amounts: integer cents incl. VAT, as the order was charged */
export type OrderAmountsRow = Pick<
  Order,
  | 'subtotal_incl_tax'
  | 'discount_amount'
  | 'shipping_incl_tax'
  | 'payment_fee'
  | 'tax_amount'
  | 'grand_total'
  | 'coupon_code'
>;

/** an order line as it was charged */
export type OrderItemRow = Pick<
  SqlRow<typeof schema.orderItems>,
  | 'sku'
  | 'name'
  | 'qty'
  | 'product_type'
  | 'product_option'
  | 'price_incl_tax'
  | 'row_total_incl_tax'
  | 'tax_percent'
>;

/** an order as `SELECT * FROM orders` answers it (the columns the order service reads) */
export type OrderRow = OrderAmountsRow &
  Pick<
    Order,
    | 'id'
    | 'increment_id'
    | 'order_token'
    | 'idempotency_key'
    | 'cart_id'
    | 'store_code'
    | 'status'
    | 'payment_status'
    | 'shipping_status'
    | 'email'
    | 'personal_details'
    | 'shipping_address'
    | 'billing_address'
    | 'shipping_method_code'
    | 'payment_method_code'
    | 'currency'
    | 'request_hash'
    | 'cancel_reason'
    | 'carrier'
    | 'tracking_number'
    | 'is_pickup'
    | 'created_at'
  >;
