// A grade ladder that makes no sense (a worse grade costing as much as a better one of the same
// variant otherwise): flagged to staff, never offered to the shopper while the better grade can be bought.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GRADE_KEYS,
  dominatedSteps,
  gradeLadderInversions,
  gradeRank,
  ladderSteps,
  optionChoices,
  selectVariant,
  withSensibleGrades,
  type LadderStep,
} from '../src/index.ts';

const step = (
  sku: string,
  grade: LadderStep['grade'],
  price: number,
  available = true,
  rest = '',
): LadderStep => ({
  sku,
  grade,
  price,
  rest,
  available,
});

describe('gradeLadderInversions (staff)', () => {
  it.each<[string, LadderStep[], [string, string][]]>([
    ['a sensible ladder', [step('N', 'new', 1000), step('A', 'a', 900), step('C', 'c', 700)], []],
    ['a lower grade at the same price', [step('A', 'a', 900), step('B', 'b', 900)], [['B', 'A']]],
    ['a lower grade dearer', [step('A', 'a', 900), step('C', 'c', 950)], [['C', 'A']]],
    [
      'three grades, one out of line',
      [step('N', 'new', 1000), step('A', 'a', 800), step('B', 'b', 850)],
      [['B', 'A']],
    ],
    [
      'a sold-out better grade still counts for staff',
      [step('A', 'a', 900, false), step('B', 'b', 900)],
      [['B', 'A']],
    ],
    [
      'other options are other ladders',
      [step('A', 'a', 900, true, 'color=1'), step('B', 'b', 950, true, 'color=2')],
      [],
    ],
    ['equal grades are never an inversion', [step('A1', 'a', 900), step('A2', 'a', 900)], []],
  ])('%s', (_name, steps, pairs) => {
    expect(gradeLadderInversions(steps).map((i) => [i.lower.sku, i.higher.sku])).toEqual(pairs);
  });
});

describe('dominatedSteps (storefront)', () => {
  it.each<[string, LadderStep[], string[]]>([
    ['a sensible ladder hides nothing', [step('N', 'new', 1000), step('A', 'a', 900)], []],
    ['the same price: the worse grade is hidden', [step('A', 'a', 900), step('B', 'b', 900)], ['B']],
    ['dearer: the worse grade is hidden', [step('N', 'new', 900), step('C', 'c', 950)], ['C']],
    [
      'the better grade sold out: the worse one is the best buy there is',
      [step('A', 'a', 900, false), step('B', 'b', 900)],
      [],
    ],
    ['other options are other ladders', [step('A', 'a', 900, true, 'x'), step('B', 'b', 900, true, 'y')], []],
  ])('%s', (_name, steps, hidden) => {
    expect([...dominatedSteps(steps)].sort()).toEqual(hidden);
  });

  const steps = fc.array(
    fc.record({
      sku: fc.uuid(),
      grade: fc.constantFrom(...GRADE_KEYS),
      price: fc.integer({ min: 1, max: 200_000 }),
      rest: fc.constantFrom('', 'color=1'),
      available: fc.boolean(),
    }),
    { maxLength: 8 },
  );

  it('what is left offers a better grade only at a higher price (property)', () => {
    fc.assert(
      fc.property(steps, (list) => {
        const hidden = dominatedSteps(list);
        const shown = list.filter((s) => !hidden.has(s.sku));
        for (const lower of shown)
          for (const higher of shown)
            if (
              higher.available &&
              higher.rest === lower.rest &&
              gradeRank(higher.grade) < gradeRank(lower.grade)
            )
              expect(higher.price).toBeGreaterThan(lower.price);
      }),
    );
  });

  it('never hides a step unless an available better grade is there for the same price or less; never hides the best available buy (property)', () => {
    fc.assert(
      fc.property(steps, (list) => {
        const hidden = dominatedSteps(list);
        for (const sku of hidden) {
          const lower = list.find((s) => s.sku === sku)!;
          expect(
            list.some(
              (h) =>
                h.available &&
                h.rest === lower.rest &&
                gradeRank(h.grade) < gradeRank(lower.grade) &&
                h.price <= lower.price,
            ),
          ).toBe(true);
        }
        // every ladder with an available step keeps an available step
        for (const rest of new Set(list.map((s) => s.rest)))
          if (list.some((s) => s.rest === rest && s.available))
            expect(list.some((s) => s.rest === rest && s.available && !hidden.has(s.sku))).toBe(true);
        // every hidden step is an inversion staff are told of
        const flagged = new Set(gradeLadderInversions(list).map((i) => i.lower.sku));
        for (const sku of hidden) expect(flagged.has(sku)).toBe(true);
      }),
    );
  });
});

// grades: 1 new, 2 A+, 3 A, 4 B; colours 40 black, 44 blue
const child = (sku: string, condition: number, color: number, price: number, inStock = true) => ({
  sku,
  condition,
  color,
  final_price: price,
  final_price_incl_tax: price,
  status: 1,
  stock: { is_in_stock: inStock },
});
const laptop = {
  configurable_options: [
    {
      attribute_code: 'condition',
      values: [
        { value_index: 1, label: 'Brand New' },
        { value_index: 2, label: 'A+ (like new)' },
        { value_index: 3, label: 'A' },
        { value_index: 4, label: 'B' },
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
    child('APL-BLK', 2, 40, 80_000),
    // B costs what A+ costs: no shopper should be offered it
    child('B-BLK', 4, 40, 80_000),
    // blue B is cheaper than black A+: another ladder, kept
    child('B-BLU', 4, 44, 70_000),
  ],
};

describe('a configurable product as the storefront offers it', () => {
  it('ladderSteps reads the grade from the option label and groups by the other options', () => {
    expect(ladderSteps(laptop).map((s) => [s.sku, s.grade, s.rest])).toEqual([
      ['NEW-BLK', 'new', 'color=40'],
      ['APL-BLK', 'a_plus', 'color=40'],
      ['B-BLK', 'b', 'color=40'],
      ['B-BLU', 'b', 'color=44'],
    ]);
  });

  it('withSensibleGrades leaves the worse grade at the same price out of the choice and of the default variant', () => {
    const offered = withSensibleGrades(laptop);
    expect(offered.configurable_children.map((c) => c.sku)).toEqual(['NEW-BLK', 'APL-BLK', 'B-BLU']);
    const choices = optionChoices(offered, 'condition', { color: 40 }, offered.configurable_children[1]!);
    expect(choices.find((c) => c.value_index === 4)).toMatchObject({
      status: 'other_combination',
      variant: { sku: 'B-BLU' },
    });
    // before, the black B was offered at A+'s price
    const before = optionChoices(laptop, 'condition', { color: 40 }, laptop.configurable_children[1]!);
    expect(before.find((c) => c.value_index === 4)).toMatchObject({
      status: 'available',
      variant: { sku: 'B-BLK' },
    });
    expect(selectVariant(offered, { color: 40, condition: 4 }).variant?.sku).not.toBe('B-BLK');
  });

  it('a grade only dominated children had loses its button; one still offered in another colour keeps it', () => {
    const onlyBlack = {
      ...laptop,
      configurable_children: laptop.configurable_children.filter((c) => c.sku !== 'B-BLU'),
    };
    expect(withSensibleGrades(onlyBlack).configurable_options[0]!.values.map((v) => v.label)).toEqual([
      'Brand New',
      'A+ (like new)',
      'A',
    ]);
    expect(withSensibleGrades(laptop).configurable_options[0]!.values).toHaveLength(4);
  });

  it('a sensible product is returned as it is', () => {
    const fine = {
      ...laptop,
      configurable_children: laptop.configurable_children.filter((c) => c.sku !== 'B-BLK'),
    };
    expect(withSensibleGrades(fine)).toBe(fine);
  });
});
