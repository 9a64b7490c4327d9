/** The staff API's order (`/vsbridge/staff/orders/:id`) and its returns, as the back office's order page reads them. */
import type { PaymentSummary, RefundOffer } from '@vitrina/domain';
import type { AdminT } from '../i18n';

export type Address = Record<string, unknown>;
export type Line = {
  id: number;
  sku: string;
  name: string;
  qty: number;
  product_option: Record<string, unknown> | null;
  grade: string | null;
  price_incl_tax: number;
  row_total_incl_tax: number;
  tax_percent: number;
};
export type HistoryRow = {
  at: string;
  action: string;
  from_status: string | null;
  to_status: string;
  payment_status: string;
  who: string | null;
  actor_kind: string;
  note: string | null;
};

export type StaffOrder = {
  id: number;
  number: string;
  created_at: string;
  status: string;
  payment_status: string;
  shipping_status: string;
  email: string;
  name: string;
  store_code: string;
  payment_method: string;
  shipping_method: string;
  personal_details: Address;
  billing_address: Address;
  shipping_address: Address;
  subtotal_incl_tax: number;
  discount_amount: number;
  shipping_incl_tax: number;
  payment_fee: number;
  tax_amount: number;
  grand_total: number;
  coupon_code: string | null;
  cancel_reason: string | null;
  carrier?: string | null;
  tracking_number?: string | null;
  tracking_url?: string | null;
  status_label?: string;
  is_pickup?: boolean;
  lines: Line[];
  vat_by_rate: { rate: number; gross: number; net: number; vat: number }[];
  vat_other: { gross: number; net: number; vat: number };
  /** the grand total's net, VAT and gross (the VAT table's footer) */
  vat_total: { gross: number; net: number; vat: number };
  payment_method_title: string;
  shipping_method_title: string;
  payments: {
    id: number;
    provider: string;
    status: string;
    amount: number;
    external_id: string | null;
    received_on: string | null;
    reference: string | null;
    created_at: string;
  }[];
  history?: HistoryRow[];
  actions?: string[];
  /** paid vs due, and `recordable`: the most a recorded payment may be now (0: no payment form) */
  money: PaymentSummary & { recordable: number };
  /** the units each line may still refund and the shipping that may still go back (domain refundOffer) */
  refund_offer: RefundOffer;
  refunds: {
    id: number;
    method: 'provider' | 'manual';
    status: 'pending' | 'done' | 'failed';
    total: number;
    reason: string;
    error: string | null;
    reference: string | null;
    created_at: string;
    done_at: string | null;
    credit_note: string | null;
  }[];
  invoice: { number: string; issued_at: string; supplied_on: string | null } | null;
  credit_notes: { number: string; kind: string; total: number; issued_at: string; reason: string }[];
};

export type OrderReturns = {
  items: { id: number; reason: string; state: string; units: number; created_at: string }[];
  lines: { item_id: number; sku: string; name: string; qty: number; left: number }[];
};

/** the status labels the page's loader resolved (admin/labels.server.ts), and those of the order's payments */
export type OrderLabels = {
  order: Record<string, string>;
  payment: Record<string, string>;
  payments: Record<string, string>;
};

/** what every money-showing section of the order page is given: the words, the order, and its money format */
export type OrderSectionProps = { t: AdminT; order: StaffOrder; money: (cents: number) => string };
