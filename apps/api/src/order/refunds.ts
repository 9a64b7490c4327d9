/**
 * Refunds, full or partial: some units of some lines, the shipping, a plain amount, or everything
 * left. The rules (never more than was paid and not yet refunded; lines refunded in parts split their
 * VAT exactly; cents conserved) are the domain's planRefund (packages/domain/src/order/refunds.ts).
 *
 *   refundOrder(ctx, orderId, { lines?: [{ lineId, qty }], shipping?, amountCents?, full?, restock?, reason }, actor)
 *     -> { refund, creditNote? }     (the one entry point: the staff's refund form, the lifecycle's
 *                                     `refund` action, returns and withdrawals)
 *   markRefundDone(ctx, orderId, refundId, { reference }, actor)   the staff made a manual refund
 *
 * How the money goes back: through the payment provider's own refund call when it has one (the
 * sandbox, payment/providers.ts), otherwise by hand: the refund stays `pending` as the staff's to-do
 * ("refund due") until they confirm it done. In one transaction the refund is decided: its row, the
 * credit note against the invoice (an invoiced order always gets one), the lifecycle's `refund` when
 * everything paid goes back (status `refunded`, payment `refund_due`), the `refund.created` event, the
 * audit row and the customer's "we will refund X" e-mail. The provider is called after that commit
 * (no external call holds the order's lock); when it is done (or the staff confirm it) a second
 * transaction marks it done: the `order.refunded` event, the "refunded X" e-mail, and, when nothing is
 * pending any more, the order's payment `refunded` (`refund_done`).
 */
import { reindexProducts, type Database } from '@vitrina/db';
import {
  centsToDecimalString,
  formatPrice,
  isRefundRefusal,
  isStoreCode,
  planRefund,
  refundsAllPaid,
  returnRefundProposal,
  returnRefundRequest,
  shopNameIn,
  type RefundPart,
  type RefundRequest,
  type StoreCode,
} from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { notFound, ruleError } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderRefundMail } from '../mail/order-templates.ts';
import { effectiveSettings } from '../settings/service.ts';
import {
  issueInvoiceIn,
  refundableOrder,
  writeCreditNote,
  type CreditNoteRecord,
} from '../invoice/numbering.ts';
import type { PaymentService } from '../payment/service.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import {
  applyTransition,
  isTransitionRefusal,
  lockOrder,
  orderPageLink,
  eventPayload,
  type LifecycleOrder,
  type OrderActor,
} from './lifecycle.ts';
import { paidSummary } from './payments-received.ts';

export type RefundInput = {
  lines?: { lineId: number; qty: number }[] | undefined;
  shipping?: boolean | undefined;
  amountCents?: number | undefined;
  full?: boolean | undefined;
  /** a refund of everything: return the order's units to stock (a return restocks its own units) */
  restock?: boolean | undefined;
  reason: string;
  /**
   * a return's refund (the return page): `amountCents` of the return's proposal (domain
   * returnRefundProposal), the request taken from it here under the order's lock
   */
  fromReturn?: { returnId: number; amountCents: number } | undefined;
};

export type RefundRecord = {
  id: number;
  order_id: number;
  method: 'provider' | 'manual';
  status: 'pending' | 'done' | 'failed';
  total_cents: number;
  parts: RefundPart;
  reason: string;
  provider: string | null;
  external_id: string | null;
  error: string | null;
  reference: string | null;
  created_by: string;
  created_at: Date | string;
  done_at: Date | string | null;
  done_by: string | null;
  return_id: number | null;
};

export type RefundContext = { database: Database; config: ApiConfig; payments: PaymentService };

/** who refunds: a staff member (audited), or the automation (ADMIN_TOKEN; audited as `admin_token`) */
export type RefundActor = StaffActor;

const storeOf = (o: { store_code: string }): StoreCode => (isStoreCode(o.store_code) ? o.store_code : 'lt');

function orderActor(actor: RefundActor): OrderActor {
  return actor.staffId === null
    ? { kind: 'admin_token' }
    : { kind: 'staff', id: actor.staffId, email: actor.email };
}

async function refundMail(
  q: Queryable,
  config: ApiConfig,
  o: LifecycleOrder,
  r: RefundRecord,
  kind: 'decided' | 'made',
) {
  const store = storeOf(o);
  const link = orderPageLink(config, o);
  const settings = await effectiveSettings(q, config.settingsSeed);
  const mail = renderRefundMail(
    kind,
    store,
    {
      incrementId: o.increment_id,
      orderLink: link,
      amount: formatPrice(r.total_cents, store),
      viaProvider: r.method === 'provider',
    },
    shopNameIn(settings, store),
  );
  await enqueueMail(
    q,
    kind === 'decided' ? 'mail.order-refund-decided' : 'mail.order-refund-made',
    {
      ...mail,
      to: o.email,
      storeCode: store,
      link,
      incrementId: o.increment_id,
      orderId: o.id,
      refundId: r.id,
    } as Parameters<typeof enqueueMail>[2],
    `refund:${r.id}:${kind}`,
  );
}

async function refundEvent(
  q: Queryable,
  type: 'refund.created' | 'order.refunded',
  o: LifecycleOrder,
  r: RefundRecord,
  creditNote?: string,
) {
  await q.query('INSERT INTO order_events (type, order_id, payload) VALUES ($1, $2, $3::jsonb)', [
    type,
    o.id,
    JSON.stringify({
      // the whole order, as the order events have it (addresses, pickup point, carrier, tracking number)
      ...eventPayload(o, null),
      refund: {
        id: r.id,
        status: r.status,
        method: r.method,
        totalCents: r.total_cents,
        shippingCents: r.parts.shipping,
        paymentFeeCents: r.parts.paymentFee,
        amountCents: r.parts.amount,
        lines: r.parts.lines,
        vatByRate: r.parts.byRate,
        reason: r.reason,
        ...(creditNote ? { creditNote } : {}),
      },
    }),
  ]);
}

/** the online payment a provider could refund: the order's paid attempt (its transaction) */
function providerPayment(q: Queryable, orderId: number) {
  return one<{ provider: string; external_id: string; currency: string }>(
    q,
    `SELECT p.provider, p.external_id, o.currency FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE p.order_id = $1 AND p.status = 'paid' AND p.external_id IS NOT NULL ORDER BY p.id DESC LIMIT 1`,
    [orderId],
  );
}

/** a return's order, state and lines (as refund lines) */
async function returnOf(q: Queryable, returnId: number) {
  const r = await one<{ order_id: number; state: string }>(
    q,
    'SELECT order_id, state FROM returns WHERE id = $1',
    [returnId],
  );
  if (!r) return undefined;
  const lines = await rows<{ lineId: number; qty: number }>(
    q,
    'SELECT order_item_id AS "lineId", qty FROM return_lines WHERE return_id = $1 ORDER BY order_item_id',
    [returnId],
  );
  return { ...r, lines };
}

/**
 * What the return's page offers to refund (domain returnRefundProposal): the returned units not
 * refunded yet, the shipping when the whole order came back; what the order may still refund; and
 * the refund already made for this return, if any.
 */
export async function returnRefundOffer(q: Queryable, returnId: number) {
  const ret = await returnOf(q, returnId);
  if (!ret) return undefined;
  const order = await one<{ grand_total: number }>(q, 'SELECT grand_total FROM orders WHERE id = $1', [
    ret.order_id,
  ]);
  const o = await refundableOrder(q, ret.order_id);
  if (!order || !o) return undefined;
  const summary = await paidSummary(q, ret.order_id, order.grand_total);
  const made = (await refundsOf(q, ret.order_id)).filter((r) => r.status !== 'failed');
  const mine = made.find((r) => r.return_id === returnId);
  const proposal = returnRefundProposal(
    o.refundable,
    made.map((r) => r.parts),
    summary.refundable,
    ret.lines,
  );
  return {
    proposal_cents: mine ? 0 : proposal.total,
    /** the shipping goes back with it (the whole order came back) */
    shipping: !mine && (proposal.request.full === true || proposal.request.shipping === true),
    refundable_cents: summary.refundable,
    refund: mine ? { id: mine.id, total_cents: mine.total_cents, status: mine.status } : null,
  };
}

export async function refundsOf(q: Queryable, orderId: number): Promise<RefundRecord[]> {
  return rows<RefundRecord>(q, 'SELECT * FROM refunds WHERE order_id = $1 ORDER BY id', [orderId]);
}

/**
 * Decides a refund (and makes it through the provider when it can). Refused with a 400 naming the
 * field (more than paid, too many units, the shipping twice, nothing chosen), 409 when nothing was
 * paid, 404 for no such order.
 */
export async function refundOrder(
  ctx: RefundContext,
  orderId: number,
  input: RefundInput,
  actor: RefundActor,
): Promise<{ refund: RefundRecord; creditNote: CreditNoteRecord | undefined }> {
  const { database, config } = ctx;
  let productIds: number[] = [];
  const decided = await database.transaction(async (tx) => {
    const order = await lockOrder(tx, { orderId });
    if (!order) throw notFound('order.notFound');
    const summary = await paidSummary(tx, order.id, order.grand_total);
    if (summary.refundable <= 0) throw ruleError('refund.notPaid', undefined, undefined, 409);
    // a paid order has its invoice (issued when it became due); one paid before that rule gets it now
    const invoice = await issueInvoiceIn(tx, config, order.id);
    const o = await refundableOrder(tx, order.id);
    if (!o) throw notFound('order.notFound');
    const made = (await refundsOf(tx, order.id)).filter((r) => r.status !== 'failed');
    const prior = made.map((r) => r.parts);
    let request: RefundRequest = input;
    if (input.fromReturn) {
      const { returnId, amountCents } = input.fromReturn;
      if (made.some((r) => r.return_id === returnId))
        throw ruleError('refund.returnRefunded', undefined, undefined, 409);
      const ret = await returnOf(tx, returnId);
      if (!ret || ret.order_id !== order.id) throw notFound('error.notFound');
      if (ret.state === 'requested') throw ruleError('refund.returnNotReceived', undefined, undefined, 409);
      const proposal = returnRefundProposal(o.refundable, prior, summary.refundable, ret.lines);
      const asked = returnRefundRequest(proposal, amountCents);
      if (isRefundRefusal(asked))
        throw ruleError(
          asked.error,
          asked.params?.max !== undefined
            ? { max: `${centsToDecimalString(Number(asked.params.max))} €` }
            : undefined,
          asked.field,
        );
      request = asked;
    }
    const plan = planRefund(o.refundable, prior, summary.refundable, request);
    if (isRefundRefusal(plan)) {
      // the most that may still go back, in euros as the staff read it
      const params =
        plan.params?.max !== undefined
          ? { ...plan.params, max: `${centsToDecimalString(Number(plan.params.max))} €` }
          : plan.params;
      throw ruleError(plan.error, params, plan.field);
    }

    const paidOnline = await providerPayment(tx, order.id);
    const provider = paidOnline ? await ctx.payments.providerOfMethod(paidOnline.provider) : undefined;
    const method = provider?.refund && (provider.sandbox || paidOnline) ? 'provider' : 'manual';
    const refund = await one<RefundRecord>(
      tx,
      `INSERT INTO refunds (order_id, method, status, total_cents, parts, reason, provider, created_by, return_id)
       VALUES ($1, $2, 'pending', $3, $4::jsonb, $5, $6, $7, $8) RETURNING *`,
      [
        order.id,
        method,
        plan.total,
        JSON.stringify(plan),
        input.reason.trim(),
        method === 'provider' ? paidOnline!.provider : null,
        actor.email,
        input.fromReturn?.returnId ?? null,
      ],
    );
    if (!refund) throw new Error('refund was not written');
    const creditNote = invoice
      ? await writeCreditNote(tx, config, {
          orderId: order.id,
          invoiceNumber: invoice.number,
          refundId: refund.id,
          kind: 'refund',
          reason: input.reason.trim(),
          parts: plan,
        })
      : undefined;

    // everything paid goes back: the order is refunded (its payment `refund_due` until the money is back)
    let current = order;
    if (refundsAllPaid(summary, plan.total)) {
      try {
        const applied = await applyTransition(
          tx,
          config,
          order,
          { type: 'refund', restock: input.restock ?? false },
          orderActor(actor),
          input.reason,
        );
        current = applied.order;
        productIds = applied.productIds;
      } catch (err) {
        // an order the table does not refund (not paid in full: the money of an underpaid order goes back, its status stays)
        if (!isTransitionRefusal(err)) throw err;
      }
    }
    await refundEvent(tx, 'refund.created', current, refund, creditNote?.number);
    await refundMail(tx, config, current, refund, 'decided');
    await audit(tx, actor, 'order.refund', `order:${order.id}`, {
      refundId: refund.id,
      method,
      totalCents: plan.total,
      lines: plan.lines,
      shippingCents: plan.shipping,
      amountCents: plan.amount,
      reason: input.reason.trim(),
      creditNote: creditNote?.number ?? null,
      ...(input.fromReturn ? { returnId: input.fromReturn.returnId } : {}),
    });
    return {
      refund,
      creditNote,
      provider: method === 'provider' ? provider : undefined,
      transaction: paidOnline,
    };
  });
  if (productIds.length) await reindexProducts(database, { productIds }).catch(() => undefined);

  let refund = decided.refund;
  if (decided.provider?.refund && decided.transaction) {
    try {
      const answer = await decided.provider.refund({
        refundId: refund.id,
        transactionId: decided.transaction.external_id,
        amountCents: refund.total_cents,
        currency: decided.transaction.currency,
        reason: refund.reason,
      });
      if (answer?.status === 'done')
        refund = await completeRefund(
          ctx,
          orderId,
          refund.id,
          { reference: answer.externalId, externalId: answer.externalId },
          { kind: 'payment', id: decided.provider.code },
          null,
        );
      else if (answer)
        await database.query('UPDATE refunds SET external_id = $2 WHERE id = $1', [
          refund.id,
          answer.externalId,
        ]);
      else await toManual(database, refund.id, `${decided.provider.code} has no refund call: refund by hand`);
    } catch (err) {
      // the provider refused or did not answer: the staff refund by hand (the to-do shows why)
      await toManual(database, refund.id, err instanceof Error ? err.message : String(err));
    }
    refund =
      (await one<RefundRecord>(database, 'SELECT * FROM refunds WHERE id = $1', [refund.id])) ?? refund;
  }
  return { refund, creditNote: decided.creditNote };
}

async function toManual(database: Database, refundId: number, error: string) {
  await database.query(
    "UPDATE refunds SET method = 'manual', error = $2 WHERE id = $1 AND status = 'pending'",
    [refundId, error.slice(0, 500)],
  );
}

/** the staff made a manual refund (a bank transfer back): done, with its reference */
export async function markRefundDone(
  ctx: RefundContext,
  orderId: number,
  refundId: number,
  input: { reference: string },
  actor: RefundActor,
): Promise<RefundRecord> {
  return completeRefund(
    ctx,
    orderId,
    refundId,
    { reference: input.reference.trim() || null, externalId: null },
    orderActor(actor),
    actor,
  );
}

async function completeRefund(
  ctx: RefundContext,
  orderId: number,
  refundId: number,
  done: { reference: string | null; externalId: string | null },
  who: OrderActor,
  staff: RefundActor | null,
): Promise<RefundRecord> {
  return ctx.database.transaction(async (tx) => {
    const order = await lockOrder(tx, { orderId });
    if (!order) throw notFound('order.notFound');
    const refund = await one<RefundRecord>(
      tx,
      'SELECT * FROM refunds WHERE id = $1 AND order_id = $2 FOR UPDATE',
      [refundId, orderId],
    );
    if (!refund) throw notFound('order.notFound');
    if (refund.status !== 'pending') throw ruleError('refund.notPending', undefined, undefined, 409);
    const by = staff?.email ?? ('id' in who && who.id !== undefined ? String(who.id) : who.kind);
    const updated = await one<RefundRecord>(
      tx,
      `UPDATE refunds SET status = 'done', done_at = now(), done_by = $2, reference = coalesce($3, reference),
         external_id = coalesce($4, external_id) WHERE id = $1 RETURNING *`,
      [refund.id, by, done.reference, done.externalId],
    );
    if (!updated) throw new Error('refund vanished under its lock');
    let current = order;
    const pending = await one<{ n: number }>(
      tx,
      "SELECT count(*)::int AS n FROM refunds WHERE order_id = $1 AND status = 'pending'",
      [orderId],
    );
    if (order.payment_status === 'refund_due' && (pending?.n ?? 0) === 0) {
      try {
        current = (await applyTransition(tx, ctx.config, order, { type: 'refund_done' }, who)).order;
      } catch (err) {
        if (!isTransitionRefusal(err)) throw err;
      }
    }
    await refundEvent(tx, 'order.refunded', current, updated);
    await refundMail(tx, ctx.config, current, updated, 'made');
    if (staff)
      await audit(tx, staff, 'order.refund_done', `order:${orderId}`, {
        refundId,
        reference: done.reference,
        totalCents: updated.total_cents,
      });
    return updated;
  });
}

/**
 * After an order is cancelled: money that came in for it (a bank transfer recorded in part) goes back.
 * A refund of the rest of the money is decided (a to-do for the staff, the customer told "we will
 * refund"); nothing when nothing was paid. The cancellation's credit note, if the order was invoiced,
 * was issued by the lifecycle.
 */
export async function refundOnCancel(
  ctx: RefundContext,
  orderId: number,
  reason: string,
  actor: RefundActor,
) {
  const order = await one<{ grand_total: number; status: string }>(
    ctx.database,
    'SELECT grand_total, status FROM orders WHERE id = $1',
    [orderId],
  );
  if (!order || order.status !== 'cancelled') return undefined;
  const summary = await paidSummary(ctx.database, orderId, order.grand_total);
  if (summary.refundable <= 0) return undefined;
  return refundOrder(ctx, orderId, { amountCents: summary.refundable, reason }, actor);
}
