/** the filters' id: the bar's link opens the phone's sheet as the `#filters` target without JavaScript */
export const FILTERS_ID = 'filters';
/** the anchor of the product grid (the sheet's "Show N products" without JavaScript) */
export const PRODUCTS_ID = 'listing-products';
