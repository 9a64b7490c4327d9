// Wish list and compare lists: accounts-checkout-routes.md §3 "Wish list item: the product plus
// qty (1), unique by sku. Compare item: a product, unique by sku." and §4 "Wish list and compare.
// Persisted in browser storage on every add, remove or clear".

import { joinConcurrentItems } from './concurrent-edits.ts';

/** The least a saved product carries: its sku (the identity of both lists). */
export interface SavedProductLike {
  sku: string;
}

/** A wish list item: the product plus qty 1. */
export type WishlistItem<P extends SavedProductLike> = P & { qty: 1 };

/** The most products the compare page shows side by side (a shop setting; the spec names none). */
export const COMPARE_MAX_ITEMS = 4;

/** True when a product with this sku is in the list. */
export function hasSku(list: readonly SavedProductLike[], sku: string): boolean {
  return list.some((p) => p.sku === sku);
}

/**
 * Adds a product to the wish list with qty 1, unique by sku: adding a sku already listed replaces
 * the stored product (newer data) and keeps its place; its qty stays 1.
 */
export function addToWishlist<P extends SavedProductLike>(
  list: readonly WishlistItem<P>[],
  product: P,
): WishlistItem<P>[] {
  const item = { ...product, qty: 1 as const };
  const i = list.findIndex((p) => p.sku === product.sku);
  if (i < 0) return [...list, item];
  return list.map((p, j) => (j === i ? item : p));
}

/**
 * Adds a product to the compare list, unique by sku (a listed sku is replaced in place). When the
 * list is full the oldest product leaves, so the newest choice is always compared.
 */
export function addToCompare<P extends SavedProductLike>(
  list: readonly P[],
  product: P,
  max: number = COMPARE_MAX_ITEMS,
): P[] {
  const i = list.findIndex((p) => p.sku === product.sku);
  if (i >= 0) return list.map((p, j) => (j === i ? product : p));
  const next = [...list, product];
  return next.length > max ? next.slice(next.length - max) : next;
}

/** The list without the product of this sku. */
export function removeBySku<P extends SavedProductLike>(list: readonly P[], sku: string): P[] {
  return list.filter((p) => p.sku !== sku);
}

/** Adds the product when absent, removes it when present (the product page's toggle buttons). */
export function toggleBySku<P extends SavedProductLike>(
  list: readonly P[],
  product: P,
  add: (list: readonly P[], product: P) => P[],
): P[] {
  return hasSku(list, product.sku) ? removeBySku(list, product.sku) : add(list, product);
}

/** A persisted list read back from storage: only objects with a string sku, first of each sku kept. */
export function sanitizeSavedList<P extends SavedProductLike>(raw: unknown): P[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: P[] = [];
  for (const x of raw) {
    if (!x || typeof x !== 'object' || typeof (x as SavedProductLike).sku !== 'string') continue;
    const sku = (x as SavedProductLike).sku;
    if (seen.has(sku)) continue;
    seen.add(sku);
    out.push(x as P);
  }
  return out;
}

/**
 * A saved list (wish list, compare) two tabs changed at once from the copy `base`: each side's
 * additions and removals kept (`joinConcurrentItems`, by sku), at most `max` products, the oldest
 * leaving first as `addToCompare` does.
 */
export function joinSavedLists<P extends SavedProductLike>(
  base: readonly P[],
  mine: readonly P[],
  theirs: readonly P[],
  max: number = Infinity,
): P[] {
  const joined = joinConcurrentItems(base, mine, theirs, (a, b) => a.sku === b.sku);
  return joined.length > max ? joined.slice(joined.length - max) : joined;
}

export interface ComparableAttribute {
  code: string;
  label: string;
}

export interface CompareRow {
  code: string;
  label: string;
  /** One display value per compared product, in list order ('' when the product has none). */
  values: string[];
  /** True when not every product shows the same value. */
  differs: boolean;
}

/**
 * The compare table: one row per comparable attribute that at least one product has, each product's
 * value as text (option ids through `optionLabel`, arrays joined), marking rows whose values differ.
 */
export function compareRows(
  products: readonly Record<string, unknown>[],
  attributes: readonly ComparableAttribute[],
  optionLabel: (code: string, value: unknown) => string | undefined = () => undefined,
): CompareRow[] {
  const text = (code: string, v: unknown): string => {
    if (v == null || v === '') return '';
    if (Array.isArray(v))
      return v
        .map((x) => text(code, x))
        .filter(Boolean)
        .join(', ');
    if (typeof v === 'object') return '';
    return optionLabel(code, v) ?? String(v);
  };
  const rows: CompareRow[] = [];
  for (const a of attributes) {
    const values = products.map((p) => text(a.code, p[a.code]));
    if (values.every((v) => v === '')) continue;
    rows.push({ code: a.code, label: a.label, values, differs: new Set(values).size > 1 });
  }
  return rows;
}

/** The most products "recently viewed" keeps (a shop setting; the spec names none). */
export const RECENTLY_VIEWED_MAX = 12;

/** A product viewed: put first, once (an earlier view of it leaves), the oldest past `max` dropped. */
export function noteViewed<P extends SavedProductLike>(
  list: readonly P[],
  product: P,
  max: number = RECENTLY_VIEWED_MAX,
): P[] {
  return [product, ...removeBySku(list, product.sku)].slice(0, max);
}

/**
 * The products viewed in `mine` since `base`, newest first: the shortest head of `mine` whose
 * removal leaves what remains of `base` (every view puts one product first, so the rest keeps
 * base's order).
 */
function viewedSince<P extends SavedProductLike>(base: readonly P[], mine: readonly P[]): P[] {
  for (let k = 0; k < mine.length; k++) {
    const head = mine.slice(0, k);
    const rest = base.filter((p) => !hasSku(head, p.sku));
    if (mine.slice(k).every((p, i) => rest[i]?.sku === p.sku)) return head;
  }
  return [...mine];
}

/**
 * "Recently viewed" two tabs wrote at once from the copy `base`: this tab's views since `base`
 * first, then the other tab's list, once each, at most `max`. Shoppers open several products in
 * new tabs at once; without the join each tab's note replaced the others' and only the last stayed.
 */
export function joinRecentlyViewed<P extends SavedProductLike>(
  base: readonly P[],
  mine: readonly P[],
  theirs: readonly P[],
  max: number = RECENTLY_VIEWED_MAX,
): P[] {
  const viewed = viewedSince(base, mine);
  return [...viewed, ...theirs.filter((p) => !hasSku(viewed, p.sku))].slice(0, max);
}
