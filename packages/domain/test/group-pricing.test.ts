import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addTax, applyGroupTier, groupTierCents } from '../src/index.ts';

describe('groupTierCents', () => {
  it.each([
    [10000, 0, 10000],
    [10000, 5, 9500],
    [10000, 10, 9000],
    [999, 10, 899], // 899.1
    [995, 10, 896], // 895.5 rounds half up
    [0, 10, 0],
    [10000, -5, 10000], // no negative tiers
    [10000, 150, 1000], // at most 90% off
  ])('%i cents at %i%% off → %i', (cents, pct, expected) => {
    expect(groupTierCents(cents, pct)).toBe(expected);
  });

  it('never raises a price, never goes below zero', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: -10, max: 100 }),
        (cents, pct) => {
          const tier = groupTierCents(cents, pct);
          return tier <= cents && tier >= 0 && Number.isInteger(tier);
        },
      ),
    );
  });
});

describe('applyGroupTier', () => {
  const doc = {
    sku: 'MBA-7000',
    price: 100000,
    final_price: 80000,
    final_price_incl_tax: 96800,
    tax: 21,
    configurable_children: [{ sku: 'MBA-7000-A', final_price: 70000, final_price_incl_tax: 84700 }],
  };

  it('prices the product and its children at the tier, tax recomputed from the net price; the regular price stays', () => {
    const tiered = applyGroupTier(doc, 10);
    expect(tiered).toMatchObject({
      price: 100000,
      final_price: 72000,
      final_price_incl_tax: addTax(72000, 21),
      group_discount_percent: 10,
      configurable_children: [
        { sku: 'MBA-7000-A', final_price: 63000, final_price_incl_tax: addTax(63000, 21) },
      ],
    });
  });

  it('leaves the given document alone (cached answers are shared) and 0% changes nothing', () => {
    const copy = structuredClone(doc);
    applyGroupTier(doc, 10);
    expect(doc).toEqual(copy);
    expect(applyGroupTier(doc, 0)).toBe(doc);
  });
});
