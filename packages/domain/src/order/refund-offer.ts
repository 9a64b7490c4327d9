// What an order may still give back, as the refund form offers it and as planRefund checks it: the
// units of each line and the shipping the plan accepts, the money paid and not refunded; and for a
// credit note without money, the invoiced total not credited yet. The API computes the offer from
// these and the back office only shows it, so the form never offers what the API would refuse.
import type { PaymentSummary } from './payments.ts';
import {
  isRefundRefusal,
  planRefund,
  refundedQuantities,
  type RefundableOrder,
  type RefundPart,
  type RefundRequest,
} from './refunds.ts';

/**
 * What the refund form offers besides the money (PaymentSummary.refundable): the units left per line
 * id (a line with none left is absent) and the shipping's cents (0: nothing to give back).
 */
export type RefundOffer = { lines: Record<string, number>; shipping: number };

/**
 * the refund form's offer for an order after the refunds `prior` (failed ones left out), with
 * `refundable` cents that may still go back: per line the most units planRefund accepts alone, and
 * the shipping if it accepts it. After a plain amount the money left (overall or at a line's VAT
 * rate) can be less than the units left are worth, so the units are capped by what the plan accepts,
 * not only by what was taken back; the rest of the money still goes back as an amount or in full.
 */
export function refundOffer(
  order: RefundableOrder,
  prior: readonly RefundPart[],
  refundable: number,
): RefundOffer {
  const accepts = (request: RefundRequest) => !isRefundRefusal(planRefund(order, prior, refundable, request));
  const refunded = refundedQuantities(prior);
  const lines: Record<string, number> = {};
  for (const l of order.lines) {
    // a line's worth grows with its units, so the units the plan accepts are 1..k: bisect for k
    let lo = 0;
    let hi = l.qty - (refunded.get(l.id) ?? 0);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (accepts({ lines: [{ lineId: l.id, qty: mid }] })) lo = mid;
      else hi = mid - 1;
    }
    if (lo > 0) lines[String(l.id)] = lo;
  }
  return { lines, shipping: order.shipping > 0 && accepts({ shipping: true }) ? order.shipping : 0 };
}

/** what credit notes without money may still take: the invoiced total less what was credited (never below 0) */
export function creditableCents(grandTotal: number, prior: readonly Pick<RefundPart, 'total'>[]): number {
  return Math.max(grandTotal - prior.reduce((s, p) => s + p.total, 0), 0);
}

/** a refund of `total` gives back everything paid: the order becomes refunded */
export const refundsAllPaid = (summary: Pick<PaymentSummary, 'paid' | 'refunded'>, total: number) =>
  summary.refunded + total >= summary.paid;
