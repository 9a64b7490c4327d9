/**
 * The listing's filters as the shopper reads them: each filterable attribute's label and option
 * labels, its values in grade/numeric/shop order, and a price chip's label.
 */
import {
  formatPrice,
  orderFacetValues,
  priceRangeLabel,
  toCents,
  type StoreCode,
  parsePriceRangeKey,
} from '@vitrina/domain';
import type { AttributeDoc, AttributeMetadata, Product } from '../../../lib/types';
import type { ListingQuery } from './query';

/** Option id → label, from attribute metadata, products' configurable options and condition labels. */
export function optionLabels(
  attributes: Pick<AttributeDoc, 'attribute_code' | 'options'>[],
  products: Product[],
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const put = (code: string, value: unknown, label: unknown) => {
    if (value == null || typeof label !== 'string' || !label) return;
    (out[code] ??= {})[String(value)] ??= label;
  };
  for (const a of attributes) for (const o of a.options ?? []) put(a.attribute_code, o.value, o.label);
  for (const p of products) {
    put('condition', p.condition, p.condition_label);
    for (const o of p.configurable_options ?? [])
      for (const v of o.values) put(o.attribute_code, v.value_index, v.label);
  }
  return out;
}

export interface FacetFilter {
  code: string;
  label: string;
  options: Record<string, string>;
  /** the shop's option order (attribute option position): values that are neither grades nor numbers */
  order?: string[];
}

/**
 * The listing's filters: one per filterable attribute, labelled first by the search answer's
 * attributeMetadata (catalogue-and-cart.md §3 "Search response", the store view's language), then
 * by the attribute documents, the products' option labels and, last, the attribute code.
 */
export function facetFilters(
  attributes: AttributeDoc[],
  metadata: AttributeMetadata[],
  products: Product[],
): FacetFilter[] {
  const labels = optionLabels([...metadata, ...attributes], products);
  const metaLabel = new Map(metadata.map((m) => [m.attribute_code, m.frontend_label]));
  return attributes.map((a) => ({
    code: a.attribute_code,
    label:
      metaLabel.get(a.attribute_code) || a.frontend_label || a.default_frontend_label || a.attribute_code,
    options: labels[a.attribute_code] ?? {},
    order: (a.options ?? []).map((o) => String(o.value)),
  }));
}

/** an aggregation bucket of the search answer: a value and how many products have it */
export type Bucket = { key: string; count: number };

/**
 * The filters with only the values this page shows: those with products (its buckets) and those the
 * shopper chose (a chip each). An attribute's document lists every option of the shop (107 makers, a
 * TV's 85" among a laptop category's screen sizes): sent whole, they were a fifth of a category
 * page's route data, encoded on the server and decoded in the browser before hydration.
 * What the filters and chips show is unchanged (facetSections and filterChips read no other value).
 */
export function shownValuesOnly(
  filters: readonly FacetFilter[],
  aggregations: Record<string, readonly Bucket[] | undefined>,
  chosen: Record<string, readonly string[] | undefined>,
): FacetFilter[] {
  return filters.map((filter) => {
    const shown = new Set([
      ...(aggregations[filter.code] ?? []).map((b) => b.key),
      ...(chosen[filter.code] ?? []),
    ]);
    const options = Object.fromEntries(Object.entries(filter.options).filter(([key]) => shown.has(key)));
    return filter.order
      ? { ...filter, options, order: filter.order.filter((key) => shown.has(key)) }
      : { ...filter, options };
  });
}

/** a filter's values with their labels, in grade/numeric/shop order (domain orderFacetValues), not by count */
export function facetValues(filter: FacetFilter, buckets: readonly Bucket[]) {
  return orderFacetValues(
    filter.code,
    buckets.map((b) => ({ key: b.key, count: b.count, label: filter.options[b.key] ?? b.key })),
    filter.order,
  );
}

/** a price chip's label: the bucket's, or the shopper's own "100,00 € – 500,00 €" */
export function priceLabel(q: ListingQuery, storeCode: StoreCode): string {
  const bucket = parsePriceRangeKey(q.price);
  if (bucket) return priceRangeLabel(bucket, storeCode, [bucket]);
  const b = q.priceBounds;
  if (!b) return q.price ?? '';
  const fmt = (n: number) => formatPrice(toCents(n), storeCode);
  if (b.min !== null && b.max !== null) return `${fmt(b.min)} – ${fmt(b.max)}`;
  return b.min !== null ? `> ${fmt(b.min)}` : `< ${fmt(b.max ?? 0)}`;
}
