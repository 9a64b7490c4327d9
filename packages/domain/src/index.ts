// @vitrina/domain: the spec's rules as pure functions (no I/O; runs in Node and the browser) and the
// input schemas shared by the API and the storefront. See DESIGN.md "Principles" 1.
export * from './store-views.ts';
export * from './constants.ts';
export * from './rounding.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './pricing.ts';
export * from './variants.ts';
export * from './product-validation.ts';
export * from './stock.ts';
export * from './hash.ts';
export * from './cart-identity.ts';
export * from './search-terms.ts';
export * from './totals.ts';
export * from './validation.ts';
export * from './messages.ts';
export * from './static-pages.ts';
export * from './schemas.ts';
export * from './saved-lists.ts';
export * from './composite.ts';
export * from './stock-display.ts';
export * from './postcode-formats.ts';
export * from './group-pricing.ts';
export * from './stock-prefetch.ts';
export * from './url-map-options.ts';
