/**
 * The catalogue listing's public face: the rest of the app imports only this (the
 * category page and the search screen, the two routes that list products). Inside: rules/ (pure:
 * the query string read, the links that change it, the search request, the filters' labels and
 * order), hooks/ (the filters sheet, the price and sort forms: the view model), components/ (render
 * only). The product card and its fields are in components/, shared with the home page, related
 * products and the search panel.
 */
export { Listing } from './Listing';
export { SubcategoryTiles } from './components/SubcategoryTiles';
export { facetFilters, shownValuesOnly, type FacetFilter } from './rules/facets';
export { parseListingQuery, type ListingQuery } from './rules/query';
export {
  cardFields,
  categoryListingSearch,
  FILTERABLE_ATTRIBUTES,
  listableAttributes,
  listedProducts,
  listingAnswer,
  listingFilters,
  listingRange,
  pageFrom,
} from './rules/request';
export { useListingInPlace } from './hooks/use-listing-in-place';
