import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  availableOptionValues,
  backInStockSku,
  displayVariant,
  isVariantAvailable,
  matchCount,
  optionValuesWithAvailability,
  selectVariant,
  variantOptions,
  variantPrice,
  type ConfigurableChild,
} from '../src/index.ts';

// A laptop with colour (silver 1, black 2) and capacity (256 = 10, 512 = 11).
const child = (
  sku: string,
  color: number,
  capacity: number,
  price: number,
  extra: Partial<ConfigurableChild> = {},
) => ({
  sku,
  color,
  capacity,
  price,
  final_price: price,
  status: 1,
  stock: { is_in_stock: true },
  ...extra,
});
const product = {
  configurable_options: [
    {
      attribute_code: 'color',
      values: [
        { value_index: 1, label: 'Silver' },
        { value_index: 2, label: 'Black' },
      ],
    },
    {
      attribute_code: 'capacity',
      values: [
        { value_index: 10, label: '256 GB' },
        { value_index: 11, label: '512 GB' },
      ],
    },
  ],
  configurable_children: [
    child('silver-256', 1, 10, 100000),
    child('silver-512', 1, 11, 120000),
    child('black-256', 2, 10, 99000, { stock: { is_in_stock: false } }),
    child('black-512', 2, 11, 125000),
    child('black-512-b', 2, 11, 110000, { status: 2 }),
  ],
};

describe('selectVariant (catalogue-and-cart.md §4 "Configurable product")', () => {
  it.each([
    ['exact match', { color: 1, capacity: 11 }, 'silver-512', true],
    ['values as strings', { color: '1', capacity: '11' }, 'silver-512', true],
    ['out of stock child skipped → best partial match', { color: 2, capacity: 10 }, 'silver-256', false],
    ['disabled child skipped', { color: 2, capacity: 11 }, 'black-512', true],
    ['one attribute chosen: ties go to the lowest price', { color: 1 }, 'silver-256', true],
    ['nothing chosen: cheapest available', {}, 'silver-256', true],
    ['unknown value: default child (fallback allowed)', { color: 9 }, 'silver-256', false],
  ])('%s', (_name, selected, sku, exact) => {
    const r = selectVariant(product, selected, { fallbackToDefault: true });
    expect(r.variant?.sku).toBe(sku);
    expect(r.exactMatch).toBe(exact);
    expect(r.warning !== undefined).toBe(!exact);
    expect(r.error).toBeUndefined();
  });

  it('without fallback, a combination matching nothing gives no variant, the warning and the error', () => {
    const r = selectVariant(product, { color: 9 }, { fallbackToDefault: false });
    expect(r.variant).toBeNull();
    expect(r.warning).toBe(
      'No such configuration for the product. Please do choose another combination of attributes.',
    );
    expect(r.error).toBe('No available product variants');
  });

  it('no available child: "No available product variants"', () => {
    const none = {
      configurable_children: [
        child('x', 1, 10, 1, { status: 3 }),
        child('y', 1, 10, 1, { stock: { is_in_stock: false } }),
      ],
    };
    expect(selectVariant(none, { color: 1 }, { fallbackToDefault: true })).toMatchObject({
      variant: null,
      error: 'No available product variants',
    });
    expect(selectVariant({}, {}).error).toBe('No available product variants');
  });

  it('reads custom_attributes too', () => {
    const p = {
      configurable_children: [
        { sku: 'a', price: 5, custom_attributes: [{ attribute_code: 'size', value: '42' }] },
      ],
    };
    expect(selectVariant(p, { size: 42 }).exactMatch).toBe(true);
  });

  it('variantOptions gives the selection of a variant', () => {
    expect(variantOptions(product, product.configurable_children[1] as ConfigurableChild)).toEqual({
      color: 1,
      capacity: 11,
    });
  });

  it('availableOptionValues: values reachable with the rest of the selection', () => {
    expect(availableOptionValues(product, 'capacity', { color: 2 }).map((v) => v.value_index)).toEqual([11]);
    expect(availableOptionValues(product, 'capacity', { color: 1 }).map((v) => v.value_index)).toEqual([
      10, 11,
    ]);
    expect(availableOptionValues(product, 'color', { capacity: 10 }).map((v) => v.label)).toEqual(['Silver']);
    expect(optionValuesWithAvailability(product, 'color', { capacity: 10 }).map((v) => v.available)).toEqual([
      true,
      false,
    ]);
    expect(availableOptionValues(product, 'nope', {})).toEqual([]);
  });
});

describe('selectVariant properties', () => {
  const childArb = fc.record({
    sku: fc.string({ minLength: 1, maxLength: 4 }),
    color: fc.integer({ min: 1, max: 3 }),
    size: fc.integer({ min: 1, max: 3 }),
    price: fc.integer({ min: 0, max: 1000 }),
    status: fc.integer({ min: 0, max: 3 }),
    stock: fc.record({ is_in_stock: fc.boolean() }),
  });
  const selectionArb = fc.record(
    { color: fc.integer({ min: 1, max: 4 }), size: fc.integer({ min: 1, max: 4 }) },
    { requiredKeys: [] },
  );

  it('the chosen variant is available, and no available child matches more or ties cheaper', () => {
    fc.assert(
      fc.property(
        fc.array(childArb, { maxLength: 12 }),
        selectionArb,
        fc.boolean(),
        (children, selected, fallback) => {
          const r = selectVariant({ configurable_children: children }, selected, {
            fallbackToDefault: fallback,
          });
          const available = children.filter(isVariantAvailable);
          if (available.length === 0) {
            expect(r.variant).toBeNull();
            expect(r.error).toBe('No available product variants');
            return;
          }
          if (!r.variant) {
            expect(fallback).toBe(false);
            expect(available.every((c) => matchCount(c, selected) === 0)).toBe(true);
            return;
          }
          expect(isVariantAvailable(r.variant)).toBe(true);
          const best = matchCount(r.variant, selected);
          for (const c of available) {
            const n = matchCount(c, selected);
            expect(n).toBeLessThanOrEqual(best);
            if (n === best) expect(variantPrice(c)).toBeGreaterThanOrEqual(variantPrice(r.variant));
          }
          expect(r.exactMatch).toBe(best === Object.keys(selected).length);
        },
      ),
    );
  });

  it('displayVariant: the cheapest available child; else the cheapest enabled one; else none', () => {
    fc.assert(
      fc.property(fc.array(childArb, { maxLength: 12 }), (children) => {
        const shown = displayVariant(children);
        const available = children.filter(isVariantAvailable);
        const enabled = children.filter((c) => c.status < 2);
        const pool = available.length > 0 ? available : enabled;
        if (pool.length === 0) {
          expect(shown).toBeNull();
          return;
        }
        expect(pool).toContain(shown);
        for (const c of pool) expect(variantPrice(c)).toBeGreaterThanOrEqual(variantPrice(shown!));
        // the product page with no option chosen shows the same child
        if (available.length > 0)
          expect(selectVariant({ configurable_children: children }, {}).variant).toBe(shown);
      }),
    );
  });
});

describe('displayVariant (the price a configurable parent shows)', () => {
  it.each([
    [
      'the cheapest in-stock child, not a cheaper out-of-stock one',
      product.configurable_children,
      'silver-256',
    ],
    [
      'a disabled cheapest child is skipped',
      [child('a', 1, 10, 500, { status: 2 }), child('b', 1, 11, 700), child('c', 2, 10, 900)],
      'b',
    ],
    [
      'nothing available: the cheapest enabled child (shown out of stock)',
      [
        child('a', 1, 10, 300, { status: 2 }),
        child('b', 1, 11, 500, { stock: { is_in_stock: false } }),
        child('c', 2, 10, 400, { stock: { is_in_stock: false } }),
      ],
      'c',
    ],
  ])('%s', (_name, children, sku) => {
    expect(displayVariant(children)?.sku).toBe(sku);
  });

  it('no enabled child: none (the parent keeps its own price)', () => {
    expect(displayVariant([child('a', 1, 10, 300, { status: 2 })])).toBeNull();
    expect(displayVariant([])).toBeNull();
    expect(displayVariant(undefined)).toBeNull();
  });
});

describe('backInStockSku (the product page’s back-in-stock request)', () => {
  const soldOut = { stock: { is_in_stock: false } };
  const allSoldOut = {
    sku: 'P',
    type_id: 'configurable',
    configurable_children: [
      child('b', 1, 11, 500, soldOut),
      child('c', 2, 10, 400, soldOut),
      child('a', 1, 10, 300, { ...soldOut, status: 2 }),
    ],
  };
  it.each([
    ['the shown variant', allSoldOut, allSoldOut.configurable_children[0]!, 'b'],
    ['no variant available: the one the price stands for (cheapest enabled)', allSoldOut, null, 'c'],
    ['a simple product: its own', { sku: 'S', type_id: 'simple' }, null, 'S'],
    [
      'a configurable without an enabled child: none',
      { sku: 'P', type_id: 'configurable', configurable_children: [child('a', 1, 10, 300, { status: 2 })] },
      null,
      null,
    ],
  ] as const)('%s', (_name, p, variant, sku) => {
    expect(backInStockSku(p, variant)).toBe(sku);
  });
});
