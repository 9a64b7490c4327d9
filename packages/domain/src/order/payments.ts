// Money received against an order: what it owes, what came in, what the staff may still record as
// received (a bank transfer seen on the shop's account, cash) and what may go back. One rule for the
// API, which refuses a payment outside it, and for the back office's form, which only offers the
// figure the API computed from it.
import type { MessageKey } from '../messages/index.ts';

/** paid against due: the staff see both; an order is paid when nothing is outstanding */
export type PaymentSummary = {
  due: number;
  paid: number;
  refunded: number;
  outstanding: number;
  refundable: number;
};

export function paymentSummary(
  due: number,
  paidAmounts: readonly number[],
  refundAmounts: readonly number[] = [],
): PaymentSummary {
  const paid = paidAmounts.reduce((s, a) => s + a, 0);
  const refunded = refundAmounts.reduce((s, a) => s + a, 0);
  return {
    due,
    paid,
    refunded,
    outstanding: Math.max(due - paid, 0),
    refundable: Math.max(paid - refunded, 0),
  };
}

/** a cancelled order's money goes back, a refunded one is settled: neither takes more */
const CLOSED_STATUSES: ReadonlySet<string> = new Set(['cancelled', 'refunded']);

/**
 * The most the staff may record as received now: what is outstanding, nothing on a closed order.
 * 0 means the back office offers no payment form at all.
 */
export function recordableCents(status: string, summary: Pick<PaymentSummary, 'outstanding'>): number {
  return CLOSED_STATUSES.has(status) ? 0 : summary.outstanding;
}

/** why a recorded payment is refused; `conflict`: the order moved on (a 409, not the form's fault) */
export type PaymentRefusal = {
  error: MessageKey;
  field?: string;
  params?: { max: number };
  conflict: boolean;
};

/**
 * Why a payment of `amountCents` may not be recorded, or undefined when it may. Part of what is
 * outstanding is fine (an order paid in instalments stays visible as paid vs due); more is refused,
 * since an overpayment would only have to go back as a refund.
 */
export function recordedPaymentRefusal(
  status: string,
  summary: Pick<PaymentSummary, 'outstanding'>,
  amountCents: number,
): PaymentRefusal | undefined {
  if (CLOSED_STATUSES.has(status)) return { error: 'payment.orderClosed', conflict: true };
  const max = recordableCents(status, summary);
  if (max <= 0) return { error: 'payment.nothingDue', conflict: true };
  if (!Number.isSafeInteger(amountCents) || amountCents < 1)
    return { error: 'validation.invalid', field: 'amountCents', conflict: false };
  if (amountCents > max)
    return { error: 'payment.exceedsDue', field: 'amountCents', params: { max }, conflict: false };
  return undefined;
}
