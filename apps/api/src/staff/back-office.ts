/**
 * What the back office reads and the few plain changes it makes outside the order lifecycle:
 * the orders list with its filters and search, an order's whole record, the
 * reviews to hide or show, the contact messages to mark handled, the stock-alert requests and the
 * newsletter subscribers (also as CSV). Every change is written with its audit row in one transaction.
 */
import type { Database } from '@vitrina/db';
import {
  orderVatBreakdown,
  recordableCents,
  refundOffer,
  staffActionsFor,
  toCsv,
  trackingUrl,
  type OrderVatBreakdown,
  type StoreCode,
} from '@vitrina/domain';
import { historyOf, stateOf, type LifecycleOrder } from '../order/lifecycle.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from './audit.ts';
import { paidSummary } from '../order/payments-received.ts';
import { refundsOf } from '../order/refunds.ts';
import { creditNotesOf, invoiceOf, refundableOrder } from '../invoice/numbering.ts';

export type OrderFilters = {
  status?: string | undefined;
  payment_status?: string | undefined;
  payment_method?: string | undefined;
  shipping_method?: string | undefined;
  /** YYYY-MM-DD, inclusive, in the shop's time zone (Europe/Vilnius) */
  from?: string | undefined;
  to?: string | undefined;
  /** order number, e-mail, name, phone or company code (part of it) */
  q?: string | undefined;
  page: number;
  size: number;
};

export type Page<T> = { items: T[]; total: number; page: number; size: number };

const SHOP_TIME_ZONE = 'Europe/Vilnius';

/** `%`, `_` and `\` taken literally in a LIKE pattern */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function orderWhere(f: OrderFilters): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (f.status) add((n) => `o.status = ${n}`, f.status);
  if (f.payment_status) add((n) => `o.payment_status = ${n}`, f.payment_status);
  if (f.payment_method) add((n) => `o.payment_method_code = ${n}`, f.payment_method);
  if (f.shipping_method) add((n) => `o.shipping_method_code = ${n}`, f.shipping_method);
  if (f.from) add((n) => `o.created_at >= (${n}::date::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`, f.from);
  if (f.to) add((n) => `o.created_at < ((${n}::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`, f.to);
  const q = f.q?.trim();
  if (q) {
    // the number exactly or in part; e-mail, names, phones, company and company code of both addresses
    add(
      (n) => `(o.increment_id ILIKE ${n} OR o.email ILIKE ${n}
        OR concat_ws(' ', o.personal_details->>'firstname', o.personal_details->>'lastname') ILIKE ${n}
        OR concat_ws(' ', o.billing_address->>'firstname', o.billing_address->>'lastname') ILIKE ${n}
        OR concat_ws(' ', o.shipping_address->>'firstname', o.shipping_address->>'lastname') ILIKE ${n}
        OR o.billing_address->>'telephone' ILIKE ${n} OR o.shipping_address->>'telephone' ILIKE ${n}
        OR o.personal_details->>'telephone' ILIKE ${n}
        OR o.billing_address->>'company' ILIKE ${n} OR o.billing_address->>'company_code' ILIKE ${n})`,
      likeLiteral(q),
    );
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export type OrderListItem = {
  id: number;
  number: string;
  created_at: string;
  status: string;
  payment_status: string;
  shipping_status: string;
  email: string;
  name: string;
  company: string | null;
  payment_method: string;
  shipping_method: string;
  grand_total: number;
  store_code: string;
};

type OrderRow = Record<string, unknown> & {
  id: number;
  increment_id: string;
  created_at: Date | string;
  personal_details: Record<string, unknown>;
  billing_address: Record<string, unknown>;
  shipping_address: Record<string, unknown>;
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function listItem(r: OrderRow): OrderListItem {
  const person = r.personal_details;
  return {
    id: r.id,
    number: r.increment_id,
    created_at: new Date(r.created_at).toISOString(),
    status: String(r.status),
    payment_status: String(r.payment_status),
    shipping_status: String(r.shipping_status),
    email: String(r.email),
    name: [
      text(person.firstname) || text(r.billing_address.firstname),
      text(person.lastname) || text(r.billing_address.lastname),
    ]
      .filter(Boolean)
      .join(' '),
    company: text(r.billing_address.company) || null,
    payment_method: String(r.payment_method_code),
    shipping_method: String(r.shipping_method_code),
    grand_total: Number(r.grand_total),
    store_code: String(r.store_code),
  };
}

/** the titles of the payment and shipping methods, for the filters (in the staff member's language) */
export type MethodOption = { code: string; title: string };

export class StaffBackOffice {
  constructor(private readonly database: Database) {}

  async orders(f: OrderFilters): Promise<Page<OrderListItem>> {
    const { where, params } = orderWhere(f);
    const total = await one<{ n: number }>(
      this.database,
      `SELECT count(*)::int AS n FROM orders o ${where}`,
      params,
    );
    const found = await rows<OrderRow>(
      this.database,
      `SELECT o.* FROM orders o ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, f.size, (f.page - 1) * f.size],
    );
    return { items: found.map(listItem), total: total?.n ?? 0, page: f.page, size: f.size };
  }

  async methods(store: StoreCode): Promise<{ payment: MethodOption[]; shipping: MethodOption[] }> {
    const title = `coalesce(title->>'${store === 'en' ? 'en' : store === 'ru' ? 'ru' : 'lt'}', title->>'lt', code)`;
    return {
      payment: await rows<MethodOption>(
        this.database,
        `SELECT code, ${title} AS title FROM payment_methods ORDER BY position, code`,
      ),
      shipping: await rows<MethodOption>(
        this.database,
        `SELECT code, ${title} AS title FROM shipping_methods ORDER BY position, code`,
      ),
    };
  }

  /** an order's whole record: the order row, its lines, payment attempts and history; undefined when unknown */
  async order(id: number, store: StoreCode = 'lt') {
    const lang = store === 'en' ? 'en' : store === 'ru' ? 'ru' : 'lt';
    const order = await one<OrderRow>(this.database, 'SELECT * FROM orders WHERE id = $1', [id]);
    if (!order) return undefined;
    // the grade: the label of the product's `condition` attribute option (CONDITION_GRADES)
    const lines = await rows<Record<string, unknown>>(
      this.database,
      `SELECT i.id, i.sku, i.name, i.qty, i.product_type, i.product_option, i.price_incl_tax, i.row_total_incl_tax, i.tax_percent,
              g.grade
       FROM order_items i
       LEFT JOIN LATERAL (
         SELECT coalesce(opt->'label'->>$2, opt->'label'->>'lt') AS grade
         FROM products p JOIN attributes a ON a.attribute_code = 'condition'
           CROSS JOIN LATERAL jsonb_array_elements(a.options) opt
         WHERE p.id = i.product_id AND opt->>'value' = p.attributes->>'condition' LIMIT 1
       ) g ON true
       WHERE i.order_id = $1 ORDER BY i.id`,
      [id, lang],
    );
    const payments = await rows<Record<string, unknown>>(
      this.database,
      `SELECT id, provider, status, amount_cents, external_id, created_at, updated_at, to_char(received_on, 'YYYY-MM-DD') AS received_on,
              reference, recorded_by FROM payments WHERE order_id = $1 ORDER BY id`,
      [id],
    );
    const lifecycle = order as unknown as LifecycleOrder;
    const history = await historyOf(this.database, id);
    return {
      ...listItem(order),
      order_token: undefined,
      is_pickup: lifecycle.is_pickup,
      carrier: lifecycle.carrier,
      tracking_number: lifecycle.tracking_number,
      tracking_url: trackingUrl(lifecycle.carrier, lifecycle.tracking_number),
      /** the staff actions the lifecycle table allows now (packages/domain order-lifecycle.ts) */
      actions: staffActionsFor(stateOf(lifecycle)),
      history: history.map((h) => ({
        at: h.created_at,
        action: h.action,
        from_status: h.from_status,
        to_status: h.to_status,
        payment_status: h.payment_status,
        who: h.actor_email,
        actor_kind: h.actor_kind,
        note: h.note,
      })),
      personal_details: order.personal_details,
      billing_address: order.billing_address,
      shipping_address: order.shipping_address,
      subtotal_incl_tax: Number(order.subtotal_incl_tax),
      discount_amount: Number(order.discount_amount),
      shipping_incl_tax: Number(order.shipping_incl_tax),
      payment_fee: Number(order.payment_fee),
      tax_amount: Number(order.tax_amount),
      coupon_code: (order.coupon_code as string | null) ?? null,
      cancel_reason: (order.cancel_reason as string | null) ?? null,
      ...(await this.money({ id, status: String(order.status), grandTotal: Number(order.grand_total) })),
      lines: lines.map((l) => ({
        id: Number(l.id),
        sku: String(l.sku),
        name: String(l.name),
        qty: Number(l.qty),
        product_type: String(l.product_type),
        product_option: (l.product_option as Record<string, unknown> | null) ?? null,
        grade: (l.grade as string | null) ?? null,
        price_incl_tax: Number(l.price_incl_tax),
        row_total_incl_tax: Number(l.row_total_incl_tax),
        tax_percent: Number(l.tax_percent),
      })),
      ...vatBreakdown(
        orderVatBreakdown(
          lines.map((l) => ({ rate: Number(l.tax_percent), gross: Number(l.row_total_incl_tax) })),
          { grandTotal: Number(order.grand_total), taxAmount: Number(order.tax_amount) },
        ),
      ),
      payments: payments.map((p) => ({
        id: Number(p.id),
        provider: String(p.provider),
        status: String(p.status),
        amount: Number(p.amount_cents),
        external_id: (p.external_id as string | null) ?? null,
        received_on: (p.received_on as string | null) ?? null,
        reference: (p.reference as string | null) ?? null,
        recorded_by: (p.recorded_by as string | null) ?? null,
        created_at: new Date(p.created_at as string).toISOString(),
        updated_at: new Date(p.updated_at as string).toISOString(),
      })),
    };
  }

  /**
   * paid vs due and what the staff may record as received, the refunds (made and to do) and what the
   * refund form may still offer, the invoice and its credit notes: the domain's figures, which the
   * payment and refund routes check against, so the page offers nothing they would refuse
   */
  private async money(order: { id: number; status: string; grandTotal: number }) {
    const orderId = order.id;
    const summary = await paidSummary(this.database, orderId, order.grandTotal);
    const refunds = await refundsOf(this.database, orderId);
    const made = refunds.filter((r) => r.status !== 'failed').map((r) => r.parts);
    const refundable = await refundableOrder(this.database, orderId);
    const invoice = await invoiceOf(this.database, orderId);
    const notes = await creditNotesOf(this.database, orderId);
    return {
      money: { ...summary, recordable: recordableCents(order.status, summary) },
      refund_offer: refundable
        ? refundOffer(refundable.refundable, made, summary.refundable)
        : { lines: {}, shipping: 0 },
      refunds: refunds.map((r) => ({
        id: r.id,
        method: r.method,
        status: r.status,
        total: r.total_cents,
        reason: r.reason,
        lines: r.parts.lines,
        shipping: r.parts.shipping,
        amount: r.parts.amount,
        provider: r.provider,
        error: r.error,
        reference: r.reference,
        created_by: r.created_by,
        created_at: new Date(r.created_at).toISOString(),
        done_at: r.done_at ? new Date(r.done_at).toISOString() : null,
        credit_note: notes.find((n) => n.refund_id === r.id)?.number ?? null,
      })),
      invoice: invoice
        ? {
            number: invoice.number,
            issued_at: new Date(invoice.issued_at).toISOString(),
            supplied_on: invoice.supplied_on,
          }
        : null,
      credit_notes: notes.map((n) => ({
        number: n.number,
        kind: n.kind,
        total: n.total_cents,
        issued_at: new Date(n.issued_at).toISOString(),
        reason: n.reason,
      })),
    };
  }

  async reviews(status: 'approved' | 'hidden' | 'pending' | undefined, page: number, size: number) {
    const where = status ? 'WHERE r.status = $1' : '';
    const params = status ? [status] : [];
    const total = await one<{ n: number }>(
      this.database,
      `SELECT count(*)::int AS n FROM reviews r ${where}`,
      params,
    );
    const found = await rows<Record<string, unknown>>(
      this.database,
      `SELECT r.id, r.title, r.detail, r.nickname, r.rating, r.status, r.created_at, r.product_id, p.sku, o.increment_id AS order_number
       FROM reviews r LEFT JOIN products p ON p.id = r.product_id LEFT JOIN orders o ON o.id = r.order_id
       ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, size, (page - 1) * size],
    );
    return {
      items: found.map((r) => ({ ...r, created_at: new Date(r.created_at as string).toISOString() })),
      total: total?.n ?? 0,
      page,
      size,
    };
  }

  /** feedback on orders as a whole (delivery, service): staff read it; it is no product's review */
  async orderFeedback(page: number, size: number) {
    const total = await one<{ n: number }>(this.database, 'SELECT count(*)::int AS n FROM order_feedback');
    const found = await rows<Record<string, unknown>>(
      this.database,
      `SELECT f.id, f.title, f.detail, f.nickname, f.rating, f.created_at, o.increment_id AS order_number
       FROM order_feedback f LEFT JOIN orders o ON o.id = f.order_id
       ORDER BY f.created_at DESC, f.id DESC LIMIT $1 OFFSET $2`,
      [size, (page - 1) * size],
    );
    return {
      items: found.map((r) => ({ ...r, created_at: new Date(r.created_at as string).toISOString() })),
      total: total?.n ?? 0,
      page,
      size,
    };
  }

  /** shows (approved) or hides a review; false when there is no such review */
  async setReviewStatus(actor: StaffActor, id: number, status: 'approved' | 'hidden'): Promise<boolean> {
    return this.database.transaction(async (tx) => {
      const row = await one<{ id: number }>(tx, 'UPDATE reviews SET status = $2 WHERE id = $1 RETURNING id', [
        id,
        status,
      ]);
      if (!row) return false;
      await audit(tx, actor, status === 'hidden' ? 'review.hide' : 'review.show', `review:${id}`);
      return true;
    });
  }

  async messages(state: 'open' | 'handled' | 'all', page: number, size: number) {
    const where =
      state === 'open'
        ? 'WHERE m.handled_at IS NULL'
        : state === 'handled'
          ? 'WHERE m.handled_at IS NOT NULL'
          : '';
    const total = await one<{ n: number }>(
      this.database,
      `SELECT count(*)::int AS n FROM contact_messages m ${where}`,
    );
    const found = await rows<Record<string, unknown>>(
      this.database,
      `SELECT m.id, m.name, m.email, m.phone, m.message, m.store_code, m.created_at, m.handled_at, u.email AS handled_by
       FROM contact_messages m LEFT JOIN staff_users u ON u.id = m.handled_by
       ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $1 OFFSET $2`,
      [size, (page - 1) * size],
    );
    return {
      items: found.map((m) => ({
        ...m,
        created_at: new Date(m.created_at as string).toISOString(),
        handled_at: m.handled_at ? new Date(m.handled_at as string).toISOString() : null,
      })),
      total: total?.n ?? 0,
      page,
      size,
    };
  }

  /** marks a message handled (once: a second mark keeps the first time and person); false when unknown */
  async markHandled(actor: StaffActor & { staffId: number }, id: number): Promise<boolean> {
    return this.database.transaction(async (tx) => {
      const row = await one<{ id: number }>(
        tx,
        'UPDATE contact_messages SET handled_at = coalesce(handled_at, now()), handled_by = coalesce(handled_by, $2) WHERE id = $1 RETURNING id',
        [id, actor.staffId],
      );
      if (!row) return false;
      await audit(tx, actor, 'message.handled', `message:${id}`);
      return true;
    });
  }

  async stockAlerts(q: Queryable = this.database) {
    const found = await rows<Record<string, unknown>>(
      q,
      `SELECT n.id, n.email, n.sku, n.store_code, n.created_at, n.notified_at FROM stock_notifications n
       ORDER BY n.created_at DESC, n.id DESC LIMIT 10000`,
    );
    return found.map((r) => ({
      id: Number(r.id),
      email: String(r.email),
      sku: String(r.sku),
      store_code: String(r.store_code),
      created_at: new Date(r.created_at as string).toISOString(),
      notified_at: r.notified_at ? new Date(r.notified_at as string).toISOString() : null,
    }));
  }

  async subscribers() {
    const found = await rows<Record<string, unknown>>(
      this.database,
      `SELECT email, status, store_code, created_at, confirmed_at FROM newsletter_subscribers ORDER BY created_at DESC, email LIMIT 100000`,
    );
    return found.map((r) => ({
      email: String(r.email),
      status: String(r.status),
      store_code: String(r.store_code),
      created_at: new Date(r.created_at as string).toISOString(),
      confirmed_at: r.confirmed_at ? new Date(r.confirmed_at as string).toISOString() : null,
    }));
  }

  /** an export: the CSV, with its audit row (who took which list when) */
  async exportCsv(actor: StaffActor, list: 'stock-alerts' | 'subscribers'): Promise<string> {
    const csv =
      list === 'stock-alerts'
        ? toCsv(
            ['email', 'sku', 'store_code', 'created_at', 'notified_at'],
            (await this.stockAlerts()).map((r) => [
              r.email,
              r.sku,
              r.store_code,
              r.created_at,
              r.notified_at,
            ]),
          )
        : toCsv(
            ['email', 'status', 'store_code', 'created_at', 'confirmed_at'],
            (await this.subscribers()).map((r) => [
              r.email,
              r.status,
              r.store_code,
              r.created_at,
              r.confirmed_at,
            ]),
          );
    await audit(this.database, actor, 'export', list);
    return csv;
  }

  async auditLog(page: number, size: number) {
    const found = await rows<Record<string, unknown>>(
      this.database,
      'SELECT id, staff_email, action, target, details, created_at FROM staff_audit_log ORDER BY id DESC LIMIT $1 OFFSET $2',
      [size, (page - 1) * size],
    );
    return found.map((r) => ({ ...r, created_at: new Date(r.created_at as string).toISOString() }));
  }
}

/** the domain's VAT breakdown (orderVatBreakdown) under the names the staff API gives it */
function vatBreakdown(b: OrderVatBreakdown) {
  return { vat_by_rate: b.byRate, vat_other: b.other, vat_total: b.total };
}
