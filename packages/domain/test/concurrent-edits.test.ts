import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { joinConcurrentField, joinConcurrentLines, type CartItemLike } from '../src/index.ts';

const line = (sku: string, qty = 1, extra: Partial<CartItemLike> = {}): CartItemLike => ({
  sku,
  qty,
  ...extra,
});
const skus = (items: CartItemLike[]) => items.map((i) => `${i.sku}:${i.qty}`);

describe('joinConcurrentLines (two tabs editing one cart on the device)', () => {
  const A = line('A');
  const B = line('B');
  it.each([
    ['theirs added, mine unchanged', [A], [A], [A, B], ['A:1', 'B:1']],
    ['mine added, theirs unchanged', [A], [A, B], [A], ['A:1', 'B:1']],
    ['both added different lines', [A], [A, B], [A, line('C')], ['A:1', 'C:1', 'B:1']],
    ['both added the same line: mine', [], [line('A', 2)], [line('A', 3)], ['A:2']],
    ['theirs changed a line mine left', [A, B], [A, B], [line('A', 4), B], ['A:4', 'B:1']],
    ['mine changed a line theirs left', [A, B], [line('A', 4), B], [A, B], ['A:4', 'B:1']],
    ['both changed one line: mine', [A], [line('A', 2)], [line('A', 3)], ['A:2']],
    ['theirs removed a line mine left', [A, B], [A, B], [A], ['A:1']],
    ['mine removed a line theirs left', [A, B], [A], [A, B], ['A:1']],
    ['mine removed, theirs changed: removed', [A, B], [A], [A, line('B', 5)], ['A:1']],
    ['theirs removed, mine changed: kept', [A, B], [A, line('B', 5)], [A], ['A:1', 'B:5']],
    // the stock check of a background tab (annotations on its lines) and the shopper's add elsewhere
    [
      'annotations from one side, an added line from the other',
      [A, B],
      [line('A', 1, { is_in_stock: true } as Partial<CartItemLike>), B],
      [A, B, line('C')],
      ['A:1', 'B:1', 'C:1'],
    ],
  ] as [string, CartItemLike[], CartItemLike[], CartItemLike[], string[]][])(
    '%s',
    (_name, base, mine, theirs, expected) => {
      expect(skus(joinConcurrentLines(base, mine, theirs))).toEqual(expected);
    },
  );

  it('keeps the annotation of the side that made it', () => {
    const annotated = line('A', 1, { is_in_stock: true } as Partial<CartItemLike>);
    const joined = joinConcurrentLines([line('A')], [annotated], [line('A'), line('C')]);
    expect(joined[0]).toEqual(annotated);
  });

  const cart = fc.uniqueArray(
    fc.record({ sku: fc.constantFrom('A', 'B', 'C', 'D', 'E'), qty: fc.integer({ min: 1, max: 5 }) }),
    { selector: (l) => l.sku, maxLength: 5 },
  );
  it('is the other side when one side did not change; one line per identity; only known lines', () => {
    fc.assert(
      fc.property(cart, cart, cart, (base, mine, theirs) => {
        expect(joinConcurrentLines(base, base, theirs)).toEqual(theirs);
        expect(skus(joinConcurrentLines(base, mine, base)).sort()).toEqual(skus(mine).sort());
        const joined = joinConcurrentLines(base, mine, theirs);
        expect(new Set(joined.map((l) => l.sku)).size).toBe(joined.length);
        for (const l of joined) expect([...mine, ...theirs]).toContainEqual(l);
      }),
    );
  });
});

describe('joinConcurrentField', () => {
  it.each([
    ['mine changed', 1, 2, 3, 2],
    ['mine unchanged', 1, 1, 3, 3],
    ['both unchanged', 1, 1, 1, 1],
  ])('%s', (_n, base, mine, theirs, expected) => {
    expect(joinConcurrentField(base, mine, theirs)).toBe(expected);
  });
});
