// A customer group's own price history (price-history.ts groupPriceHistory): the product's prices at
// the group's tier in force at each instant, so a group shopper's reduction is measured from the
// lowest price that group paid in the 30 days before it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupPriceHistory,
  groupTierCents,
  referencePrice,
  type PriceChange,
  type TierChange,
} from '../src/index.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 29, 12);
const ch = (daysAgo: number, price: number, reduced = false): PriceChange => ({
  at: NOW - daysAgo * DAY,
  price,
  reduced,
});
const tier = (daysAgo: number, percent: number): TierChange => ({ at: NOW - daysAgo * DAY, percent });

describe('groupPriceHistory and the group reference (table)', () => {
  it.each<[string, PriceChange[], TierChange[], number | null]>([
    // the tier never changed: the tier of the retail reference
    ['a steady 10 % tier', [ch(200, 10000), ch(3, 9000, true)], [tier(400, 10)], 9000],
    // the group got 20 % ten days ago: it paid 80 € before the sale, not 90 €
    [
      'a tier raised before the sale',
      [ch(200, 10000), ch(3, 9000, true)],
      [tier(400, 10), tier(10, 20)],
      8000,
    ],
    // the group paid 85 € for a while (no tier then) and 80 € since: its lowest is 80 €, the retail one 85 €
    [
      'retail has no reduction to announce, the group has',
      [ch(200, 10000), ch(25, 8500), ch(20, 10000), ch(3, 9000, true)],
      [tier(400, 0), tier(10, 20)],
      8000,
    ],
    // the group's tier fell: it paid 70 € days ago, the special at 81 € (90 € retail at 10 %) is no reduction for it
    [
      'a tier lowered before the sale',
      [ch(200, 10000), ch(3, 9000, true)],
      [tier(400, 30), tier(10, 10)],
      null,
    ],
    // a tier recorded only after the prices: it held before (the first row stands for the past)
    ['a tier recorded later than the prices', [ch(200, 10000), ch(3, 9000, true)], [tier(1, 10)], 9000],
    ['no tiers: the retail prices', [ch(200, 10000), ch(3, 9000, true)], [], 10000],
  ])('%s', (_name, prices, tiers, want) => {
    expect(referencePrice(groupPriceHistory(prices, tiers), NOW)?.price ?? null).toBe(want);
  });

  it('a tier change is not an announced reduction', () => {
    expect(referencePrice(groupPriceHistory([ch(200, 10000)], [tier(400, 0), tier(2, 20)]), NOW)).toBeNull();
  });
});

describe('groupPriceHistory (properties)', () => {
  const changes = fc.array(
    fc.record({
      daysAgo: fc.integer({ min: 0, max: 90 }),
      price: fc.integer({ min: 1, max: 200_000 }),
      reduced: fc.boolean(),
    }),
    { minLength: 1, maxLength: 8 },
  );
  it('one tier for ever: the group reference is that tier of the retail reference, or none', () => {
    fc.assert(
      fc.property(changes, fc.integer({ min: 1, max: 90 }), (cs, pct) => {
        const prices = cs.map((c) => ch(c.daysAgo, c.price, c.reduced));
        const retail = referencePrice(prices, NOW);
        const group = referencePrice(groupPriceHistory(prices, [tier(400, pct)]), NOW);
        // rounding may make a reduction vanish for the group (two prices a cent apart), never appear
        if (retail === null) expect(group).toBeNull();
        if (group !== null) expect(group.price).toBe(groupTierCents(retail!.price, pct));
      }),
    );
  });
  it('never a reference the group was not charged in the 30 days before the reduction', () => {
    fc.assert(
      fc.property(
        changes,
        fc.array(
          fc.record({ daysAgo: fc.integer({ min: 0, max: 400 }), percent: fc.integer({ min: 0, max: 90 }) }),
          { maxLength: 4 },
        ),
        (cs, ts) => {
          const history = groupPriceHistory(
            cs.map((c) => ch(c.daysAgo, c.price, c.reduced)),
            ts.map((t) => tier(t.daysAgo, t.percent)),
          );
          const ref = referencePrice(history, NOW);
          if (ref) expect(history.some((h) => h.price === ref.price)).toBe(true);
        },
      ),
    );
  });
});

describe('applyGroupTier with the group’s own references', () => {
  const doc = {
    id: 7,
    tax: 21,
    final_price: 9000,
    final_price_incl_tax: 10890,
    reference_price: 10000,
    reference_price_incl_tax: 12100,
  };
  it('shows the group its own lowest price, or no reduction at all', async () => {
    const { applyGroupTier } = await import('../src/index.ts');
    expect(applyGroupTier(doc, 10, (id) => (id === 7 ? 8000 : undefined))).toMatchObject({
      final_price: 8100,
      // its own lowest, 80.00 €, is below the 81.00 € it pays now: no reduction
      reference_price: null,
    });
    expect(applyGroupTier(doc, 20, () => 8000)).toMatchObject({
      final_price: 7200,
      reference_price: 8000,
      reference_price_incl_tax: 9680,
    });
    expect(applyGroupTier(doc, 20, () => null)).toMatchObject({
      reference_price: null,
      reference_price_incl_tax: null,
    });
    // none computed: the tier of the retail reference, as before
    expect(applyGroupTier(doc, 20, () => undefined)).toMatchObject({ reference_price: 8000 });
    expect(applyGroupTier(doc, 0)).toBe(doc);
  });
});
