import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardChildren,
  conditionRank,
  matchingVariant,
  numericLabel,
  orderFacetValues,
  parsePriceBounds,
  parsePriceBoundsParam,
  priceBoundsFilter,
  priceBoundsParam,
} from '../src/index.ts';

const v = (key: string, label: string, count = 1) => ({ key, label, count });
const labels = (list: { label: string }[]) => list.map((x) => x.label);

describe('conditionRank', () => {
  it.each([
    ['Brand New', 0],
    ['Nauja', 0],
    ['Новый', 0],
    ['A+ (kaip nauja)', 1],
    ['A+ (like new)', 1],
    ['A (puiki būklė)', 2],
    ['A', 2],
    ['B (хорошее состояние)', 3],
    ['C+ (fair)', 4],
    ['C (visible signs of use)', 5],
    ['Apple', null],
    ['Черный', null],
    ['Newish', null],
  ])('%s → %s', (label, rank) => expect(conditionRank(label)).toBe(rank));
});

describe('orderFacetValues', () => {
  it('condition: grade order whatever the counts and the language', () => {
    const lt = [
      v('6', 'C (matomi naudojimo požymiai)', 90),
      v('2', 'A+ (kaip nauja)', 3),
      v('4', 'B (gera būklė)', 40),
      v('1', 'Nauja', 12),
      v('5', 'C+ (vidutinė būklė)', 7),
      v('3', 'A (puiki būklė)', 1),
    ];
    expect(labels(orderFacetValues('condition', lt))).toEqual([
      'Nauja',
      'A+ (kaip nauja)',
      'A (puiki būklė)',
      'B (gera būklė)',
      'C+ (vidutinė būklė)',
      'C (matomi naudojimo požymiai)',
    ]);
    const ru = [v('5', 'C+ (удовлетворительное состояние)'), v('1', 'Новый'), v('9', 'Другое')];
    expect(labels(orderFacetValues('condition', ru))).toEqual([
      'Новый',
      'C+ (удовлетворительное состояние)',
      'Другое',
    ]);
  });

  it.each([
    [
      'capacity, units scaled',
      ['1 TB', '128 GB', '2 TB', '512 GB', '64 GB'],
      ['64 GB', '128 GB', '512 GB', '1 TB', '2 TB'],
    ],
    ['capacity in Russian units', ['1 ТБ', '256 ГБ'], ['256 ГБ', '1 ТБ']],
    [
      'screen sizes with decimal commas',
      ['15,6"', '13,3"', '24"', '6,1"'],
      ['6,1"', '13,3"', '15,6"', '24"'],
    ],
    ['memory', ['16 GB', '8 GB', '32 GB', '4 GB'], ['4 GB', '8 GB', '16 GB', '32 GB']],
    [
      'families apart, each in order',
      ['20000 mAh', '256 GB', '5000 mAh', '1 TB'],
      ['256 GB', '1 TB', '5000 mAh', '20000 mAh'],
    ],
  ])('numeric: %s', (_name, input, expected) => {
    const values = input.map((label, i) => v(String(i), label, 100 - i));
    expect(labels(orderFacetValues('capacity', values))).toEqual(expected);
  });

  it('other attributes keep the shop option order; unknown values last by label', () => {
    const values = [
      v('42', 'Silver', 9),
      v('40', 'Black', 1),
      v('99', 'Zebra'),
      v('98', 'Aqua'),
      v('41', 'White'),
    ];
    expect(labels(orderFacetValues('color', values, ['40', '41', '42']))).toEqual([
      'Black',
      'White',
      'Silver',
      'Aqua',
      'Zebra',
    ]);
  });

  it('a mix of numbers and words is not numeric', () => {
    const values = [v('1', 'Wireless'), v('2', '2 ports')];
    expect(labels(orderFacetValues('connectivity', values, ['1', '2']))).toEqual(['Wireless', '2 ports']);
  });

  it('never drops or doubles a value (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('condition', 'capacity', 'color'),
        fc.array(fc.record({ key: fc.string(), label: fc.string(), count: fc.nat() }), { maxLength: 12 }),
        (code, values) => {
          const out = orderFacetValues(code, values);
          expect(out).toHaveLength(values.length);
          expect(new Set(out)).toEqual(new Set(values));
        },
      ),
    );
  });

  it('numericLabel', () => {
    expect(numericLabel('1 TB')).toEqual({ family: 'bytes', value: 1024 ** 3 });
    expect(numericLabel('15,6"')).toEqual({ family: '"', value: 15.6 });
    expect(numericLabel('Black')).toBeNull();
  });
});

describe('price bounds', () => {
  it.each([
    ['100', '500', { bounds: { min: 100, max: 500 } }],
    ['', '500', { bounds: { min: null, max: 500 } }],
    ['99,99', '', { bounds: { min: 99.99, max: null } }],
    ['', '', { bounds: null }],
    [' 1 000 ', '', { bounds: { min: 1000, max: null } }],
    ['500', '100', { bounds: null, issue: 'validation.priceBoundsOrder' }],
    ['-5', '', { bounds: null, issue: 'validation.priceBound' }],
    ['abc', '', { bounds: null, issue: 'validation.priceBound' }],
    ['1.999', '', { bounds: null, issue: 'validation.priceBound' }],
    ['', '2000000', { bounds: null, issue: 'validation.priceBound' }],
    ['1e3', '', { bounds: null, issue: 'validation.priceBound' }],
  ])('min %j max %j', (min, max, expected) => expect(parsePriceBounds(min, max)).toEqual(expected));

  it.each([
    ['100-500', { min: 100, max: 500 }],
    ['100-', { min: 100, max: null }],
    ['-500', { min: null, max: 500 }],
    ['0.0-50.0', { min: 0, max: 50 }],
    ['-', null],
    ['500-100', null],
    ['abc', null],
    ['150.0-*', null],
  ])('param %j', (param, expected) => expect(parsePriceBoundsParam(param)).toEqual(expected));

  it('round-trips and filters in cents, max inclusive', () => {
    const b = { min: 99.99, max: 250 };
    expect(parsePriceBoundsParam(priceBoundsParam(b))).toEqual(b);
    expect(priceBoundsFilter(b)).toEqual({ gte: 9999, lte: 25000 });
    expect(priceBoundsFilter({ min: null, max: 10 })).toEqual({ lte: 1000 });
  });
});

describe('matchingVariant', () => {
  // a laptop in grades A+ (2), B (4), C+ (5) and colours black (40) / silver (42)
  const child = (sku: string, condition: number, color: number, price: number, extra = {}) => ({
    sku,
    condition,
    color,
    final_price: price,
    final_price_incl_tax: Math.round(price * 1.21),
    status: 1,
    stock: { is_in_stock: true },
    ...extra,
  });
  const children = [
    child('L-C+-BLK', 5, 40, 40000),
    child('L-A+-BLK', 2, 40, 70000),
    child('L-A+-SLV', 2, 42, 65000),
    child('L-B-SLV', 4, 42, 50000, { stock: { is_in_stock: false } }),
    child('L-A+-OFF', 2, 42, 10000, { status: 2 }),
  ];
  it.each([
    ['no filter: the card keeps its default', {}, null],
    ['grade A+: the cheapest available A+', { condition: ['2'] }, 'L-A+-SLV'],
    ['grade A+ and black', { condition: ['2'], color: [40] }, 'L-A+-BLK'],
    ['A+ or C+: the cheapest of both', { condition: ['2', '5'] }, 'L-C+-BLK'],
    ['grade B, sold out: still that grade', { condition: ['4'] }, 'L-B-SLV'],
    ['a code no child carries does not narrow', { manufacturer: ['200'], condition: ['2'] }, 'L-A+-SLV'],
    ['only codes no child carries', { manufacturer: ['200'] }, null],
    ['a grade no child has', { condition: ['1'] }, null],
    ['an empty choice', { condition: [] }, null],
  ])('%s', (_name, chosen, sku) => {
    expect(matchingVariant(children, chosen)?.sku ?? null).toBe(sku);
  });
  it('the match always carries every chosen value the children carry (property)', () => {
    fc.assert(
      fc.property(fc.subarray([2, 4, 5, 1]), fc.subarray([40, 42]), (grades, colours) => {
        const m = matchingVariant(children, { condition: grades, color: colours });
        if (!m) return;
        if (grades.length) expect(grades).toContain(m.condition);
        if (colours.length) expect(colours).toContain(m.color);
        expect(m.status).toBe(1);
      }),
    );
  });

  describe('cardChildren: what a filtered listing sends of a configurable', () => {
    const skus = (list: readonly { sku: string }[] | null | undefined) => list?.map((c) => c.sku);
    it.each([
      ['grade A+: the enabled A+ units only', { condition: ['2'] }, ['L-A+-BLK', 'L-A+-SLV']],
      ['grade B, sold out: still that grade', { condition: ['4'] }, ['L-B-SLV']],
      ['no filter: all, for the "from"', {}, skus(children)],
      ['only codes no child carries: all', { manufacturer: ['200'] }, skus(children)],
      ['a grade no child has: all, the card keeps its default', { condition: ['1'] }, skus(children)],
    ])('%s', (_name, chosen, expected) => {
      expect(skus(cardChildren(children, chosen))).toEqual(expected);
    });
    it('the card stands for the same child with these children only (property)', () => {
      fc.assert(
        fc.property(fc.subarray([2, 4, 5, 1]), fc.subarray([40, 42]), (grades, colours) => {
          const chosen = { condition: grades, color: colours };
          expect(matchingVariant(cardChildren(children, chosen), chosen)).toBe(
            matchingVariant(children, chosen),
          );
        }),
      );
    });
  });
});
