// Configurable products: catalogue-and-cart.md §4 "Configurable product".
import { STATUS_DISABLED } from '../base/index.ts';

export interface ConfigurableOptionValue {
  value_index: number;
  label: string;
}
export interface ConfigurableOption {
  /** null: the import file named no attribute id and the shop has no such attribute */
  attribute_id?: number | null;
  attribute_code: string;
  label?: string;
  values: readonly ConfigurableOptionValue[];
}
export interface ConfigurableChild {
  sku: string;
  id?: number;
  price?: number | null;
  final_price?: number | null;
  final_price_incl_tax?: number | null;
  status?: number | null;
  stock?: { is_in_stock?: boolean | null } | null;
  /** The spec's shape; CONTRACTS.md puts attribute values directly on the child instead. */
  custom_attributes?: readonly { attribute_code: string; value: unknown }[];
  [attributeCode: string]: unknown;
}
export interface ConfigurableProduct {
  configurable_options?: readonly ConfigurableOption[] | null;
  configurable_children?: readonly ConfigurableChild[] | null;
}

export type SelectedOptions = Readonly<Record<string, number | string | null | undefined>>;

export const NO_AVAILABLE_VARIANTS = 'No available product variants';
export const NO_SUCH_CONFIGURATION =
  'No such configuration for the product. Please do choose another combination of attributes.';

export interface VariantSelection<C extends ConfigurableChild = ConfigurableChild> {
  variant: C | null;
  /** Every selected attribute matches the chosen variant (a vacuous match when nothing is selected). */
  exactMatch: boolean;
  /** How many selected attributes the variant matches. */
  matchedCount: number;
  /** Message key `variant.noneAvailable` and its English text when there is no variant. */
  error?: typeof NO_AVAILABLE_VARIANTS;
  /** Set when the selected combination does not exist among available children. */
  warning?: typeof NO_SUCH_CONFIGURATION;
}

/** A child's value of an attribute: its own property, else its custom_attributes entry. */
export function childAttribute(child: ConfigurableChild, code: string): unknown {
  const own = child[code];
  if (own !== undefined && own !== null) return own;
  return child.custom_attributes?.find((a) => a.attribute_code === code)?.value;
}

function same(a: unknown, b: unknown): boolean {
  return a !== undefined && a !== null && b !== undefined && b !== null && String(a) === String(b);
}

/** "Children that are out of stock, or status 2 or more, are skipped." Missing stock info counts as in stock. */
export function isVariantAvailable(child: ConfigurableChild): boolean {
  return (child.status ?? 1) < STATUS_DISABLED && child.stock?.is_in_stock !== false;
}

/** The price a child is compared by (ties go to the lowest price): final price, else price. */
export function variantPrice(child: ConfigurableChild): number {
  return child.final_price ?? child.price ?? Number.POSITIVE_INFINITY;
}

function selectedEntries(selected: SelectedOptions): [string, number | string][] {
  return Object.entries(selected).filter((e): e is [string, number | string] => e[1] != null && e[1] !== '');
}

/** How many of the selected attributes the child matches. */
export function matchCount(child: ConfigurableChild, selected: SelectedOptions): number {
  return selectedEntries(selected).filter(([code, v]) => same(childAttribute(child, code), v)).length;
}

/**
 * "The chosen variant is the available child with the most matching attributes. Ties go to the
 * lowest price." (then list order). When no available child matches any selected attribute, the
 * default child is used if fallback is allowed: we take the default child to be the same rule's
 * winner among all available children (the cheapest), so the chosen variant always obeys the rule.
 * A warning is set when the selection does not exist; the error when no variant can be chosen.
 */
export function selectVariant<C extends ConfigurableChild>(
  product: { configurable_children?: readonly C[] | null },
  selectedOptions: SelectedOptions,
  opts: { fallbackToDefault: boolean } = { fallbackToDefault: true },
): VariantSelection<C> {
  const wanted = selectedEntries(selectedOptions).length;
  let best: C | null = null;
  let bestCount = -1;
  for (const child of product.configurable_children ?? []) {
    if (!isVariantAvailable(child)) continue;
    const n = matchCount(child, selectedOptions);
    if (n > bestCount || (n === bestCount && best && variantPrice(child) < variantPrice(best))) {
      best = child;
      bestCount = n;
    }
  }
  if (!best) return { variant: null, exactMatch: false, matchedCount: 0, error: NO_AVAILABLE_VARIANTS };
  if (wanted > 0 && bestCount === 0 && !opts.fallbackToDefault) {
    return {
      variant: null,
      exactMatch: false,
      matchedCount: 0,
      error: NO_AVAILABLE_VARIANTS,
      warning: NO_SUCH_CONFIGURATION,
    };
  }
  const exactMatch = bestCount === wanted;
  return exactMatch
    ? { variant: best, exactMatch, matchedCount: bestCount }
    : { variant: best, exactMatch, matchedCount: bestCount, warning: NO_SUCH_CONFIGURATION };
}

/**
 * The child whose price a configurable parent shows where no option is chosen (category card, search
 * result, URL map answer, the product page's first render): the variant the spec's rule chooses for
 * an empty selection (catalogue-and-cart.md §4 "Configurable product": the available child — enabled
 * and in stock — with the lowest price). The parent's own price is never shown: it is the import's
 * figure, not a price anything can be bought at. When no child is available (docs/decisions/) the
 * lowest-priced enabled child is shown, the parent being out of stock; with no enabled child, null
 * (the caller keeps the parent's own price; the product is not sold anyway).
 */
export function displayVariant<C extends ConfigurableChild>(
  children: readonly C[] | null | undefined,
): C | null {
  const chosen = selectVariant({ configurable_children: children }, {}).variant;
  if (chosen) return chosen;
  let cheapest: C | null = null;
  for (const child of children ?? []) {
    if ((child.status ?? 1) >= STATUS_DISABLED) continue;
    if (!cheapest || variantPrice(child) < variantPrice(cheapest)) cheapest = child;
  }
  return cheapest;
}

/**
 * The sku a product page's back-in-stock request is for: the shown variant's; for
 * a configurable with no variant available (all sold out: listings show it, last), the variant its
 * price is shown for (displayVariant, the cheapest enabled child), so that the request is reachable
 * on the page a listing links to; for another product its own; null for a configurable without an
 * enabled child (nothing can come back in stock).
 */
export function backInStockSku(
  product: {
    sku: string;
    type_id?: string | null;
    configurable_children?: readonly ConfigurableChild[] | null;
  },
  variant: ConfigurableChild | null,
): string | null {
  if (variant) return variant.sku;
  if (product.type_id !== 'configurable') return product.sku;
  return displayVariant(product.configurable_children)?.sku ?? null;
}

/** The option selection a variant stands for (to sync the UI after a choice): attribute code → value_index. */
export function variantOptions(
  product: ConfigurableProduct,
  variant: ConfigurableChild,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const option of product.configurable_options ?? []) {
    const v = childAttribute(variant, option.attribute_code);
    const value = option.values.find((x) => same(x.value_index, v));
    if (value) out[option.attribute_code] = value.value_index;
  }
  return out;
}

/**
 * Values of one attribute with whether an available child has that value and matches every other
 * selected attribute (the value can be chosen without breaking the rest of the selection).
 */
export function optionValuesWithAvailability(
  product: ConfigurableProduct,
  attributeCode: string,
  selected: SelectedOptions,
): (ConfigurableOptionValue & { available: boolean })[] {
  const option = product.configurable_options?.find((o) => o.attribute_code === attributeCode);
  if (!option) return [];
  const others = selectedEntries(selected).filter(([code]) => code !== attributeCode);
  const candidates = (product.configurable_children ?? []).filter(
    (c) => isVariantAvailable(c) && others.every(([code, v]) => same(childAttribute(c, code), v)),
  );
  return option.values.map((value) => ({
    ...value,
    available: candidates.some((c) => same(childAttribute(c, attributeCode), value.value_index)),
  }));
}

/** The values of an attribute that can be chosen given the rest of the selection (see above). */
export function availableOptionValues(
  product: ConfigurableProduct,
  attributeCode: string,
  selected: SelectedOptions,
): ConfigurableOptionValue[] {
  return optionValuesWithAvailability(product, attributeCode, selected)
    .filter((v) => v.available)
    .map(({ value_index, label }) => ({ value_index, label }));
}
