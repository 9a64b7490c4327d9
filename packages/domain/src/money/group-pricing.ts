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

/**
 * A group's own reference of a product (its net cents, from the group's price history: domain
 * groupPriceHistory), by the document's `id`: null, no reduction to announce to that group;
 * undefined, none computed (the tier of the retail reference stands).
 */
export type GroupReferences = (productId: unknown) => number | null | undefined;

function tierOne(
  doc: PricedDoc,
  pct: number,
  parentRate: number | undefined,
  references?: GroupReferences,
): PricedDoc {
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
  // the group paid its tier of every retail price: the lowest it paid before a reduction is the
  // tier of the retail reference (the regular price it never paid is not struck through)
  const own = references?.(doc.id);
  // the document's tax rate makes the gross of the group's own (net) reference; without one, the
  // tier of the retail reference stands
  if (own !== undefined && rate !== undefined) {
    // what this group paid: a reduction is announced to it only against its own lowest price
    const final = out.final_price;
    const shown = own !== null && typeof final === 'number' && own > final ? own : null;
    out.reference_price = shown;
    out.reference_price_incl_tax = shown === null ? null : addTax(shown, rate);
  } else if (typeof doc.reference_price === 'number') {
    out.reference_price = groupTierCents(doc.reference_price, pct);
    if (typeof doc.reference_price_incl_tax === 'number')
      out.reference_price_incl_tax =
        rate !== undefined
          ? addTax(out.reference_price as number, rate)
          : groupTierCents(doc.reference_price_incl_tax, pct);
  }
  return out;
}

/**
 * A product document priced at a group's tier: `final_price` (net) and `final_price_incl_tax` of the
 * product and of each configurable child, and an announced reduction's `reference_price`,
 * `group_discount_percent` added. The regular `price` stays (pages strike through only the
 * reference price). The document given is not changed (cached answers are shared).
 */
export function applyGroupTier<T extends PricedDoc>(
  doc: T,
  discountPercent: number,
  references?: GroupReferences,
): T {
  if (!(discountPercent > 0) && !references) return doc;
  const out = tierOne(doc, discountPercent, undefined, references);
  const rate = typeof doc.tax === 'number' ? doc.tax : undefined;
  if (Array.isArray(doc.configurable_children))
    out.configurable_children = (doc.configurable_children as PricedDoc[]).map((c) =>
      c && typeof c === 'object' ? tierOne(c, discountPercent, rate, references) : c,
    );
  out.group_discount_percent = Math.min(90, Math.max(0, discountPercent));
  return out as T;
}

/** the net price fields of a product document whose `_incl_tax` and `_tax` variants follow the tax rate */
const NET_PRICE_FIELDS = [
  'price',
  'final_price',
  'special_price',
  'original_price',
  'reference_price',
] as const;

function taxedOne(doc: PricedDoc, rate: number): PricedDoc {
  // at the rate it was listed at, the document's grosses stand (a price entered gross is not
  // always net + tax: domain priceBreakdown)
  if (typeof doc.tax === 'number' && doc.tax === rate) return { ...doc };
  const out: PricedDoc = { ...doc };
  for (const field of NET_PRICE_FIELDS) {
    const net = doc[field];
    const inclKey = `${field}_incl_tax`;
    const taxKey = `${field}_tax`;
    if (typeof net === 'number') {
      const incl = addTax(net, rate);
      if (inclKey in doc) out[inclKey] = incl;
      if (taxKey in doc) out[taxKey] = incl - net;
    } else if (net === null) {
      if (inclKey in doc) out[inclKey] = null;
      if (taxKey in doc) out[taxKey] = null;
    }
  }
  return out;
}

/**
 * A product document taxed for a customer group with its own customer tax class ("a customer group id drives the tax class when grouped tax is active"): every `*_incl_tax` and
 * `*_tax` field made again from its net field at `rateOf(product tax class)`, and `tax` set to that
 * rate; a configurable child at its own class, else the parent's (as the cart prices a child line).
 * The indexer lists at the retail class; the cart charges net + tax at the group's class by the
 * same addTax, so what a group is shown is what it pays. The document given is not changed.
 */
export function applyCustomerTaxClass<T extends PricedDoc>(
  doc: T,
  rateOf: (productTaxClassId: number | null) => number,
): T {
  const classOf = (d: PricedDoc, fallback: number | null) =>
    typeof d.tax_class_id === 'number' ? d.tax_class_id : fallback;
  const ownClass = classOf(doc, null);
  const rate = rateOf(ownClass);
  const out = taxedOne(doc, rate);
  out.tax = rate;
  if (Array.isArray(doc.configurable_children))
    out.configurable_children = (doc.configurable_children as PricedDoc[]).map((c) => {
      if (!c || typeof c !== 'object') return c;
      const childRate = rateOf(classOf(c, ownClass));
      const taxed = taxedOne(c, childRate);
      if ('tax' in c) taxed.tax = childRate;
      return taxed;
    });
  return out as T;
}

/**
 * A product document as a customer group is shown it: taxed at the group's customer tax class when
 * it has one (`rateOf`; undefined: the retail figures of the index stay), then at the group's tier.
 * The cart charges the same: the tier of the net price, made gross at the group's class.
 * `references`: the group's own reference prices (its price history), where computed.
 */
export function priceForGroup<T extends PricedDoc>(
  doc: T,
  discountPercent: number,
  rateOf?: (productTaxClassId: number | null) => number,
  references?: GroupReferences,
): T {
  return applyGroupTier(rateOf ? applyCustomerTaxClass(doc, rateOf) : doc, discountPercent, references);
}
