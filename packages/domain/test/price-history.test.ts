import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRIOR_PRICE_DAYS, reductionPercent, referencePrice, type PriceChange } from '../src/index.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 29, 12);
/** a change `daysAgo` days before NOW */
const ch = (daysAgo: number, price: number, reduced = false): PriceChange => ({
  at: NOW - daysAgo * DAY,
  price,
  reduced,
});

describe('referencePrice (art. 6a: the lowest price of the 30 days before the reduction)', () => {
  it.each<[string, PriceChange[], { price: number; since: number } | null]>([
    ['no history at all: a product new to the shop', [], null],
    ['no reduction in force', [ch(100, 12900)], null],
    ['a special price on a product new to the shop: 129 € never charged', [ch(5, 9900, true)], null],
    [
      'new product: charged 119 € for 3 days, then the special: only what was charged',
      [ch(8, 11900), ch(5, 9900, true)],
      { price: 11900, since: NOW - 5 * DAY },
    ],
    [
      'a plain reduction after months at one price',
      [ch(200, 12900), ch(3, 9900, true)],
      { price: 12900, since: NOW - 3 * DAY },
    ],
    [
      'the price raised shortly before the sale: the lower price of the 30 days counts',
      [ch(200, 9900), ch(10, 12900), ch(3, 8900, true)],
      { price: 9900, since: NOW - 3 * DAY },
    ],
    [
      'raised before the sale to above the sale price only: no reduction',
      [ch(200, 9900), ch(10, 12900), ch(3, 9900, true)],
      null,
    ],
    [
      'a price charged more than 30 days before the reduction does not count',
      [ch(200, 8900), ch(40, 12900), ch(3, 9900, true)],
      { price: 12900, since: NOW - 3 * DAY },
    ],
    [
      'the price in force when the 30 days began counts (set 31 days before)',
      [ch(34, 8900), ch(32, 11900), ch(20, 12900), ch(2, 9900, true)],
      { price: 11900, since: NOW - 2 * DAY },
    ],
    [
      'a reduction that deepens in steps is measured from before its first step',
      [ch(200, 12900), ch(20, 10900, true), ch(10, 9900, true), ch(1, 8900, true)],
      { price: 12900, since: NOW - 20 * DAY },
    ],
    [
      'a reduced price that goes up again starts a new reduction (the 30 days before it hold a lower price)',
      [ch(200, 12900), ch(20, 8900, true), ch(5, 9900, true)],
      null,
    ],
    [
      'a sale that ended and began again: the sale price of the previous run counts',
      [ch(200, 12900), ch(25, 9900, true), ch(15, 12900), ch(5, 8900, true)],
      { price: 9900, since: NOW - 5 * DAY },
    ],
    [
      'a sale that ended and began again at the same depth: no reduction to announce',
      [ch(200, 12900), ch(25, 9900, true), ch(15, 12900), ch(5, 9900, true)],
      null,
    ],
    ['a change recorded for later is not yet in force', [ch(200, 12900), ch(-1, 9900, true)], null],
  ])('%s', (_name, history, expected) => {
    expect(referencePrice(history, NOW)).toEqual(expected);
  });

  it('answers the same whatever the order of the records', () => {
    const history = [ch(1, 8900, true), ch(200, 12900), ch(10, 9900, true)];
    expect(referencePrice(history, NOW)).toEqual({ price: 12900, since: NOW - 10 * DAY });
  });
});

/** arbitrary histories: up to 8 changes within the last 120 days, prices 1..100000 cents */
const histories = fc.array(
  fc.record({
    at: fc.integer({ min: NOW - 120 * DAY, max: NOW }),
    price: fc.integer({ min: 1, max: 100_000 }),
    reduced: fc.boolean(),
  }),
  { maxLength: 8 },
);

/** the price in force at instant t (the latest change at or before it; ties: the later record) */
function priceAt(history: PriceChange[], t: number): number | null {
  let best: PriceChange | null = null;
  for (const c of history) if (c.at <= t && (!best || c.at >= best.at)) best = c;
  return best ? best.price : null;
}

describe('referencePrice properties', () => {
  it('a struck price was actually charged within the 30 days before the reduction, and is the lowest of them', () => {
    fc.assert(
      fc.property(histories, (history) => {
        const ref = referencePrice(history, NOW);
        if (!ref) return;
        const from = ref.since - PRIOR_PRICE_DAYS * DAY;
        const charged = history.filter((c) => c.at < ref.since).sort((a, b) => a.at - b.at);
        // prices in force somewhere in [from, since): the one in force at `from` and every later change
        const inSpan = charged.filter((c, i) => {
          const next = charged[i + 1];
          return (next ? next.at : ref.since) > from;
        });
        expect(inSpan.map((c) => c.price)).toContain(ref.price);
        const sampled = [from, ...inSpan.map((c) => c.at)].filter((t) => t < ref.since);
        for (const t of sampled) {
          const p = priceAt(history, t);
          if (p !== null) expect(ref.price).toBeLessThanOrEqual(p);
        }
      }),
    );
  });

  it('a reference is always above the price charged now, and only while a reduction is in force', () => {
    fc.assert(
      fc.property(histories, (history) => {
        const ref = referencePrice(history, NOW);
        const now = priceAt(history, NOW);
        if (ref) {
          expect(now).not.toBeNull();
          expect(ref.price).toBeGreaterThan(now as number);
        }
        const latest = [...history]
          .sort((a, b) => a.at - b.at)
          .filter((c) => c.at <= NOW)
          .pop();
        if (!latest?.reduced) expect(ref).toBeNull();
      }),
    );
  });

  it('with no history before a reduction there is no struck price', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        (prices) => {
          // every change is reduced and each deeper than the last: one reduction with nothing before it
          const sorted = [...prices].sort((a, b) => b - a);
          const history = sorted.map((price, i) => ({
            at: NOW - (sorted.length - i) * DAY,
            price,
            reduced: true,
          }));
          expect(referencePrice(history, NOW)).toBeNull();
        },
      ),
    );
  });
});

describe('reductionPercent', () => {
  it.each([
    [12900, 9900, 23],
    [10000, 9999, 0],
    [10000, 5000, 50],
    [10000, 10000, 0],
    [0, 0, 0],
  ])('%i → %i: −%i %', (ref, price, pct) => {
    expect(reductionPercent(ref, price)).toBe(pct);
  });
  it('never overstates the reduction', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 0, max: 2e6 }), (ref, price) => {
        const pct = reductionPercent(ref, price);
        if (price >= ref) expect(pct).toBe(0);
        else expect(ref - (ref * pct) / 100).toBeGreaterThanOrEqual(price - 1e-9);
      }),
    );
  });
});
