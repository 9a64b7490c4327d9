// Customer-group price tiers: accounts-checkout-routes.md §6 "Group id and group token drive price
// tiers when enabled" (and §7: the render list's userGroupId, the URL map's groupId/groupToken).
// A group's tier is a percentage off the final price (special price included); amounts in cents.
import { addTax } from './pricing.ts';

/** the tier price of `cents` for a group with `discountPercent` off (0..90), rounded half up to the cent */
export function groupTierCents(cents: number, discountPercent: number): number {
  if (!(discountPercent > 0)) return cents;
  const pct = Math.min(90, discountPercent);
  return Math.round((cents * (100 - pct)) / 100);
}

type PricedDoc = Record<string, unknown>;

function tierOne(doc: PricedDoc, pct: number, parentRate: number | undefined): PricedDoc {
  const out: PricedDoc = { ...doc };
  const rate = typeof doc.tax === 'number' ? doc.tax : parentRate;
  if (typeof doc.final_price === 'number') {
    out.final_price = groupTierCents(doc.final_price, pct);
    if (typeof doc.final_price_incl_tax === 'number')
      out.final_price_incl_tax =
        rate !== undefined
          ? addTax(out.final_price as number, rate)
          : groupTierCents(doc.final_price_incl_tax, pct);
  } else if (typeof doc.final_price_incl_tax === 'number') {
    out.final_price_incl_tax = groupTierCents(doc.final_price_incl_tax, pct);
  }
  return out;
}

/**
 * A product document priced at a group's tier: `final_price` (net) and `final_price_incl_tax` of the
 * product and of each configurable child, `group_discount_percent` added. The regular `price` stays,
 * so the tier shows as a reduction. The document given is not changed (cached answers are shared).
 */
export function applyGroupTier<T extends PricedDoc>(doc: T, discountPercent: number): T {
  if (!(discountPercent > 0)) return doc;
  const out = tierOne(doc, discountPercent, undefined);
  const rate = typeof doc.tax === 'number' ? doc.tax : undefined;
  if (Array.isArray(doc.configurable_children))
    out.configurable_children = (doc.configurable_children as PricedDoc[]).map((c) =>
      c && typeof c === 'object' ? tierOne(c, discountPercent, rate) : c,
    );
  out.group_discount_percent = Math.min(90, discountPercent);
  return out as T;
}
