/**
 * What a listing's loader asks the search API for (the category page and the search screen): the
 * filters of the shopper's choices, where the page starts, and the card fields.
 */
import {
  ATTRIBUTE_LIST_SIZE,
  CATEGORY_PAGE_SIZE,
  SEARCH_MAX_FROM,
  cardChildren,
  listingWindow,
  priceBoundsFilter,
  parsePriceRangeKey,
} from '@vitrina/domain';
import { PRODUCT_CARD_FIELDS } from '../../../components/product-card-fields';
import type { AttributeDoc, Filters, Product, SearchResult } from '../../../lib/types';
import { facetFilters, shownValuesOnly } from './facets';
import type { ListingQuery } from './query';

/** Request filters for the listing choices (prices in cents: the range filter on final_price). */
export function listingFilters(q: ListingQuery): Filters {
  const filters: Filters = {};
  for (const [code, values] of Object.entries(q.attributes)) {
    if (values?.length) filters[code] = values.map((v) => (/^\d+$/.test(v) ? Number(v) : v));
  }
  if (q.priceBounds) filters.final_price = priceBoundsFilter(q.priceBounds);
  else if (q.price) {
    const range = parsePriceRangeKey(q.price);
    if (range)
      filters.final_price =
        range.to === null ? { gte: range.from * 100 } : { gte: range.from * 100, lt: range.to * 100 };
  }
  return filters;
}

/** the start of a listing page; a page beyond the API's furthest start (`?page=99999`) is an empty one */
export function pageFrom(q: ListingQuery, pageSize = CATEGORY_PAGE_SIZE): number {
  return listingRange(q, pageSize).from;
}

/** the products to ask for: the page, and the pages before it "Show more" loaded (domain listingWindow) */
export function listingRange(q: ListingQuery, pageSize = CATEGORY_PAGE_SIZE): { from: number; size: number } {
  const w = listingWindow(q.page, q.loaded ?? null, pageSize, SEARCH_MAX_FROM);
  return { from: w.from, size: w.size };
}

/**
 * The card fields of a listing under attribute filters: the children's values of the filtered codes
 * and what the matching child's price, stock and link need (a card under "A+" shows an
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

/**
 * The products as a listing's answer carries them: under attribute filters each configurable with
 * only the children its card stands for (domain cardChildren). Read the facets' labels from the
 * products as the search answered them, before this.
 */
export function listedProducts(items: Product[], q: Pick<ListingQuery, 'attributes'>): Product[] {
  if (!Object.values(q.attributes).some((values) => values?.length)) return items;
  return items.map((p) => {
    const children = cardChildren(p.configurable_children, q.attributes);
    return children === p.configurable_children ? p : { ...p, configurable_children: [...(children ?? [])] };
  });
}

/** the search of the attributes a listing filters by (data-driven: labels and options in the store view's language) */
export const FILTERABLE_ATTRIBUTES = { filters: { is_filterable: true }, size: ATTRIBUTE_LIST_SIZE };

/** Attribute codes safe to put in a query string and a search request. */
const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,39}$/;

/** the filterable attributes a listing offers: those whose code can travel in its query string */
export function listableAttributes(items: readonly AttributeDoc[]): AttributeDoc[] {
  return items.filter((a) => ATTRIBUTE_CODE.test(a.attribute_code));
}

/**
 * The search a category's listing asks for: the category under the shopper's filters, the counts of
 * every filter (`codes`) and the price, the page (with those "Show more" loaded) and the card fields.
 * The category's loader and the listing's own update in the browser ask the same.
 */
export function categoryListingSearch(categoryId: number, codes: readonly string[], q: ListingQuery) {
  return {
    filters: { category_ids: categoryId, ...listingFilters(q) },
    aggregations: ['price', ...codes],
    sort: q.sort,
    // the page, and the pages before it that "Show more" loaded
    ...listingRange(q, CATEGORY_PAGE_SIZE),
    // under attribute filters the children's values too: the card shows the matching child
    includeFields: cardFields(q),
  };
}

/**
 * What a listing shows of its search's answer: the products (under attribute filters each
 * configurable with the children its card stands for), the count, the counts per value and the
 * filters with only the values shown. The loader's answer and the listing's own update alike.
 */
export function listingAnswer(result: SearchResult<Product>, attributes: AttributeDoc[], q: ListingQuery) {
  return {
    products: listedProducts(result.items, q),
    total: result.total,
    aggregations: result.aggregations,
    // only the values this page shows: every option of every attribute was a fifth of its data
    filters: shownValuesOnly(
      facetFilters(attributes, result.attributeMetadata, result.items),
      result.aggregations,
      q.attributes,
    ),
    query: q,
  };
}
