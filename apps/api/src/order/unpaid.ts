/**
 * Orders awaiting online payment. Placing an order takes its units at once
 * (order/service.ts), so an order nobody pays would hold them for ever:
 *
 * - the sweep (`cancelUnpaidOrders`, run every UNPAID_ORDER_SWEEP_INTERVAL_MS by `UnpaidOrderSweeper`,
 *   started and stopped with the API) cancels every order still awaiting online payment
 *   UNPAID_ORDER_TTL_MINUTES after it was placed, gives its units back and records why
 *   (`cancel_reason = 'payment_timeout'`, shown on the order's page). Rows are claimed
 *   `FOR UPDATE SKIP LOCKED` and re-checked under the lock, so two processes (or a sweep racing a
 *   payment answer, which locks the order too) never release an order's units twice.
 * - the cap (`assertRoomForUnpaidOrder`, inside the order's transaction): a customer, and a client
 *   address, may have only so many open unpaid orders at once (429), so nobody can hold the stock
 *   by placing orders faster than the sweep cancels them.
 *
 * "Online payment": a payment method that is not `offline` (NEOPAY, MOKILIZINGAS). Cash on delivery
 * (and a bank transfer, paid days later) is never touched: those orders are not paid at checkout.
 * A payment that arrives after the timeout: see payment/service.ts `apply`.
 */
import { PREPARED, type Database } from '@vitrina/db';
import { PAYMENT_BANK_TRANSFER } from '@vitrina/domain';
import type { ApiConfig } from '../config.ts';
import { ruleError } from '../http/errors.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { PeriodicJob } from '../lib/periodic-job.ts';
import { PAYMENT_TIMEOUT, applyTransition, lockOrder } from './lifecycle.ts';

export { PAYMENT_TIMEOUT };

/** an order not yet paid nor cancelled (the partial indexes of migration 0009 use the same test) */
const OPEN = `o.status IN ('new', 'awaiting_payment') AND o.payment_status <> 'paid'`;
/** ... paid online: its method is not offline, and never cash on delivery ($1: the COD code) */
const ONLINE = `o.payment_method_code <> $1
  AND EXISTS (SELECT 1 FROM payment_methods pm WHERE pm.code = o.payment_method_code AND NOT pm.offline)`;

/** true: orders paid with this method are awaited online (the cap and the timeout apply): the domain's rule */
export { paidOnline } from '@vitrina/domain';

/** true: the shop cancelled this order because it was not paid in time */
export const expiredUnpaid = (o: { status: string; cancel_reason?: string | null }) =>
  o.status === 'cancelled' && o.cancel_reason === PAYMENT_TIMEOUT;

/**
 * Refuses (429) a new order paid online when the customer or the client address already has the
 * most open unpaid orders allowed. Runs first in the order's transaction: the advisory locks
 * serialise one customer's (one address's) concurrent orders until they commit, so a burst cannot
 * slip past the count. Always customer before address: the same lock order everywhere, no deadlock.
 */
export async function assertRoomForUnpaidOrder(
  tx: Queryable,
  config: ApiConfig,
  who: { customerId?: number | undefined; clientAddress?: string | undefined },
): Promise<void> {
  const { ttlMinutes } = config.unpaidOrders;
  const checks = unpaidCapChecks(config, who);
  for (const c of checks)
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('vitrina:unpaid-orders:' || $1)) ${PREPARED}`, [
      c.key,
    ]);
  for (const c of checks) {
    const open = await one<{ n: number }>(
      tx,
      `SELECT count(*)::int AS n FROM orders o WHERE o.${c.column} = $2 AND ${OPEN} AND ${ONLINE} ${PREPARED}`,
      [config.codPaymentCode, c.value],
    );
    if ((open?.n ?? 0) >= c.max)
      throw ruleError(
        'order.tooManyUnpaid',
        { count: open?.n ?? 0, minutes: ttlMinutes },
        'addressInformation.payment_method_code',
        429,
      );
  }
}

/**
 * Refuses (429) any new order (cash on delivery and bank transfer too: they hold their units until
 * delivered or paid) when the customer, the order's e-mail or the client address already has the
 * most open unpaid orders of any payment method allowed (ORDERS_OPEN_MAX_PER_*). Locks as above,
 * in the order customer, e-mail, address, taken after assertRoomForUnpaidOrder's.
 */
export async function assertRoomForOpenOrder(
  tx: Queryable,
  config: ApiConfig,
  who: { customerId?: number | undefined; email: string; clientAddress?: string | undefined },
): Promise<void> {
  const checks = openCapChecks(config, who);
  // PREPARED: fixed texts (one per column), run inside every order's transaction while it holds the
  // embedded database's one connection: parsed once, not on every order
  for (const c of checks)
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('vitrina:open-orders:' || $1)) ${PREPARED}`, [
      c.key,
    ]);
  for (const c of checks) {
    const open = await one<{ n: number }>(
      tx,
      `SELECT count(*)::int AS n FROM orders o WHERE ${c.column} = $1 AND ${OPEN} ${PREPARED}`,
      [c.value],
    );
    if ((open?.n ?? 0) >= c.max)
      throw ruleError(
        'order.tooManyOpen',
        { count: open?.n ?? 0 },
        'addressInformation.payment_method_code',
        429,
      );
  }
}

/** a cap's count: its advisory lock's key, the orders' column counted, its value, the most allowed */
type CapCheck = { key: string; column: string; value: string | number; max: number };

/** the unpaid-order caps (UNPAID_ORDERS_MAX_PER_*) this order is counted against, customer first */
function unpaidCapChecks(
  config: ApiConfig,
  who: { customerId?: number | undefined; clientAddress?: string | undefined },
): CapCheck[] {
  const { maxPerCustomer, maxPerAddress } = config.unpaidOrders;
  const checks: CapCheck[] = [];
  if (who.customerId !== undefined && maxPerCustomer > 0)
    checks.push({
      key: `customer:${who.customerId}`,
      column: 'customer_id',
      value: who.customerId,
      max: maxPerCustomer,
    });
  if (who.clientAddress && maxPerAddress > 0)
    checks.push({
      key: `address:${who.clientAddress}`,
      column: 'client_address',
      value: who.clientAddress,
      max: maxPerAddress,
    });
  return checks;
}

/** the open-order caps (ORDERS_OPEN_MAX_PER_*) this order is counted against: customer, e-mail, address */
function openCapChecks(
  config: ApiConfig,
  who: { customerId?: number | undefined; email: string; clientAddress?: string | undefined },
): CapCheck[] {
  const { openMaxPerCustomer, openMaxPerEmail, openMaxPerAddress } = config.unpaidOrders;
  const checks: CapCheck[] = [];
  if (who.customerId !== undefined && openMaxPerCustomer > 0)
    checks.push({
      key: `customer:${who.customerId}`,
      column: 'o.customer_id',
      value: who.customerId,
      max: openMaxPerCustomer,
    });
  if (openMaxPerEmail > 0)
    checks.push({
      key: `email:${who.email.toLowerCase()}`,
      column: 'lower(o.email)',
      value: who.email.toLowerCase(),
      max: openMaxPerEmail,
    });
  if (who.clientAddress && openMaxPerAddress > 0)
    checks.push({
      key: `address:${who.clientAddress}`,
      column: 'o.client_address',
      value: who.clientAddress,
      max: openMaxPerAddress,
    });
  return checks;
}

/**
 * true when placing this order counts it against a cap (assertRoomForUnpaidOrder when paid online,
 * assertRoomForOpenOrder): their locks and counts need the order's transaction; an order without
 * them is written by one statement (order/place/write.ts). The same checks the asserts run.
 */
export function capsApply(
  config: ApiConfig,
  online: boolean,
  who: { customerId?: number | undefined; email: string; clientAddress?: string | undefined },
): boolean {
  return (online && unpaidCapChecks(config, who).length > 0) || openCapChecks(config, who).length > 0;
}

export type SweepResult = { cancelled: string[]; productIds: number[] };

/**
 * Cancels up to `limit` orders still awaiting online payment `ttlMinutes` after they were placed,
 * giving their units back; answers their numbers and the products whose stock changed. One short
 * transaction; the database's clock decides what is old.
 */
export async function cancelUnpaidOrders(
  database: Database,
  config: ApiConfig,
  limit = 100,
): Promise<SweepResult> {
  return database.transaction(async (tx) => {
    // online payments after UNPAID_ORDER_TTL_MINUTES; bank transfers (paid days later) after
    // BANK_TRANSFER_ORDER_TTL_DAYS, so that a transfer never made does not hold the units for ever
    const due = await rows<{ id: number; increment_id: string }>(
      tx,
      `SELECT o.id, o.increment_id FROM orders o
       WHERE ${OPEN} AND (
         (${ONLINE} AND o.created_at < now() - make_interval(mins => $2::int))
         OR ($4::int > 0 AND o.payment_method_code = $5 AND o.created_at < now() - make_interval(days => $4::int)))
       ORDER BY o.id LIMIT $3 FOR UPDATE OF o SKIP LOCKED`,
      [
        config.codPaymentCode,
        config.unpaidOrders.ttlMinutes,
        limit,
        config.unpaidOrders.bankTransferTtlDays,
        PAYMENT_BANK_TRANSFER,
      ],
    );
    const productIds: number[] = [];
    // through the lifecycle (lifecycle.ts): stock back once, the history, the events, the e-mail
    for (const o of due) {
      const order = await lockOrder(tx, { orderId: o.id });
      if (!order) continue;
      const applied = await applyTransition(tx, config, order, { type: 'unpaid_expiry' }, { kind: 'system' });
      productIds.push(...applied.productIds);
    }
    return { cancelled: due.map((o) => o.increment_id), productIds: [...new Set(productIds)] };
  });
}

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** runs the sweep every UNPAID_ORDER_SWEEP_INTERVAL_MS (0: never), batch after batch until none is due */
export class UnpaidOrderSweeper {
  private readonly job: PeriodicJob;

  constructor(
    private readonly database: Database,
    private readonly config: ApiConfig,
    private readonly log: Log,
    /** called after stock changed (outside the transaction): keeps listings' stock fresh */
    private readonly onStockChanged: (productIds: number[]) => Promise<void>,
  ) {
    this.job = new PeriodicJob(
      () => this.sweep(),
      config.unpaidOrders.sweepIntervalMs,
      log,
      'unpaid order sweep failed',
    );
  }

  /** cancels every order due now; answers their numbers */
  async sweep(batch = 100): Promise<string[]> {
    const cancelled: string[] = [];
    for (;;) {
      const r = await cancelUnpaidOrders(this.database, this.config, batch);
      cancelled.push(...r.cancelled);
      if (r.productIds.length) await this.onStockChanged(r.productIds);
      if (r.cancelled.length < batch) break;
    }
    if (cancelled.length)
      this.log.info({ orders: cancelled }, 'orders not paid in time cancelled, their stock returned');
    return cancelled;
  }

  start(): void {
    this.job.start();
  }

  async stop(): Promise<void> {
    await this.job.stop();
  }
}
