/**
 * The listing's links: the query string after a filter, the price range, the page or the sort
 * changes (catalogue-and-cart.md §2 "Changing a filter moves to ... the page reset to 1"), the
 * fields a GET form carries over, and which page links the pagination shows.
 */
import { LOADED_PARAM, priceBoundsParam, type PriceBounds } from '@vitrina/domain';
import { isSystemParam } from './query';

function withQuery(pathname: string, params: URLSearchParams): string {
  const s = params.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/** the parameters the min–max price form replaces (the page reset with them) */
export const PRICE_FORM_REPLACES = ['page', LOADED_PARAM, 'price', 'price_min', 'price_max'];
/** the parameters the sort form replaces (the page reset with it) */
export const SORT_FORM_REPLACES = ['sort', 'page', LOADED_PARAM];

/** the query string with the shopper's own price range set (min–max fields), the page reset */
export function priceBoundsQuery(
  pathname: string,
  search: URLSearchParams,
  bounds: PriceBounds | null,
): string {
  const next = new URLSearchParams(search);
  for (const k of PRICE_FORM_REPLACES) next.delete(k);
  if (bounds) next.set('price', priceBoundsParam(bounds));
  return withQuery(pathname, next);
}

/**
 * The query string after changing one filter: the value toggled (or the price bucket set/unset),
 * the page reset to 1 (spec §2 "Changing a filter moves to ... the page reset to 1").
 */
export function toggleFilter(pathname: string, search: URLSearchParams, code: string, value: string): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  next.delete(LOADED_PARAM);
  next.delete('price_min');
  next.delete('price_max');
  if (code === 'price') {
    if (next.get('price') === value) next.delete('price');
    else next.set('price', value);
  } else {
    const current = (next.get(code) ?? '').split(',').filter(Boolean);
    const values = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    if (values.length) next.set(code, values.join(','));
    else next.delete(code);
  }
  return withQuery(pathname, next);
}

/** The query string with every filter removed (sort and a search's words kept, page reset). */
export function clearFilters(pathname: string, search: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const [k, v] of search)
    if ((isSystemParam(k) || k === 'q') && k !== 'page' && k !== LOADED_PARAM) next.set(k, v);
  return withQuery(pathname, next);
}

export function pageQuery(pathname: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  // a page link shows that page alone: the products "Show more" loaded are let go
  next.delete(LOADED_PARAM);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return withQuery(pathname, next);
}

/** the query's other parameters, as a GET form's hidden fields keep them (`replaced` left out) */
export function keptFields(search: URLSearchParams, replaced: readonly string[]): [string, string][] {
  return [...search].filter(([k]) => !replaced.includes(k));
}

/**
 * The page numbers the pagination links: the first, the last and two either side of the current
 * page; `gap` marks a number after skipped ones (an ellipsis before it).
 */
export function pageNumbers(page: number, pages: number): { page: number; gap: boolean }[] {
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (n) => n === 1 || n === pages || Math.abs(n - page) <= 2,
  );
  return numbers.map((n, i) => ({ page: n, gap: i > 0 && n - (numbers[i - 1] ?? n) > 1 }));
}

/** "Show more": the next page with the loaded count (domain showMoreParams), the rest of the query kept */
export function showMoreQuery(
  pathname: string,
  search: URLSearchParams,
  next: { page: number; loaded: number },
): string {
  const params = new URLSearchParams(search);
  params.set('page', String(next.page));
  params.set(LOADED_PARAM, String(next.loaded));
  return withQuery(pathname, params);
}
