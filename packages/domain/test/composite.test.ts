import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  associatedLinks,
  bundleCartOptions,
  bundlePrice,
  chosenGroupedLinks,
  defaultBundleSelection,
  groupedPrice,
  isCompositeChildShown,
  missingRequiredBundleOptions,
  type BundleOption,
  type ProductLink,
} from '../src/index.ts';

const links: ProductLink[] = [
  { linked_product_sku: 'A', link_type: 'associated', qty: 1 },
  { linked_product_sku: 'B', link_type: 'associated', qty: 2 },
  { linked_product_sku: 'C', qty: 0 },
  { linked_product_sku: 'X', link_type: 'related', qty: 1 },
];
const prices = { A: 1000, B: 250, C: 99, X: 5 };

describe('grouped: chosen quantities (catalogue-and-cart.md §4: Σ linked price × qty)', () => {
  it('related links are not part of the set', () => {
    expect(associatedLinks(links).map((l) => l.linked_product_sku)).toEqual(['A', 'B', 'C']);
  });
  it.each<{ qty: Record<string, number>; price: number; skus: string[] }>([
    { qty: {}, price: 1000 + 250 * 2 + 99, skus: ['A', 'B', 'C'] },
    { qty: { B: 0 }, price: 1000 + 99, skus: ['A', 'C'] },
    { qty: { A: 3, B: 1, C: 0 }, price: 3000 + 250, skus: ['A', 'B'] },
    { qty: { A: 0, B: 0, C: 0 }, price: 0, skus: [] },
    { qty: { A: -1, B: 1.5 }, price: 99, skus: ['C'] },
  ])('quantities $qty → $price', ({ qty, price, skus }) => {
    const chosen = chosenGroupedLinks(links, qty);
    expect(chosen.map((l) => l.linked_product_sku)).toEqual(skus);
    expect(groupedPrice(chosen, prices)).toBe(price);
  });
  it('property: the price is Σ price × chosen qty over positive quantities', () => {
    fc.assert(
      fc.property(fc.record({ A: fc.nat(5), B: fc.nat(5), C: fc.nat(5) }), (qty) => {
        expect(groupedPrice(chosenGroupedLinks(links, qty), prices)).toBe(
          qty.A * 1000 + qty.B * 250 + qty.C * 99,
        );
      }),
    );
  });
});

const bundle: BundleOption[] = [
  {
    option_id: 1,
    title: 'Laptop',
    required: true,
    type: 'radio',
    product_links: [
      { sku: 'L1', qty: 1, is_default: true },
      { sku: 'L2', qty: 1, is_default: false },
    ],
  },
  {
    option_id: 2,
    title: 'Warranty',
    required: false,
    type: 'checkbox',
    product_links: [
      { sku: 'W1', qty: 1, is_default: false },
      { sku: 'W2', qty: 2, is_default: false },
    ],
  },
];
const bundlePrices = { L1: 50000, L2: 60000, W1: 3000, W2: 1000 };

describe('bundle: default and selected options', () => {
  it('the default selection is the is_default links', () => {
    expect(defaultBundleSelection(bundle)).toEqual({ 1: ['L1'], 2: [] });
    expect(bundlePrice(bundle, bundlePrices, defaultBundleSelection(bundle))).toBe(
      bundlePrice(bundle, bundlePrices),
    );
  });
  it.each([
    { selected: { 1: ['L2'], 2: [] }, price: 60000, missing: [] },
    { selected: { 1: ['L1'], 2: ['W1', 'W2'] }, price: 50000 + 3000 + 2000, missing: [] },
    { selected: { 1: [], 2: ['W1'] }, price: 3000, missing: [1] },
  ])('$selected → $price', ({ selected, price, missing }) => {
    expect(bundlePrice(bundle, bundlePrices, selected)).toBe(price);
    expect(missingRequiredBundleOptions(bundle, selected)).toEqual(missing);
  });
  it('the cart options carry the selected skus per option, options without a choice left out', () => {
    expect(bundleCartOptions(bundle, { 1: ['L2'], 2: [] })).toEqual([
      { option_id: 1, option_qty: 1, option_selections: ['L2'] },
    ]);
    expect(bundleCartOptions(bundle, { 1: 'L1', 2: ['W2'] })).toEqual([
      { option_id: 1, option_qty: 1, option_selections: ['L1'] },
      { option_id: 2, option_qty: 2, option_selections: ['W2'] },
    ]);
  });
});

describe('children shown (§5: grouped and bundle children must have status 1)', () => {
  it.each([
    [1, true],
    [0, false],
    [2, false],
    [undefined, false],
  ])('status %s → %s', (status, shown) => {
    expect(isCompositeChildShown({ status })).toBe(shown);
  });
});
