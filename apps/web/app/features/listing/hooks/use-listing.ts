import { SORT_OPTIONS, listingWindow, showMoreParams, type SortOption } from '@vitrina/domain';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useLaterPartOpener } from '../../../components/ui/HydrateLater';
import { useT } from '../../../i18n';
import type { Bucket, FacetFilter } from '../rules/facets';
import {
  clearFiltersLink,
  facetSections,
  filterChips,
  pageLinks,
  priceOptions,
  type Here,
} from '../rules/filter-options';
import { appliedFilterCount, type ListingQuery } from '../rules/query';
import { showMoreQuery } from '../rules/links';
import { useFiltersSheet } from './use-filters-sheet';
import { inPlaceClick, type FollowInPlace } from './use-listing-in-place';
import { useTickAnchor } from './use-tick-anchor';
import { usePriceBoundsForm } from './use-price-bounds-form';
import { useSortForm } from './use-sort-form';

export interface ListingProps {
  /** the search answer's counts per attribute value (and per price range) */
  aggregations: Record<string, Bucket[] | undefined>;
  filters: FacetFilter[];
  query: ListingQuery;
  /** products found: the phone sheet's "Show N products" */
  total: number;
  /** how many pages the products fill */
  pages: number;
  /** products a page (and a "Show more") holds */
  pageSize: number;
  /** the sorts offered: a text search adds relevance */
  sortOptions?: readonly SortOption[];
  /** the path and query shown when the listing was updated in place, not by the router (else its location) */
  at?: string | null;
  /** the page's update of the listing in place (useListingInPlace), which the filters' links take a click to */
  follow?: FollowInPlace | null;
  /** called as the filters open (the phone's sheet): what a filter's change will need, asked before it */
  onFiltersOpen?: () => void;
}

/**
 * The listing of the category page and the search screen: the bar ("Filters (n)" and the sort), the
 * filters (a side column on a desktop, a bottom sheet on a phone while open), the applied filters'
 * chips and the page links. Filters, sort and page travel in the query string (spec §2), so every
 * choice is a link built from the current URL; the sheet's state is the only state of its own.
 */
export function useListing({
  aggregations,
  filters,
  query,
  total,
  pages,
  pageSize,
  sortOptions = SORT_OPTIONS,
  at,
  follow,
  onFiltersOpen,
}: ListingProps) {
  const t = useT();
  const location = useLocation();
  const shownAt = at ?? `${location.pathname}${location.search}`;
  const here = hereOf(shownAt);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // the filters hydrate later (Listing); the bar's button opens their part in its own press
  const filtersPart = useLaterPartOpener();
  const openFilters = () => {
    onFiltersOpen?.();
    filtersPart.open();
    setFiltersOpen(true);
  };
  const sheet = useFiltersSheet(filtersOpen, openFilters, () => setFiltersOpen(false));
  // the value ticked in the open sheet stays under the finger as its answer is shown
  const anchor = useTickAnchor(sheet.ref, shownAt, filtersOpen);
  return {
    filterCount: appliedFilterCount(query),
    filtersPart,
    openFilters,
    sort: useSortForm(query.sort, sortOptions, here),
    sheet,
    total,
    chips: filterChips(here, query, filters, t.storeCode),
    clearTo: clearFiltersLink(here),
    // a filter's value or chip shown in place when the page can (else the router's navigation);
    // "clear filters" goes to the top of the page as its navigation does
    followFilter: anchor.around(inPlaceClick(follow)),
    followClear: inPlaceClick(follow, { scrollToTop: true }),
    prices: priceOptions(here, query, aggregations.price, t.storeCode),
    priceForm: usePriceBoundsForm(query, here),
    facets: facetSections(here, query, filters, aggregations),
    pagination: pageLinks(here, query.page, pages),
    showMore: showMore(here, query, pageSize, total),
  };
}

/** a path and query as the listing's links read it */
function hereOf(path: string): Here {
  const q = path.indexOf('?');
  return q < 0
    ? { pathname: path, search: new URLSearchParams() }
    : { pathname: path.slice(0, q), search: new URLSearchParams(path.slice(q + 1)) };
}

/**
 * "Show more" under the grid: the next page appended to the loaded ones, the count kept in the URL
 * (catalogue-and-cart.md §2 "a count of products loaded (kept for back navigation)"); null on the last
 * page. `shown` is the range on screen ("1–36 of 120").
 */
function showMore(
  here: Here,
  query: ListingQuery,
  pageSize: number,
  total: number,
): { to: string; more: number; first: number; last: number } | null {
  const w = listingWindow(query.page, query.loaded ?? null, pageSize);
  const next = showMoreParams(query.page, query.loaded ?? null, pageSize, total);
  if (!next) return null;
  const last = Math.min(w.from + w.size, total);
  return {
    to: showMoreQuery(here.pathname, here.search, next),
    more: Math.min(pageSize, total - last),
    first: w.from + 1,
    last,
  };
}

export type ListingView = ReturnType<typeof useListing>;
