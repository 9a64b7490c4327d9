// What each value of a configurable option offers at the point of choice: the variant choosing it leads to, its price and the difference to the chosen one, and
// why it cannot be bought when it cannot (out of stock, or not offered with the other choices).
import { STATUS_DISABLED } from '../base/index.ts';
import {
  childAttribute,
  isVariantAvailable,
  variantPrice,
  type ConfigurableChild,
  type ConfigurableProduct,
  type SelectedOptions,
} from './variants.ts';

/**
 * - `available`: an in-stock variant has this value and the other chosen values;
 * - `other_combination`: in stock only with other values of the other options (choosing it changes them);
 * - `out_of_stock`: an enabled variant with this value (and the other choices, if one exists) is sold out;
 * - `not_offered`: no enabled variant has this value.
 */
export type OptionChoiceStatus = 'available' | 'other_combination' | 'out_of_stock' | 'not_offered';

export interface OptionChoice<C extends ConfigurableChild = ConfigurableChild> {
  value_index: number;
  label: string;
  status: OptionChoiceStatus;
  /** the variant choosing this value leads to (in stock where one is; a sold-out one for out_of_stock) */
  variant: C | null;
  /** the variant's final price incl. tax (cents), null without a variant */
  price: number | null;
  /** price − the current variant's price (cents), null without either */
  difference: number | null;
  /**
   * `other_combination`: the other options' values the variant needs instead of the chosen ones, in
   * the options' order ("Only with 512 GB"); empty for every other status
   */
  requires: OptionRequirement[];
}

/** a value of another option a choice needs */
export interface OptionRequirement {
  attribute_code: string;
  value_index: number;
  label: string;
}

const same = (a: unknown, b: unknown) => a != null && b != null && String(a) === String(b);
const enabled = (c: ConfigurableChild) => (c.status ?? 1) < STATUS_DISABLED;
const shownPrice = (c: ConfigurableChild) => c.final_price_incl_tax ?? c.final_price ?? c.price ?? null;

/** the cheapest of the children (the spec's tie rule: lowest price, then list order) */
function cheapest<C extends ConfigurableChild>(children: C[]): C | null {
  let best: C | null = null;
  for (const c of children) if (!best || variantPrice(c) < variantPrice(best)) best = c;
  return best;
}

/**
 * One entry per value of `attributeCode`, in the option's order. `selected` is the current choice of
 * every option; `current` the variant shown (its price is what differences are measured from).
 * Among several variants the one with the most other choices kept wins, then the cheapest.
 */
export function optionChoices<C extends ConfigurableChild>(
  product: Pick<ConfigurableProduct, 'configurable_options'> & {
    configurable_children?: readonly C[] | null;
  },
  attributeCode: string,
  selected: SelectedOptions,
  current: C | null,
): OptionChoice<C>[] {
  const option = product.configurable_options?.find((o) => o.attribute_code === attributeCode);
  if (!option) return [];
  const others = Object.entries(selected).filter(
    (e): e is [string, number | string] => e[0] !== attributeCode && e[1] != null && e[1] !== '',
  );
  const kept = (c: C) => others.filter(([code, v]) => same(childAttribute(c, code), v)).length;
  const currentPrice = current ? shownPrice(current) : null;
  return option.values.map((value) => {
    const withValue = (product.configurable_children ?? []).filter(
      (c) => enabled(c) && same(childAttribute(c, attributeCode), value.value_index),
    );
    const inStock = withValue.filter(isVariantAvailable);
    const exact = (list: C[]) => list.filter((c) => kept(c) === others.length);
    let status: OptionChoiceStatus;
    let variant: C | null;
    if (exact(inStock).length) {
      status = 'available';
      variant = cheapest(exact(inStock));
    } else if (inStock.length) {
      status = 'other_combination';
      const most = Math.max(...inStock.map(kept));
      variant = cheapest(inStock.filter((c) => kept(c) === most));
    } else if (withValue.length) {
      status = 'out_of_stock';
      variant = cheapest(exact(withValue)) ?? cheapest(withValue);
    } else {
      status = 'not_offered';
      variant = null;
    }
    const price = variant ? shownPrice(variant) : null;
    const requires: OptionRequirement[] = [];
    if (status === 'other_combination' && variant) {
      for (const o of product.configurable_options ?? []) {
        if (o.attribute_code === attributeCode) continue;
        const chosen = selected[o.attribute_code];
        const has = childAttribute(variant, o.attribute_code);
        if (chosen == null || chosen === '' || same(has, chosen)) continue;
        const needed = o.values.find((v) => same(v.value_index, has));
        if (needed) requires.push({ attribute_code: o.attribute_code, value_index: needed.value_index, label: needed.label });
      }
    }
    return {
      value_index: value.value_index,
      label: value.label,
      status,
      variant,
      price,
      difference: price !== null && currentPrice !== null ? price - currentPrice : null,
      requires,
    };
  });
}
