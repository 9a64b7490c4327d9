/**
 * A VAT rate change scheduled for a date: a country's law changes its rate from a day (Estonia
 * 22 → 24 % on 1 July 2025), and the change must apply from that day's first instant in the shop's
 * time zone (Europe/Vilnius), without the owner awake at midnight to save it. The rate follows the
 * rule of a change made at once (`taxRatePercent`); the day must be after today in shop time, so a
 * change meant for today is made at once instead. A change is due from 00:00 of its day in shop
 * time, whatever the day's UTC offset (daylight saving time moves it by an hour).
 */
import { z } from 'zod';
import { formatDate, startOfDay } from '../base/index.ts';
import { taxRatePercent, type TaxRuleWithId } from './tax-rate-changes.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** a real calendar day written YYYY-MM-DD (2025-02-30 is refused, not rolled over) */
const calendarDayString = z
  .string()
  .regex(DAY, { message: 'Expected a date YYYY-MM-DD' })
  .refine(
    (d) => {
      const at = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === d;
    },
    { message: 'Expected a date YYYY-MM-DD' },
  );

export const scheduledTaxRateSchema = z.strictObject({
  rule_id: z.number().int().min(1),
  country: z.string().regex(/^[A-Z]{2}$/, { message: 'Expected a 2-letter country code' }),
  rate: taxRatePercent,
  effective_on: calendarDayString,
});
export type ScheduledTaxRateInput = z.infer<typeof scheduledTaxRateSchema>;

export type ScheduledTaxRateCheck =
  | { ok: true }
  /** `unknownRule`/`unknownRate`: no such rule, or the rule has no rate for that country; `notFuture`: today or before */
  | {
      ok: false;
      field: 'rule_id' | 'country' | 'effective_on';
      reason: 'unknownRule' | 'unknownRate' | 'notFuture';
    };

/** Whether `input` (already through the schema) may be scheduled at instant `now` against `rules`. */
export function checkScheduledTaxRate(
  rules: readonly TaxRuleWithId[],
  input: Pick<ScheduledTaxRateInput, 'rule_id' | 'country' | 'effective_on'>,
  now: Date | number,
): ScheduledTaxRateCheck {
  const rule = rules.find((r) => r.id === input.rule_id);
  if (!rule) return { ok: false, field: 'rule_id', reason: 'unknownRule' };
  if (!rule.rates.some((r) => r.tax_country_id === input.country))
    return { ok: false, field: 'country', reason: 'unknownRate' };
  if (input.effective_on <= formatDate(new Date(now)))
    return { ok: false, field: 'effective_on', reason: 'notFuture' };
  return { ok: true };
}

/** The first instant (ms) a change for `day` applies: 00:00 of that day in shop time. */
export function scheduledTaxRateStart(day: string): number {
  return startOfDay(day);
}

/**
 * The pending changes due at instant `now` (from 00:00 shop time of their day), in the order they
 * apply: by day, then as listed (a later change for the same rate wins).
 */
export function dueScheduledTaxRates<T extends { effective_on: string }>(
  pending: readonly T[],
  now: Date | number,
): T[] {
  const at = typeof now === 'number' ? now : now.getTime();
  return pending
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => at >= scheduledTaxRateStart(p.effective_on))
    .sort((a, b) =>
      a.p.effective_on < b.p.effective_on ? -1 : a.p.effective_on > b.p.effective_on ? 1 : a.i - b.i,
    )
    .map(({ p }) => p);
}
