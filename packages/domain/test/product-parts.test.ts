import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkProblems, newChildProblems } from '../src/catalog/product-parts.ts';

const options = [
  { attribute_code: 'condition', label: 'Grade' },
  { attribute_code: 'color', label: 'Colour' },
];
const allowed = { condition: [1, 2, 3], color: [49, 50] };
const children = [
  { sku: 'P-A-BLK', condition: 1, color: 49 },
  { sku: 'P-B-BLK', condition: 2, color: 49 },
];

describe('a new child of a configurable product', () => {
  it.each([
    [{ condition: 3, color: 49 }, []],
    [{ condition: 1, color: 50 }, []],
    [{ condition: '2', color: '50' }, []],
    [{ condition: 1, color: 49 }, ['options:catalog.childDuplicate']],
    [{ condition: '1', color: 49 }, ['options:catalog.childDuplicate']],
    [{ color: 49 }, ['options.condition:catalog.childOptionMissing']],
    [{ condition: '', color: 49 }, ['options.condition:catalog.childOptionMissing']],
    [
      { condition: 9, color: 51 },
      ['options.condition:catalog.childOptionUnknown', 'options.color:catalog.childOptionUnknown'],
    ],
  ])('%j → %j', (child, expected) => {
    expect(newChildProblems(options, allowed, children, child).map((p) => `${p.field}:${p.key}`)).toEqual(
      expected,
    );
  });

  it('names the twin it duplicates', () => {
    expect(newChildProblems(options, allowed, children, { condition: 2, color: 49 })[0]?.params).toEqual({
      sku: 'P-B-BLK',
    });
  });

  it('property: a combination is refused exactly when some child has it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ condition: fc.constantFrom(1, 2, 3), color: fc.constantFrom(49, 50) }), {
          maxLength: 6,
        }),
        fc.record({ condition: fc.constantFrom(1, 2, 3), color: fc.constantFrom(49, 50) }),
        (existing, child) => {
          const named = existing.map((c, i) => ({ ...c, sku: `S${i}` }));
          const refused = newChildProblems(options, allowed, named, child).some(
            (p) => p.key === 'catalog.childDuplicate',
          );
          expect(refused).toBe(
            existing.some((c) => c.condition === child.condition && c.color === child.color),
          );
        },
      ),
    );
  });
});

describe('links of grouped and bundle products', () => {
  const types: Record<string, string> = { A: 'simple', B: 'virtual', C: 'configurable', G: 'grouped' };
  const typeOf = (sku: string) => types[sku];
  it.each([
    [['A', 'B'], []],
    [['A', 'Z'], ['1:catalog.linkUnknownSku']],
    [['C'], ['0:catalog.linkNotSimple']],
    [['G'], ['0:catalog.linkSelf']],
    [['A', 'A'], ['1:catalog.linkTwice']],
  ])('%j → %j', (skus, expected) => {
    const links = skus.map((sku, i) => ({ field: String(i), sku, group: 0 }));
    expect(linkProblems('G', links, typeOf).map((p) => `${p.field}:${p.key}`)).toEqual(expected);
  });
  it('the same product in two options of a bundle is fine', () => {
    expect(
      linkProblems(
        'X',
        [
          { field: 'a', sku: 'A', group: 1 },
          { field: 'b', sku: 'A', group: 2 },
        ],
        typeOf,
      ),
    ).toEqual([]);
  });
});
