// When an order's VAT invoice is due, and so when its number is taken (the API issues it then, in the
// transaction of the change that made it due; the storefront shows the download link only once it is
// issued). One rule, used by both.
//
// The rule, per payment method (docs/money-after-sale.md says the same):
// - paid online (NEOPAY bank payment, MOKILIZINGAS financing): when the provider confirms the
//   payment (payment status `paid`);
// - bank transfer: when the staff record the payment received and the order is paid in full; never
//   before (the buyer pays by the order's number and the shop's bank details, not by an invoice);
// - cash on delivery: at handover to the carrier (`shipped`) or to the customer at a pickup place
//   (`collected`), or earlier if the money was recorded;
// - any other method: when paid, or at shipping.
// A cancelled order that was never invoiced gets none; an invoice already issued stays valid and is
// answered by a credit note (refunds.ts), never silently dropped.
import { PAYMENT_BANK_TRANSFER, PAYMENT_MOKILIZINGAS, PAYMENT_NEOPAY } from '../base/index.ts';

/** payment methods paid online: their orders are invoiced once the money has arrived */
const PAID_ONLINE = new Set<string>([PAYMENT_NEOPAY, PAYMENT_MOKILIZINGAS]);
/** the goods have left the shop (handed to the carrier or to the customer) */
const HANDED_OVER = new Set(['shipped', 'collected', 'fulfilled', 'completed']);

export type InvoiceDueReason = 'paid' | 'handover';

/** why the order's invoice is due now, or null while it is not (see the rule above) */
export function invoiceDue(order: {
  status: string;
  payment_status: string;
  payment_method_code: string;
}): InvoiceDueReason | null {
  if (order.status === 'cancelled') return null;
  // money that came in: paid, or paid and (being) refunded since
  if (['paid', 'refund_due', 'refunded'].includes(order.payment_status)) return 'paid';
  if (PAID_ONLINE.has(order.payment_method_code) || order.payment_method_code === PAYMENT_BANK_TRANSFER)
    return null;
  // cash on delivery and any other method: at handover
  return HANDED_OVER.has(order.status) ? 'handover' : null;
}

/** true when the order's invoice may be issued now (kept under its former name for the storefront) */
export function invoiceAvailable(order: {
  status: string;
  payment_status: string;
  payment_method_code: string;
}): boolean {
  return invoiceDue(order) !== null;
}

/** `VIT-000001`: the prefix and the series' number, six digits at least */
export function invoiceNumber(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(6, '0')}`;
}
