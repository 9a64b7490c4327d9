/**
 * A VAT rate changed in the back office (role admin): the form sends each rate it changes with the
 * rate it showed (`from`), so a form opened before someone else's change is refused rather than
 * writing over it. The rules themselves (classes, countries) are the import file's; the back office
 * changes rates only. What a change does to prices is the import's one rule (docs/CONTRACTS.md
 * "Money in the file"): net amounts keep their net and are charged at the new rate; prices typed gross
 * keep their gross and get new nets.
 */
import { z } from 'zod';
import type { TaxRule } from './pricing.ts';

/** the highest rate the form takes: above every EU standard rate (27 %), to catch a slip of the finger */
export const TAX_RATE_MAX = 50;

/** a percent with at most two decimals (5.5, 21, 24): a rate changed now or scheduled */
export const taxRatePercent = z
  .number()
  .min(0)
  .max(TAX_RATE_MAX)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, { message: 'At most two decimals' });

export const taxRateChangesSchema = z.strictObject({
  changes: z
    .array(
      z.strictObject({
        rule: z.number().int().min(1),
        country: z.string().regex(/^[A-Z]{2}$/, { message: 'Expected a 2-letter country code' }),
        from: taxRatePercent,
        to: taxRatePercent,
      }),
    )
    .min(1)
    .max(100),
});
export type TaxRateChanges = z.infer<typeof taxRateChangesSchema>;

export type TaxRuleWithId = TaxRule & { id: number };

export interface TaxRateChanged {
  rule: number;
  country: string;
  from: number;
  to: number;
}

export type TaxRateChangeResult =
  | { ok: true; rules: TaxRuleWithId[]; changed: TaxRateChanged[] }
  /** `field`: the change's path in the body (`changes.1.from`); `stale`: someone changed the rate meanwhile */
  | { ok: false; field: string; reason: 'unknownRate' | 'stale' | 'twice' };

/**
 * The rules after `changes`: each names an existing rule and one of its countries, with the rate the
 * rule now has as `from`; a rate named twice is refused. Changes whose `to` equals `from` change
 * nothing and are left out of `changed`; the rules not changed are answered as they were.
 */
export function applyTaxRateChanges(
  rules: readonly TaxRuleWithId[],
  changes: TaxRateChanges['changes'],
): TaxRateChangeResult {
  const next = rules.map((r) => ({ ...r, rates: r.rates.map((rate) => ({ ...rate })) }));
  const changed: TaxRateChanged[] = [];
  const seen = new Set<string>();
  for (const [i, c] of changes.entries()) {
    const key = `${c.rule}:${c.country}`;
    if (seen.has(key)) return { ok: false, field: `changes.${i}`, reason: 'twice' };
    seen.add(key);
    const rate = next.find((r) => r.id === c.rule)?.rates.find((r) => r.tax_country_id === c.country);
    if (!rate) return { ok: false, field: `changes.${i}.country`, reason: 'unknownRate' };
    if (rate.rate !== c.from) return { ok: false, field: `changes.${i}.from`, reason: 'stale' };
    if (c.to === c.from) continue;
    rate.rate = c.to;
    changed.push({ rule: c.rule, country: c.country, from: c.from, to: c.to });
  }
  return { ok: true, rules: next, changed };
}
