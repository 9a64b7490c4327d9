/**
 * The order lifecycle in the API: the ONE way an order's statuses change. The rules are
 * the domain's (`applyOrderAction`, packages/domain/src/order/order-lifecycle.ts); this module does what
 * they say inside one transaction: lock the order row, check the table (refused: a 409 ApiError,
 * nothing changed), update the statuses, write `order_status_history`, return (or take) stock once,
 * write the `order_events` (webhooks) and enqueue the customer's e-mail (once per order and kind).
 *
 * Used by: order creation (`recordOrderPlaced`), payments (payment/service.ts), the unpaid-order
 * sweep (order/unpaid.ts), the admin-token API (order/admin-routes.ts) and the staff area.
 *
 * Signatures for other modules (independent of HTTP):
 *
 *   transitionOrder(database: Database, config: ApiConfig, input: TransitionInput,
 *                   onStockChanged?: (productIds: number[]) => Promise<void>): Promise<OrderDetail>
 *     input = { incrementId: string } | { orderId: number }, plus
 *             { action: OrderAction, actor: OrderActor, note?: string }
 *     One transaction; throws ApiError 409 (`order.lifecycle.*`) when the table refuses, 404 when
 *     there is no such order, 400 (`order.productsUnavailable`) when units to take again are gone.
 *
 *   staffAction(input: StaffActionInput): OrderAction        (the admin/staff form -> a domain action)
 *   orderDetail(q: Queryable, incrementId: string): Promise<OrderDetail | undefined>
 *   applyTransition(tx: Executor, config, order: LifecycleOrder, action, actor, note?) (inside a
 *     transaction that already locked the row with lockOrder)
 *   OrderActor = { kind: 'staff', id, email } | { kind: 'admin_token' } | { kind: 'customer', id }
 *              | { kind: 'guest' } | { kind: 'payment', id? } | { kind: 'system' }
 */
import { pickupPointOf } from '../integration/orders-export.ts';
import type { Database, Executor } from '@vitrina/db';
import {
  applyOrderAction,
  carrierName,
  formatPrice,
  invoiceDue,
  isStoreCode,
  PAYMENT_BANK_TRANSFER,
  isTransitionError,
  orderStateChanged,
  staffActionsFor,
  trackingUrl,
  translateMessage,
  type CancelledBy,
  type OrderAction,
  type OrderEffects,
  type OrderEmailKind,
  type OrderPaymentStatus,
  type OrderShippingStatus,
  type OrderState,
  type OrderStatus,
  type StaffActionType,
  type StoreCode,
  shopNameIn,
} from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { enqueueMail, outboxInsert, outboxParams, type MailKind, type OutboxMail } from '../mail/outbox.ts';
import { renderNewOrderNotice, renderOrderMail, transferBlock } from '../mail/order-templates.ts';
import { effectiveSettings, sellerIdentity, type EffectiveSettings } from '../settings/service.ts';
import { bankTransferOf } from './bank-transfer.ts';
import { storefrontLink } from '../mail/templates.ts';
import { productsUnavailable, releaseOrderStock, retakeOrderStock } from './stock.ts';
import { settleCouponUse } from './coupon.ts';
import { currentTermsVersion } from '../legal/terms.ts';
import { confirmationLegalPart, sellerLine } from '../legal/texts.ts';
import { withdrawalDays } from '@vitrina/domain';
import { creditRemainderIn, issueInvoiceIn } from '../invoice/numbering.ts';

/** who acted: written to the history (`actor_kind`, `actor_id`, `actor_email`) */
export type OrderActor =
  | { kind: 'staff'; id: string | number; email: string }
  | { kind: 'admin_token' }
  | { kind: 'customer'; id: number; email?: string }
  | { kind: 'guest' }
  | { kind: 'payment'; id?: string }
  | { kind: 'system' };

/** the order columns the lifecycle reads */
export type LifecycleOrder = {
  id: number;
  increment_id: string;
  order_token: string;
  customer_id: number | null;
  store_code: string;
  status: string;
  payment_status: string;
  shipping_status: string;
  cancelled_by: string | null;
  cancel_reason: string | null;
  stock_returned_at: Date | string | null;
  is_pickup: boolean;
  carrier: string | null;
  tracking_number: string | null;
  email: string;
  grand_total: number;
  currency: string;
  shipping_address: Record<string, unknown>;
  payment_method_code: string;
  created_at: Date | string;
  billing_address: Record<string, unknown>;
  shipping_method_code: string;
  /** the terms the buyer accepted: given by the placing transaction, which wrote it; else read when needed */
  terms_version?: string | null;
};

const COLUMNS = `id, increment_id, order_token, customer_id, store_code, status, payment_status, shipping_status,
  cancelled_by, cancel_reason, stock_returned_at, is_pickup, carrier, tracking_number, email, grand_total, currency,
  shipping_address, payment_method_code, created_at, billing_address, shipping_method_code`;

/** `orders.cancel_reason` of an order the sweep cancelled (order/unpaid.ts) */
export const PAYMENT_TIMEOUT = 'payment_timeout';

/** the order row locked FOR UPDATE (by id or number); undefined when there is none */
export async function lockOrder(
  tx: Queryable,
  by: { orderId: number } | { incrementId: string },
): Promise<LifecycleOrder | undefined> {
  return 'orderId' in by
    ? one<LifecycleOrder>(tx, `SELECT ${COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [by.orderId])
    : one<LifecycleOrder>(tx, `SELECT ${COLUMNS} FROM orders WHERE increment_id = $1 FOR UPDATE`, [
        by.incrementId,
      ]);
}

/** the domain's view of an order row */
export function stateOf(o: LifecycleOrder): OrderState {
  return {
    status: o.status as OrderStatus,
    paymentStatus: o.payment_status as OrderPaymentStatus,
    shippingStatus: o.shipping_status as OrderShippingStatus,
    stockHeld: o.stock_returned_at === null,
    pickup: o.is_pickup,
    cancelledBy: o.status === 'cancelled' ? ((o.cancelled_by ?? 'staff') as CancelledBy) : null,
    // a bank transfer is paid when the staff record it (order/payments-received.ts), not by completing
    payOnDelivery: o.payment_method_code !== PAYMENT_BANK_TRANSFER,
  };
}

const storeOf = (o: Pick<LifecycleOrder, 'store_code'>): StoreCode =>
  isStoreCode(o.store_code) ? o.store_code : 'lt';

/** the customer's page of the order: the account's, or (a guest) the order-token page */
export function orderPageLink(config: ApiConfig, o: LifecycleOrder): string {
  const store = storeOf(o);
  if (o.customer_id !== null) return storefrontLink(config.publicUrl, store, `/my-account/orders/${o.id}`);
  const q = new URLSearchParams({ number: o.increment_id, token: o.order_token });
  return storefrontLink(config.publicUrl, store, `/order-completed?${q.toString()}`);
}

/** the withdrawal page of the order: the account's (signed in), or with the order token (guests) */
export function withdrawalLink(
  config: ApiConfig,
  o: Pick<LifecycleOrder, 'store_code' | 'customer_id' | 'increment_id' | 'order_token'>,
): string {
  const q = new URLSearchParams({ number: o.increment_id });
  if (o.customer_id === null) q.set('token', o.order_token);
  return storefrontLink(config.publicUrl, storeOf(o), `/withdrawal?${q.toString()}`);
}

/** the order feedback form (accounts-checkout-routes.md §4 "Order feedback") */
export function feedbackLink(config: ApiConfig, o: LifecycleOrder): string {
  return storefrontLink(
    config.publicUrl,
    storeOf(o),
    `/review/${encodeURIComponent(o.order_token)}/${encodeURIComponent(o.increment_id)}`,
  );
}

const MAIL_KINDS: Record<OrderEmailKind, MailKind> = {
  confirmation: 'order.confirmation-email',
  paid: 'mail.order-paid',
  shipped: 'mail.order-shipped',
  ready_for_pickup: 'mail.order-ready-for-pickup',
  cancelled: 'mail.order-cancelled',
  refunded: 'mail.order-refunded',
  feedback_request: 'mail.order-feedback-request',
};

function pickupPlace(o: LifecycleOrder): string | undefined {
  const p = o.shipping_address.pickup_point as
    { name?: unknown; address?: unknown; city?: unknown } | undefined;
  if (!p || typeof p.name !== 'string') return undefined;
  return [p.name, p.address, p.city].filter((x) => typeof x === 'string' && x).join(', ');
}

/** the reason a customer reads in the cancellation e-mail, in their language */
function cancelReasonText(o: LifecycleOrder, store: StoreCode): string | undefined {
  if (o.cancel_reason === PAYMENT_TIMEOUT) return translateMessage('order.cancelledUnpaid', store);
  return o.cancel_reason ?? undefined;
}

/** writes the customer's e-mail of `kind` for the order (at most once per order and kind) */
export async function enqueueOrderMail(
  q: Queryable,
  config: ApiConfig,
  o: LifecycleOrder,
  kind: OrderEmailKind,
  /** the shop's settings the caller already holds (an order placed: those it was priced with) */
  known?: EffectiveSettings,
): Promise<boolean> {
  const mail = await orderMail(q, config, o, kind, known);
  return enqueueMail(q, mail.kind, mail.mail, mail.dedupeKey);
}

/** the customer's e-mail of `kind` for the order as enqueueOrderMail writes it (its kind, body and dedupe key) */
async function orderMail(
  q: Queryable,
  config: ApiConfig,
  o: LifecycleOrder,
  kind: OrderEmailKind,
  known?: EffectiveSettings,
): Promise<OrderMailRow> {
  const store = storeOf(o);
  const link = orderPageLink(config, o);
  // the confirmation is the contract's confirmation on a durable medium (Directive 2011/83/EU art. 8(7)):
  // the seller, the terms in force (attached, by version), the withdrawal information and model form
  // the name it is signed with and, for an unpaid bank transfer, the account: the shop's settings now
  const settings = known ?? (await effectiveSettings(q, config.settingsSeed));
  const legal = kind === 'confirmation' ? await confirmationLegal(q, config, o, store, settings) : undefined;
  const transfer = kind === 'confirmation' ? bankTransferOf(o, settings) : null;
  const grandTotal = formatPrice(o.grand_total, store);
  const mail = renderOrderMail(
    kind,
    store,
    {
      incrementId: o.increment_id,
      orderLink: link,
      guest: o.customer_id === null,
      grandTotal,
      carrier: o.carrier ? carrierName(o.carrier) : undefined,
      trackingNumber: o.tracking_number ?? undefined,
      trackingUrl: trackingUrl(o.carrier, o.tracking_number),
      pickupPlace: pickupPlace(o),
      reason: cancelReasonText(o, store),
      feedbackLink: kind === 'feedback_request' ? feedbackLink(config, o) : undefined,
      bankTransfer: transfer ? transferBlock(transfer, store, grandTotal) : undefined,
    },
    shopNameIn(settings, store),
    legal?.text,
  );
  return {
    kind: MAIL_KINDS[kind],
    mail: {
      ...mail,
      to: o.email,
      storeCode: store,
      link: kind === 'feedback_request' ? feedbackLink(config, o) : link,
      // kept for older readers of the confirmation row (the outbox's test route, the offline journey)
      email: o.email,
      incrementId: o.increment_id,
      orderId: o.id,
      ...(legal ? { attachments: legal.attachments, termsVersion: legal.version } : {}),
    },
    dedupeKey: `order:${o.id}:${kind}`,
  };
}

async function confirmationLegal(
  q: Queryable,
  config: ApiConfig,
  o: LifecycleOrder,
  store: StoreCode,
  settings: EffectiveSettings,
) {
  const known = o.terms_version !== undefined;
  const row = known
    ? o
    : await one<{ terms_version: string | null }>(q, 'SELECT terms_version FROM orders WHERE id = $1', [
        o.id,
      ]);
  const version = row?.terms_version ?? currentTermsVersion();
  const days = withdrawalDays(settings.moneyBackDays);
  const withdrawalUrl = withdrawalLink(config, o);
  const seller = sellerIdentity(settings.seller);
  const text = confirmationLegalPart(store, seller, version, {
    seller: sellerLine(seller, store),
    days,
    withdrawalUrl,
  });
  // the PDF is the same for every order of this version and language: the order's own link is above
  return { text, version, attachments: [{ kind: 'terms' as const, version, store, days }] };
}

async function writeHistory(
  q: Queryable,
  o: Pick<LifecycleOrder, 'id'>,
  action: string,
  from: string | null,
  to: Pick<OrderState, 'status' | 'paymentStatus' | 'shippingStatus'>,
  actor: OrderActor,
  note: string | undefined,
): Promise<HistoryEntry> {
  const [row] = await rows<HistoryEntry & { created_at: Date | string }>(
    q,
    `INSERT INTO order_status_history (order_id, action, from_status, to_status, payment_status,
       shipping_status, actor_kind, actor_id, actor_email, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     RETURNING action, from_status, to_status, payment_status, shipping_status, actor_kind, actor_id, actor_email,
       note, created_at`,
    historyParams(o, historyRow(action, from, to, actor, note)),
  );
  if (!row) throw new Error('order history was not written');
  return { ...row, created_at: new Date(row.created_at).toISOString() };
}

/** a history row's values as its INSERT writes them (and a read answers them), but its time */
function historyRow(
  action: string,
  from: string | null,
  to: Pick<OrderState, 'status' | 'paymentStatus' | 'shippingStatus'>,
  actor: OrderActor,
  note: string | undefined,
): Omit<HistoryEntry, 'created_at'> {
  return {
    action,
    from_status: from,
    to_status: to.status,
    payment_status: to.paymentStatus,
    shipping_status: to.shippingStatus,
    actor_kind: actor.kind,
    actor_id: 'id' in actor ? (actor.id === undefined ? null : String(actor.id)) : null,
    actor_email: 'email' in actor ? (actor.email ?? null) : null,
    note: note?.trim() || null,
  };
}

/** the order's id and a history row's nine values, in the column order of its INSERT */
const historyParams = (o: Pick<LifecycleOrder, 'id'>, r: Omit<HistoryEntry, 'created_at'>): unknown[] => [
  o.id,
  r.action,
  r.from_status,
  r.to_status,
  r.payment_status,
  r.shipping_status,
  r.actor_kind,
  r.actor_id,
  r.actor_email,
  r.note,
];

/**
 * Writes of a caller's statement (a data-modifying WITH): `ctes`, its WITH parts (their names its
 * own), parameters numbered from `first`; `answer`, a SQL expression over them answered as JSON.
 */
export type RowsBeside = {
  ctes: (first: number) => string;
  answer: string;
  params: readonly unknown[];
};

/** an e-mail as enqueueMail writes it: its kind, body and dedupe key */
type OrderMailRow = { kind: MailKind; mail: OutboxMail; dedupeKey: string };

/**
 * the webhook body of an order event (the event's id is the row's uuid): the whole order, so a
 * receiver (ERP, warehouse) needs no second request; refund events carry it too (order/refunds.ts)
 */
export function eventPayload(o: LifecycleOrder, previousStatus: string | null) {
  return {
    order: {
      incrementId: o.increment_id,
      status: o.status,
      previousStatus,
      paymentStatus: o.payment_status,
      shippingStatus: o.shipping_status,
      grandTotal: o.grand_total,
      currency: o.currency,
      storeCode: o.store_code,
      carrier: o.carrier,
      trackingNumber: o.tracking_number,
      cancelReason: o.status === 'cancelled' ? o.cancel_reason : null,
      // the whole order, so a receiver (ERP, warehouse) needs no second request
      email: o.email,
      shippingMethod: o.shipping_method_code,
      paymentMethod: o.payment_method_code,
      isPickup: o.is_pickup,
      pickupPoint: pickupPointOf(o.shipping_address),
      shippingAddress: o.shipping_address,
      billingAddress: o.billing_address,
    },
  };
}

async function writeEvent(q: Queryable, type: string, o: LifecycleOrder, previousStatus: string | null) {
  await q.query('INSERT INTO order_events (type, order_id, payload) VALUES ($1, $2, $3::jsonb)', [
    type,
    o.id,
    JSON.stringify(eventPayload(o, previousStatus)),
  ]);
}

/**
 * What placing an order writes besides the order, its lines and its stock, as parts of the placing
 * statement (order/place/write.ts): the history's first row, the `order.created` event, the
 * confirmation e-mail and the shop's notice (ORDERS_EMAIL). Each is written only when the statement's
 * `gate` (a WITH part) answers a row: the statement's own checks (the stock, the cart) passed.
 * `o` is the order as the statement writes it (its id taken before, its `created_at` and
 * `terms_version` given): the e-mails are made from it in advance, and the history's row, written at
 * the same `created_at`, is answered here, as a read of it would answer it. `settings`: the shop's
 * settings the order was priced with (the e-mails name the same seller and account; without them,
 * read here). `notice.lines`: the lines as the notice names them.
 */
export async function orderPlacedWrites(
  q: Queryable,
  config: ApiConfig,
  o: LifecycleOrder & { terms_version: string | null; created_at: Date },
  actor: OrderActor,
  notice: {
    name: string;
    paymentMethod: string;
    shippingMethod: string;
    lines: readonly { sku: string; name: string; qty: number; row_total_incl_tax: number }[];
  },
  settings: EffectiveSettings | undefined,
  gate: string,
): Promise<{ history: HistoryEntry; writes: RowsBeside }> {
  const mails = [await orderMail(q, config, o, 'confirmation', settings)];
  if (config.ordersEmail) {
    const mail = renderNewOrderNotice({
      shopName: shopNameIn(settings ?? (await effectiveSettings(q, config.settingsSeed)), 'lt'),
      incrementId: o.increment_id,
      grandTotal: formatPrice(o.grand_total, 'lt'),
      email: o.email,
      name: notice.name,
      storeCode: o.store_code,
      paymentMethod: notice.paymentMethod,
      shippingMethod: notice.shippingMethod,
      lines: notice.lines.map(
        (l) => `${l.qty} × ${l.name} (${l.sku}) ${formatPrice(l.row_total_incl_tax, 'lt')}`,
      ),
    });
    mails.push({
      kind: 'mail.order-new-notice',
      mail: { ...mail, to: config.ordersEmail, storeCode: 'lt', incrementId: o.increment_id, orderId: o.id },
      dedupeKey: `order:${o.id}:new-notice`,
    });
  }
  const history = historyRow('placed', null, stateOf(o), actor, undefined);
  const params = [
    ...historyParams(o, history),
    o.created_at,
    'order.created',
    JSON.stringify(eventPayload(o, null)),
    ...mails.flatMap((m) => outboxParams(m.kind, m.mail, m.dedupeKey)),
  ];
  return {
    // the row as a read of the history answers it, at the order's own instant
    history: { ...history, created_at: o.created_at.toISOString() },
    writes: {
      params,
      ctes: (first) => {
        const $ = (i: number) => `$${first + i}`;
        return [
          `history AS (INSERT INTO order_status_history (order_id, action, from_status, to_status, payment_status,
             shipping_status, actor_kind, actor_id, actor_email, note, created_at)
           SELECT ${Array.from({ length: 11 }, (_, i) => $(i)).join(', ')} FROM ${gate})`,
          `event AS (INSERT INTO order_events (type, order_id, payload) SELECT ${$(11)}, ${$(0)}, ${$(12)}::jsonb FROM ${gate})`,
          ...mails.map((_, i) => `mail_${i} AS (${outboxInsert(first + 13 + i * 3, gate)})`),
        ].join(',\n');
      },
      answer: 'null',
    },
  };
}

export type AppliedTransition = {
  order: LifecycleOrder;
  state: OrderState;
  changed: boolean;
  effects: OrderEffects;
  /** products whose stock changed (keep listings fresh after the commit) */
  productIds: number[];
};

/** the 409 of a refused action, in the API's error shape */
export function transitionRefused(key: string, params?: Record<string, string | number>): ApiError {
  return new ApiError(409, key, params, [{ field: 'action', key, params }], false);
}

/** true: the error is the table's refusal (a 409), nothing was changed */
export const isTransitionRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.statusCode === 409 && err.key.startsWith('order.lifecycle.');

/**
 * Applies one action to an order whose row the caller locked (`lockOrder`) in this transaction.
 * Throws the 409 (nothing written) when the table refuses it.
 */
export async function applyTransition(
  tx: Executor,
  config: ApiConfig,
  order: LifecycleOrder,
  action: OrderAction,
  actor: OrderActor,
  note?: string,
): Promise<AppliedTransition> {
  const before = stateOf(order);
  let taken: number[] | null = null;
  let asked = action;
  // money for an order the sweep cancelled: it revives only when all its units are there again
  // (taken in a savepoint; none taken when any is short: a refund beats overselling)
  if (action.type === 'paid' && !before.stockHeld && before.cancelledBy === 'payment_timeout') {
    taken = await retakeAllOrNone(tx, order.id);
    asked = { type: 'paid', stockAvailable: taken !== null };
  }
  const r = applyOrderAction(before, asked);
  if (isTransitionError(r)) {
    if (taken) throw new Error('units taken for a refused payment'); // never: the table allows `paid` here
    throw transitionRefused(r.error.key, r.error.params as Record<string, string | number> | undefined);
  }
  const { state: next, effects } = r;
  const productIds: number[] = [...(taken ?? [])];
  if (effects.returnStock) productIds.push(...(await releaseOrderStock(tx, order.id)));
  if (effects.takeStock && !taken) {
    const again = await retakeOrderStock(tx, order.id, effects.takeStock === 'force');
    if (again.short.length) throw productsUnavailable(again.short);
    productIds.push(...again.productIds);
  }
  const changed = orderStateChanged(before, next);
  if (!changed) return { order, state: next, changed, effects, productIds };

  const cancelReason =
    next.status !== 'cancelled'
      ? null
      : action.type === 'cancel'
        ? action.reason.trim()
        : next.cancelledBy === 'payment_timeout'
          ? PAYMENT_TIMEOUT
          : order.status === 'cancelled'
            ? order.cancel_reason
            : null;
  const updated = await one<LifecycleOrder>(
    tx,
    `UPDATE orders SET status = $2, payment_status = $3, shipping_status = $4, cancelled_by = $5, cancel_reason = $6,
       stock_returned_at = CASE WHEN $7 THEN coalesce(stock_returned_at, now()) ELSE NULL END,
       carrier = coalesce($8, carrier), tracking_number = coalesce($9, tracking_number), updated_at = now()
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [
      order.id,
      next.status,
      next.paymentStatus,
      next.shippingStatus,
      next.cancelledBy,
      cancelReason,
      !next.stockHeld,
      action.type === 'ship' ? action.carrier.trim() : null,
      action.type === 'ship' ? action.trackingNumber.trim() : null,
    ],
  );
  if (!updated) throw new Error(`order ${order.id} vanished under its lock`);
  await settleCouponUse(tx, order.id, {
    wasCancelled: order.status === 'cancelled',
    isCancelled: updated.status === 'cancelled',
  });
  await writeHistory(tx, updated, action.type, before.status, next, actor, note);
  for (const type of effects.events) await writeEvent(tx, type, updated, before.status);
  if (effects.email) await enqueueOrderMail(tx, config, updated, effects.email);
  // the invoice's number is taken when the invoice is due (domain invoiceDue: paid, or handed over)
  if (invoiceDue(updated)) await issueInvoiceIn(tx, config, updated.id);
  // a cancelled invoiced order: its invoice is answered by a credit note, never silently dropped
  if (updated.status === 'cancelled' && order.status !== 'cancelled')
    await creditRemainderIn(tx, config, updated.id, cancelReasonText(updated, 'lt') ?? 'Užsakymas atšauktas');
  return { order: updated, state: next, changed, effects, productIds: [...new Set(productIds)] };
}

/** takes all the order's units again in a savepoint; null (nothing taken) when any is short */
async function retakeAllOrNone(tx: Executor, orderId: number): Promise<number[] | null> {
  const short = new Error('short');
  try {
    return await tx.transaction(async (sp) => {
      const again = await retakeOrderStock(sp, orderId, false);
      if (again.short.length) throw short;
      return again.productIds;
    });
  } catch (err) {
    if (err === short) return null;
    throw err;
  }
}

export type TransitionInput = ({ incrementId: string } | { orderId: number }) & {
  action: OrderAction;
  actor: OrderActor;
  note?: string | undefined;
};

/**
 * One action on one order in its own transaction (the staff area, the admin-token API). Answers the
 * order's detail after the change. Refused: 409 and nothing changed; no such order: 404.
 */
export async function transitionOrder(
  database: Database,
  config: ApiConfig,
  input: TransitionInput,
  onStockChanged: (productIds: number[]) => Promise<void> = async () => undefined,
): Promise<OrderDetail> {
  const applied = await database.transaction(async (tx) => {
    const order = await lockOrder(tx, input);
    if (!order) throw notFound('order.notFound');
    return applyTransition(tx, config, order, input.action, input.actor, input.note);
  });
  if (applied.productIds.length) await onStockChanged(applied.productIds);
  const detail = await orderDetail(database, applied.order.increment_id);
  if (!detail) throw notFound('order.notFound');
  return detail;
}

/** what the staff's form (or the admin-token API) sends */
export type StaffActionInput = {
  action: StaffActionType;
  note?: string | undefined;
  /** cancel: the reason (the note stands for it when absent) */
  reason?: string | undefined;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  /** refund: return the units to stock */
  restock?: boolean | undefined;
};

/** the domain action of a staff form */
export function staffAction(input: StaffActionInput): OrderAction {
  switch (input.action) {
    case 'ship':
      return { type: 'ship', carrier: input.carrier ?? '', trackingNumber: input.trackingNumber ?? '' };
    case 'cancel':
      return { type: 'cancel', reason: input.reason ?? input.note ?? '' };
    case 'refund':
      return { type: 'refund', restock: input.restock ?? false };
    default:
      return { type: input.action };
  }
}

export type HistoryEntry = {
  action: string;
  from_status: string | null;
  to_status: string;
  payment_status: string;
  shipping_status: string;
  actor_kind: string;
  actor_id: string | null;
  actor_email: string | null;
  note: string | null;
  created_at: string;
};

export async function historyOf(q: Queryable, orderId: number): Promise<HistoryEntry[]> {
  const found = await rows<HistoryEntry & { created_at: Date | string }>(
    q,
    `SELECT action, from_status, to_status, payment_status, shipping_status, actor_kind, actor_id, actor_email, note,
       created_at FROM order_status_history WHERE order_id = $1 ORDER BY id`,
    [orderId],
  );
  return found.map((h) => ({ ...h, created_at: new Date(h.created_at).toISOString() }));
}

/**
 * What the customer may see of the history: when and to which statuses, never who at the shop did
 * it nor the staff's notes (a cancellation's reason is the order's `cancel_reason`).
 */
export function customerHistory(history: HistoryEntry[]) {
  return history.map((h) => ({
    to_status: h.to_status,
    payment_status: h.payment_status,
    shipping_status: h.shipping_status,
    created_at: h.created_at,
  }));
}

export type CustomerHistoryEntry = ReturnType<typeof customerHistory>[number];

/** the customer's view of the histories of some orders: order id -> entries, oldest first */
export async function customerHistories(
  q: Queryable,
  orderIds: number[],
): Promise<Map<number, CustomerHistoryEntry[]>> {
  const by = new Map<number, CustomerHistoryEntry[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return by;
  const found = await rows<HistoryEntry & { order_id: number; created_at: Date | string }>(
    q,
    `SELECT order_id, action, from_status, to_status, payment_status, shipping_status, actor_kind, actor_id,
       actor_email, note, created_at FROM order_status_history WHERE order_id = ANY($1::int[]) ORDER BY id`,
    [orderIds],
  );
  for (const h of found)
    by.get(h.order_id)?.push(
      ...customerHistory([{ ...h, created_at: new Date(h.created_at).toISOString() }]),
    );
  return by;
}

/** what a customer sees of the delivery: the carrier, tracking number and link, and whether they pick it up */
export function customerDelivery(o: {
  carrier: string | null;
  tracking_number: string | null;
  is_pickup: boolean;
}) {
  return {
    carrier: o.carrier ? carrierName(o.carrier) : null,
    tracking_number: o.tracking_number,
    tracking_url: trackingUrl(o.carrier, o.tracking_number),
    is_pickup: o.is_pickup,
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;

/** an order for the back office: everything stored, its lines, payments, history and the actions open now */
export async function orderDetail(q: Queryable, incrementId: string) {
  const o = await one<LifecycleOrder & Record<string, unknown>>(
    q,
    'SELECT * FROM orders WHERE increment_id = $1',
    [incrementId],
  );
  if (!o) return undefined;
  const items = await rows<Record<string, unknown>>(
    q,
    `SELECT sku, name, qty, product_type, product_option, price_incl_tax, row_total_incl_tax, tax_percent
     FROM order_items WHERE order_id = $1 ORDER BY id`,
    [o.id],
  );
  const payments = await rows<Record<string, unknown>>(
    q,
    `SELECT provider, status, amount_cents, external_id, created_at, updated_at FROM payments WHERE order_id = $1 ORDER BY id`,
    [o.id],
  );
  const { order_token: _token, request_hash: _hash, idempotency_key: _key, ...order } = o;
  return {
    order: {
      ...order,
      tracking_url: trackingUrl(o.carrier, o.tracking_number),
      stock_returned: o.stock_returned_at !== null,
    },
    items,
    payments,
    history: await historyOf(q, o.id),
    actions: staffActionsFor(stateOf(o)),
  };
}
