/**
 * The retention sweep (docs/legal.md "How long personal data is kept"; GDPR art. 5(1)(e)): personal
 * data is kept only as long as it is needed, so a periodic job of the API process deletes what has
 * outlived its period (RETENTION_* settings, days; 0 keeps that kind):
 *
 * - carts not changed for RETENTION_CART_DAYS (abandoned or ordered: an order keeps its own copy);
 * - contact-form messages RETENTION_CONTACT_DAYS after they were sent;
 * - newsletter sign-ups never confirmed and withdrawn subscriptions RETENTION_NEWSLETTER_DAYS after;
 * - back-in-stock requests RETENTION_STOCK_ALERT_DAYS after they were made (sent ones RETENTION_MAIL_DAYS
 *   after sending);
 * - e-mails sent (outbox rows) RETENTION_MAIL_DAYS after sending;
 * - refresh tokens, password-reset links and staff sessions RETENTION_SESSION_DAYS after they expired;
 * - orders whose accounting retention ended (domain accountingRetentionEnds: 1 January of the 11th
 *   year after the order's), with their invoice and credit notes, are KEPT, but their buyer data goes:
 *   the same anonymisation as a person's erasure after that period (privacy.ts COVERAGE of the order's
 *   tables), and the payment providers' answers. Batches of ORDER_BATCH, each in one transaction.
 *
 * Every step is one statement bounded by its cut-off, so two processes sweeping at once delete the
 * same rows once (the second finds nothing). Mail files in MAIL_DIR have their own retention
 * (MAIL_FILE_RETENTION_DAYS, mail/transport.ts).
 */
import type { Database } from '@vitrina/db';
import { ACCOUNTING_RETENTION_YEARS } from '@vitrina/domain';
import type { RetentionPeriods } from '../config.ts';
import { rows, type Queryable } from '../lib/db.ts';
import { PeriodicJob } from '../lib/periodic-job.ts';
import { COVERAGE, type Subject } from './privacy.ts';

const DAY_MS = 86_400_000;
/** orders anonymised per transaction */
export const ORDER_BATCH = 500;

/** the tables an order's buyer data is in, erased as a person's erasure does it (privacy.ts) */
const ORDER_TABLES = [
  'orders',
  'order_events',
  'order_status_history',
  'withdrawals',
  'returns',
  'return_history',
  'order_feedback',
] as const;

export type RetentionResult = Record<string, number>;

const count = async (q: Queryable, sql: string, params: unknown[]) =>
  (await rows<{ x: number }>(q, `${sql} RETURNING 1 AS x`, params)).length;

/**
 * The first instant of the orders whose accounting retention has NOT ended at `now`: an order placed
 * before it was placed in a year whose retention ended (1 January UTC of now's year − 10).
 */
export function accountingCutoff(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - ACCOUNTING_RETENTION_YEARS, 0, 1));
}

/** one sweep: deletes or anonymises what outlived its period at `now`; answers how many rows per kind */
export async function sweepRetention(
  database: Database,
  periods: RetentionPeriods,
  now = new Date(),
): Promise<RetentionResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const result: RetentionResult = {};
  const step = async (kind: string, days: number, run: (cutoff: string) => Promise<number>) => {
    if (days > 0) result[kind] = await run(before(days));
  };

  await step('carts', periods.cartDays, (cutoff) =>
    database.transaction(async (tx) => {
      await tx.query('DELETE FROM cart_items WHERE cart_id IN (SELECT id FROM carts WHERE updated_at < $1)', [
        cutoff,
      ]);
      return count(tx, 'DELETE FROM carts WHERE updated_at < $1', [cutoff]);
    }),
  );
  await step('contact_messages', periods.contactDays, (cutoff) =>
    count(database, 'DELETE FROM contact_messages WHERE created_at < $1', [cutoff]),
  );
  await step('newsletter_subscribers', periods.newsletterDays, (cutoff) =>
    count(
      database,
      "DELETE FROM newsletter_subscribers WHERE status IN ('pending', 'unsubscribed') AND status_changed_at < $1",
      [cutoff],
    ),
  );
  await step('stock_notifications', periods.stockAlertDays, async (cutoff) => {
    const sent = periods.mailDays > 0 ? before(periods.mailDays) : null;
    return count(
      database,
      'DELETE FROM stock_notifications WHERE created_at < $1 OR (notified_at IS NOT NULL AND notified_at < $2)',
      [cutoff, sent],
    );
  });
  await step('outbox', periods.mailDays, (cutoff) =>
    count(database, 'DELETE FROM outbox WHERE processed_at IS NOT NULL AND processed_at < $1', [cutoff]),
  );
  await step('sessions', periods.sessionDays, async (cutoff) => {
    let n = await count(database, 'DELETE FROM refresh_tokens WHERE expires_at < $1', [cutoff]);
    n += await count(database, 'DELETE FROM password_reset_tokens WHERE expires_at < $1', [cutoff]);
    n += await count(database, 'DELETE FROM staff_sessions WHERE expires_at < $1', [cutoff]);
    return n;
  });
  result.orders_anonymised = await anonymiseExpiredOrders(database, now);
  return result;
}

/**
 * Orders whose accounting retention ended at `now` and still carry buyer data: anonymised in
 * batches (the buyer's name, addresses, e-mail, phone, account link; the events' payloads, the
 * history's actor, notes; the providers' answers). The order, its lines, amounts, invoice and credit
 * notes stay. Answers how many orders were anonymised.
 */
export async function anonymiseExpiredOrders(database: Database, now = new Date()): Promise<number> {
  const cutoff = accountingCutoff(now).toISOString();
  let total = 0;
  // onwards by id: an order the erasure left as it was is never taken again in this sweep
  let after = 0;
  for (;;) {
    const n = await database.transaction(async (tx) => {
      const batch = await rows<{ id: number }>(
        tx,
        `SELECT id FROM orders WHERE created_at < $1 AND id > $3 AND email NOT LIKE 'erased-%@invalid'
         ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [cutoff, ORDER_BATCH, after],
      );
      if (batch.length === 0) return 0;
      after = batch[batch.length - 1]!.id;
      // the order's tables only: no e-mail to match (the orders are named by id)
      const subject: Subject = { email: '', customerIds: [], orderIds: batch.map((o) => o.id) };
      for (const table of ORDER_TABLES) {
        const c = COVERAGE[table];
        if (c?.kind === 'person') await c.erase(tx, subject, now);
      }
      await tx.query(`UPDATE payments SET payload = '{}'::jsonb WHERE order_id = ANY($1::int[])`, [
        subject.orderIds,
      ]);
      return batch.length;
    });
    total += n;
    if (n < ORDER_BATCH) return total;
  }
}

/** runs the sweep every RETENTION_SWEEP_INTERVAL_MS (and once at start), started and stopped with the API */
export class RetentionSweeper {
  private readonly job: PeriodicJob;

  constructor(
    private readonly database: Database,
    private readonly periods: RetentionPeriods,
    private readonly log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void },
  ) {
    this.job = new PeriodicJob(() => this.run(), periods.intervalMs, log, 'retention sweep failed');
  }

  async run(now = new Date()): Promise<RetentionResult> {
    const result = await sweepRetention(this.database, this.periods, now);
    if (Object.values(result).some((n) => n > 0)) this.log.info({ retention: result }, 'retention sweep');
    return result;
  }

  start(): void {
    this.job.start({ now: true });
  }

  stop(): Promise<void> {
    return this.job.stop();
  }
}
