import { SORT_OPTIONS, type SortOption } from '@vitrina/domain';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../../i18n';
import type { Bucket, FacetFilter } from '../rules/facets';
import {
  clearFiltersLink,
  facetSections,
  filterChips,
  pageLinks,
  priceOptions,
} from '../rules/filter-options';
import { appliedFilterCount, type ListingQuery } from '../rules/query';
import { useFiltersSheet } from './use-filters-sheet';
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
  /** the sorts offered: a text search adds relevance */
  sortOptions?: readonly SortOption[];
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
  sortOptions = SORT_OPTIONS,
}: ListingProps) {
  const t = useT();
  const location = useLocation();
  const here = { pathname: location.pathname, search: new URLSearchParams(location.search) };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const sheet = useFiltersSheet(filtersOpen, () => setFiltersOpen(false));
  return {
    filterCount: appliedFilterCount(query),
    openFilters: () => setFiltersOpen(true),
    sort: useSortForm(query.sort, sortOptions),
    sheet,
    total,
    chips: filterChips(here, query, filters, t.storeCode),
    clearTo: clearFiltersLink(here),
    prices: priceOptions(here, query, aggregations.price, t.storeCode),
    priceForm: usePriceBoundsForm(query),
    facets: facetSections(here, query, filters, aggregations),
    pagination: pageLinks(here, query.page, pages),
  };
}

export type ListingView = ReturnType<typeof useListing>;
