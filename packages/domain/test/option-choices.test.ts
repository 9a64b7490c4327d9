// What each grade (or any option value) offers at the point of
// choice: its variant and price, the difference to the chosen one, and why it cannot be bought.
import { describe, expect, it } from 'vitest';
import { optionChoices } from '../src/index.ts';

const child = (sku: string, condition: number, color: number, price: number, inStock = true, status = 1) => ({
  sku,
  condition,
  color,
  final_price: price,
  final_price_incl_tax: price,
  status,
  stock: { is_in_stock: inStock },
});

// grades: 1 new, 2 A+, 3 A, 4 B, 5 C; colours 40 black, 44 blue
const product = {
  configurable_options: [
    {
      attribute_code: 'condition',
      values: [
        { value_index: 1, label: 'Brand New' },
        { value_index: 2, label: 'A+' },
        { value_index: 3, label: 'A' },
        { value_index: 4, label: 'B' },
        { value_index: 5, label: 'C' },
      ],
    },
    {
      attribute_code: 'color',
      values: [
        { value_index: 40, label: 'Black' },
        { value_index: 44, label: 'Blue' },
      ],
    },
  ],
  configurable_children: [
    child('NEW-BLK', 1, 40, 100_000),
    child('NEW-BLU', 1, 44, 101_000),
    child('APL-BLK', 2, 40, 87_000),
    child('A-BLU', 3, 44, 81_000), // A only in blue
    child('B-BLK', 4, 40, 73_000, false), // B sold out in black
    child('B-BLU', 4, 44, 72_000, false), // and in blue
    child('C-BLK', 5, 40, 61_000, true, 2), // C disabled: not offered
  ],
};

describe('optionChoices for the grade, black chosen, new black shown', () => {
  const current = product.configurable_children[0] ?? null;
  const choices = optionChoices(product, 'condition', { condition: 1, color: 40 }, current);
  it.each([
    // value, status, variant, price, difference
    [1, 'available', 'NEW-BLK', 100_000, 0],
    [2, 'available', 'APL-BLK', 87_000, -13_000],
    [3, 'other_combination', 'A-BLU', 81_000, -19_000], // choosing A switches to blue
    [4, 'out_of_stock', 'B-BLK', 73_000, -27_000], // the sold-out black one: its back-in-stock request
    [5, 'not_offered', null, null, null],
  ] as const)('grade %i: %s', (value, status, sku, price, difference) => {
    const c = choices.find((x) => x.value_index === value);
    expect(c?.status).toBe(status);
    expect(c?.variant?.sku ?? null).toBe(sku);
    expect(c?.price).toBe(price);
    expect(c?.difference).toBe(difference);
  });

  it('keeps the option order and labels', () => {
    expect(choices.map((c) => c.label)).toEqual(['Brand New', 'A+', 'A', 'B', 'C']);
  });
});

describe('optionChoices: what another combination needs (the blocking choice, named)', () => {
  const three = {
    configurable_options: [
      ...product.configurable_options,
      {
        attribute_code: 'capacity',
        values: [
          { value_index: 62, label: '128 GB' },
          { value_index: 64, label: '512 GB' },
        ],
      },
    ],
    configurable_children: [
      { ...child('N-BLK-128', 1, 40, 100_000), capacity: 62 },
      { ...child('A-BLU-512', 3, 44, 90_000), capacity: 64 },
      { ...child('B-BLK-512', 4, 40, 80_000), capacity: 64 },
      { ...child('C-BLK-128', 5, 40, 70_000, false), capacity: 62 },
    ],
  };
  const selected = { condition: 1, color: 40, capacity: 62 };
  const current = three.configurable_children[0] ?? null;
  it.each([
    // option, value, status, the values it needs instead of the chosen ones
    ['condition', 1, 'available', []],
    ['condition', 3, 'other_combination', [['color', 44, 'Blue'], ['capacity', 64, '512 GB']]],
    ['condition', 4, 'other_combination', [['capacity', 64, '512 GB']]],
    ['condition', 5, 'out_of_stock', []],
    ['condition', 2, 'not_offered', []],
    ['capacity', 64, 'other_combination', [['condition', 4, 'B']]], // black 512 GB: only as grade B
    ['color', 44, 'other_combination', [['condition', 3, 'A'], ['capacity', 64, '512 GB']]],
  ] as const)('%s %i: %s, needs %j', (code, value, status, needs) => {
    const c = optionChoices(three, code, selected, current).find((x) => x.value_index === value);
    expect(c?.status).toBe(status);
    expect(c?.requires.map((r) => [r.attribute_code, r.value_index, r.label])).toEqual(needs);
  });
  it('nothing chosen in the other options: nothing is named', () => {
    const c = optionChoices(three, 'condition', { condition: 1 }, current).find((x) => x.value_index === 3);
    expect(c).toMatchObject({ status: 'available', requires: [] });
  });
});

describe('optionChoices edge cases', () => {
  it('an out-of-stock grade without the chosen colour names its cheapest sold-out variant', () => {
    const choices = optionChoices(product, 'condition', { condition: 1, color: 99 }, null);
    expect(choices.find((c) => c.value_index === 4)).toMatchObject({
      status: 'out_of_stock',
      variant: { sku: 'B-BLU' },
      difference: null, // nothing shown to compare with
    });
  });
  it('colours given the grade A+ (black only): blue is another combination, its cheapest variant', () => {
    const current = product.configurable_children[2] ?? null;
    const colours = optionChoices(product, 'color', { condition: 2, color: 40 }, current);
    expect(colours.map((c) => [c.value_index, c.status, c.variant?.sku])).toEqual([
      [40, 'available', 'APL-BLK'],
      [44, 'other_combination', 'A-BLU'], // the cheapest blue keeping nothing else: A blue
    ]);
  });
  it('an unknown option: no choices', () => {
    expect(optionChoices(product, 'capacity', {}, null)).toEqual([]);
  });
});
