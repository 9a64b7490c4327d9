// The catalogue: products and their variants, grades, composites, stock, listings, the category tree,
// the URL mapper's options and the search rules (search/).
export * from './variants.ts';
export * from './product-validation.ts';
export * from './stock.ts';
export * from './search/search-terms.ts';
export * from './search/search-suggest.ts';
export * from './listing-window.ts';
export * from './slug.ts';
export * from './composite.ts';
export * from './composite-stock.ts';
export * from './stock-display.ts';
export * from './stock-prefetch.ts';
export * from './listing.ts';
export * from './grades.ts';
export * from './variant-images.ts';
export * from './option-choices.ts';
export * from './grade-ladder.ts';
export * from './specifications.ts';
export * from './product-parts.ts';
export * from './url-map-options.ts';
export * from './category-tree.ts';
