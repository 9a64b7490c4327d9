// Grouped and bundle products on the product page and in the cart: catalogue-and-cart.md §4 "Price
// rules" ("Grouped product price is the sum of the linked products' price times quantity. Bundle
// price is computed from the default or selected options.") and §5 ("Grouped and bundle children
// must have status 1"). Prices come from pricing.ts (groupedPrice, bundlePrice).
import type { BundleOption, BundleSelection, ProductLink } from './pricing.ts';

/** §5 "Grouped and bundle children must have status 1". */
export const COMPOSITE_CHILD_STATUS = 1;

export function isCompositeChildShown(child: { status?: number | null }): boolean {
  return child.status === COMPOSITE_CHILD_STATUS;
}

/** The associated links of a grouped product (links without a type count as associated). */
export function associatedLinks(links: readonly ProductLink[] | null | undefined): ProductLink[] {
  return (links ?? []).filter((l) => !l.link_type || l.link_type === 'associated');
}

/** A link's default quantity: its qty, 0 or missing meaning 1 (the ecosystem stores 0 for default). */
export function defaultLinkQty(link: { qty?: number | null }): number {
  return link.qty != null && link.qty > 0 ? link.qty : 1;
}

/**
 * The links with the shopper's chosen quantities, for groupedPrice and the cart: links chosen 0 (or
 * not a whole positive number) are left out, so they add nothing (groupedPrice itself reads 0 as 1).
 */
export function chosenGroupedLinks(
  links: readonly ProductLink[],
  qtyBySku: Readonly<Record<string, number>>,
): ProductLink[] {
  const out: ProductLink[] = [];
  for (const l of associatedLinks(links)) {
    const qty = qtyBySku[l.linked_product_sku] ?? defaultLinkQty(l);
    if (Number.isInteger(qty) && qty > 0) out.push({ ...l, qty });
  }
  return out;
}

/** The default selection of a bundle: per option, the skus of its `is_default` links. */
export function defaultBundleSelection(options: readonly BundleOption[]): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const o of options) out[o.option_id] = o.product_links.filter((l) => l.is_default).map((l) => l.sku);
  return out;
}

/** Ids of required options with nothing selected (adding to the cart waits for them). */
export function missingRequiredBundleOptions(
  options: readonly BundleOption[],
  selected: BundleSelection,
): number[] {
  return options
    .filter((o) => o.required)
    .filter((o) => {
      const pick = selected[o.option_id];
      return pick === undefined || (typeof pick === 'string' ? !pick : pick.length === 0);
    })
    .map((o) => o.option_id);
}

/**
 * The cart line's `product_option.extension_attributes.bundle_options` for a selection
 * (catalogue-and-cart.md §2 "product_option: extension_attributes holding ... bundle_options"):
 * each option with its selected link skus and the link quantity; options with nothing selected are
 * left out.
 */
export function bundleCartOptions(
  options: readonly BundleOption[],
  selected: BundleSelection,
): { option_id: number; option_qty: number; option_selections: string[] }[] {
  const out: { option_id: number; option_qty: number; option_selections: string[] }[] = [];
  for (const o of options) {
    const pick = selected[o.option_id];
    const skus = pick === undefined ? [] : typeof pick === 'string' ? [pick] : [...pick];
    const links = o.product_links.filter((l) => skus.includes(l.sku));
    if (!links.length) continue;
    out.push({
      option_id: o.option_id,
      option_qty: defaultLinkQty(links[0] as { qty?: number | null }),
      option_selections: links.map((l) => l.sku),
    });
  }
  return out;
}
