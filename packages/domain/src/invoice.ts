// When an order has a VAT invoice: the API refuses the others, the storefront
// shows the download link only for these. One rule, used by both.
import { PAYMENT_MOKILIZINGAS, PAYMENT_NEOPAY } from './constants.ts';

/** payment methods paid online: their orders are invoiced once the money has arrived */
const PAID_ONLINE = new Set<string>([PAYMENT_NEOPAY, PAYMENT_MOKILIZINGAS]);

/**
 * An order can be invoiced unless it was cancelled; an order paid online only once it is paid (an
 * order awaiting online payment may still be cancelled unpaid, and a cancelled sale would need a
 * credit note). Cash on delivery and bank transfer orders are invoiced at once: the invoice is what
 * the shopper pays a bank transfer by. An invoice already issued stays downloadable whatever
 * happens to the order later (the API checks that first).
 */
export function invoiceAvailable(order: { status: string; payment_status: string; payment_method_code: string }): boolean {
  if (order.status === 'cancelled') return false;
  return !PAID_ONLINE.has(order.payment_method_code) || order.payment_status === 'paid';
}

/** `VIT-000001`: the prefix and the series' number, six digits at least */
export function invoiceNumber(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(6, '0')}`;
}
