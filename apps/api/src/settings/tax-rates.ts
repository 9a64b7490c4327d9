/**
 * The VAT rates in the back office (role admin), under `/vsbridge/staff/tax-rates`: the tax rules
 * (classes, countries) come with the import file; an administrator changes their rates here when a
 * country's law does (Estonia's standard rate went from 22 % to 24 % on 1 July 2025), without a
 * developer. A change is written by the import's own path (`importCatalog` with the changed rules:
 * the nets of prices typed gross made again, every product re-indexed, the catalogue version bumped)
 * and audited, in one transaction; orders already placed keep their own amounts.
 */
import { importCatalog, type Executor } from '@vitrina/db';
import {
  applyTaxRateChanges,
  taxRateChangesSchema,
  type TaxRateChangeResult,
  type TaxRateChanges,
  type TaxRuleWithId,
} from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import type { ApiConfig } from '../config.ts';
import { ok } from '../http/envelope.ts';
import { fieldError } from '../http/errors.ts';
import { storeQuery } from '../http/validation.ts';
import { audit, type StaffActor } from '../staff/audit.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { readScheduled, scheduledTaxRateRoutes } from './scheduled-tax-rates.ts';

const tags = ['staff'];

type RuleRow = TaxRuleWithId & { code: string };

export async function readRules(q: Executor, lock = false): Promise<RuleRow[]> {
  return q.query<RuleRow>(
    `SELECT id, code, product_tax_class_ids, customer_tax_class_ids, rates FROM tax_rules ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
  );
}

/**
 * Writes rate changes in transaction `tx`, the one path of a change made in the form and of one
 * scheduled for a date (scheduled-tax-rates.ts): the rules read locked, the changes checked, the
 * changed rules written by the import's own path, and the change audited as `tax.rates` by `actor`
 * (`details` added to the audit row). A refusal writes nothing; the caller answers it. The caller
 * tells the catalogue it changed once the transaction is committed.
 */
export async function writeTaxRateChanges(
  tx: Executor,
  config: Pick<ApiConfig, 'catalogPricesIncludeTax'>,
  actor: StaffActor,
  changes: TaxRateChanges['changes'],
  details: Record<string, unknown> = {},
): Promise<TaxRateChangeResult> {
  const rules = await readRules(tx, true);
  const result = applyTaxRateChanges(rules, changes);
  if (!result.ok || result.changed.length === 0) return result;
  const codes = new Map(rules.map((r) => [r.id, r.code]));
  await importCatalog(
    tx,
    { taxrules: result.rules.map((r) => ({ ...r, code: codes.get(r.id) })) },
    { pricesIncludeTax: config.catalogPricesIncludeTax, analyze: false },
  );
  await audit(tx, actor, 'tax.rates', 'tax_rules', { changed: result.changed, ...details });
  return result;
}

const REFUSAL = {
  unknownRate: 'taxRates.unknown',
  stale: 'taxRates.stale',
  twice: 'taxRates.twice',
} as const;

export function taxRateRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'database' | 'catalog' | 'config' | 'staffSessions'>,
) {
  const guard = staffArea(ctx, 'settings');
  const answer = async (q: Executor = ctx.database) => ({
    rules: await readRules(q),
    // the changes scheduled for a date, not yet applied (scheduled-tax-rates.ts)
    scheduled: await readScheduled(q),
    // how a change reaches prices: nets kept (false) or grosses kept (true)
    prices_include_tax: ctx.config.catalogPricesIncludeTax,
  });

  app.get(
    '/vsbridge/staff/tax-rates',
    {
      onRequest: guard,
      schema: { tags, summary: 'The tax rules and their rates (role admin)', querystring: storeQuery },
    },
    async () => ok(await answer()),
  );

  app.post(
    '/vsbridge/staff/tax-rates',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Changes VAT rates (role admin): each change names its rule, country, the rate the form showed and the new one; 409 when the rate changed meanwhile',
        querystring: storeQuery,
        body: taxRateChangesSchema,
      },
    },
    async (req) => {
      const staff = staffPrincipal(req);
      const changed = await ctx.database.transaction(async (tx) => {
        const result = await writeTaxRateChanges(tx, ctx.config, staff, req.body.changes);
        if (!result.ok)
          throw fieldError(
            result.field,
            REFUSAL[result.reason],
            undefined,
            result.reason === 'stale' ? 409 : 400,
          );
        return result.changed;
      });
      if (changed.length) ctx.catalog.catalogChanged();
      return ok({ changed, ...(await answer()) });
    },
  );

  scheduledTaxRateRoutes(app, ctx, answer);
}
