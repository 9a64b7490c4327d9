// What an order may still give back, as the refund form offers it and as planRefund checks it: the
// units of each line not refunded yet, the shipping unless it went back already, the money paid and
// not refunded; and for a credit note without money, the invoiced total not credited yet. The API
// computes the offer from these and the back office only shows it, so the form never offers what
// the API would refuse.
import type { PaymentSummary } from './payments.ts';
import type { RefundPart } from './refunds.ts';

type Prior = readonly Pick<RefundPart, 'lines' | 'shipping'>[];

/** the units of each line (by id) that the refunds (or credit notes) so far took back */
export function refundedQuantities(prior: readonly Pick<RefundPart, 'lines'>[]): Map<number, number> {
  const refunded = new Map<number, number>();
  for (const p of prior)
    for (const l of p.lines) refunded.set(l.lineId, (refunded.get(l.lineId) ?? 0) + l.qty);
  return refunded;
}

/** the shipping goes back once: any earlier refund that carried it took all of it */
export const shippingRefunded = (prior: readonly Pick<RefundPart, 'shipping'>[]) =>
  prior.some((p) => p.shipping > 0);

/**
 * What the refund form offers besides the money (PaymentSummary.refundable): the units left per line
 * id (a line with none left is absent) and the shipping's cents (0: nothing to give back).
 */
export type RefundOffer = { lines: Record<string, number>; shipping: number };

/** the refund form's offer for an order (its lines' ids and quantities, its shipping incl. VAT) after the refunds `prior` (failed ones left out) */
export function refundOffer(
  order: { lines: readonly { id: number; qty: number }[]; shipping: number },
  prior: Prior,
): RefundOffer {
  const refunded = refundedQuantities(prior);
  const lines: Record<string, number> = {};
  for (const l of order.lines) {
    const left = l.qty - (refunded.get(l.id) ?? 0);
    if (left > 0) lines[String(l.id)] = left;
  }
  return { lines, shipping: shippingRefunded(prior) ? 0 : order.shipping };
}

/** what credit notes without money may still take: the invoiced total less what was credited (never below 0) */
export function creditableCents(grandTotal: number, prior: readonly Pick<RefundPart, 'total'>[]): number {
  return Math.max(grandTotal - prior.reduce((s, p) => s + p.total, 0), 0);
}

/** a refund of `total` gives back everything paid: the order becomes refunded */
export const refundsAllPaid = (summary: Pick<PaymentSummary, 'paid' | 'refunded'>, total: number) =>
  summary.refunded + total >= summary.paid;
