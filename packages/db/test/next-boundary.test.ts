import fc from 'fast-check';
import { isSpecialPriceActive } from '@vitrina/domain';
import { describe, expect, it } from 'vitest';
import { nextBoundary } from '../src/index.ts';
import type { products } from '../src/schema.ts';

type ProductRow = typeof products.$inferSelect;

const row = (special: number | null, from: string | null, to: string | null): ProductRow =>
  ({
    priceCents: 10000,
    specialPriceCents: special,
    specialFromDate: from ? new Date(from) : null,
    specialToDate: to ? new Date(to) : null,
  }) as ProductRow;
const input = (p: ProductRow) => ({
  price: p.priceCents,
  special_price: p.specialPriceCents,
  special_from_date: p.specialFromDate,
  special_to_date: p.specialToDate,
});
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('nextBoundary: when index rows must be rebuilt (the domain window)', () => {
  // dates as the import stores them: a day's UTC midnight (timestamptz)
  it.each([
    [
      'before the window: its opening',
      [row(8000, '2024-03-01', '2024-03-10')],
      '2024-02-20T12:00:00Z',
      '2024-02-29T22:00:00.000Z',
    ],
    [
      'inside the window: its close',
      [row(8000, '2024-03-01', '2024-03-10')],
      '2024-03-05T12:00:00Z',
      '2024-03-10T22:00:00.000Z',
    ],
    [
      'at the opening instant: the close',
      [row(8000, '2024-03-01', '2024-03-10')],
      '2024-02-29T22:00:00.000Z',
      '2024-03-10T22:00:00.000Z',
    ],
    ['after the window: none', [row(8000, '2024-03-01', '2024-03-10')], '2024-03-10T22:00:00.000Z', null],
    [
      'the nearest edge of several products',
      [row(8000, '2024-03-01', '2024-03-31'), row(7000, null, '2024-03-15')],
      '2024-03-05T12:00:00Z',
      '2024-03-15T22:00:00.000Z',
    ],
    ['no special price: none', [row(null, '2024-03-01', '2024-03-10')], '2024-02-20T12:00:00Z', null],
    // a special price that can never apply has no edges (the indexer used to rebuild such rows needlessly)
    ['a zeroed special price: none', [row(0, '2024-03-01', '2024-03-10')], '2024-02-20T12:00:00Z', null],
    [
      'a special price not below the price: none',
      [row(10000, '2024-03-01', '2024-03-10')],
      '2024-02-20T12:00:00Z',
      null,
    ],
  ])('%s', (_name, items, now, expected) => {
    expect(iso(nextBoundary(items, new Date(now)))).toBe(expected);
  });

  it('property: no product starts or stops its special price before the boundary, and one may at it', () => {
    const day = fc
      .date({
        min: new Date('2024-01-01T00:00:00Z'),
        max: new Date('2024-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => `${d.toISOString().slice(0, 10)}T00:00:00Z`);
    const product = fc
      .tuple(fc.option(fc.integer({ min: -1, max: 12000 })), fc.option(day), fc.option(day))
      .map(([special, from, to]) => row(special, from, to));
    const instant = fc.date({
      min: new Date('2023-12-20T00:00:00Z'),
      max: new Date('2025-01-10T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        fc.array(product, { minLength: 1, maxLength: 4 }),
        instant,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (items, now, f) => {
          const boundary = nextBoundary(items, now);
          const active = (t: number) => items.map((p) => isSpecialPriceActive(input(p), new Date(t)));
          const end = boundary ? boundary.getTime() : now.getTime() + 400 * 86_400_000;
          const between = now.getTime() + Math.floor(f * (end - now.getTime() - 1));
          expect(active(between)).toEqual(active(now.getTime()));
          expect(active(end - 1)).toEqual(active(now.getTime()));
          if (boundary) expect(boundary.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });
});
