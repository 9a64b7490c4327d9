import { describe, expect, it } from 'vitest';
import {
  deliveryKindOf,
  hasOpeningHours,
  missingHomeAddress,
  openingRuns,
  parseOpeningRange,
  requiredDeliveryFields,
} from '../src/index.ts';

describe('deliveryKindOf', () => {
  it.each([
    [{ carrier_code: 'courier', needs_pickup_point: false }, false, 'courier'],
    [{ carrier_code: 'omniva', needs_pickup_point: true }, false, 'pickup'],
    [{ carrier_code: 'storepickup', needs_pickup_point: true }, false, 'pickup'],
    // store pickup imported without a store point still needs no home address
    [{ carrier_code: 'storepickup', needs_pickup_point: false }, false, 'pickup'],
    [{ carrier_code: 'courier', needs_pickup_point: false }, true, 'none'],
    [undefined, false, 'courier'],
  ] as const)('%o (virtual %s) → %s', (method, virtual, kind) => {
    expect(deliveryKindOf(method, virtual)).toBe(kind);
  });
});

describe('requiredDeliveryFields', () => {
  it('asks a courier for the home address and a pickup only for the contact', () => {
    expect(requiredDeliveryFields('courier')).toEqual(
      expect.arrayContaining(['streetAddress', 'apartmentNumber', 'city', 'zipCode', 'phoneNumber']),
    );
    expect(requiredDeliveryFields('pickup')).toEqual(['firstName', 'lastName', 'country', 'phoneNumber']);
  });
});

describe('missingHomeAddress', () => {
  it.each([
    ['courier', { street: ['Ozo g. 1'], city: 'Vilnius', postcode: 'LT-01100' }, []],
    ['courier', { street: [' '], city: 'Vilnius', postcode: 'LT-01100' }, ['street']],
    ['courier', {}, ['street', 'city', 'postcode']],
    ['pickup', {}, []],
    ['none', {}, []],
  ] as const)('%s %o → %o', (kind, address, missing) => {
    expect(missingHomeAddress(kind, address)).toEqual(missing);
  });
});

describe('opening hours', () => {
  it.each([
    ['10:00-19:00', { opens: '10:00', closes: '19:00' }],
    [' 08:30-17:00 ', { opens: '08:30', closes: '17:00' }],
    ['19:00-10:00', null],
    ['24:00-25:00', null],
    ['10-19', null],
  ])('parses %j', (text, range) => {
    expect(parseOpeningRange(text)).toEqual(range);
  });

  it('groups consecutive days with the same hours, closed days too', () => {
    const week = {
      1: '10:00-19:00',
      2: '10:00-19:00',
      3: '10:00-19:00',
      4: '10:00-19:00',
      5: '10:00-19:00',
      6: '10:00-16:00',
      7: null,
    };
    expect(openingRuns(week)).toEqual([
      { from: 1, to: 5, opens: '10:00', closes: '19:00' },
      { from: 6, to: 6, opens: '10:00', closes: '16:00' },
      { from: 7, to: 7, opens: null, closes: null },
    ]);
    // a day in between that differs splits the run
    expect(openingRuns({ 1: '09:00-18:00', 2: null, 3: '09:00-18:00' }).map((r) => [r.from, r.to])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 7],
    ]);
  });

  it('has nothing to show without an open day', () => {
    expect(hasOpeningHours(null)).toBe(false);
    expect(hasOpeningHours({ 7: null })).toBe(false);
    expect(hasOpeningHours({ 3: '10:00-12:00' })).toBe(true);
  });
});
