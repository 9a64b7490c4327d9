/**
 * The fields a product card shows (and the listing's facet labels read): listings, the search panel,
 * related products and the home page ask the API for these only, so a page's loader data stays small
 * (the full document carries every child and text). Beside ProductCard, which reads them; the
 * listing feature adds the filtered children's values (features/listing/rules/request.ts).
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
  // a configurable's: the grade its "from" price is for
  'price_condition_label',
  'configurable_options',
  'final_price_incl_tax',
  'price_incl_tax',
  'special_price_incl_tax',
  // an announced reduction's reference: absent from most documents, so it costs a card nothing
  'reference_price_incl_tax',
  'stock',
  // with stock: whether the product is sold out (domain isListedAvailable; listed last)
  'total_qty',
  // children skus: the listing prefetches their stock (catalogue-and-cart.md §9); their prices and
  // state: the card's "from" and, under a filter, the matching child (cardFields)
  'configurable_children.sku',
  'configurable_children.final_price_incl_tax',
  'configurable_children.reference_price_incl_tax',
];
