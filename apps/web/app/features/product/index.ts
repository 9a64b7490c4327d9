/**
 * The product feature's public face: the rest of the app imports only this (the
 * product route). Inside: rules/ (pure: the variant shown, the buy box, cart lines, composite
 * choices, structured data, the loader's shaping), data/ (what the route's loader asks the API for),
 * hooks/ (state, stock, prices and adding to the cart: the view model), components/ (render only).
 */
export { ProductPage } from './ProductPage';
export type { ProductPageData } from './hooks/use-product-page';
export { loadProductParts, parentOfChildSku, variantParent } from './data/load-product-parts';
