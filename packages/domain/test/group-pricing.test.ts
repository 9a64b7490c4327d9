import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addTax, applyCustomerTaxClass, applyGroupTier, groupTierCents, priceForGroup } from '../src/index.ts';

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

describe('priceForGroup: a group with its own customer tax class', () => {
  const doc = {
    sku: 'P',
    tax_class_id: 2,
    tax: 21,
    price: 10000,
    price_incl_tax: 12100,
    price_tax: 2100,
    special_price: null,
    special_price_incl_tax: null,
    special_price_tax: null,
    final_price: 10000,
    final_price_incl_tax: 12100,
    final_price_tax: 2100,
    configurable_children: [{ sku: 'P-A', price: 9000, price_incl_tax: 10890, final_price: 8001, final_price_incl_tax: 9681 }],
  };

  it('makes every gross field again from its net one at the rate of the group, then applies the tier', () => {
    const rates: Record<number, number> = { 2: 9 };
    const out = priceForGroup(doc, 10, (c) => (c === null ? 0 : (rates[c] ?? 0)));
    expect(out).toMatchObject({
      tax: 9,
      price_incl_tax: 10900,
      price_tax: 900,
      special_price_incl_tax: null,
      // 10 % off 10000 = 9000, + 9 % = 9810
      final_price: 9000,
      final_price_incl_tax: 9810,
      group_discount_percent: 10,
    });
    // the child at the parent's class (as the cart prices a child line): 8001 → 7201 (rounded), + 648.09 → 7849
    expect(out.configurable_children[0]).toMatchObject({ price_incl_tax: 9810, final_price: 7201, final_price_incl_tax: 7849 });
    // the shared document is not changed
    expect(doc.final_price_incl_tax).toBe(12100);
  });

  it('without a class of its own the retail figures stay (the tier alone)', () => {
    expect(priceForGroup(doc, 0)).toBe(doc);
    expect(applyCustomerTaxClass(doc, () => 0)).toMatchObject({ tax: 0, final_price_incl_tax: 10000, price_tax: 0 });
  });
});

describe('a reduction’s reference at a group’s tier', () => {
  it('the tier of the retail reference, made gross at the rate: the lowest the group paid before it', () => {
    const doc = {
      price: 10000,
      final_price: 8000,
      final_price_incl_tax: 9680,
      tax: 21,
      reference_price: 9000,
      reference_price_incl_tax: 10890,
    };
    expect(applyGroupTier(doc, 10)).toMatchObject({
      final_price: 7200,
      final_price_incl_tax: addTax(7200, 21),
      reference_price: 8100,
      reference_price_incl_tax: addTax(8100, 21),
    });
    // no reference, none made up
    expect(applyGroupTier({ price: 10000, final_price: 10000, tax: 21 }, 10)).not.toHaveProperty(
      'reference_price',
    );
  });

  it('re-taxed for a group with its own class like every price field', () => {
    const doc = {
      tax_class_id: 2,
      tax: 21,
      final_price: 8000,
      final_price_incl_tax: 9680,
      reference_price: 9000,
      reference_price_incl_tax: 10890,
    };
    expect(applyCustomerTaxClass(doc, () => 0)).toMatchObject({ reference_price_incl_tax: 9000 });
  });
});
