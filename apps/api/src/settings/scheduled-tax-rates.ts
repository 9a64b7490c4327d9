/**
 * VAT rate changes scheduled for a date (role admin), under `/vsbridge/staff/tax-rates/scheduled`: a
 * country's law changes its rate from a day (Estonia 22 → 24 % on 1 July 2025), and the shop must
 * charge the new rate from 00:00 of that day in its time zone (Europe/Vilnius), without the owner
 * awake at midnight to save it. An administrator schedules a change and may cancel it while pending;
 * `TaxRateScheduler` applies the due ones every TAX_SCHEDULE_INTERVAL_MS by the very path of a change
 * made in the form (`writeTaxRateChanges`: the import's rule, audited `tax.rates` as the staff who
 * scheduled it), so a scheduled change does to prices exactly what saving it at midnight would have.
 *
 * Several processes may run the job: the due rows are locked FOR UPDATE SKIP LOCKED and marked
 * applied in the same transaction, so each applies once.
 */
import type { Database, Executor } from '@vitrina/db';
import { checkScheduledTaxRate, dueScheduledTaxRates, scheduledTaxRateSchema } from '@vitrina/domain';
import { z } from 'zod';
import type { ApiConfig } from '../config.ts';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, fieldError } from '../http/errors.ts';
import { storeQuery } from '../http/validation.ts';
import { PeriodicJob } from '../lib/periodic-job.ts';
import { audit } from '../staff/audit.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { readRules, writeTaxRateChanges } from './tax-rates.ts';

const tags = ['staff'];

export interface ScheduledTaxRate {
  id: number;
  rule_id: number;
  country: string;
  rate: number;
  effective_on: string;
  created_by: string;
  created_at: string;
}

const COLUMNS = `id, rule_id, country, rate::float8 AS rate, to_char(effective_on, 'YYYY-MM-DD') AS effective_on,
  created_by, created_at`;

/** the pending changes (not applied), by day */
export function readScheduled(q: Executor): Promise<ScheduledTaxRate[]> {
  return q.query<ScheduledTaxRate>(
    `SELECT ${COLUMNS} FROM scheduled_tax_rates WHERE applied_at IS NULL ORDER BY effective_on, id`,
  );
}

const REFUSAL = {
  unknownRule: 'taxRates.unknownRule',
  unknownRate: 'taxRates.unknown',
  notFuture: 'taxRates.notFuture',
} as const;

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export function scheduledTaxRateRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'database' | 'config' | 'staffSessions'>,
  answer: () => Promise<object>,
) {
  const guard = staffArea(ctx, 'settings');

  app.post(
    '/vsbridge/staff/tax-rates/scheduled',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Schedules a VAT rate change for a date (role admin): it applies by itself at 00:00 Europe/Vilnius of that date, a day after today',
        querystring: storeQuery,
        body: scheduledTaxRateSchema,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      const { rule_id, country, rate, effective_on } = req.body;
      const scheduled = await ctx.database.transaction(async (tx) => {
        const check = checkScheduledTaxRate(await readRules(tx), req.body, Date.now());
        if (!check.ok) throw fieldError(check.field, REFUSAL[check.reason]);
        const [row] = await tx.query<ScheduledTaxRate>(
          `INSERT INTO scheduled_tax_rates (rule_id, country, rate, effective_on, created_by_staff_id, created_by)
           VALUES ($1, $2, $3, $4::date, $5, $6) RETURNING ${COLUMNS}`,
          [rule_id, country, rate, effective_on, staff.staffId, staff.email],
        );
        await audit(tx, staff, 'tax.schedule', `scheduled_tax_rate:${row!.id}`, {
          rule: rule_id,
          country,
          rate,
          effective_on,
        });
        return row!;
      });
      return ok({ created: scheduled, ...(await answer()) });
    },
  );

  app.delete(
    '/vsbridge/staff/tax-rates/scheduled/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Cancels a pending scheduled VAT rate change (role admin); 404 when unknown or already applied',
        params: idParams,
        querystring: storeQuery,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      await ctx.database.transaction(async (tx) => {
        const [row] = await tx.query<ScheduledTaxRate>(
          `DELETE FROM scheduled_tax_rates WHERE id = $1 AND applied_at IS NULL RETURNING ${COLUMNS}`,
          [req.params.id],
        );
        if (!row) throw new ApiError(404, 'error.notFound');
        await audit(tx, staff, 'tax.unschedule', `scheduled_tax_rate:${row.id}`, {
          rule: row.rule_id,
          country: row.country,
          rate: row.rate,
          effective_on: row.effective_on,
        });
      });
      return ok({ cancelled: req.params.id, ...(await answer()) });
    },
  );
}

type JobLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

type PendingRow = ScheduledTaxRate & { created_by_staff_id: number | null };

/** Applies the scheduled VAT rate changes that are due (see the module comment). */
export class TaxRateScheduler {
  private readonly job: PeriodicJob;

  constructor(
    private readonly database: Database,
    private readonly config: Pick<ApiConfig, 'catalogPricesIncludeTax' | 'taxScheduleIntervalMs'>,
    private readonly catalog: Pick<ApiContext['catalog'], 'catalogChanged'>,
    private readonly log: JobLog,
  ) {
    this.job = new PeriodicJob(
      () => this.runOnce(),
      config.taxScheduleIntervalMs,
      log,
      'scheduled VAT rate changes failed',
    );
  }

  /**
   * Applies the changes due at `now`, each as its scheduler's own change, in one transaction; answers
   * their ids. A change whose rate the rule no longer has (an import removed the country) is marked
   * applied and audited as skipped, so it is not tried again every period.
   */
  async runOnce(now: Date = new Date()): Promise<number[]> {
    // rows a day ahead at most in SQL (any zone's midnight is within it), the exact instant in the domain rule
    const horizon = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    const applied = await this.database.transaction(async (tx) => {
      const rows = await tx.query<PendingRow>(
        `SELECT ${COLUMNS}, created_by_staff_id FROM scheduled_tax_rates
         WHERE applied_at IS NULL AND effective_on <= $1::date ORDER BY effective_on, id FOR UPDATE SKIP LOCKED`,
        [horizon],
      );
      const due = dueScheduledTaxRates(rows, now);
      let changed = false;
      for (const row of due) {
        const current = (await readRules(tx))
          .find((r) => r.id === row.rule_id)
          ?.rates.find((r) => r.tax_country_id === row.country);
        const actor = { staffId: row.created_by_staff_id, email: row.created_by };
        const marker = { scheduled: row.id, effective_on: row.effective_on };
        if (!current) {
          await audit(tx, actor, 'tax.rates', 'tax_rules', { changed: [], skipped: true, ...marker });
        } else {
          const result = await writeTaxRateChanges(
            tx,
            this.config,
            actor,
            [{ rule: row.rule_id, country: row.country, from: current.rate, to: row.rate }],
            marker,
          );
          if (result.ok && result.changed.length) changed = true;
        }
      }
      if (due.length)
        await tx.query('UPDATE scheduled_tax_rates SET applied_at = $2 WHERE id = ANY($1::int[])', [
          due.map((r) => r.id),
          now,
        ]);
      return { ids: due.map((r) => r.id), changed };
    });
    if (applied.changed) this.catalog.catalogChanged();
    if (applied.ids.length) this.log.info({ applied: applied.ids }, 'scheduled VAT rate changes applied');
    return applied.ids;
  }

  /** a first run at once (a process started after midnight must not wait a period), then periodic */
  start(): void {
    this.job.start({ now: true });
  }

  stop(): Promise<void> {
    return this.job.stop();
  }
}
