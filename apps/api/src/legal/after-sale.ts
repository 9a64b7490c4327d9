/**
 * Withdrawals and returns (docs/legal.md). The buyer's withdrawal function (Directive 2011/83/EU
 * art. 11a): a customer (their token) or the holder of the order token names the lines and
 * quantities and confirms; in one transaction a return is opened for the staff and the
 * acknowledgement e-mail (with the date and time of the declaration) is written to the outbox.
 * The staff move a return along received -> inspected -> restocked | not_restocked (domain
 * after-sale.ts); restocking puts its units back in stock exactly once (`restocked_at`, set under
 * the return's row lock in the transaction that moves the stock). The customer is e-mailed at each
 * step in the order's language, once per return and state. The detail carries the refund the return
 * comes to (order/refunds.ts returnRefundOffer), which the return's page makes.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '@vitrina/db';
import {
  applyReturnAction,
  checkReturnLines,
  formatDateTime,
  isOrderEmail,
  isStoreCode,
  remainingQty,
  returnActionsFor,
  shopNameIn,
  STORE_TIME_ZONE,
  withdrawalDays,
  withdrawalWindow,
  type ReturnAction,
  type ReturnReason,
  type ReturnState,
  type StoreCode,
} from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { enforce, type RateLimiter } from '../auth/rate-limit.ts';
import { ApiError, fieldsError, notFound, ruleError } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { releaseLineUnits } from '../order/stock.ts';
import { returnRefundOffer } from '../order/refunds.ts';
import type { WithdrawalBody } from './schemas.ts';
import { orderPageLink, withdrawalLink, type LifecycleOrder } from '../order/lifecycle.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import { effectiveSettings, sellerIdentity } from '../settings/service.ts';
import {
  RETURN_GRADE_LABELS,
  renderReturnMail,
  renderWithdrawalAck,
  renderWithdrawalLinkMail,
  sellerLine,
} from './texts.ts';

type OrderRow = LifecycleOrder & { created_at: Date | string };
type ItemRow = { id: number; sku: string; name: string; qty: number };
type ReturnRow = {
  id: number;
  order_id: number;
  reason: ReturnReason;
  state: ReturnState;
  grade: string | null;
  note: string | null;
  created_by: string;
  staff_id: number | null;
  restocked_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

/** who asks: a signed-in customer, or whoever holds the order's token */
export type BuyerAccess = { number: string; token?: string | undefined; customerId?: number | undefined };

function iso(d: Date | string): string;
function iso(d: Date | string | null): string | null;
function iso(d: Date | string | null) {
  return d === null ? null : new Date(d).toISOString();
}
const storeOf = (o: { store_code: string }): StoreCode => (isStoreCode(o.store_code) ? o.store_code : 'lt');

const sameToken = (a: string, b: string) => {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
};

export class AfterSaleService {
  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly onStockChanged: (productIds: number[]) => Promise<void> = async () => undefined,
    /** counts the withdrawal-link requests (sendWithdrawalLink); without one they are not limited */
    private readonly limiter?: RateLimiter,
  ) {}

  /**
   * The withdrawal page's way in for a buyer without the confirmation e-mail: when `number` names an
   * order placed with `email` (isOrderEmail), the order's own withdrawal link (the one its
   * confirmation carries: a guest's with the order token, an account's without) is e-mailed through
   * the outbox to the ORDER's address, in the order's language. The caller answers the same either
   * way, so the form tells nobody which orders exist or whose they are; the link only ever reaches
   * the order's own mailbox. Limited per client address and per order number (429); the number's
   * count also bounds the guesses at one order's e-mail.
   */
  async sendWithdrawalLink(number: string, email: string, clientAddress: string): Promise<void> {
    if (this.limiter)
      await enforce(this.limiter, [
        {
          key: `withdrawal-link:address:${clientAddress}`,
          rule: this.config.rateLimits.withdrawalLinkAddress,
        },
        { key: `withdrawal-order:${number}`, rule: this.config.rateLimits.withdrawalLinkOrder },
      ]);
    const o = await one<OrderRow>(this.database, 'SELECT * FROM orders WHERE increment_id = $1', [number]);
    if (!o || !isOrderEmail(o.email, email)) return;
    const store = storeOf(o);
    const link = withdrawalLink(this.config, o);
    const mail = renderWithdrawalLinkMail(store, {
      incrementId: o.increment_id,
      link,
      account: o.customer_id !== null,
    });
    const settings = await effectiveSettings(this.database, this.config.settingsSeed);
    await enqueueMail(this.database, 'mail.withdrawal-link', {
      ...toTheBuyer(o, store, settings, mail),
      link,
      // the guest's link opens the order: not kept in the outbox once sent
      sensitive: true,
    });
  }

  /** the order if the asker may act on it: its customer, or the holder of its token; 404 otherwise (as for no order) */
  private async orderFor(q: Queryable, access: BuyerAccess, lock: boolean): Promise<OrderRow> {
    const o = await one<OrderRow>(
      q,
      `SELECT * FROM orders WHERE increment_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [access.number],
    );
    const allowed =
      o !== undefined &&
      ((access.token !== undefined && sameToken(o.order_token, access.token)) ||
        (access.customerId !== undefined && o.customer_id === access.customerId));
    if (!o || !allowed) throw notFound('order.notFound');
    return o;
  }

  /** when the order was delivered (its first `delivered` shipping status), null before */
  private async deliveredAt(q: Queryable, orderId: number): Promise<Date | null> {
    const r = await one<{ at: Date | string | null }>(
      q,
      `SELECT min(created_at) AS at FROM order_status_history WHERE order_id = $1 AND shipping_status = 'delivered'`,
      [orderId],
    );
    return r?.at ? new Date(r.at) : null;
  }

  private async lines(q: Queryable, orderId: number) {
    const items = await rows<ItemRow>(
      q,
      'SELECT id, sku, name, qty FROM order_items WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
    const returned = await rows<{ order_item_id: number; qty: number }>(
      q,
      `SELECT rl.order_item_id, sum(rl.qty)::int AS qty FROM return_lines rl JOIN returns r ON r.id = rl.return_id
       WHERE r.order_id = $1 GROUP BY rl.order_item_id`,
      [orderId],
    );
    const left = remainingQty(
      items.map((i) => ({ itemId: i.id, qty: i.qty })),
      returned.map((r) => ({ itemId: r.order_item_id, qty: r.qty })),
    );
    return { items, left };
  }

  /** the withdrawal period: the law's 14 days, or the money-back promise of the shop's settings where longer */
  private async withdrawalDays(q: Queryable): Promise<number> {
    return withdrawalDays((await effectiveSettings(q, this.config.settingsSeed)).moneyBackDays);
  }

  /** what the withdrawal page shows: the order, whether the period is open and until when, the lines with what is left */
  async withdrawalView(access: BuyerAccess, now = new Date()) {
    const o = await this.orderFor(this.database, access, false);
    const days = await this.withdrawalDays(this.database);
    const window = withdrawalWindow(
      { status: o.status, deliveredAt: await this.deliveredAt(this.database, o.id) },
      now,
      days,
    );
    const { items, left } = await this.lines(this.database, o.id);
    const earlier = await rows<{ id: number; declared_at: Date | string; return_id: number }>(
      this.database,
      'SELECT id, declared_at, return_id FROM withdrawals WHERE order_id = $1 ORDER BY id',
      [o.id],
    );
    return {
      number: o.increment_id,
      created_at: iso(o.created_at),
      status: o.status,
      open: window.open,
      closed_reason: window.open ? null : window.reason,
      deadline: iso(window.deadline),
      days,
      lines: items.map((i) => ({
        item_id: i.id,
        sku: i.sku,
        name: i.name,
        qty: i.qty,
        left: left.get(i.id) ?? 0,
      })),
      withdrawals: earlier.map((w) => ({
        id: w.id,
        return_id: w.return_id,
        declared_at: iso(w.declared_at),
      })),
    };
  }

  /**
   * The withdrawal: checked against the period and what is left, then in one transaction the return,
   * the withdrawal and the acknowledgement e-mail. Answers the declaration's instant and the return.
   */
  async withdraw(body: WithdrawalBody, customerId: number | undefined, now = new Date()) {
    return this.database.transaction(async (tx) => {
      const o = await this.orderFor(tx, { number: body.number, token: body.token, customerId }, true);
      const window = withdrawalWindow(
        { status: o.status, deliveredAt: await this.deliveredAt(tx, o.id) },
        now,
        await this.withdrawalDays(tx),
      );
      if (!window.open) {
        if (window.reason === 'cancelled') throw ruleError('withdrawal.cancelled', undefined, 'number', 409);
        throw ruleError(
          'withdrawal.closed',
          { deadline: window.deadline ? formatDateTime(window.deadline) : '' },
          'number',
          409,
        );
      }
      const byToken = body.token !== undefined && sameToken(o.order_token, body.token);
      const actor = !byToken && customerId !== undefined ? 'customer' : 'guest';
      const ret = await this.openReturn(tx, o, 'withdrawal', body.lines, actor, null, undefined);
      const w = await one<{ id: number; declared_at: Date | string }>(
        tx,
        `INSERT INTO withdrawals (order_id, return_id, declared_by, customer_id) VALUES ($1, $2, $3, $4) RETURNING id, declared_at`,
        [o.id, ret.id, actor, actor === 'customer' ? customerId : null],
      );
      if (!w) throw new Error('withdrawal not written');
      const store = storeOf(o);
      const settings = await effectiveSettings(tx, this.config.settingsSeed);
      const declaredAt = `${formatDateTime(w.declared_at)} (${STORE_TIME_ZONE})`;
      const mail = renderWithdrawalAck(store, {
        incrementId: o.increment_id,
        declaredAt,
        lines: ret.lineTexts,
        orderLink: orderPageLink(this.config, o),
        seller: sellerLine(sellerIdentity(settings.seller), store),
      });
      await enqueueMail(
        tx,
        'mail.withdrawal-acknowledgement',
        {
          ...toTheBuyer(o, store, settings, mail),
          declaredAt: iso(w.declared_at),
        },
        `withdrawal:${w.id}:ack`,
      );
      if (this.config.ordersEmail) {
        // the shop's own notice, in Lithuanian (as the new-order notice): a return waits in the back office
        await enqueueMail(
          tx,
          'mail.withdrawal-notice',
          {
            subject: `Sutarties atsisakymas: užsakymas ${o.increment_id} (grąžinimas Nr. ${ret.id})`,
            text: `Pirkėjas (${o.email}) ${declaredAt} atsisakė sutarties:\n${ret.lineTexts.join('\n')}\n\n${this.config.publicUrl}/admin/returns/${ret.id}`,
            to: this.config.ordersEmail,
            storeCode: 'lt',
            orderId: o.id,
            returnId: ret.id,
          },
          `withdrawal:${w.id}:notice`,
        );
      }
      return {
        id: w.id,
        declared_at: iso(w.declared_at),
        declared_at_text: declaredAt,
        return_id: ret.id,
        email: o.email,
      };
    });
  }

  /** writes a return with its lines and first history row, after checking the lines (400 naming `lines.<i>.qty`) */
  private async openReturn(
    tx: Queryable,
    o: OrderRow,
    reason: ReturnReason,
    asked: { item_id: number; qty: number }[],
    actor: 'customer' | 'guest' | 'staff',
    staffId: number | null,
    note: string | undefined,
  ) {
    const { items, left } = await this.lines(tx, o.id);
    const wanted = asked.map((l) => ({ itemId: l.item_id, qty: l.qty }));
    const problems = checkReturnLines(wanted, left);
    if (problems.length)
      throw fieldsError(
        problems.map((p) => ({
          field: `lines.${p.index}.${p.key === 'withdrawal.tooMany' ? 'qty' : 'item_id'}`,
          key: p.key,
          params: p.left !== undefined ? { left: p.left } : undefined,
        })),
      );
    const ret = await one<{ id: number }>(
      tx,
      `INSERT INTO returns (order_id, reason, state, created_by, staff_id, note) VALUES ($1, $2, 'requested', $3, $4, $5) RETURNING id`,
      [o.id, reason, actor, staffId, note?.trim() || null],
    );
    if (!ret) throw new Error('return not written');
    for (const l of wanted)
      await tx.query('INSERT INTO return_lines (return_id, order_item_id, qty) VALUES ($1, $2, $3)', [
        ret.id,
        l.itemId,
        l.qty,
      ]);
    await tx.query(
      `INSERT INTO return_history (return_id, from_state, to_state, actor_kind, staff_id, note) VALUES ($1, NULL, 'requested', $2, $3, $4)`,
      [ret.id, actor, staffId, note?.trim() || null],
    );
    const byId = new Map(items.map((i) => [i.id, i]));
    const lineTexts = wanted.map(
      (l) => `${l.qty} × ${byId.get(l.itemId)?.name ?? ''} (${byId.get(l.itemId)?.sku ?? ''})`,
    );
    return { id: ret.id, lineTexts };
  }

  /** a return the staff record (money-back promise, warranty, or a withdrawal made by letter) */
  async createReturn(
    staff: StaffActor,
    orderId: number,
    input: { reason: ReturnReason; lines: { item_id: number; qty: number }[]; note?: string | undefined },
  ) {
    const id = await this.database.transaction(async (tx) => {
      const o = await one<OrderRow>(tx, 'SELECT * FROM orders WHERE id = $1 FOR UPDATE', [orderId]);
      if (!o) throw notFound('order.notFound');
      const ret = await this.openReturn(tx, o, input.reason, input.lines, 'staff', staff.staffId, input.note);
      await this.mailStep(tx, o, ret.id, 'requested', ret.lineTexts, null);
      await audit(tx, staff, 'return.create', `order:${o.id}`, {
        returnId: ret.id,
        reason: input.reason,
        lines: input.lines,
      });
      return ret.id;
    });
    return this.returnDetail(id);
  }

  private async mailStep(
    q: Queryable,
    o: OrderRow,
    returnId: number,
    state: ReturnState,
    lines: string[],
    grade: string | null,
  ) {
    const store = storeOf(o);
    const mail = renderReturnMail(state, store, {
      incrementId: o.increment_id,
      returnId,
      lines,
      orderLink: orderPageLink(this.config, o),
      gradeLabel: grade ? RETURN_GRADE_LABELS[grade]?.[store] : undefined,
    });
    if (!mail) return;
    await enqueueMail(
      q,
      'mail.return-step',
      {
        ...mail,
        text: `${mail.text}\n\n--\n${shopNameIn(await effectiveSettings(q, this.config.settingsSeed), store)}`,
        to: o.email,
        storeCode: store,
        orderId: o.id,
        returnId,
        state,
      },
      `return:${returnId}:${state}`,
    );
  }

  /** one step of a return by the staff: 409 when its state does not allow it; restocking moves the units once */
  async transition(staff: StaffActor, returnId: number, action: ReturnAction, note?: string) {
    let productIds: number[] = [];
    try {
      await this.database.transaction(async (tx) => {
        const r = await one<ReturnRow>(tx, 'SELECT * FROM returns WHERE id = $1 FOR UPDATE', [returnId]);
        if (!r) throw notFound('error.notFound');
        const next = applyReturnAction(r.state, action);
        if (!next.ok)
          throw new ApiError(
            409,
            next.key,
            { state: r.state },
            [{ field: 'action', key: next.key, params: { state: r.state } }],
            false,
          );
        const o = await one<OrderRow>(tx, 'SELECT * FROM orders WHERE id = $1', [r.order_id]);
        if (!o) throw notFound('order.notFound');
        const lines = await rows<{ order_item_id: number; qty: number; name: string; sku: string }>(
          tx,
          `SELECT rl.order_item_id, rl.qty, oi.name, oi.sku FROM return_lines rl JOIN order_items oi ON oi.id = rl.order_item_id
           WHERE rl.return_id = $1 ORDER BY rl.order_item_id`,
          [r.id],
        );
        if (next.restock) {
          // the order's whole stock went back already (cancelled, or refunded with restock): not twice
          const order = await one<{ stock_returned_at: Date | null }>(
            tx,
            'SELECT stock_returned_at FROM orders WHERE id = $1 FOR UPDATE',
            [r.order_id],
          );
          if (order?.stock_returned_at)
            throw new ApiError(
              409,
              'return.orderStockReturned',
              undefined,
              [{ field: 'action', key: 'return.orderStockReturned' }],
              false,
            );
          const marked = await rows<{ id: number }>(
            tx,
            'UPDATE returns SET restocked_at = now() WHERE id = $1 AND restocked_at IS NULL RETURNING id',
            [r.id],
          );
          if (marked.length)
            productIds = await releaseLineUnits(
              tx,
              r.order_id,
              lines.map((l) => ({ itemId: l.order_item_id, qty: l.qty })),
            );
        }
        await tx.query(
          'UPDATE returns SET state = $2, grade = coalesce($3, grade), updated_at = now() WHERE id = $1',
          [r.id, next.state, next.grade],
        );
        await tx.query(
          'INSERT INTO return_history (return_id, from_state, to_state, actor_kind, staff_id, note) VALUES ($1, $2, $3, $4, $5, $6)',
          [r.id, r.state, next.state, 'staff', staff.staffId, note?.trim() || null],
        );
        await this.mailStep(
          tx,
          o,
          r.id,
          next.state,
          lines.map((l) => `${l.qty} × ${l.name} (${l.sku})`),
          next.grade,
        );
        await audit(tx, staff, `return.${action.type}`, `return:${r.id}`, {
          orderId: r.order_id,
          grade: next.grade,
          note,
        });
      });
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 409)
        await audit(this.database, staff, `return.${action.type}.refused`, `return:${returnId}`, {
          key: err.key,
        });
      throw err;
    }
    if (productIds.length) await this.onStockChanged([...new Set(productIds)]);
    return this.returnDetail(returnId);
  }

  /** an order's returns and its lines with what each may still return (the order page's return form) */
  async orderReturns(orderId: number) {
    const list = await this.listReturns({ orderId, page: 1, size: 200 });
    const { items, left } = await this.lines(this.database, orderId);
    return {
      ...list,
      lines: items.map((i) => ({
        item_id: i.id,
        sku: i.sku,
        name: i.name,
        qty: i.qty,
        left: left.get(i.id) ?? 0,
      })),
    };
  }

  /** the returns, newest first (state: only those), with their order's number and customer */
  async listReturns(filter: {
    state?: string | undefined;
    orderId?: number | undefined;
    page: number;
    size: number;
  }) {
    const where = ['($1::text IS NULL OR r.state = $1)', '($2::int IS NULL OR r.order_id = $2)'].join(
      ' AND ',
    );
    const params = [filter.state ?? null, filter.orderId ?? null];
    const total = await one<{ n: number }>(
      this.database,
      `SELECT count(*)::int AS n FROM returns r WHERE ${where}`,
      params,
    );
    const list = await rows<ReturnRow & { number: string; email: string; units: number }>(
      this.database,
      `SELECT r.*, o.increment_id AS number, o.email,
         (SELECT coalesce(sum(qty), 0)::int FROM return_lines WHERE return_id = r.id) AS units
       FROM returns r JOIN orders o ON o.id = r.order_id WHERE ${where}
       ORDER BY r.id DESC LIMIT $3 OFFSET $4`,
      [...params, filter.size, (filter.page - 1) * filter.size],
    );
    return {
      total: total?.n ?? 0,
      items: list.map((r) => ({
        id: r.id,
        order_id: r.order_id,
        number: r.number,
        email: r.email,
        reason: r.reason,
        state: r.state,
        grade: r.grade,
        units: r.units,
        created_by: r.created_by,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      })),
    };
  }

  /** one return: its lines, history, the order it belongs to and the steps open now */
  async returnDetail(id: number) {
    const r = await one<ReturnRow & { number: string; email: string; store_code: string }>(
      this.database,
      'SELECT r.*, o.increment_id AS number, o.email, o.store_code FROM returns r JOIN orders o ON o.id = r.order_id WHERE r.id = $1',
      [id],
    );
    if (!r) throw notFound('error.notFound');
    const lines = await rows<{
      order_item_id: number;
      qty: number;
      ordered: number;
      sku: string;
      name: string;
      price_incl_tax: number;
    }>(
      this.database,
      `SELECT rl.order_item_id, rl.qty, oi.qty AS ordered, oi.sku, oi.name, oi.price_incl_tax FROM return_lines rl
       JOIN order_items oi ON oi.id = rl.order_item_id WHERE rl.return_id = $1 ORDER BY rl.order_item_id`,
      [id],
    );
    const history = await rows<{
      from_state: string | null;
      to_state: string;
      actor_kind: string;
      staff_email: string | null;
      note: string | null;
      created_at: Date | string;
    }>(
      this.database,
      `SELECT h.from_state, h.to_state, h.actor_kind, s.email AS staff_email, h.note, h.created_at FROM return_history h
       LEFT JOIN staff_users s ON s.id = h.staff_id WHERE h.return_id = $1 ORDER BY h.id`,
      [id],
    );
    const withdrawal = await one<{ id: number; declared_at: Date | string; declared_by: string }>(
      this.database,
      'SELECT id, declared_at, declared_by FROM withdrawals WHERE return_id = $1',
      [id],
    );
    return {
      id: r.id,
      order_id: r.order_id,
      number: r.number,
      email: r.email,
      store_code: r.store_code,
      reason: r.reason,
      state: r.state,
      grade: r.grade,
      note: r.note,
      created_by: r.created_by,
      restocked_at: iso(r.restocked_at),
      created_at: iso(r.created_at),
      withdrawal: withdrawal
        ? { id: withdrawal.id, declared_at: iso(withdrawal.declared_at), declared_by: withdrawal.declared_by }
        : null,
      lines,
      history: history.map((h) => ({ ...h, created_at: iso(h.created_at) })),
      actions: returnActionsFor(r.state),
      refund: await returnRefundOffer(this.database, id),
    };
  }
}

/** an e-mail to the order's buyer, in the order's language, signed with the shop's name */
function toTheBuyer<M extends { text: string }>(
  o: { email: string; id: number; increment_id: string },
  store: StoreCode,
  settings: Parameters<typeof shopNameIn>[0],
  mail: M,
) {
  return {
    ...mail,
    text: `${mail.text}\n\n--\n${shopNameIn(settings, store)}`,
    to: o.email,
    storeCode: store,
    orderId: o.id,
    incrementId: o.increment_id,
  };
}
