import {
  associatedLinks,
  bundleCartOptions,
  bundleStock,
  defaultBundleSelection,
  defaultLinkQty,
  stockStatus,
  type BundleOption,
  type ProductLink,
} from '@vitrina/domain';
import type { Product } from '../../../lib/types';
import type { CartItem } from '../../../state/cart';
import type { TierPrice } from '../../../state/group-prices';

/** A linked product of a grouped or bundle product, as the product page loads it. */
export type LinkedProduct = Pick<
  Product,
  'id' | 'sku' | 'name' | 'slug' | 'image' | 'status' | 'type_id' | 'final_price_incl_tax' | 'stock'
>;

/** The most of one linked product a grouped picker adds. */
export const GROUPED_MAX_QTY = 99;

/**
 * The price each linked product is shown and added at (cents incl. tax): the customer group's tier
 * price when the render list gave one (state/group-prices.ts), else the page's base price.
 */
export function linkedPrices(
  linked: readonly LinkedProduct[],
  tier: Readonly<Record<string, TierPrice>> = {},
): Map<string, number> {
  return new Map(linked.map((p) => [p.sku, tier[p.sku]?.final ?? p.final_price_incl_tax]));
}

/** whether a linked product is in stock (domain stockStatus of its document's stock) */
export function linkedInStock(linked: readonly LinkedProduct[]): (sku: string) => boolean {
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  return (sku) => stockStatus(bySku.get(sku)?.stock ?? null) !== 'out_of_stock';
}

/** A linked product's stock by sku (undefined when the page has no answer for it). */
export function linkedStock(
  linked: readonly LinkedProduct[],
): (sku: string) => LinkedProduct['stock'] | undefined {
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  return (sku) => bySku.get(sku)?.stock ?? undefined;
}

/** The grouped product's links to products the page loaded (status 1), in the product's order. */
export function groupedLinks(product: Product, linked: readonly LinkedProduct[]) {
  const shown = new Set(linked.map((p) => p.sku));
  return associatedLinks(product.product_links).filter((l) => shown.has(l.linked_product_sku));
}

/** A grouped picker's starting quantities: the link's default qty, 0 for a product out of stock. */
export function initialGroupedQty(
  product: Product,
  linked: readonly LinkedProduct[],
): Record<string, number> {
  const inStock = linkedInStock(linked);
  return Object.fromEntries(
    groupedLinks(product, linked).map((l) => [
      l.linked_product_sku,
      inStock(l.linked_product_sku) ? defaultLinkQty(l) : 0,
    ]),
  );
}

/** A typed quantity of a grouped picker's field: a whole number from 0 to GROUPED_MAX_QTY (0 when not a number). */
export function groupedQty(typed: string): number {
  return Math.min(GROUPED_MAX_QTY, Math.max(0, Math.floor(Number(typed) || 0)));
}

/** A grouped product's cart lines: one per chosen product, at its shown price, under the grouped product. */
export function groupedLines(
  product: Product,
  linked: readonly LinkedProduct[],
  chosen: readonly ProductLink[],
  prices: ReadonlyMap<string, number>,
): CartItem[] {
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  return chosen.map((l) => {
    const p = bySku.get(l.linked_product_sku) as LinkedProduct;
    return {
      sku: p.sku,
      id: p.id,
      qty: l.qty as number,
      name: p.name,
      price: prices.get(p.sku) as number,
      image: p.image ?? null,
      parentSku: product.sku,
      slug: product.slug,
      product_type: p.type_id,
      type_id: p.type_id,
      product_option: null,
    };
  });
}

/**
 * The options a shopper can choose from: only links to products the catalogue shows (status 1);
 * link prices are dropped, as the cart (apps/api cart/pricing.ts) prices every link from its
 * product incl. tax.
 */
export function shownBundleOptions(product: Product, linked: readonly LinkedProduct[]): BundleOption[] {
  const shown = new Set(linked.map((p) => p.sku));
  return (product.bundle_options ?? [])
    .map((o) => ({
      ...o,
      product_links: o.product_links
        .filter((l) => shown.has(l.sku))
        .map(({ sku, qty, is_default }) => ({ sku, qty, is_default })),
    }))
    .filter((o) => o.product_links.length > 0);
}

/**
 * A bundle's starting selection: the defaults, without those out of stock (the bundle's order
 * would take their units, apps/api order/stock.ts).
 */
export function initialBundleSelection(
  options: readonly BundleOption[],
  linked: readonly LinkedProduct[],
): Record<number, string[]> {
  const inStock = linkedInStock(linked);
  const defaults = defaultBundleSelection(options);
  return Object.fromEntries(Object.entries(defaults).map(([id, skus]) => [id, skus.filter(inStock)]));
}

/**
 * Whether the chosen products lack the units of one bundle (their link qty), as the server's cart
 * check counts them (domain bundleStock): a bundle keeps no stock of its own.
 */
export function bundleChosenSoldOut(
  options: readonly BundleOption[],
  selected: Readonly<Record<number, string[]>>,
  linked: readonly LinkedProduct[],
): boolean {
  const chosenLinks = options.flatMap((o) =>
    o.product_links.filter((l) => (selected[o.option_id] ?? []).includes(l.sku)),
  );
  return !bundleStock(
    chosenLinks.map((l) => ({ sku: l.sku, qty: defaultLinkQty(l) })),
    linkedStock(linked),
  ).orderable;
}

/**
 * A bundle's one cart line at its selection's price, carrying
 * product_option.extension_attributes.bundle_options and the parts chosen, by name (for the cart
 * line and the checkout summary).
 */
export function bundleLine(
  product: Product,
  linked: readonly LinkedProduct[],
  options: BundleOption[],
  selected: Record<number, string[]>,
  total: number,
): CartItem {
  const bySku = new Map(linked.map((p) => [p.sku, p]));
  return {
    sku: product.sku,
    id: product.id,
    qty: 1,
    name: product.name,
    price: total,
    image: product.image ?? null,
    parentSku: product.sku,
    slug: product.slug,
    product_type: 'bundle',
    type_id: 'bundle',
    product_option: { extension_attributes: { bundle_options: bundleCartOptions(options, selected) } },
    options: options.flatMap((o) => {
      const names = (selected[o.option_id] ?? []).map((sku) => bySku.get(sku)?.name ?? sku);
      return names.length ? [{ label: o.title ?? '', value: names.join(', ') }] : [];
    }),
  };
}
