// Stock of composite products, which keep none of their own (catalogue-and-cart.md §2 product_links
// and bundle_options with their qty; §4 "Adding to the cart" step 2): a configurable's units are its
// children's, a grouped product's and a bundle's are their linked products'. A link's quantity
// follows its composite's: a link of qty q holds q units per composite, so n units of the linked
// product make ⌊n ÷ q⌋ composites. The index (packages/db indexer), the cart's check, the order's
// stock and the product page all count with these functions.
import { defaultLinkQty, type BundleOption, type ProductLink } from '../money/index.ts';
import { stockStatus, type StockInfo } from './product-validation.ts';

/**
 * A product's units as a composite counts them: a whole number, or null when they limit nothing
 * (stock not managed, or not known: no stock row, no quantity).
 */
export type PartUnits = number | null;

/** The units of a linked product that `compositeQty` composites hold: the link's qty per composite × their number. */
export function linkedUnits(linkQty: number, compositeQty: number): number {
  return linkQty * compositeQty;
}

/** How many composites `units` of a linked product make at `linkQty` a composite: rounded down; null stays null. */
export function compositesFrom(units: PartUnits, linkQty: number): PartUnits {
  return units === null ? null : Math.floor(units / linkQty);
}

/**
 * The units a stock answer offers a composite: 0 when out of stock (stockStatus: not in stock, or a
 * managed qty of 0 or less), null when they limit nothing (not managed, no answer, no qty), else the qty.
 */
export function partUnits(stock: StockInfo | null | undefined): PartUnits {
  if (!stock) return null;
  if (stockStatus(stock) === 'out_of_stock') return 0;
  if (stock.manage_stock === false || typeof stock.qty !== 'number') return null;
  return stock.qty;
}

/** The fewest of some counts (null limits nothing; null when all are). */
function fewest(counts: readonly PartUnits[]): PartUnits {
  let out: PartUnits = null;
  for (const c of counts) if (c !== null) out = out === null ? c : Math.min(out, c);
  return out;
}

/** The most of some counts (null, unlimited, beats any number; 0 when there are none). */
function most(counts: readonly PartUnits[]): PartUnits {
  let out: PartUnits = 0;
  for (const c of counts) {
    if (c === null) return null;
    out = Math.max(out as number, c);
  }
  return out;
}

/** A configurable's units: the sum of its children's (null when a child's limit nothing). */
export function configurableStockQty(childUnits: readonly PartUnits[]): PartUnits {
  let sum = 0;
  for (const u of childUnits) {
    if (u === null) return null;
    sum += u;
  }
  return sum;
}

/** How many sets of a grouped product its links allow: the fewest any link allows (its qty, 0 or missing meaning 1). */
export function groupedStockQty(
  links: readonly Pick<ProductLink, 'linked_product_sku' | 'qty'>[],
  unitsOf: (sku: string) => PartUnits,
): PartUnits {
  return fewest(links.map((l) => compositesFrom(unitsOf(l.linked_product_sku), defaultLinkQty(l))));
}

/**
 * How many of a bundle its options allow: an option allows the most any of its links does; the
 * bundle the fewest its required options allow, or, with no option required, the most any option
 * allows (one option chosen is enough). 0: it cannot be ordered at all.
 */
export function bundleStockQty(
  options: readonly Pick<BundleOption, 'required' | 'product_links'>[],
  unitsOf: (sku: string) => PartUnits,
): PartUnits {
  const perOption = (o: (typeof options)[number]) =>
    most(o.product_links.map((l) => compositesFrom(unitsOf(l.sku), defaultLinkQty(l))));
  const required = options.filter((o) => o.required);
  return required.length > 0 ? fewest(required.map(perOption)) : most(options.map(perOption));
}

/** One product's units held in stock by order lines, and the lines (by sku and name) that hold them. */
export interface StockUnits {
  sku: string;
  qty: number;
  lines: { sku: string; name: string }[];
}

/** An order line as stock sees it: a bundle line carries the links it chose (`picks`, per bundle). */
export interface StockLine {
  sku: string;
  name: string;
  qty: number;
  picks?: readonly { sku: string; qty: number }[] | null;
}

/**
 * The stock units order lines hold, for taking them when the order is placed and for giving them
 * back (or taking them again) later: the same units each time. A bundle keeps no stock of its own
 * (its row is unmanaged and only says whether it is sold at all), so a bundle line holds, besides
 * its own sku, each chosen link's units: link qty × line qty; any other line holds its own sku.
 * Summed per sku and in sku order: the order in which orders take stock rows, so that two orders
 * of the same products wait for each other instead of deadlocking (PostgreSQL).
 */
export function stockUnitsOf(lines: readonly StockLine[]): StockUnits[] {
  const bySku = new Map<string, StockUnits>();
  const hold = (sku: string, qty: number, line: StockLine) => {
    const units = bySku.get(sku) ?? { sku, qty: 0, lines: [] };
    units.qty += qty;
    if (!units.lines.some((l) => l.sku === line.sku)) units.lines.push({ sku: line.sku, name: line.name });
    bySku.set(sku, units);
  };
  for (const line of lines) {
    hold(line.sku, line.qty, line);
    for (const pick of line.picks ?? []) hold(pick.sku, linkedUnits(pick.qty, line.qty), line);
  }
  return [...bySku.values()].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
}

/**
 * The stock of a bundle line (a bundle keeps none of its own: its units are its chosen products',
 * stockUnitsOf). `maxQty` the most bundles the chosen products allow (each one's units ÷ its link
 * qty, rounded down: compositesFrom), null when none is counted; `orderable` false when that is 0 (a
 * chosen product out of stock, or fewer units than one bundle takes). A product without a stock row
 * limits nothing, as for a simple line.
 */
export function bundleStock(
  picks: readonly { sku: string; qty: number }[],
  stockOf: (sku: string) => StockInfo | undefined,
): { orderable: boolean; maxQty: number | null } {
  const maxQty = fewest(picks.map((pick) => compositesFrom(partUnits(stockOf(pick.sku)), pick.qty)));
  return { orderable: maxQty !== 0, maxQty };
}
