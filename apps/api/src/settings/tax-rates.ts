/**
 * The VAT rates in the back office (role admin), under `/vsbridge/staff/tax-rates`: the tax rules
 * (classes, countries) come with the import file; an administrator changes their rates here when a
 * country's law does (Estonia's standard rate went from 22 % to 24 % on 1 July 2025), without a
 * developer. A change is written by the import's own path (`importCatalog` with the changed rules:
 * the nets of prices typed gross made again, every product re-indexed, the catalogue version bumped)
 * and audited, in one transaction; orders already placed keep their own amounts.
 */
import { importCatalog, type Executor } from '@vitrina/db';
import { applyTaxRateChanges, taxRateChangesSchema, type TaxRuleWithId } from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { fieldError } from '../http/errors.ts';
import { storeQuery } from '../http/validation.ts';
import { audit } from '../staff/audit.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';

const tags = ['staff'];

type RuleRow = TaxRuleWithId & { code: string };

async function readRules(q: Executor, lock = false): Promise<RuleRow[]> {
  return q.query<RuleRow>(
    `SELECT id, code, product_tax_class_ids, customer_tax_class_ids, rates FROM tax_rules ORDER BY id${lock ? ' FOR UPDATE' : ''}`,
  );
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
        const rules = await readRules(tx, true);
        const result = applyTaxRateChanges(rules, req.body.changes);
        if (!result.ok)
          throw fieldError(
            result.field,
            REFUSAL[result.reason],
            undefined,
            result.reason === 'stale' ? 409 : 400,
          );
        if (result.changed.length === 0) return result.changed;
        const codes = new Map(rules.map((r) => [r.id, r.code]));
        await importCatalog(
          tx,
          { taxrules: result.rules.map((r) => ({ ...r, code: codes.get(r.id) })) },
          { pricesIncludeTax: ctx.config.catalogPricesIncludeTax, analyze: false },
        );
        await audit(tx, staff, 'tax.rates', 'tax_rules', { changed: result.changed });
        return result.changed;
      });
      if (changed.length) ctx.catalog.catalogChanged();
      return ok({ changed, ...(await answer()) });
    },
  );
}
