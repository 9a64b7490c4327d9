// The product page's rules (grades, leasing, delivery date and cost, variant
// images, specification rows), table-driven, with property tests where a law holds for every input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deliveryQuote,
  dispatchDay,
  estimatedDelivery,
  GRADE_TERMS,
  gradeKeyOf,
  gradeShortLabel,
  gradeTerms,
  isWorkingDay,
  LEASING_TERMS,
  leasingMonthlyCents,
  lithuanianHolidays,
  specificationGroups,
  variantImages,
  imageLabels,
} from '../src/index.ts';

describe('gradeKeyOf', () => {
  it.each([
    ['Brand New', 'new'],
    ['Nauja', 'new'],
    ['Новый', 'new'],
    ['A+ (like new)', 'a_plus'],
    ['A+ (kaip nauja)', 'a_plus'],
    ['A (puiki būklė)', 'a'],
    ['A', 'a'],
    ['B (хорошее состояние)', 'b'],
    ['C+ (fair)', 'c_plus'],
    ['C (visible signs of use)', 'c'],
    ['Apple', null],
    ['Blue', null],
    ['Refurbished', null],
    ['', null],
    [null, null],
  ] as const)('%s → %s', (label, key) => {
    expect(gradeKeyOf(label)).toBe(key);
  });

  it('short labels drop the bracket', () => {
    expect(gradeShortLabel('A+ (kaip nauja)')).toBe('A+');
    expect(gradeShortLabel('Brand New')).toBe('Brand New');
  });

  it('terms: new 24 months, graded 12, returns 30 days for all', () => {
    expect(gradeTerms('new')).toEqual({ warrantyMonths: 24, returnDays: 30 });
    for (const key of ['a_plus', 'a', 'b', 'c_plus', 'c'] as const)
      expect(GRADE_TERMS[key]).toEqual({ warrantyMonths: 12, returnDays: 30 });
    expect(gradeTerms(null)).toBeNull();
  });
});

describe('leasingMonthlyCents', () => {
  const free = { months: 24, annualRateBp: 0, minAmountCents: 10_000, maxAmountCents: 1_000_000 };
  it.each([
    [104_999, free, 4375], // 1 049,99 € / 24 = 43,7496 → 43,75 €
    [120_000, free, 5000], // exact
    [10_000, free, 417], // the minimum: 100 € / 24 = 4,1667 → 4,17 €
    [9_999, free, null], // below the minimum
    [1_000_001, free, null], // above the maximum
    [120_000, { ...free, months: 12, annualRateBp: 1200 }, 10662], // 1 % a month: 1 200 € → 106,62 €
    [100_000, { ...free, months: 36, annualRateBp: 990 }, 3223], // 9,9 %: 32,2203 € → 32,23 €
  ] as const)('%i cents on %j → %s', (amount, terms, expected) => {
    expect(leasingMonthlyCents(amount, terms)).toBe(expected);
  });

  it('is whole cents and never pays back less than the amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: LEASING_TERMS.minAmountCents, max: LEASING_TERMS.maxAmountCents }),
        fc.integer({ min: 1, max: 72 }),
        fc.integer({ min: 0, max: 3000 }),
        (amount, months, annualRateBp) => {
          const m = leasingMonthlyCents(amount, { ...LEASING_TERMS, months, annualRateBp });
          expect(Number.isInteger(m)).toBe(true);
          expect((m as number) * months).toBeGreaterThanOrEqual(amount);
          // and never more than a cent a month above the exact interest-free share
          if (annualRateBp === 0) expect((m as number) * months).toBeLessThan(amount + months);
        },
      ),
    );
  });
});

describe('delivery date', () => {
  it.each([
    // instant (UTC)              dispatch       from           to               why
    ['2026-11-25T10:00:00Z', '2026-11-25', '2026-11-27', '2026-11-30'], // Wed 12:00 Vilnius, before the cut-off
    ['2026-11-25T12:30:00Z', '2026-11-26', '2026-11-30', '2026-12-01'], // Wed 14:30 Vilnius: next day
    ['2026-11-27T11:59:00Z', '2026-11-27', '2026-12-01', '2026-12-02'], // Fri 13:59: leaves Friday
    ['2026-11-28T09:00:00Z', '2026-11-30', '2026-12-02', '2026-12-03'], // Saturday: Monday
    ['2026-12-23T09:00:00Z', '2026-12-23', '2026-12-29', '2026-12-30'], // Christmas 24–26 skipped
    ['2026-04-03T09:00:00Z', '2026-04-03', '2026-04-08', '2026-04-09'], // Easter Monday 6 April 2026 skipped
    ['2026-02-15T22:30:00Z', '2026-02-17', '2026-02-19', '2026-02-20'], // 00:30 on 16 February (holiday)
  ] as const)('%s leaves %s, arrives %s – %s', (now, dispatch, from, to) => {
    expect(dispatchDay(new Date(now))).toBe(dispatch);
    expect(estimatedDelivery(new Date(now))).toEqual({ from, to });
  });

  it('knows Easter Monday and the fixed holidays', () => {
    expect(lithuanianHolidays(2027).has('2027-03-29')).toBe(true); // Easter 28 March 2027
    expect(isWorkingDay('2026-11-02')).toBe(false); // All Souls' Day, a Monday
    expect(isWorkingDay('2026-11-03')).toBe(true);
  });

  it('always lands on working days, from after dispatch, min ≤ max', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        (now) => {
          const { from, to } = estimatedDelivery(now);
          expect(isWorkingDay(from) && isWorkingDay(to)).toBe(true);
          expect(from > dispatchDay(now)).toBe(true);
          expect(from < to).toBe(true);
        },
      ),
    );
  });
});

describe('deliveryQuote', () => {
  const methods = [
    { code: 'courier', price_incl_tax: 399, free_from_incl_tax: 9900 },
    { code: 'locker', price_incl_tax: 299, free_from_incl_tax: 9900, needs_pickup_point: true },
    { code: 'pickup', price_incl_tax: 0, free_from_incl_tax: null },
  ];
  it.each([
    [5000, { fee: 299, methodCode: 'locker', freeFrom: 9900 }], // the cheapest delivering method, not the pickup
    [9900, { fee: 0, methodCode: 'courier', freeFrom: null }], // at the threshold: free
    [150_000, { fee: 0, methodCode: 'courier', freeFrom: null }],
  ])('%i → %j', (price, expected) => {
    expect(deliveryQuote(methods, price)).toEqual(expected);
  });
  it('only a pickup: quotes it; nothing: null', () => {
    expect(deliveryQuote([methods[2] as (typeof methods)[2]], 5000)).toEqual({
      fee: 0,
      methodCode: 'pickup',
      freeFrom: null,
    });
    expect(deliveryQuote([], 5000)).toBeNull();
  });
});

describe('variantImages', () => {
  const product = {
    image: '/p/blue.png',
    media_gallery: [{ image: '/p/blue.png' }, { image: '/p/red.png' }, { image: '/p/box.png' }],
    configurable_children: [
      { sku: 'B', image: '/p/blue.png' },
      { sku: 'R', image: '/p/red.png' },
      { sku: 'N', image: null },
    ],
  };
  it.each([
    ['B', ['/p/blue.png', '/p/box.png']],
    ['R', ['/p/red.png', '/p/box.png']],
    ['N', ['/p/box.png']], // no own image: what belongs to no other variant
    [null, ['/p/blue.png', '/p/red.png', '/p/box.png']],
  ])('variant %s → %j', (sku, expected) => {
    const variant = product.configurable_children.find((c) => c.sku === sku) ?? null;
    expect(variantImages(product, variant)).toEqual(expected);
  });
  it('falls back to the product image rather than nothing', () => {
    const p = { image: '/a.png', configurable_children: [{ sku: 'X', image: '/a.png' }, { sku: 'Y' }] };
    expect(variantImages(p, { sku: 'Y' })).toEqual(['/a.png']);
  });
  describe('per-grade photos: a child (a condition grade) with its own gallery', () => {
    const graded = {
      image: '/m/front.jpg',
      media_gallery: [{ image: '/m/front.jpg' }, { image: '/m/ports.jpg' }],
      configurable_children: [
        { sku: 'A', image: '/m/a-1.jpg', media_gallery: [{ image: '/m/a-2.jpg', label: 'Grade A lid' }] },
        { sku: 'C', image: '/m/c-1.jpg', media_gallery: [{ image: '/m/c-2.jpg' }, { image: '/m/c-3.jpg' }] },
        { sku: 'B', image: null, media_gallery: [] },
      ],
    };
    it.each([
      ['A', ['/m/a-1.jpg', '/m/a-2.jpg', '/m/front.jpg', '/m/ports.jpg']],
      ['C', ['/m/c-1.jpg', '/m/c-2.jpg', '/m/c-3.jpg', '/m/front.jpg', '/m/ports.jpg']],
      // no photos of its own: the product's, never another grade's
      ['B', ['/m/front.jpg', '/m/ports.jpg']],
      [null, ['/m/front.jpg', '/m/ports.jpg']],
    ])('grade %s → %j', (sku, expected) => {
      const variant = graded.configurable_children.find((c) => c.sku === sku) ?? null;
      expect(variantImages(graded, variant)).toEqual(expected);
    });
    it("a photo two grades share is shown for both, never hidden as the other's", () => {
      const shared = {
        image: null,
        configurable_children: [
          { sku: 'A', image: '/s/box.jpg', media_gallery: [{ image: '/s/a.jpg' }] },
          { sku: 'B', image: '/s/box.jpg', media_gallery: [{ image: '/s/b.jpg' }] },
        ],
      };
      expect(variantImages(shared, shared.configurable_children[1]!)).toEqual(['/s/box.jpg', '/s/b.jpg']);
    });
    it('imageLabels gives the alt texts of the variants and the product', () => {
      expect(imageLabels(graded)).toEqual({ '/m/a-2.jpg': 'Grade A lid' });
    });
  });
});

describe('specificationGroups', () => {
  const attributes = [
    {
      attribute_code: 'screen_size',
      frontend_label: 'Screen size',
      position: 6,
      options: [{ value: 109, label: '15.6"' }],
    },
    {
      attribute_code: 'manufacturer',
      frontend_label: 'Brand',
      position: 2,
      options: [{ value: 206, label: 'Asus' }],
    },
    {
      attribute_code: 'condition',
      frontend_label: 'Condition',
      position: 1,
      options: [
        { value: 4, label: 'B (good)' },
        { value: 5, label: 'C+ (fair)' },
      ],
    },
    {
      attribute_code: 'capacity',
      frontend_label: 'Capacity',
      position: 4,
      options: [{ value: 65, label: '1 TB' }],
    },
    {
      attribute_code: 'memory',
      frontend_label: 'Memory (RAM)',
      position: 5,
      options: [{ value: 81, label: '16 GB' }],
    },
    { attribute_code: 'secret', frontend_label: 'Internal', position: 7, is_visible_on_front: false },
    { attribute_code: 'weight', frontend_label: 'Weight', position: 8, frontend_input: 'text' },
    {
      attribute_code: 'color',
      frontend_label: 'Color',
      position: 3,
      options: [{ value: 43, label: 'Gray' }],
    },
  ];
  const product = { manufacturer: 206, memory: 81, screen_size: 109, color: 999, secret: 'x', weight: '2.5' };
  it('groups, orders, labels, hides what is invisible or unnamed; the variant wins', () => {
    expect(specificationGroups(product, { condition: 5, capacity: 65 }, attributes, true)).toEqual([
      {
        group: 'general',
        rows: [
          { code: 'condition', label: 'Condition', value: 'C+ (fair)' },
          { code: 'manufacturer', label: 'Brand', value: 'Asus' },
          // color 999 has no option: no row
        ],
      },
      {
        group: 'performance',
        rows: [
          { code: 'capacity', label: 'Capacity', value: '1 TB' },
          { code: 'memory', label: 'Memory (RAM)', value: '16 GB' },
        ],
      },
      { group: 'display', rows: [{ code: 'screen_size', label: 'Screen size', value: '15.6"' }] },
      { group: 'other', rows: [{ code: 'weight', label: 'Weight', value: '2,5 kg' }] },
    ]);
  });
  it('decimal point in English', () => {
    const rows = specificationGroups({ weight: '2.5' }, null, attributes, false);
    expect(rows).toEqual([{ group: 'other', rows: [{ code: 'weight', label: 'Weight', value: '2.5 kg' }] }]);
  });
});
