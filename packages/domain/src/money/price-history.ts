// The prior price of an announced price reduction (Directive 98/6/EC art. 6a, as amended by
// Directive (EU) 2019/2161, the "Omnibus" directive): wherever a reduction is announced (a struck
// price, a "−X %" badge, a sale label), the price it is measured from is the LOWEST price the shop
// applied in the 30 days before the reduction. A price never charged is never shown struck through.
// Amounts are integer cents (whatever the caller records: the index records gross prices per store
// view); instants are ms since the epoch.
import { groupTierCents } from './group-pricing.ts';

/** The days before a reduction whose lowest price is its reference (art. 6a(2)). */
export const PRIOR_PRICE_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * One change of the price charged: from `at` on (until the next change) the shop charged `price`;
 * `reduced` says whether that price was an announced reduction (a special price in force).
 */
export interface PriceChange {
  at: number;
  price: number;
  reduced: boolean;
}

export interface ReferencePrice {
  /** the lowest price charged in the PRIOR_PRICE_DAYS before the reduction began */
  price: number;
  /** when the reduction (its first step, for one that deepened in steps) began */
  since: number;
}

/**
 * The reference price of the reduction in force at `now`, or null when no reduction may be
 * announced. `history` is the product's price changes (any order; a change after `now` is ignored).
 *
 * - No reduction in force at `now` (the price charged is not `reduced`): null.
 * - The reduction began at the first change of its current run: consecutive reduced prices each at
 *   or below the one before. A reduction that deepens in steps (100 → 90 → 80) is one reduction
 *   measured from before its first step (art. 6a(5)); a reduced price that goes UP starts a new
 *   reduction (measured from the prices just before, so it shows no struck price unless the
 *   30 days before it had a higher lowest price).
 * - The reference is the lowest price charged at any instant of [began − 30 days, began): every
 *   price in force during that span, including the one in force at its start.
 * - Nothing was charged in that span (a product new to the shop, or history not recorded): null.
 * - The reference is not above the price charged now: null (a "reduction" from a price no higher
 *   than today's is not one).
 */
export function referencePrice(
  history: readonly PriceChange[],
  now: number,
  days: number = PRIOR_PRICE_DAYS,
): ReferencePrice | null {
  const changes = history.filter((c) => c.at <= now).sort((a, b) => a.at - b.at);
  // the same instant twice: the later record wins
  const timeline: PriceChange[] = [];
  for (const c of changes) {
    if (timeline.length > 0 && (timeline[timeline.length - 1] as PriceChange).at === c.at) timeline.pop();
    timeline.push(c);
  }
  const current = timeline[timeline.length - 1];
  if (!current || !current.reduced) return null;
  let start = timeline.length - 1;
  while (start > 0) {
    const before = timeline[start - 1] as PriceChange;
    if (!before.reduced || before.price < (timeline[start] as PriceChange).price) break;
    start--;
  }
  const began = (timeline[start] as PriceChange).at;
  const from = began - days * DAY_MS;
  let lowest: number | null = null;
  for (let i = 0; i < start; i++) {
    const c = timeline[i] as PriceChange;
    const until = (timeline[i + 1] as PriceChange).at;
    if (until <= from) continue; // replaced before the span began
    if (lowest === null || c.price < lowest) lowest = c.price;
  }
  if (lowest === null || lowest <= current.price) return null;
  return { price: lowest, since: began };
}

/** The whole percent a reduction takes off its reference (a "−X %" badge), rounded down so it never overstates. */
export function reductionPercent(reference: number, price: number): number {
  if (!(reference > 0) || price >= reference) return 0;
  return Math.floor(((reference - price) * 100) / reference);
}

/** A customer group's tier from `at` on: `percent` off the final price (domain groupTierCents). */
export interface TierChange {
  at: number;
  percent: number;
}

/**
 * The prices a customer group was charged (art. 6a "per customer group where prices differ"): at
 * each change of the product's price or of the group's tier, the price then in force at the tier then
 * in force. The group's first tier is taken to hold before it was recorded (a group keeps its tier
 * until it is changed); no tiers: the prices as given. The reduced flag is the product's: a tier
 * change is not an announced reduction.
 */
export function groupPriceHistory(
  prices: readonly PriceChange[],
  tiers: readonly TierChange[],
): PriceChange[] {
  const ps = [...prices].sort((a, b) => a.at - b.at);
  const ts = [...tiers].sort((a, b) => a.at - b.at);
  if (ts.length === 0) return ps;
  const at = <T extends { at: number }>(list: readonly T[], t: number): T | undefined => {
    let found: T | undefined;
    for (const x of list) if (x.at <= t) found = x;
    return found;
  };
  const instants = [...new Set([...ps.map((p) => p.at), ...ts.map((t) => t.at)])].sort((a, b) => a - b);
  const out: PriceChange[] = [];
  for (const t of instants) {
    const p = at(ps, t);
    if (!p) continue; // nothing was sold yet
    const tier = at(ts, t) ?? (ts[0] as TierChange);
    out.push({ at: t, price: groupTierCents(p.price, tier.percent), reduced: p.reduced });
  }
  return out;
}
