// Grouped and bundle products on the product page and in the cart: catalogue-and-cart.md §4 "Price
// rules" ("Grouped product price is the sum of the linked products' price times quantity. Bundle
// price is computed from the default or selected options.") and §5 ("Grouped and bundle children
// must have status 1"). Prices come from pricing.ts (groupedPrice, bundlePrice).
import { defaultLinkQty, lookupPrice, type BundleLink, type BundleOption, type BundleSelection, type PriceLookup, type ProductLink } from '../money/index.ts';
import { stockStatus, type StockInfo } from './product-validation.ts';

/** §5 "Grouped and bundle children must have status 1". */
export const COMPOSITE_CHILD_STATUS = 1;

export function isCompositeChildShown(child: { status?: number | null }): boolean {
  return child.status === COMPOSITE_CHILD_STATUS;
}

/** The associated links of a grouped product (links without a type count as associated). */
export function associatedLinks(links: readonly ProductLink[] | null | undefined): ProductLink[] {
  return (links ?? []).filter((l) => !l.link_type || l.link_type === 'associated');
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
): { option_id: number; option_qty?: number; option_selections: string[] }[] {
  const out: { option_id: number; option_qty?: number; option_selections: string[] }[] = [];
  for (const o of options) {
    const pick = selected[o.option_id];
    const skus = pick === undefined ? [] : typeof pick === 'string' ? [pick] : [...pick];
    const links = o.product_links.filter((l) => skus.includes(l.sku));
    if (!links.length) continue;
    // one option_qty stands for every selected link: sent only when they share one quantity (the
    // server refuses an option_qty that differs from a link's own where the quantity is fixed)
    const qtys = new Set(links.map(defaultLinkQty));
    out.push({
      option_id: o.option_id,
      ...(qtys.size === 1 ? { option_qty: defaultLinkQty(links[0] as BundleLink) } : {}),
      option_selections: links.map((l) => l.sku),
    });
  }
  return out;
}

/** Checkbox and multi-select options take several links; select and radio options one. */
export function isMultiChoiceOption(option: Pick<BundleOption, 'type'>): boolean {
  return option.type === 'checkbox' || option.type === 'multi';
}

type Id = number | string;

/** One option of a cart line's `product_option.extension_attributes.bundle_options`, as sent. */
export interface BundleOptionRequest {
  option_id: Id;
  option_qty?: number | null;
  option_selections?: readonly Id[] | null;
}

/** A link the line buys, with its quantity per bundle. */
export interface BundleLinePick {
  option_id: number;
  sku: string;
  qty: number;
}

/** Why a grouped or bundle cart line is refused: a message key and the option it names. */
export interface CompositeRefusal {
  key: 'bundle.optionRequired' | 'bundle.selectionInvalid' | 'bundle.oneChoice' | 'bundle.qtyNotAllowed' | 'cart.chooseProducts';
  params?: { option: string };
}

export type CompositeLineCheck =
  | { ok: true; /** the bundle's chosen links; null for other products */ picks: BundleLinePick[] | null }
  | { ok: false; refusal: CompositeRefusal };

const refuse = (key: CompositeRefusal['key'], option?: { title?: string; option_id: Id }): CompositeLineCheck => ({
  ok: false,
  refusal: option ? { key, params: { option: option.title || String(option.option_id) } } : { key },
});

/** a selection names a link by sku, or by its position in the option (a number that is no sku) */
function linkOf(option: BundleOption, selection: Id): BundleLink | undefined {
  const bySku = option.product_links.find((l) => l.sku === String(selection));
  if (bySku || typeof selection !== 'number') return bySku;
  return option.product_links[selection];
}

/** the links one option entry buys, or why it is refused */
function optionPicks(option: BundleOption, entry: BundleOptionRequest): BundleLinePick[] | CompositeLineCheck {
  const links: BundleLink[] = [];
  for (const selection of entry.option_selections ?? []) {
    const link = linkOf(option, selection);
    if (!link || links.includes(link)) return refuse('bundle.selectionInvalid', option);
    links.push(link);
  }
  if (links.length > 1 && !isMultiChoiceOption(option)) return refuse('bundle.oneChoice', option);
  const asked = entry.option_qty ?? null;
  const picks: BundleLinePick[] = [];
  for (const link of links) {
    const own = defaultLinkQty(link);
    if (asked === null || asked === own) {
      picks.push({ option_id: option.option_id, sku: link.sku, qty: own });
      continue;
    }
    // a quantity of the shopper's own: only for the one link of a single-choice option that allows it
    const changeable = links.length === 1 && !isMultiChoiceOption(option) && Boolean(link.can_change_quantity);
    if (!changeable || !Number.isInteger(asked) || asked < 1) return refuse('bundle.qtyNotAllowed', option);
    picks.push({ option_id: option.option_id, sku: link.sku, qty: asked });
  }
  return picks;
}

/**
 * The one check of a grouped or bundle cart line, for every way a line enters a cart or an order
 * (lines with empty selections were priced 0). catalogue-and-cart.md §4 "Price
 * rules": a bundle is priced from its selected options, so the line must say what it buys:
 * - every entry names one of the bundle's options, once, and only that option's links (by sku or
 *   position), each once; a select or radio option takes one link;
 * - `option_qty` is the link's own quantity unless the option lets the shopper choose it;
 * - every required option has a selection, and something is chosen at all;
 * - a grouped product is not a line: its linked products are (CONTRACTS.md "one line per chosen
 *   linked product"), each priced as itself.
 * Options the line leaves out are not bought (the storefront leaves out deselected ones), so a
 * cart line is never priced from the defaults. `product.bundle_options` are the product document's
 * (only links shown, §5), titles in the store view's language for the refusal's message.
 */
export function checkCompositeLine(
  product: { type_id?: unknown; bundle_options?: readonly BundleOption[] | null },
  requested: readonly BundleOptionRequest[] | null | undefined,
): CompositeLineCheck {
  if (product.type_id === 'grouped') return refuse('cart.chooseProducts');
  if (product.type_id !== 'bundle') return { ok: true, picks: null };
  const options = product.bundle_options ?? [];
  const picks: BundleLinePick[] = [];
  const seen = new Set<number>();
  for (const entry of requested ?? []) {
    const option = options.find((o) => String(o.option_id) === String(entry.option_id));
    if (!option || seen.has(option.option_id))
      return refuse('bundle.selectionInvalid', option ?? { option_id: entry.option_id });
    seen.add(option.option_id);
    const chosen = optionPicks(option, entry);
    if (!Array.isArray(chosen)) return chosen;
    picks.push(...chosen);
  }
  const missing = options.find((o) => o.required && !picks.some((p) => p.option_id === o.option_id));
  if (missing) return refuse('bundle.optionRequired', missing);
  if (picks.length === 0) return refuse('cart.chooseProducts');
  return { ok: true, picks };
}

/**
 * A checked bundle line's unit price: Σ link price × its quantity (bundlePrice over the chosen
 * links), or null when a chosen link's price is unknown — a link the shop no longer sells makes the
 * line unavailable rather than cheaper.
 */
export function bundleLinePrice(picks: readonly BundleLinePick[], prices: PriceLookup): number | null {
  let sum = 0;
  for (const pick of picks) {
    const price = lookupPrice(prices, pick.sku);
    if (price === undefined) return null;
    sum += price * pick.qty; // the link's qty per bundle, as its stock counts it (composite-stock.ts)
  }
  return sum;
}

// ---- The headline price of a grouped or bundle product ----

/** A link a composite's headline counts: the part's sku and its quantity per composite. */
export interface CompositePick {
  sku: string;
  qty: number;
}

/** A part of a grouped or bundle product as the headline rule reads it. */
export interface CompositePart {
  sku: string;
  status?: number | null;
  stock?: StockInfo | null;
}

/**
 * Whether a shopper can buy a part with its composite: status 1 (catalogue-and-cart.md §5) and not
 * out of stock (stockStatus). Its visibility plays no part: a part "not visible individually" is
 * bought with the composite all the same (the cart takes any visibility).
 */
export function isCompositePartBuyable(part: CompositePart | null | undefined): boolean {
  return part != null && isCompositeChildShown(part) && stockStatus(part.stock ?? null) !== 'out_of_stock';
}

/**
 * The parts a composite's headline price counts (docs/decisions/0055-one-headline-price-for-grouped-and-bundle-products.md):
 * a grouped product's associated links, a bundle's `is_default` links, each at its link quantity,
 * whose part the shopper can buy with it (isCompositePartBuyable). This is exactly what the product
 * page starts from (every buyable part at its default quantity, the out-of-stock ones at 0), so the
 * card, the page's headline, its total and the cart lines that page adds name one amount.
 * Other product types have no picks.
 */
export function compositeHeadlinePicks(
  product: {
    type_id?: unknown;
    product_links?: readonly ProductLink[] | null;
    bundle_options?: readonly BundleOption[] | null;
  },
  partOf: (sku: string) => CompositePart | null | undefined,
): CompositePick[] {
  const links: CompositePick[] =
    product.type_id === 'grouped'
      ? associatedLinks(product.product_links).map((l) => ({ sku: l.linked_product_sku, qty: defaultLinkQty(l) }))
      : product.type_id === 'bundle'
        ? (product.bundle_options ?? []).flatMap((o) =>
            o.product_links.filter((l) => l.is_default).map((l) => ({ sku: l.sku, qty: defaultLinkQty(l) })),
          )
        : [];
  return links.filter((l) => isCompositePartBuyable(partOf(l.sku)));
}

/** Σ price × qty over picks; null when a pick's price is unknown (nothing is shown rather than a short sum). */
export function sumPicks(picks: readonly CompositePick[], prices: PriceLookup): number | null {
  let sum = 0;
  for (const pick of picks) {
    const price = lookupPrice(prices, pick.sku);
    if (price === undefined) return null;
    sum += price * pick.qty;
  }
  return sum;
}
