/**
 * The listing's query string read (catalogue-and-cart.md §2): sort, page, the price bucket or the
 * shopper's own range, and attribute filters. Filters, sort and page travel in the URL, so a listing
 * is a link; the loader reads them here, the components' links are built in links.ts.
 */
import {
  DEFAULT_SORT,
  SORT_OPTIONS,
  SYSTEM_FILTER_NAMES,
  parsePriceBounds,
  parsePriceBoundsParam,
  priceBoundsParam,
  type PriceBounds,
  type PriceBoundsIssue,
  type SortOption,
  parsePriceRangeKey,
  LOADED_PARAM,
} from '@vitrina/domain';

export interface ListingQuery {
  sort: string;
  page: number;
  /** Price bucket key, e.g. "0.0-50.0", or the shopper's own range in euros, e.g. "100-500". */
  price: string | null;
  /** the shopper's own range when `price` is one (not a bucket) */
  priceBounds?: PriceBounds | null;
  /** why the min–max fields were not applied (a no-JS form sends `price_min` / `price_max`) */
  priceIssue?: PriceBoundsIssue | null;
  /** Attribute code → selected option ids. */
  attributes: Record<string, string[]>;
  /** products loaded by "Show more" (LOADED_PARAM), kept for back navigation; absent for one page */
  loaded?: number | null;
}

/**
 * System parameters are never attribute filters (catalogue-and-cart.md §2: sort, page and the
 * marketing-tracking parameters): the domain's list plus any other `utm_*` parameter.
 */
export function isSystemParam(name: string): boolean {
  return SYSTEM_FILTER_NAMES.includes(name) || name.startsWith('utm_') || name === LOADED_PARAM;
}

/**
 * Reads sort, page and filters from the query string; only the given (filterable) attribute codes
 * are read, unknown or malformed values are ignored.
 */
export function parseListingQuery(
  search: URLSearchParams,
  attributeCodes: readonly string[],
  defaultSort = DEFAULT_SORT,
  sortOptions: readonly SortOption[] = SORT_OPTIONS,
): ListingQuery {
  const sortParam = search.get('sort');
  const sort = sortOptions.some((o) => o.value === sortParam) ? (sortParam as string) : defaultSort;
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const loadedParam = Math.floor(Number(search.get(LOADED_PARAM)) || 0);
  const loaded = loadedParam > 0 && page > 1 ? loadedParam : null;
  const priceParam = search.get('price');
  // a bucket key of the API's ranges (its PRICE_RANGES), whichever they are
  let price = parsePriceRangeKey(priceParam) ? priceParam : null;
  let priceBounds = price ? null : parsePriceBoundsParam(priceParam);
  let priceIssue: PriceBoundsIssue | null = null;
  // the min–max form without JavaScript: its two fields, validated as the script validates them
  if (search.has('price_min') || search.has('price_max')) {
    const parsed = parsePriceBounds(search.get('price_min'), search.get('price_max'));
    priceIssue = parsed.issue ?? null;
    if (!parsed.issue) priceBounds = parsed.bounds;
  }
  if (priceBounds) price = priceBoundsParam(priceBounds);
  const attributes: ListingQuery['attributes'] = {};
  for (const code of attributeCodes) {
    if (isSystemParam(code) || code === 'price') continue;
    const values = (search.get(code) ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => /^[\w-]{1,40}$/.test(v));
    if (values.length) attributes[code] = [...new Set(values)];
  }
  return {
    sort,
    page,
    price,
    attributes,
    ...(priceBounds ? { priceBounds } : {}),
    ...(priceIssue ? { priceIssue } : {}),
    ...(loaded ? { loaded } : {}),
  };
}

/** how many filters are applied (the phone bar's "Filters (n)") */
export function appliedFilterCount(q: ListingQuery): number {
  return (q.price ? 1 : 0) + Object.values(q.attributes).reduce((n, v) => n + v.length, 0);
}
