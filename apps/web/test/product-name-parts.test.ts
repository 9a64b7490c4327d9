import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nameParts } from '../app/lib/text';

describe('a product name cut where a line may break', () => {
  it.each([
    [
      'Sony WH-1000XM5 Juoda',
      [
        ['Sony ', false],
        ['WH-1000XM5', true],
        [' Juoda', false],
      ],
    ],
    ['Lenovo ThinkPad T14 Gen 3', [['Lenovo ThinkPad T14 Gen 3', false]]],
    ['WH-1000XM4', [['WH-1000XM4', true]]],
    // a dash between words is not a model number
    ['Ausinės - juodos', [['Ausinės - juodos', false]]],
    // too long to keep whole on a card: may still break
    ['Super-long-hyphenated-model-name', [['Super-long-hyphenated-model-name', false]]],
    [
      'Galaxy S24 Ultra-X',
      [
        ['Galaxy S24 ', false],
        ['Ultra-X', true],
      ],
    ],
  ] as const)('%s', (name, expected) => {
    expect(nameParts(name).map((p) => [p.text, p.whole])).toEqual(expected);
  });

  it('joined, the parts are the name, and no two plain parts follow each other', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '1', '-', ' ', '\t', 'ž') }), (name) => {
        const parts = nameParts(name);
        expect(parts.map((p) => p.text).join('')).toBe(name);
        for (let i = 1; i < parts.length; i++) expect(parts[i - 1]!.whole || parts[i]!.whole).toBe(true);
      }),
    );
  });
});
