// Search terms, paging and base filters: catalogue-and-cart.md §5 "Validation rules" (search
// term, size/start, search coverage, listing visibility) and §9 "Searchable fields".
import {
  LISTING_STATUS,
  LISTING_VISIBILITY,
  SEARCH_DEFAULT_SIZE,
  RELEVANCE_SORT,
  SEARCH_DEFAULT_SORT,
  SEARCH_TERM_MIN_LENGTH,
  SEARCH_VISIBILITY,
} from '../../base/index.ts';

/**
 * §9 "Searchable fields: name, sku, mpn, brand, main taxon, and category name". Paths in the product
 * document (CONTRACTS.md); the main taxon is the product's first category, so it is covered by
 * `category.name`. Listed by decreasing weight.
 */
export const SEARCHABLE_FIELDS: readonly string[] = ['name', 'sku', 'mpn', 'brand', 'category.name'];

export interface NormalisedSearchTerm {
  /** The term with '#' replaced by a space and whitespace collapsed. */
  text: string;
  /** Unique words to search: each word, and for a hyphenated word also its parts. */
  terms: string[];
}

/**
 * §5: "a # is replaced by a space. Hyphenated words are also searched split at the hyphen."
 * 'usb-c #hub' → { text: 'usb-c hub', terms: ['usb-c', 'usb', 'c', 'hub'] }.
 */
export function normaliseSearchTerm(term: string): NormalisedSearchTerm {
  const text = term.replace(/#/g, ' ').replace(/\s+/g, ' ').trim();
  const terms: string[] = [];
  const add = (t: string) => {
    if (t && !terms.includes(t)) terms.push(t);
  };
  for (const word of text.split(' ')) {
    add(word);
    if (word.includes('-')) word.split('-').forEach(add);
  }
  return { text, terms };
}

/** §5 "A term needs at least 3 characters" (after normalisation; characters, not UTF-16 units). */
export function isSearchTermLongEnough(term: string): boolean {
  return [...normaliseSearchTerm(term).text].length >= SEARCH_TERM_MIN_LENGTH;
}

/** §5 "Search size at or below 0 becomes 50. A negative start becomes 0." (missing/NaN likewise). */
export function normalisePaging(p: { from?: number | null; size?: number | null }): {
  from: number;
  size: number;
} {
  const from = Number.isFinite(p.from) && (p.from as number) > 0 ? Math.floor(p.from as number) : 0;
  const size =
    Number.isFinite(p.size) && (p.size as number) >= 1 ? Math.floor(p.size as number) : SEARCH_DEFAULT_SIZE;
  return { from, size };
}

export interface SortClause {
  field: string;
  dir: 'asc' | 'desc';
}

/** Parses a `sort` parameter `field:asc|desc[,field:dir]` (dir defaults to asc); null when malformed. */
export function parseSort(sort: string): SortClause[] | null {
  const out: SortClause[] = [];
  for (const part of sort
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z_][A-Za-z0-9_.]*)(?::(asc|desc))?$/i.exec(part);
    if (!m?.[1]) return null;
    out.push({ field: m[1], dir: (m[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc' });
  }
  return out.length ? out : null;
}

export type RangeFilter = { gte?: number; gt?: number; lte?: number; lt?: number };
export type FilterValue = string | number | boolean | readonly (string | number | boolean)[] | RangeFilter;

/**
 * What an available product passes (catalogue-and-cart.md §5 coverage: "total_qty above 0", and
 * "in stock" when out-of-stock listing is off): a listed product failing it is sold out. The home
 * lists (and the bestsellers) ask for these as request filters: they never show sold-out products.
 */
export const AVAILABLE_FILTERS: {
  readonly total_qty: { readonly gt: 0 };
  readonly 'stock.is_in_stock': true;
} = Object.freeze({ total_qty: Object.freeze({ gt: 0 as const }), 'stock.is_in_stock': true as const });

/**
 * A product (its search document, or what the card reads of it) passes AVAILABLE_FILTERS: in stock
 * and, when the document carries it, total_qty above 0. A card says "Out of stock" otherwise.
 */
export function isListedAvailable(p: {
  total_qty?: number | null;
  stock?: { is_in_stock?: boolean | null } | null;
}): boolean {
  if (p.stock?.is_in_stock === false) return false;
  return typeof p.total_qty === 'number' ? p.total_qty > 0 : true;
}

/** What decides a product search's coverage (baseProductFilters, soldOutLast). */
export interface ProductSearchCoverage {
  byIdOrUrlPath?: boolean;
  searchVisibilityOnly?: boolean;
  /** out-of-stock listing (OUT_OF_STOCK_LISTING); on unless false */
  showOutOfStock?: boolean;
}

/**
 * The filters every storefront product search carries (§5): visibility 2,3,4 (3,4 for searches that
 * restrict it), status 0 or 1, final_price above 0.
 *
 * Stock (docs/decisions/0048-sold-out-products-stay-listed-after-the-available-ones.md): with
 * out-of-stock listing on (the default, OUT_OF_STOCK_LISTING), sold-out products are listed too,
 * so that a shopper reaches their page and its back-in-stock request; `soldOutLast` orders them
 * after the available ones. With it off, the spec's rules: total_qty above 0 unless searching by id
 * or url_path, and in stock.
 */
export function baseProductFilters(opts: ProductSearchCoverage): Record<string, FilterValue> {
  const filters: Record<string, FilterValue> = {
    visibility: opts.searchVisibilityOnly ? SEARCH_VISIBILITY : LISTING_VISIBILITY,
    status: LISTING_STATUS,
    final_price: { gt: 0 },
  };
  if (opts.showOutOfStock === false) {
    if (!opts.byIdOrUrlPath) filters.total_qty = { gt: 0 };
    filters['stock.is_in_stock'] = true;
  }
  return filters;
}

/**
 * Whether a product search orders the available products (AVAILABLE_FILTERS) before the sold-out
 * ones, whatever its sort (the chosen sort applies within each group): when sold-out products can
 * be listed at all, i.e. out-of-stock listing is on.
 */
export function soldOutLast(opts: ProductSearchCoverage): boolean {
  return opts.showOutOfStock !== false;
}

// ---- Search ranking (docs/decisions/0053-a-search-with-words-is-ranked-by-relevance.md) ----

/**
 * Product types that are a service or software rather than goods (catalogue-and-cart.md §3 Product
 * type_id: "Virtual and downloadable also occur"): installation, extended warranties, licences. For
 * the same relevance they come after the goods, so "холодильник" lists fridges before their
 * installation.
 */
export const SECONDARY_TYPE_IDS: readonly string[] = Object.freeze(['virtual', 'downloadable']);

/** 0 for goods (simple, configurable, grouped, bundle), 1 for a service or software (SECONDARY_TYPE_IDS) */
export function searchKindRank(typeId: string | null | undefined): 0 | 1 {
  return typeId && SECONDARY_TYPE_IDS.includes(typeId) ? 1 : 0;
}

/**
 * The one ranking of a text search, as the search panel and the results page ask for it and the API
 * applies it (SQL and in-process index alike): higher relevance first; for the same relevance goods
 * before services and software; then the lower product id (a stable order between pages).
 * Sold-out products after the available ones come before all of this (soldOutLast).
 */
export function compareSearchHits(
  a: { score: number; typeId?: string | null; id: number },
  b: { score: number; typeId?: string | null; id: number },
): number {
  if (a.score !== b.score) return b.score - a.score;
  const kind = searchKindRank(a.typeId) - searchKindRank(b.typeId);
  if (kind !== 0) return kind;
  return a.id - b.id;
}

/**
 * The default sort of the search page: relevance when the shopper typed words; the spec's
 * search-page default (§9 "Search-page sort default: total_qty:desc") when there are none. A sort
 * the shopper chose from the menu always wins.
 */
export function searchDefaultSort(query: string | null | undefined): string {
  return query && query.trim() !== '' ? RELEVANCE_SORT.value : SEARCH_DEFAULT_SORT;
}
