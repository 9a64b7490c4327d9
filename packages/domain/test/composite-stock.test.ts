import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bundleStock,
  bundleStockQty,
  compositesFrom,
  configurableStockQty,
  groupedStockQty,
  linkedUnits,
  partUnits,
  stockUnitsOf,
  type PartUnits,
} from '../src/index.ts';

const units =
  (table: Record<string, PartUnits>) =>
  (sku: string): PartUnits =>
    sku in table ? table[sku]! : 0;

describe('composite stock (one count for the index, the cart, the order and the page)', () => {
  it.each([
    [2, 3, 6],
    [1, 1, 1],
    [4, 0, 0],
  ])('a link of %i per composite holds %i composites × %i = %i units', (linkQty, qty, held) => {
    expect(linkedUnits(linkQty, qty)).toBe(held);
  });

  it.each<[PartUnits, number, PartUnits]>([
    [7, 2, 3],
    [6, 2, 3],
    [1, 2, 0],
    [0, 1, 0],
    [null, 3, null],
  ])('%s units at %i a composite make %s composites', (u, linkQty, made) => {
    expect(compositesFrom(u, linkQty)).toBe(made);
  });

  it.each([
    ['no answer', undefined, null],
    ['not managed', { is_in_stock: false, qty: 0, manage_stock: false }, null],
    ['no quantity', { is_in_stock: true, manage_stock: true }, null],
    ['not in stock', { is_in_stock: false, qty: 5, manage_stock: true }, 0],
    ['a managed qty of 0', { is_in_stock: true, qty: 0, manage_stock: true }, 0],
    ['a negative qty', { is_in_stock: true, qty: -2, manage_stock: true }, 0],
    ['in stock', { is_in_stock: true, qty: 5, manage_stock: true }, 5],
  ])('partUnits: %s', (_name, stock, expected) => {
    expect(partUnits(stock)).toBe(expected);
  });

  it.each<[string, PartUnits[], PartUnits]>([
    ['the sum of its children', [3, 0, 4], 7],
    ['no children', [], 0],
    ['a child not counted', [3, null], null],
  ])('configurableStockQty: %s', (_name, children, expected) => {
    expect(configurableStockQty(children)).toBe(expected);
  });

  it.each<
    [string, { linked_product_sku: string; qty?: number | null }[], Record<string, PartUnits>, PartUnits]
  >([
    [
      'the fewest any link allows',
      [
        { linked_product_sku: 'A', qty: 1 },
        { linked_product_sku: 'B', qty: 2 },
      ],
      { A: 10, B: 7 },
      3,
    ],
    [
      'qty 0 or missing is 1',
      [{ linked_product_sku: 'A', qty: 0 }, { linked_product_sku: 'B' }],
      { A: 4, B: 9 },
      4,
    ],
    ['one link sold out', [{ linked_product_sku: 'A' }, { linked_product_sku: 'B' }], { A: 0, B: 9 }, 0],
    [
      'a link not counted limits nothing',
      [{ linked_product_sku: 'A', qty: 2 }, { linked_product_sku: 'B' }],
      { A: null, B: 5 },
      5,
    ],
    ['no link counted', [{ linked_product_sku: 'A' }], { A: null }, null],
  ])('groupedStockQty: %s', (_name, links, table, expected) => {
    expect(groupedStockQty(links, units(table))).toBe(expected);
  });

  const option = (required: boolean, ...links: [string, number][]) => ({
    required,
    product_links: links.map(([sku, qty]) => ({ sku, qty })),
  });
  it.each<[string, ReturnType<typeof option>[], Record<string, PartUnits>, PartUnits]>([
    [
      'the fewest its required options allow',
      [option(true, ['A', 1], ['B', 1]), option(true, ['C', 2])],
      { A: 3, B: 8, C: 9 },
      4,
    ],
    ['an option allows the most any link does', [option(true, ['A', 1], ['B', 1])], { A: 3, B: 8 }, 8],
    ['optional options do not limit', [option(true, ['A', 1]), option(false, ['B', 1])], { A: 6, B: 0 }, 6],
    ['a required option sold out', [option(true, ['A', 1]), option(true, ['B', 1])], { A: 6, B: 0 }, 0],
    ['fewer units than one bundle takes', [option(true, ['A', 2])], { A: 1 }, 0],
    [
      'nothing required: the most any option allows',
      [option(false, ['A', 1]), option(false, ['B', 3])],
      { A: 2, B: 9 },
      3,
    ],
    ['nothing required, all sold out', [option(false, ['A', 1]), option(false, ['B', 1])], { A: 0, B: 0 }, 0],
    ['a required option without links', [option(true)], {}, 0],
    ['a link not counted', [option(true, ['A', 1], ['B', 1])], { A: 3, B: null }, null],
  ])('bundleStockQty: %s', (_name, options, table, expected) => {
    expect(bundleStockQty(options, units(table))).toBe(expected);
  });

  const stockAnswer = fc.oneof(
    fc.constant(undefined),
    fc.record({
      is_in_stock: fc.boolean(),
      qty: fc.integer({ min: -3, max: 40 }),
      manage_stock: fc.boolean(),
    }),
  );
  const sku = fc.constantFrom('A', 'B', 'C', 'D');
  const picks = fc.uniqueArray(fc.record({ sku, qty: fc.integer({ min: 1, max: 5 }) }), {
    selector: (p) => p.sku,
    minLength: 1,
    maxLength: 4,
  });

  it('property: a bundle line of maxQty holds no more units than are in stock, one more would (the cart check and the order agree)', () => {
    fc.assert(
      fc.property(picks, fc.dictionary(sku, stockAnswer), (chosen, stock) => {
        const { orderable, maxQty } = bundleStock(chosen, (s) => stock[s]);
        expect(orderable).toBe(maxQty !== 0);
        if (maxQty === null) return;
        const held = (qty: number) => stockUnitsOf([{ sku: 'BUN', name: 'Set', qty, picks: chosen }]);
        const fits = (qty: number) =>
          held(qty).every((u) => {
            const available = u.sku === 'BUN' ? null : partUnits(stock[u.sku]);
            return available === null || u.qty <= available;
          });
        expect(fits(maxQty)).toBe(true);
        expect(fits(maxQty + 1)).toBe(false);
      }),
    );
  });

  it('property: a bundle of required single-link options counts as a line choosing those links', () => {
    fc.assert(
      fc.property(picks, fc.dictionary(sku, stockAnswer), (chosen, stock) => {
        const options = chosen.map((p) => ({ required: true, product_links: [p] }));
        expect(bundleStockQty(options, (s) => partUnits(stock[s]))).toBe(
          bundleStock(chosen, (s) => stock[s]).maxQty,
        );
      }),
    );
  });
});
