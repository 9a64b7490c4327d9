/**
 * Payments the staff record (a bank transfer seen on the shop's account, cash a courier or the shop
 * took): the amount, the day it was received and its reference, in one transaction with the audit
 * row. An order paid this way is `paid` only once the recorded money covers its grand total (then the
 * lifecycle's `paid` action runs: the customer's "paid" e-mail, the `order.paid` event, and the
 * invoice, whose number is taken now and not before). Less than due stays visible as paid vs due.
 * Online payments are not recorded here: the provider's confirmation pays them (payment/service.ts).
 *
 *   recordPayment(database, config, orderId, { method, amountCents, receivedOn, reference }, staff)
 *   paidSummary(q, orderId, grandTotal)   paid vs due, refunded, what may still be refunded
 */
import type { Database } from '@vitrina/db';
import { formatPrice, paymentSummary, recordedPaymentRefusal, type PaymentSummary } from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { fieldError, notFound, ruleError } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import { applyTransition, lockOrder } from './lifecycle.ts';

/** `payments.provider` of a payment the staff recorded, by how it came */
export const RECORDED_METHODS = {
  banktransfer: 'BANK_TRANSFER',
  cashondelivery: 'CASH_ON_DELIVERY',
} as const;
export type RecordedMethod = keyof typeof RECORDED_METHODS;

export type RecordPaymentInput = {
  method: RecordedMethod;
  amountCents: number;
  /** YYYY-MM-DD: the day the money reached the shop */
  receivedOn: string;
  reference: string;
};

/**
 * paid (payments confirmed or recorded) against due, and the refunds (made or decided, not failed).
 * An order the lifecycle marked paid without a payment row (cash on delivery completed: the carrier
 * collected it; orders paid before payments were recorded) counts as paid in full.
 */
export async function paidSummary(
  q: Queryable,
  orderId: number,
  grandTotal: number,
): Promise<PaymentSummary> {
  const paid = await rows<{ amount_cents: number }>(
    q,
    "SELECT amount_cents FROM payments WHERE order_id = $1 AND status = 'paid'",
    [orderId],
  );
  const status = await one<{ payment_status: string }>(q, 'SELECT payment_status FROM orders WHERE id = $1', [
    orderId,
  ]);
  const recorded = paid.reduce((s, p) => s + Number(p.amount_cents), 0);
  if (['paid', 'refund_due', 'refunded'].includes(status?.payment_status ?? '') && recorded < grandTotal)
    paid.push({ amount_cents: grandTotal - recorded });
  const refunded = await rows<{ total_cents: number }>(
    q,
    "SELECT total_cents FROM refunds WHERE order_id = $1 AND status <> 'failed'",
    [orderId],
  );
  return paymentSummary(
    grandTotal,
    paid.map((p) => Number(p.amount_cents)),
    refunded.map((r) => Number(r.total_cents)),
  );
}

export async function recordPayment(
  database: Database,
  config: ApiConfig,
  orderId: number,
  input: RecordPaymentInput,
  staff: StaffActor & { staffId: number | null },
): Promise<{ summary: PaymentSummary; paid: boolean }> {
  return database.transaction(async (tx) => {
    const order = await lockOrder(tx, { orderId });
    if (!order) throw notFound('order.notFound');
    const before = await paidSummary(tx, order.id, order.grand_total);
    // the rule the back office's form was offered from (domain recordedPaymentRefusal)
    const refusal = recordedPaymentRefusal(order.status, before, input.amountCents);
    if (refusal)
      throw ruleError(
        refusal.error,
        refusal.params ? { max: formatPrice(refusal.params.max, 'lt') } : undefined,
        refusal.field,
        refusal.conflict ? 409 : 400,
      );
    await tx.query(
      `INSERT INTO payments (order_id, provider, status, amount_cents, external_id, payload, received_on, reference, recorded_by)
       VALUES ($1, $2, 'paid', $3, NULL, $4::jsonb, $5::date, $6, $7)`,
      [
        order.id,
        RECORDED_METHODS[input.method],
        input.amountCents,
        JSON.stringify({ recorded: true }),
        input.receivedOn,
        input.reference.trim(),
        staff.email,
      ],
    );
    const summary = await paidSummary(tx, order.id, order.grand_total);
    let paid = false;
    if (summary.outstanding === 0 && order.payment_status !== 'paid') {
      // paid in full: the lifecycle's `paid` (status, e-mail, event, and the invoice now due)
      await applyTransition(
        tx,
        config,
        order,
        { type: 'paid', stockAvailable: true },
        { kind: 'staff', id: staff.staffId ?? 'cli', email: staff.email },
        `${RECORDED_METHODS[input.method]} ${input.reference.trim()}`.trim(),
      );
      paid = true;
    }
    await audit(tx, staff, 'order.payment_recorded', `order:${order.id}`, {
      method: input.method,
      amountCents: input.amountCents,
      receivedOn: input.receivedOn,
      reference: input.reference.trim(),
      paidCents: summary.paid,
      dueCents: summary.due,
    });
    return { summary, paid };
  });
}

/** the latest day a recorded payment may carry (today in the shop's zone; a bank's value date is never in the future) */
export async function assertReceivedOn(q: Queryable, day: string): Promise<void> {
  const ok = await one<{ ok: boolean }>(
    q,
    "SELECT $1::date <= (now() AT TIME ZONE 'Europe/Vilnius')::date AS ok",
    [day],
  );
  if (!ok?.ok) throw fieldError('receivedOn', 'validation.invalid');
}
