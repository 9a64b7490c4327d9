/**
 * The numbers of VAT invoices and credit notes, taken inside the caller's transaction (the order row
 * locked by it): each series is one `invoice_series` row per prefix, advanced in the transaction
 * that writes the document, so a rolled-back document gives its number back and the series has no
 * gaps. Invoices: INVOICE_PREFIX (`VIT-000001`); credit notes: their own series, CREDIT_NOTE_PREFIX
 * (`VITK-000001`).
 *
 * When an invoice is issued (the domain's invoiceDue, packages/domain/src/order/invoice.ts): by the order
 * lifecycle (order/lifecycle.ts applyTransition) in the transaction of the change that makes it due:
 * the payment confirmed online, the bank transfer recorded in full (order/payments-received.ts), the
 * handover of a cash-on-delivery order. Never for an order still unpaid by bank transfer.
 *
 * A credit note (kreditinė PVM sąskaita faktūra) is issued for every refund of an invoiced order
 * (order/refunds.ts) and when an invoiced order is cancelled (the rest of the invoice): what it
 * credits is the domain's planRefund, so the credit notes of an invoice never credit more than it
 * and, all together, exactly its amounts and VAT per rate (creditNoteProblems).
 */
import {
  creditableCents,
  invoiceDue,
  invoiceNumber,
  missingInvoiceSellerFields,
  isRefundRefusal,
  planRefund,
  type RefundableOrder,
  type RefundPart,
  type RefundRequest,
} from '@vitrina/domain';
import type { ApiConfig, ShopIdentity } from '../config.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { effectiveSettings, sellerIdentity } from '../settings/service.ts';
import { vatSplit, type InvoiceItem, type InvoiceOrder } from './document.ts';

export type InvoiceRecord = {
  order_id: number;
  number: string;
  issued_at: Date | string;
  supplied_on: string | null;
  seller: ShopIdentity;
};

export type CreditNoteRecord = {
  id: number;
  number: string;
  order_id: number;
  invoice_number: string;
  refund_id: number | null;
  kind: 'refund' | 'cancellation';
  reason: string;
  parts: RefundPart;
  total_cents: number;
  seller: ShopIdentity;
  issued_at: Date | string;
};

/** the next number of a series (its row advanced in this transaction) */
export async function nextNumber(tx: Queryable, prefix: string): Promise<string> {
  const next = await one<{ last_number: number }>(
    tx,
    `INSERT INTO invoice_series (prefix, last_number) VALUES ($1, 1)
     ON CONFLICT (prefix) DO UPDATE SET last_number = invoice_series.last_number + 1 RETURNING last_number`,
    [prefix],
  );
  return invoiceNumber(prefix, Number(next?.last_number));
}

export function invoiceOf(q: Queryable, orderId: number): Promise<InvoiceRecord | undefined> {
  return one<InvoiceRecord>(
    q,
    `SELECT order_id, number, issued_at, to_char(supplied_on, 'YYYY-MM-DD') AS supplied_on, seller FROM invoices WHERE order_id = $1`,
    [orderId],
  );
}

/**
 * The seller a new invoice or credit note names: the shop's settings as they are now (kept with the
 * document, so a later change of the settings never alters it). Undefined while the settings lack
 * what an invoice must state (name, company code, VAT code, address): no document with blanks.
 */
export async function documentSeller(q: Queryable, config: ApiConfig): Promise<ShopIdentity | undefined> {
  const { seller } = await effectiveSettings(q, config.settingsSeed);
  return missingInvoiceSellerFields(seller).length ? undefined : sellerIdentity(seller);
}

/** the shop's day (Europe/Vilnius) of an instant, YYYY-MM-DD */
export const shopDay = (at: Date | string = new Date()) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vilnius' }).format(new Date(at));

/**
 * The order's invoice, issued now when it is due and has none (the caller holds the order's row
 * lock). The date of supply: the day the money was received (a recorded payment's own date, which
 * may be before the day it was recorded) for an order invoiced on payment; the day of issue at a
 * handover. Undefined when the invoice is not due.
 */
export async function issueInvoiceIn(
  tx: Queryable,
  config: ApiConfig,
  orderId: number,
): Promise<InvoiceRecord | undefined> {
  const existing = await invoiceOf(tx, orderId);
  if (existing) return existing;
  const order = await one<{ status: string; payment_status: string; payment_method_code: string }>(
    tx,
    'SELECT status, payment_status, payment_method_code FROM orders WHERE id = $1',
    [orderId],
  );
  const due = order ? invoiceDue(order) : null;
  if (!due) return undefined;
  const received =
    due === 'paid'
      ? await one<{ day: string | null }>(
          tx,
          `SELECT to_char(max(coalesce(received_on, (updated_at AT TIME ZONE 'Europe/Vilnius')::date)), 'YYYY-MM-DD') AS day
             FROM payments WHERE order_id = $1 AND status = 'paid'`,
          [orderId],
        )
      : undefined;
  // due, but the settings lack the seller: it is issued once they hold it (the first download after)
  const seller = await documentSeller(tx, config);
  if (!seller) return undefined;
  const number = await nextNumber(tx, config.invoicePrefix);
  await tx.query(
    'INSERT INTO invoices (order_id, number, seller, supplied_on) VALUES ($1, $2, $3::jsonb, $4::date)',
    [orderId, number, JSON.stringify(seller), received?.day ?? shopDay()],
  );
  return invoiceOf(tx, orderId);
}

type OrderMoneyRow = InvoiceOrder & { id: number };

/** the order as a refund sees it: its lines (by id), discount, fees, and the invoice's VAT split */
export async function refundableOrder(
  q: Queryable,
  orderId: number,
): Promise<{ refundable: RefundableOrder; grandTotal: number } | undefined> {
  const order = await one<OrderMoneyRow>(q, 'SELECT * FROM orders WHERE id = $1', [orderId]);
  if (!order) return undefined;
  const items = await rows<InvoiceItem & { id: number }>(
    q,
    'SELECT id, sku, name, qty, price_incl_tax, row_total_incl_tax, tax_percent FROM order_items WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  const withDetails = items.map((i) => ({ ...i, details: [] }));
  return {
    grandTotal: order.grand_total,
    refundable: {
      lines: items.map((i) => ({
        id: i.id,
        qty: i.qty,
        rowTotal: i.row_total_incl_tax,
        rate: i.tax_percent,
      })),
      discount: order.discount_amount,
      shipping: order.shipping_incl_tax,
      paymentFee: order.payment_fee,
      defaultRate: items[0]?.tax_percent ?? 21,
      invoiceVat: vatSplit(order, withDetails),
    },
  };
}

export function creditNotesOf(q: Queryable, orderId: number): Promise<CreditNoteRecord[]> {
  return rows<CreditNoteRecord>(q, 'SELECT * FROM credit_notes WHERE order_id = $1 ORDER BY id', [orderId]);
}

/** writes a credit note of `parts` against the order's invoice, numbered from its own series */
export async function writeCreditNote(
  tx: Queryable,
  config: ApiConfig,
  input: {
    orderId: number;
    invoiceNumber: string;
    refundId: number | null;
    kind: 'refund' | 'cancellation';
    reason: string;
    parts: RefundPart;
  },
): Promise<CreditNoteRecord> {
  // the seller as the settings state it now, or as its invoice named it while they lack it
  const seller =
    (await documentSeller(tx, config)) ??
    (
      await one<{ seller: ShopIdentity }>(tx, 'SELECT seller FROM invoices WHERE number = $1', [
        input.invoiceNumber,
      ])
    )?.seller;
  const number = await nextNumber(tx, config.creditNotePrefix);
  const written = await one<CreditNoteRecord>(
    tx,
    `INSERT INTO credit_notes (number, order_id, invoice_number, refund_id, kind, reason, parts, total_cents, seller)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb) RETURNING *`,
    [
      number,
      input.orderId,
      input.invoiceNumber,
      input.refundId,
      input.kind,
      input.reason,
      JSON.stringify(input.parts),
      input.parts.total,
      JSON.stringify(seller),
    ],
  );
  if (!written) throw new Error('credit note was not written');
  await tx.query('INSERT INTO order_events (type, order_id, payload) VALUES ($1, $2, $3::jsonb)', [
    'credit_note.issued',
    input.orderId,
    JSON.stringify({ creditNote: creditNotePayload(written) }),
  ]);
  return written;
}

/** a credit note as the webhooks and the ERP export carry it (cents; VAT per rate) */
export function creditNotePayload(n: CreditNoteRecord) {
  return {
    number: n.number,
    invoiceNumber: n.invoice_number,
    kind: n.kind,
    reason: n.reason,
    issuedAt: new Date(n.issued_at).toISOString(),
    totalCents: n.total_cents,
    shippingCents: n.parts.shipping,
    paymentFeeCents: n.parts.paymentFee,
    amountCents: n.parts.amount,
    lines: n.parts.lines,
    vatByRate: n.parts.byRate,
  };
}

/**
 * The credit note of what the invoice has not credited yet, for a cancelled invoiced order (an
 * invoice is never silently invalidated); undefined when there is no invoice or nothing is left.
 */
export async function creditRemainderIn(
  tx: Queryable,
  config: ApiConfig,
  orderId: number,
  reason: string,
): Promise<CreditNoteRecord | undefined> {
  const invoice = await invoiceOf(tx, orderId);
  if (!invoice) return undefined;
  const plan = await planCredit(tx, orderId, { full: true });
  if (!plan || isRefundRefusal(plan)) return undefined;
  return writeCreditNote(tx, config, {
    orderId,
    invoiceNumber: invoice.number,
    refundId: null,
    kind: 'cancellation',
    reason,
    parts: plan,
  });
}

/** a credit of the order's invoice by the domain's rule, against its credit notes so far */
async function planCredit(q: Queryable, orderId: number, request: RefundRequest) {
  const o = await refundableOrder(q, orderId);
  if (!o) return undefined;
  const prior = (await creditNotesOf(q, orderId)).map((n) => n.parts);
  const left = creditableCents(o.grandTotal, prior);
  if (left <= 0) return undefined;
  return planRefund(o.refundable, prior, left, request);
}
