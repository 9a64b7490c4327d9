/**
 * The `orders` and `order_items` columns as SQL answers them (one definition for the order service,
 * the invoice and the ERP export, which each read a subset).
 */

/** an order's amounts: integer cents incl. VAT, as the order was charged */
export type OrderAmountsRow = {
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_incl_tax: number;
  payment_fee: number;
  tax_amount: number;
  grand_total: number;
  coupon_code: string | null;
};

/** an order line as it was charged */
export type OrderItemRow = {
  sku: string;
  name: string;
  qty: number;
  product_type: string;
  product_option: Record<string, unknown> | null;
  price_incl_tax: number;
  row_total_incl_tax: number;
  tax_percent: number;
};

/** an order as `SELECT * FROM orders` answers it (the columns the order service reads) */
export type OrderRow = OrderAmountsRow & {
  id: number;
  increment_id: string;
  order_token: string;
  idempotency_key: string | null;
  cart_id: string | null;
  store_code: string;
  status: string;
  payment_status: string;
  shipping_status: string;
  email: string;
  personal_details: Record<string, unknown>;
  shipping_address: Record<string, unknown>;
  billing_address: Record<string, unknown>;
  shipping_method_code: string;
  payment_method_code: string;
  currency: string;
  request_hash: string | null;
  cancel_reason: string | null;
  carrier: string | null;
  tracking_number: string | null;
  is_pickup: boolean;
  created_at: Date | string;
};
