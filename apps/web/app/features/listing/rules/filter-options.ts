/**
 * What the filters show, as links (they work without JavaScript and on a phone): the price ranges and each attribute's
 * values with their counts, the applied filters as removable chips, and the page links. Each link is
 * the query string with that one thing changed (links.ts), so the filters work without JavaScript.
 */
import { parsePriceRangeKey, priceRangeLabel, type StoreCode } from '@vitrina/domain';
import { facetValues, priceLabel, type Bucket, type FacetFilter } from './facets';
import { clearFilters, pageNumbers, pageQuery, toggleFilter } from './links';
import type { ListingQuery } from './query';

/** the listing's URL: the links change its query string */
export interface Here {
  pathname: string;
  search: URLSearchParams;
}

/** a filter value's link: selecting it, or (when active) removing it */
export interface FilterOption {
  key: string;
  label: string;
  count: number;
  active: boolean;
  to: string;
}

export interface FacetSection {
  code: string;
  label: string;
  options: FilterOption[];
}

export interface FilterChip {
  key: string;
  label: string;
  to: string;
}

/** the price ranges that have products, and the one applied even when it has none */
export function priceOptions(
  here: Here,
  q: ListingQuery,
  buckets: readonly Bucket[] | undefined,
  storeCode: StoreCode,
): FilterOption[] {
  // the API's ranges (its PRICE_RANGES setting), as its buckets name them, lowest first; the one
  // applied is kept even when the API no longer answers it
  const counts = new Map((buckets ?? []).map((b) => [b.key, b.count]));
  const keys = [...counts.keys()];
  if (q.price && !counts.has(q.price)) keys.push(q.price);
  const ranges = keys
    .map((key) => ({ key, range: parsePriceRangeKey(key) }))
    .filter((r): r is { key: string; range: { from: number; to: number | null } } => r.range !== null)
    .sort((a, b) => a.range.from - b.range.from);
  const all = ranges.map((r) => r.range);
  return ranges.flatMap(({ key, range }) => {
    const active = q.price === key;
    const count = counts.get(key) ?? 0;
    if (!active && count === 0) return [];
    const to = toggleFilter(here.pathname, here.search, 'price', key);
    return [{ key, label: priceRangeLabel(range, storeCode, all), count, active, to }];
  });
}

/** one section per attribute with values found or chosen, its values in the order shoppers read */
export function facetSections(
  here: Here,
  q: ListingQuery,
  filters: readonly FacetFilter[],
  aggregations: Record<string, Bucket[] | undefined>,
): FacetSection[] {
  return filters.flatMap((filter) => {
    const buckets = aggregations[filter.code] ?? [];
    const selected = q.attributes[filter.code] ?? [];
    if (!buckets.length && !selected.length) return [];
    const options = facetValues(filter, buckets).map((v) => ({
      key: v.key,
      label: v.label,
      count: v.count,
      active: selected.includes(v.key),
      to: toggleFilter(here.pathname, here.search, filter.code, v.key),
    }));
    return [{ code: filter.code, label: filter.label, options }];
  });
}

/** the applied filters as chips, the price first; removing one keeps the others and resets the page */
export function filterChips(
  here: Here,
  q: ListingQuery,
  filters: readonly FacetFilter[],
  storeCode: StoreCode,
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (q.price)
    chips.push({
      key: 'price',
      label: priceLabel(q, storeCode),
      to: toggleFilter(here.pathname, here.search, 'price', q.price),
    });
  for (const f of filters)
    for (const value of q.attributes[f.code] ?? [])
      chips.push({
        key: `${f.code}-${value}`,
        label: `${f.label}: ${f.options[value] ?? value}`,
        to: toggleFilter(here.pathname, here.search, f.code, value),
      });
  return chips;
}

/** "clear filters": sort and a search's words kept */
export function clearFiltersLink(here: Here): string {
  return clearFilters(here.pathname, here.search);
}

export interface PageLinks {
  previous: string | null;
  next: string | null;
  pages: { page: number; gap: boolean; current: boolean; to: string }[];
}

/** page links: first, last and two either side of the current page; none for a single page */
export function pageLinks(here: Here, page: number, pages: number): PageLinks | null {
  if (pages <= 1) return null;
  const to = (n: number) => pageQuery(here.pathname, here.search, n);
  return {
    previous: page > 1 ? to(page - 1) : null,
    next: page < pages ? to(page + 1) : null,
    pages: pageNumbers(page, pages).map((n) => ({ ...n, current: n.page === page, to: to(n.page) })),
  };
}
