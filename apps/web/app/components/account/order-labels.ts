import { isMessageKey, orderStatusLabelKey } from '@vitrina/domain';
import type { Translator } from '../../i18n';

/**
 * The spec's order status labels (awaiting_payment, cancelled, …). `pickup`: "shipped" reads
 * "shipped / ready to pick up" for an order the customer picks up, "shipped" otherwise;
 * unknown: the spec's label.
 */
export function statusLabel(t: Translator, status: string | null | undefined, pickup?: boolean): string {
  if (!status) return '—';
  const key = pickup === undefined ? `orderStatus.${status}` : orderStatusLabelKey(status, pickup);
  return isMessageKey(key) ? t.msg(key) : status;
}

/** A shipping status (pending, ready, shipped, delivered, returned) in the shopper's language. */
export function shippingStatusLabel(t: Translator, status: string | null | undefined): string {
  const key = `shippingStatus.${status}`;
  return status && isMessageKey(key) ? t.msg(key) : statusLabel(t, status);
}

/** A payment status (pending, paid, cancelled, failed) in the shopper's language. */
export function paymentStatusLabel(t: Translator, status: string | null | undefined): string {
  const key = `paymentStatus.${status}`;
  return status && isMessageKey(key) ? t.msg(key) : statusLabel(t, status);
}

/** the order's `cancel_reason` when the shop cancelled it because it was not paid in time (api order/unpaid.ts) */
export const PAYMENT_TIMEOUT = 'payment_timeout';

/**
 * Why the shop cancelled the order, and what becomes of a payment that came too late:
 * shown on the order-token page and the account's order page; empty for any other order.
 */
export function cancellationNotes(
  t: Pick<Translator, 'msg'>,
  order: { status?: string; cancel_reason?: string | null; payment_status?: string } | null | undefined,
): string[] {
  if (order?.status !== 'cancelled' || order.cancel_reason !== PAYMENT_TIMEOUT) return [];
  return [
    t.msg('order.cancelledUnpaid'),
    ...(order.payment_status === 'refund_due' ? [t.msg('order.refundDue')] : []),
  ];
}

/**
 * Whether an order has moved on since it was placed (a change of status, a parcel to track): only
 * then does the thank-you / order-token page show its progress, which for a new order is one line
 * of "New".
 */
export const orderHasMoved = (order: { history?: readonly unknown[]; tracking_number?: string | null }) =>
  (order.history?.length ?? 0) > 1 || Boolean(order.tracking_number);
