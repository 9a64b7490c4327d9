// Listing rules: the order of a filter's values, the shopper's own
// price range, and the variant a listing card stands for when a filter chose an option.
import { CONDITION_GRADES, STATUS_DISABLED } from '../base/index.ts';
import { childAttribute, isVariantAvailable, variantPrice, type ConfigurableChild } from './variants.ts';

// ---------------------------------------------------------------- filter value order

export interface FacetValue {
  /** the option id (value_index) as the aggregation's key */
  key: string;
  label: string;
  count: number;
}

/**
 * The grade a condition label names: 0 for brand new (whatever the language), 1..5 for A+, A, B, C+, C
 * by the label's leading grade letter ("A+ (kaip nauja)", "C (visible signs of use)"); null when the
 * label names no grade. The labels are the shop's own, per store view, so the grade is read from them.
 */
export function conditionRank(label: string): number | null {
  const text = label.trim().toLowerCase();
  if (/^(brand new|new|nauja|naujas|новый|новая|новое)(?![\p{L}\p{N}])/u.test(text)) return 0;
  const m = /^([abc]\+?)(?![\p{L}\p{N}+])/u.exec(text);
  if (!m) return null;
  const i = CONDITION_GRADES.indexOf(m[1]!.toUpperCase() as (typeof CONDITION_GRADES)[number]);
  return i < 0 ? null : i;
}

/** multipliers of the size units met in labels ("512 GB", "1 TB", "1 ТБ"), per family */
const UNITS: Record<string, { family: string; factor: number }> = {
  kb: { family: 'bytes', factor: 1 },
  mb: { family: 'bytes', factor: 1024 },
  gb: { family: 'bytes', factor: 1024 ** 2 },
  tb: { family: 'bytes', factor: 1024 ** 3 },
  кб: { family: 'bytes', factor: 1 },
  мб: { family: 'bytes', factor: 1024 },
  гб: { family: 'bytes', factor: 1024 ** 2 },
  тб: { family: 'bytes', factor: 1024 ** 3 },
  mah: { family: 'mah', factor: 1 },
  мач: { family: 'mah', factor: 1 },
  w: { family: 'w', factor: 1 },
  вт: { family: 'w', factor: 1 },
  hz: { family: 'hz', factor: 1 },
  гц: { family: 'hz', factor: 1 },
};

/**
 * A label's number for ordering: the leading number (comma or point decimals), scaled by its unit so
 * that "1 TB" follows "512 GB"; the unit's family keeps different quantities apart. Null when the
 * label does not start with a number.
 */
export function numericLabel(label: string): { family: string; value: number } | null {
  const m = /^\s*(\d+(?:[.,]\d+)?)\s*([\p{L}"″']*)/u.exec(label);
  if (!m) return null;
  const value = Number(m[1]!.replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  const unit = m[2]!.toLowerCase();
  const known = UNITS[unit];
  return known ? { family: known.family, value: value * known.factor } : { family: unit, value };
}

/**
 * The order a filter lists its values in (not by count): condition values by grade
 * (Brand New, A+, A, B, C+, C); values whose labels all start with a number, by that number (units
 * scaled, one family after another); any other attribute by the attribute's own option order
 * (`optionOrder`, the shop's position), unknown ones last by label. Ties keep the label order.
 */
export function orderFacetValues<V extends FacetValue>(
  code: string,
  values: readonly V[],
  optionOrder: readonly string[] = [],
): V[] {
  const byLabel = (a: V, b: V) => a.label.localeCompare(b.label) || a.key.localeCompare(b.key);
  const rank = (f: (v: V) => number | null) => {
    const known = values.map((v) => [v, f(v)] as const);
    return known
      .sort(([a, ra], [b, rb]) => {
        if (ra === null || rb === null) return ra === rb ? byLabel(a, b) : ra === null ? 1 : -1;
        return ra - rb || byLabel(a, b);
      })
      .map(([v]) => v);
  };
  if (code === 'condition') return rank((v) => conditionRank(v.label));
  const numbers = values.map((v) => numericLabel(v.label));
  if (values.length > 0 && numbers.every((n) => n !== null)) {
    const families = [...new Set(numbers.map((n) => n!.family))].sort();
    const keyed = values.map((v, i) => [v, numbers[i]!] as const);
    return keyed
      .sort(
        ([a, na], [b, nb]) =>
          families.indexOf(na.family) - families.indexOf(nb.family) || na.value - nb.value || byLabel(a, b),
      )
      .map(([v]) => v);
  }
  const position = new Map(optionOrder.map((k, i) => [k, i]));
  return rank((v) => position.get(v.key) ?? null);
}

// ---------------------------------------------------------------- the shopper's price range

/** the most a price bound may be, in euros (a bigger figure is a typing mistake, not a price) */
export const PRICE_BOUND_MAX = 1_000_000;

export type PriceBounds = { min: number | null; max: number | null };

export type PriceBoundsIssue = 'validation.priceBound' | 'validation.priceBoundsOrder';

/**
 * The listing's own price range from its min and max fields (euros, comma or point decimals, empty for
 * no bound). Whole cents only, 0 to PRICE_BOUND_MAX, min not above max; an issue names what is wrong.
 */
export function parsePriceBounds(
  minText: string | null | undefined,
  maxText: string | null | undefined,
): { bounds: PriceBounds | null; issue?: PriceBoundsIssue } {
  const read = (text: string | null | undefined): number | null | undefined => {
    const t = (text ?? '').trim().replace(/\s/g, '').replace(',', '.');
    if (t === '') return null;
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return undefined;
    const n = Number(t);
    return n <= PRICE_BOUND_MAX ? n : undefined;
  };
  const min = read(minText);
  const max = read(maxText);
  if (min === undefined || max === undefined) return { bounds: null, issue: 'validation.priceBound' };
  if (min === null && max === null) return { bounds: null };
  if (min !== null && max !== null && min > max)
    return { bounds: null, issue: 'validation.priceBoundsOrder' };
  return { bounds: { min, max } };
}

/** the query-string value of a price range: "100-500", "100-" or "-500" (euros) */
export function priceBoundsParam(b: PriceBounds): string {
  return `${b.min ?? ''}-${b.max ?? ''}`;
}

/** reads a `price` query-string value of the shopper's own range; null when it is not one */
export function parsePriceBoundsParam(value: string | null | undefined): PriceBounds | null {
  const m = /^(\d{1,7}(?:\.\d{1,2})?)?-(\d{1,7}(?:\.\d{1,2})?)?$/.exec(value ?? '');
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  return parsePriceBounds(m[1], m[2]).bounds;
}

/** the search filter of a price range on the final price incl. tax, in cents (max inclusive) */
export function priceBoundsFilter(b: PriceBounds): { gte?: number; lte?: number } {
  const out: { gte?: number; lte?: number } = {};
  if (b.min !== null) out.gte = Math.round(b.min * 100);
  if (b.max !== null) out.lte = Math.round(b.max * 100);
  return out;
}

// ---------------------------------------------------------------- the card's variant

/** the price a card compares children by: the shown price incl. tax, else the rule's price */
const shownPrice = (c: ConfigurableChild) =>
  typeof c.final_price_incl_tax === 'number' ? c.final_price_incl_tax : variantPrice(c);

/** the listing's chosen attribute filters: attribute code → the option ids chosen (any of them) */
export type ChosenFilters = Readonly<Record<string, readonly (string | number)[]>>;

/**
 * The child a listing card stands for when the shopper filtered by options its children carry
 * (filtering A+ must show an A+ unit's price and open that unit, not the cheapest C+):
 * among enabled children whose value of every filtered code the children carry is one of the chosen
 * values, the cheapest available one, else (all sold out) the cheapest enabled one. Codes no child
 * carries (the parent's own attributes, e.g. brand) do not narrow. Null when nothing was filtered
 * that the children carry, or no child matches: the card keeps its default (cheapest) variant.
 */
export function matchingVariant<C extends ConfigurableChild>(
  children: readonly C[] | null | undefined,
  chosen: ChosenFilters,
): C | null {
  let best: C | null = null;
  let bestAvailable = false;
  for (const child of chosenChildren(children, chosen) ?? []) {
    const available = isVariantAvailable(child);
    if (
      !best ||
      (available && !bestAvailable) ||
      (available === bestAvailable && shownPrice(child) < shownPrice(best))
    ) {
      best = child;
      bestAvailable = available;
    }
  }
  return best;
}

/**
 * The children a listed configurable's card needs under the chosen filters: the ones matchingVariant
 * chooses among, when there are any; else all of them (nothing filtered that the children carry, or
 * no enabled child matches: the card shows its default figures and its "from" over every child).
 * A filtered listing's answer carries only these: the other children's values and stock were a third
 * of a filtered page's data, decoded in the browser at each filter, and no card shows them.
 */
export function cardChildren<C extends ConfigurableChild>(
  children: readonly C[] | null | undefined,
  chosen: ChosenFilters,
): readonly C[] | null | undefined {
  const chosenOnes = chosenChildren(children, chosen);
  return chosenOnes?.length ? chosenOnes : children;
}

/**
 * The enabled children whose value of every filtered code the children carry is one of the chosen
 * values; null when nothing was filtered that the children carry.
 */
function chosenChildren<C extends ConfigurableChild>(
  children: readonly C[] | null | undefined,
  chosen: ChosenFilters,
): C[] | null {
  const list = children ?? [];
  const codes = Object.entries(chosen).filter(
    ([code, values]) => values.length > 0 && list.some((c) => childAttribute(c, code) != null),
  );
  if (codes.length === 0) return null;
  const matches = (c: C) =>
    codes.every(([code, values]) => {
      const v = childAttribute(c, code);
      return v != null && values.some((w) => String(w) === String(v));
    });
  return list.filter((c) => (c.status ?? 1) < STATUS_DISABLED && matches(c));
}
