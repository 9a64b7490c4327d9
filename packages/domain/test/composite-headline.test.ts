import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bundlePrice,
  chosenGroupedLinks,
  compositeHeadlinePicks,
  defaultBundleSelection,
  groupedPrice,
  isCompositePartBuyable,
  priceBreakdown,
  sumPicks,
  sumPriceBreakdowns,
  type BundleOption,
  type CompositePart,
  type ProductLink,
} from '../src/index.ts';

const inStock = { is_in_stock: true, qty: 5, manage_stock: true };
const parts: Record<string, CompositePart> = {
  PHN: { sku: 'PHN', status: 1, stock: inStock },
  PWB: { sku: 'PWB', status: 1, stock: inStock },
  // a part not visible individually: the rule never reads visibility
  CBL: { sku: 'CBL', status: 1, stock: inStock, ...{ visibility: 1 } },
  OFF: { sku: 'OFF', status: 2, stock: inStock },
  OUT: { sku: 'OUT', status: 1, stock: { is_in_stock: false, qty: 0, manage_stock: true } },
  ZERO: { sku: 'ZERO', status: 1, stock: { is_in_stock: true, qty: 0, manage_stock: true } },
  FREE: { sku: 'FREE', status: 1, stock: { manage_stock: false } },
};
const partOf = (sku: string) => parts[sku];
const link = (sku: string, qty = 1, link_type = 'associated'): ProductLink => ({ linked_product_sku: sku, qty, link_type });

describe('a part the shopper can buy with its composite', () => {
  it.each<[string, boolean]>([
    ['PHN', true],
    ['CBL', true],
    ['FREE', true],
    ['OFF', false],
    ['OUT', false],
    ['ZERO', false],
    ['MISSING', false],
  ])('%s → %s', (sku, buyable) => {
    expect(isCompositePartBuyable(partOf(sku))).toBe(buyable);
  });
});

describe('the headline picks of a grouped product', () => {
  it.each<{ links: ProductLink[]; picks: [string, number][] }>([
    // the demo's SET-6721: the visibility-1 cable counts, as the page shows it and the cart takes it
    { links: [link('PHN'), link('PWB'), link('CBL')], picks: [['PHN', 1], ['PWB', 1], ['CBL', 1]] },
    { links: [link('PHN', 2), link('OUT', 3)], picks: [['PHN', 2]] },
    { links: [link('PHN', 0), link('OFF')], picks: [['PHN', 1]] },
    { links: [link('PHN'), link('PWB', 1, 'related')], picks: [['PHN', 1]] },
    { links: [link('MISSING')], picks: [] },
  ])('$links.length links → $picks', ({ links, picks }) => {
    const got = compositeHeadlinePicks({ type_id: 'grouped', product_links: links }, partOf);
    expect(got.map((p) => [p.sku, p.qty])).toEqual(picks);
  });

  it('a simple product has no picks', () => {
    expect(compositeHeadlinePicks({ type_id: 'simple', product_links: [link('PHN')] }, partOf)).toEqual([]);
  });
});

describe('the headline picks of a bundle', () => {
  const options: BundleOption[] = [
    { option_id: 1, required: true, type: 'radio', product_links: [{ sku: 'OUT', is_default: true }, { sku: 'PHN' }] },
    { option_id: 2, required: true, type: 'radio', product_links: [{ sku: 'PWB', qty: 2, is_default: true }] },
    { option_id: 3, required: false, type: 'checkbox', product_links: [{ sku: 'CBL' }, { sku: 'FREE', is_default: true }] },
  ];
  it('counts the default links that can be bought, at their link quantity', () => {
    const picks = compositeHeadlinePicks({ type_id: 'bundle', bundle_options: options }, partOf);
    expect(picks).toEqual([
      { sku: 'PWB', qty: 2 },
      { sku: 'FREE', qty: 1 },
    ]);
  });
});

describe('sums', () => {
  it.each<[[string, number][], Record<string, number>, number | null]>([
    [[['A', 1], ['B', 2]], { A: 100, B: 50 }, 200],
    [[], {}, 0],
    [[['A', 1]], {}, null],
  ])('Σ %j at %j → %s', (picks, prices, sum) => {
    expect(sumPicks(picks.map(([sku, qty]) => ({ sku, qty })), prices)).toBe(sum);
  });
  it('a composite of parts is priced at the sum of their grosses, with a special only when they save', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const a = priceBreakdown({ price: 1000 }, { now, taxRate: 21 });
    const b = priceBreakdown({ price: 500, special_price: 400 }, { now, taxRate: 21 });
    const sum = sumPriceBreakdowns([
      { prices: a, qty: 1 },
      { prices: b, qty: 2 },
    ]);
    expect(sum.final_price_incl_tax).toBe(1210 + 2 * 484);
    expect(sum.price_incl_tax).toBe(1210 + 2 * 605);
    expect(sum.special_price_incl_tax).toBe(sum.final_price_incl_tax);
    expect(sumPriceBreakdowns([{ prices: a, qty: 3 }]).special_price).toBeNull();
  });
});

const arbStock = fc.oneof(
  fc.record({ is_in_stock: fc.boolean(), qty: fc.integer({ min: -2, max: 9 }), manage_stock: fc.boolean() }),
  fc.constant(null),
);
const arbPart = fc.record({
  status: fc.integer({ min: 1, max: 3 }),
  visibility: fc.integer({ min: 1, max: 4 }),
  stock: arbStock,
  price: fc.integer({ min: 0, max: 500_000 }),
});
const arbSet = fc.uniqueArray(fc.tuple(fc.string({ minLength: 1, maxLength: 4 }), arbPart, fc.integer({ min: 0, max: 4 })), {
  minLength: 0,
  maxLength: 6,
  selector: (t) => t[0],
});

describe('properties: the headline is what the page starts from and the cart charges', () => {
  it('grouped: headline = Σ of the page’s starting lines (buyable parts at default qty), whatever the visibility', () => {
    fc.assert(
      fc.property(arbSet, (set) => {
        const byS = new Map(set.map(([sku, p]) => [sku, { sku, ...p }]));
        const links = set.map(([sku, , qty]) => link(sku, qty));
        const prices = new Map(set.map(([sku, p]) => [sku, p.price]));
        const headline = sumPicks(compositeHeadlinePicks({ type_id: 'grouped', product_links: links }, (s) => byS.get(s)), prices);
        // the page: status-1 parts, each at its default qty, an out-of-stock one at 0
        const start = Object.fromEntries(
          set.filter(([, p]) => p.status === 1).map(([sku, p]) => [sku, isCompositePartBuyable({ sku, ...p }) ? Math.max(1, qtyOf(links, sku)) : 0]),
        );
        const shown = links.filter((l) => byS.get(l.linked_product_sku)?.status === 1);
        expect(headline).toBe(groupedPrice(chosenGroupedLinks(shown, start), prices));
      }),
    );
  });

  it('bundle: headline = the price of the default selection without what cannot be bought', () => {
    fc.assert(
      fc.property(arbSet, fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), (set, defaults) => {
        const byS = new Map(set.map(([sku, p]) => [sku, { sku, ...p }]));
        const options: BundleOption[] = set.map(([sku, , qty], i) => ({
          option_id: i + 1,
          product_links: [{ sku, qty, is_default: defaults[i] }],
        }));
        const prices = new Map(set.map(([sku, p]) => [sku, p.price]));
        const picks = compositeHeadlinePicks({ type_id: 'bundle', bundle_options: options }, (s) => byS.get(s));
        const selection = Object.fromEntries(
          Object.entries(defaultBundleSelection(options)).map(([id, skus]) => [id, skus.filter((s) => isCompositePartBuyable(byS.get(s)))]),
        );
        expect(sumPicks(picks, prices)).toBe(bundlePrice(options, prices, selection));
        // never more than every default at full price, never negative
        expect(sumPicks(picks, prices)).toBeLessThanOrEqual(bundlePrice(options, prices));
      }),
    );
  });
});

function qtyOf(links: ProductLink[], sku: string): number {
  return links.find((l) => l.linked_product_sku === sku)?.qty ?? 1;
}
