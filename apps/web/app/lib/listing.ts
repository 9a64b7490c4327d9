import {
  CATEGORY_PAGE_SIZE,
  DEFAULT_SORT,
  PRICE_RANGES,
  SEARCH_MAX_FROM,
  SORT_OPTIONS,
  SYSTEM_FILTER_NAMES,
  parsePriceBounds,
  parsePriceBoundsParam,
  priceBoundsFilter,
  priceBoundsParam,
  priceRangeKey,
  type PriceBounds,
  type PriceBoundsIssue,
  type SortOption,
} from '@vitrina/domain';
import type { Filters } from '../lib/types';
import type { AttributeDoc, AttributeMetadata, Product } from './types';

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
}

/**
 * System parameters are never attribute filters (catalogue-and-cart.md §2: sort, page and the
 * marketing-tracking parameters): the domain's list plus any other `utm_*` parameter.
 */
export function isSystemParam(name: string): boolean {
  return SYSTEM_FILTER_NAMES.includes(name) || name.startsWith('utm_');
}

function withQuery(pathname: string, params: URLSearchParams): string {
  const s = params.toString();
  return s ? `${pathname}?${s}` : pathname;
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
  const priceParam = search.get('price');
  let price = PRICE_RANGES.some((r) => priceRangeKey(r) === priceParam) ? priceParam : null;
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
  };
}

/** how many filters are applied (the phone bar's "Filters (n)") */
export function appliedFilterCount(q: ListingQuery): number {
  return (q.price ? 1 : 0) + Object.values(q.attributes).reduce((n, v) => n + v.length, 0);
}

/** the query string with the shopper's own price range set (min–max fields), the page reset */
export function priceBoundsQuery(
  pathname: string,
  search: URLSearchParams,
  bounds: PriceBounds | null,
): string {
  const next = new URLSearchParams(search);
  for (const k of ['page', 'price', 'price_min', 'price_max']) next.delete(k);
  if (bounds) next.set('price', priceBoundsParam(bounds));
  return withQuery(pathname, next);
}

/** Request filters for the listing choices (prices in cents: the range filter on final_price). */
export function listingFilters(q: ListingQuery): Filters {
  const filters: Filters = {};
  for (const [code, values] of Object.entries(q.attributes)) {
    if (values?.length) filters[code] = values.map((v) => (/^\d+$/.test(v) ? Number(v) : v));
  }
  if (q.priceBounds) filters.final_price = priceBoundsFilter(q.priceBounds);
  else if (q.price) {
    const range = PRICE_RANGES.find((r) => priceRangeKey(r) === q.price);
    if (range)
      filters.final_price =
        range.to === null ? { gte: range.from * 100 } : { gte: range.from * 100, lt: range.to * 100 };
  }
  return filters;
}

/** the start of a listing page; a page beyond the API's furthest start (`?page=99999`) is an empty one */
export function pageFrom(q: ListingQuery, pageSize = CATEGORY_PAGE_SIZE): number {
  return Math.min((q.page - 1) * pageSize, SEARCH_MAX_FROM);
}

/**
 * The query string after changing one filter: the value toggled (or the price bucket set/unset),
 * the page reset to 1 (spec §2 "Changing a filter moves to ... the page reset to 1").
 */
export function toggleFilter(pathname: string, search: URLSearchParams, code: string, value: string): string {
  const next = new URLSearchParams(search);
  next.delete('page');
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
  for (const [k, v] of search) if ((isSystemParam(k) || k === 'q') && k !== 'page') next.set(k, v);
  return withQuery(pathname, next);
}

export function pageQuery(pathname: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return withQuery(pathname, next);
}

/** Option id → label, from attribute metadata, products' configurable options and condition labels. */
export function optionLabels(
  attributes: Pick<AttributeDoc, 'attribute_code' | 'options'>[],
  products: Product[],
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const put = (code: string, value: unknown, label: unknown) => {
    if (value == null || typeof label !== 'string' || !label) return;
    (out[code] ??= {})[String(value)] ??= label;
  };
  for (const a of attributes) for (const o of a.options ?? []) put(a.attribute_code, o.value, o.label);
  for (const p of products) {
    put('condition', p.condition, p.condition_label);
    for (const o of p.configurable_options ?? [])
      for (const v of o.values) put(o.attribute_code, v.value_index, v.label);
  }
  return out;
}

export interface FacetFilter {
  code: string;
  label: string;
  options: Record<string, string>;
  /** the shop's option order (attribute option position): values that are neither grades nor numbers */
  order?: string[];
}

/**
 * The listing's filters: one per filterable attribute, labelled first by the search answer's
 * attributeMetadata (catalogue-and-cart.md §3 "Search response", the store view's language), then
 * by the attribute documents, the products' option labels and, last, the attribute code.
 */
export function facetFilters(
  attributes: AttributeDoc[],
  metadata: AttributeMetadata[],
  products: Product[],
): FacetFilter[] {
  const labels = optionLabels([...metadata, ...attributes], products);
  const metaLabel = new Map(metadata.map((m) => [m.attribute_code, m.frontend_label]));
  return attributes.map((a) => ({
    code: a.attribute_code,
    label:
      metaLabel.get(a.attribute_code) || a.frontend_label || a.default_frontend_label || a.attribute_code,
    options: labels[a.attribute_code] ?? {},
    order: (a.options ?? []).map((o) => String(o.value)),
  }));
}

/**
 * The fields a product card shows (and the facet labels read): listings ask the API for these only,
 * so a page's loader data stays small (the full document carries every child and text).
 */
export const PRODUCT_CARD_FIELDS = [
  'id',
  'sku',
  'slug',
  'url_path',
  'type_id',
  'name',
  'image',
  'condition',
  'condition_label',
  'configurable_options',
  'final_price_incl_tax',
  'price_incl_tax',
  'special_price_incl_tax',
  'stock',
  // with stock: whether the product is sold out (domain isListedAvailable; listed last)
  'total_qty',
  // children skus: the listing prefetches their stock (catalogue-and-cart.md §9); their prices and
  // state: the card's "from" and, under a filter, the matching child (cardFields)
  'configurable_children.sku',
  'configurable_children.final_price_incl_tax',
];

/**
 * The card fields of a listing under attribute filters: the children's values of the filtered codes
 * and what the matching child's price, stock and link need (issue #13: a card under "A+" shows an
 * A+ unit). Without filters the plain card fields.
 */
export function cardFields(q: Pick<ListingQuery, 'attributes'>): string[] {
  const codes = Object.keys(q.attributes).filter((c) => q.attributes[c]?.length);
  if (!codes.length) return PRODUCT_CARD_FIELDS;
  return [
    ...PRODUCT_CARD_FIELDS,
    'configurable_children.price_incl_tax',
    'configurable_children.status',
    'configurable_children.stock',
    ...codes.map((c) => `configurable_children.${c}`),
  ];
}
