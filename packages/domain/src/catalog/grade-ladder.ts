// A configurable product's grade ladder: where a lower condition grade costs the same as or more
// than a higher grade of the same variant otherwise (same colour, same memory...), the choice makes
// no sense. Staff are told (the back office's product form and list); the storefront never offers
// the lower grade while the higher one can be bought at the same or a lower price
// (docs/decisions/0051-a-lower-grade-never-costs-as-much-as-a-higher-one.md).
import { STATUS_DISABLED } from '../base/index.ts';
import { gradeKeyOf, gradeRank, type GradeKey } from './grades.ts';
import {
  childAttribute,
  isVariantAvailable,
  type ConfigurableChild,
  type ConfigurableOption,
} from './variants.ts';

/** The attribute whose values are condition grades (the demo's and Magento's code). */
export const GRADE_ATTRIBUTE_CODE = 'condition';

/** One variant on the ladder: its grade, its price, and what else it is (the other options' values). */
export interface LadderStep {
  sku: string;
  grade: GradeKey;
  /** the price the shopper pays (cents) */
  price: number;
  /** the other options' values: only steps with the same `rest` are compared */
  rest: string;
  /** can be bought now (enabled and in stock) */
  available: boolean;
}

/** A pair that makes no sense: `lower` is the worse grade, yet costs at least what `higher` costs. */
export interface LadderInversion {
  lower: { sku: string; grade: GradeKey; price: number };
  higher: { sku: string; grade: GradeKey; price: number };
}

const better = (a: LadderStep, b: LadderStep) => gradeRank(a.grade) < gradeRank(b.grade);

/**
 * Every pair of steps with the same other options where the worse grade costs the same as or more
 * than the better one, whether in stock or not (staff price the whole ladder), worse grade first by
 * sku order of the input.
 */
export function gradeLadderInversions(steps: readonly LadderStep[]): LadderInversion[] {
  const out: LadderInversion[] = [];
  for (const lower of steps)
    for (const higher of steps)
      if (lower.rest === higher.rest && better(higher, lower) && lower.price >= higher.price)
        out.push({
          lower: { sku: lower.sku, grade: lower.grade, price: lower.price },
          higher: { sku: higher.sku, grade: higher.grade, price: higher.price },
        });
  return out;
}

/**
 * The steps a shopper is not offered: a worse grade while a better grade of the same other options
 * can be bought at the same or a lower price. A step is kept while every better grade at its price
 * is sold out or disabled (then it is the best buy there is).
 */
export function dominatedSteps(steps: readonly LadderStep[]): Set<string> {
  const out = new Set<string>();
  for (const lower of steps)
    if (steps.some((h) => h.available && h.rest === lower.rest && better(h, lower) && h.price <= lower.price))
      out.add(lower.sku);
  return out;
}

const shownPrice = (c: ConfigurableChild) => c.final_price_incl_tax ?? c.final_price ?? c.price ?? null;

/**
 * A configurable product's children as ladder steps: the enabled ones whose grade option names a
 * known grade and that have a price. `price` reads what the shopper pays (final price incl. tax,
 * else final, else price) unless told otherwise.
 */
export function ladderSteps<C extends ConfigurableChild>(
  product: {
    configurable_options?: readonly ConfigurableOption[] | null;
    configurable_children?: readonly C[] | null;
  },
  price: (child: C) => number | null = shownPrice,
  attributeCode = GRADE_ATTRIBUTE_CODE,
): LadderStep[] {
  const options = product.configurable_options ?? [];
  const grades = options.find((o) => o.attribute_code === attributeCode);
  if (!grades) return [];
  const others = options.filter((o) => o.attribute_code !== attributeCode);
  const steps: LadderStep[] = [];
  for (const child of product.configurable_children ?? []) {
    if ((child.status ?? 1) >= STATUS_DISABLED) continue;
    const value = childAttribute(child, attributeCode);
    const label = grades.values.find((v) => value != null && String(v.value_index) === String(value))?.label;
    const grade = gradeKeyOf(label);
    const amount = price(child);
    if (grade === null || amount === null || !Number.isFinite(amount)) continue;
    steps.push({
      sku: child.sku,
      grade,
      price: amount,
      rest: others
        .map((o) => `${o.attribute_code}=${String(childAttribute(child, o.attribute_code) ?? '')}`)
        .join('&'),
      available: isVariantAvailable(child),
    });
  }
  return steps;
}

/**
 * The product as the storefront offers it: without the children a better grade of the same other
 * options beats on price (dominatedSteps), and without a grade value only such children had (no
 * button for a grade nobody should buy). The same object when nothing is left out.
 */
export function withSensibleGrades<
  P extends {
    configurable_options?: readonly ConfigurableOption[] | null;
    configurable_children?: readonly ConfigurableChild[] | null;
  },
>(product: P): P {
  const hidden = dominatedSteps(ladderSteps(product));
  if (hidden.size === 0) return product;
  const all = product.configurable_children ?? [];
  const children = all.filter((c) => !hidden.has(c.sku));
  const valueOf = (c: ConfigurableChild) => String(childAttribute(c, GRADE_ATTRIBUTE_CODE) ?? '');
  const kept = new Set(children.map(valueOf));
  const dropped = new Set(
    all
      .filter((c) => hidden.has(c.sku))
      .map(valueOf)
      .filter((v) => !kept.has(v)),
  );
  return {
    ...product,
    configurable_options: (product.configurable_options ?? []).map((o) =>
      o.attribute_code === GRADE_ATTRIBUTE_CODE
        ? { ...o, values: o.values.filter((v) => !dropped.has(String(v.value_index))) }
        : o,
    ),
    configurable_children: children,
  };
}
