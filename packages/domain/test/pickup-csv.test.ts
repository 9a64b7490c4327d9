import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  PICKUP_CSV_HEADER,
  pickupCsv,
  pickupCsvRecords,
  pickupDiff,
  type PickupPointRecord,
} from '../src/index.ts';

const point = (over: Partial<PickupPointRecord> = {}): PickupPointRecord => ({
  id: 'omniva-90001',
  carrier_code: 'omniva',
  name: 'Vilniaus Akropolio paštomatas',
  address: 'Ozo g. 25',
  city: 'Vilnius',
  postcode: 'LT-08200',
  country_id: 'LT',
  is_active: true,
  opening_hours: null,
  latitude: 54.7104,
  longitude: 25.2677,
  ...over,
});

const HEADER = PICKUP_CSV_HEADER.join(',');

describe('the pickup point CSV', () => {
  it('reads back what it writes, whatever the texts (quotes, separators, formulas, new lines)', () => {
    const text = fc
      .string({ minLength: 1, maxLength: 24 })
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const hours = fc.array(fc.constantFrom('08:00-17:00', '10:00-19:00', null), {
      minLength: 7,
      maxLength: 7,
    });
    const degrees = (max: number) =>
      fc.option(fc.integer({ min: -max * 1e6, max: max * 1e6 }).map((n) => n / 1e6));
    const record = fc.record({
      id: text,
      carrier_code: text,
      name: text,
      address: text,
      city: text,
      postcode: fc.constantFrom('', 'LT-01100', '9201', '69494'),
      country_id: fc.constantFrom('LT', 'LV', 'EE'),
      is_active: fc.boolean(),
      opening_hours: hours.map((days) =>
        days.every((d) => d === null) ? null : Object.fromEntries(days.map((d, i) => [`${i + 1}`, d])),
      ),
      latitude: degrees(90),
      longitude: degrees(180),
    });
    fc.assert(
      fc.property(fc.uniqueArray(record, { selector: (r) => r.id, minLength: 1, maxLength: 6 }), (points) => {
        const back = pickupCsvRecords(pickupCsv(points));
        expect(back.issues).toEqual([]);
        expect(back.points).toEqual(points);
      }),
    );
  });

  it.each([
    [
      'a Lithuanian spreadsheet (; and decimal commas)',
      `${PICKUP_CSV_HEADER.join(';')}\nx-1;dpd;Pickup;Gedimino pr. 1;Vilnius;LT-01103;lt;1;"54,6872";"25,2797";08:00-20:00;;;;;;\n`,
      {
        id: 'x-1',
        country_id: 'LT',
        latitude: 54.6872,
        longitude: 25.2797,
        opening_hours: { 1: '08:00-20:00', 2: null, 3: null, 4: null, 5: null, 6: null, 7: null },
      },
    ],
    [
      'columns in another order, is_active left out (active)',
      'city,id,name,address,carrier_code,country_id\nRiga,lv-1,Spice,Lielirbes iela 29,omniva,LV\n',
      { id: 'lv-1', city: 'Riga', is_active: true, postcode: '', latitude: null },
    ],
    [
      'is_active written as a word',
      `id,carrier_code,name,address,city,country_id,is_active\nee-1,omniva,Tartu,Riia 1,Tartu,EE,false\n`,
      { id: 'ee-1', is_active: false },
    ],
  ])('reads %s', (_what, csv, expected) => {
    const { points, issues } = pickupCsvRecords(csv);
    expect(issues).toEqual([]);
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject(expected);
  });

  it.each([
    [
      'a missing column',
      'id,name\n1,x\n',
      1,
      'carrier_code, address, city, country_id',
      'Missing column: {columns}',
    ],
    [
      'a 3-letter country',
      `${HEADER}\nx,dpd,N,A,C,,LTU,1,,,,,,,,,\n`,
      2,
      'country_id',
      'Expected a 2-letter country code',
    ],
    [
      'hours closing before they open',
      `${HEADER}\nx,dpd,N,A,C,,LT,1,,,19:00-10:00,,,,,,\n`,
      2,
      'opening_hours.1',
      'Expected HH:MM-HH:MM, opening first',
    ],
    [
      'a latitude off the globe',
      `${HEADER}\nx,dpd,N,A,C,,LT,1,95,25,,,,,,,\n`,
      2,
      'latitude',
      'Expected -90 to 90',
    ],
    ['an empty id', `${HEADER}\n,dpd,N,A,C,,LT,1,,,,,,,,,\n`, 2, 'id', 'Must not be empty'],
    [
      'the same id twice',
      `${HEADER}\nx,dpd,N,A,C,,LT,1,,,,,,,,,\nx,dpd,N,A,C,,LT,1,,,,,,,,,\n`,
      3,
      'id',
      'The same id as line {line}',
    ],
  ])('reports %s by its line and field', (_what, csv, line, field, message) => {
    const { issues } = pickupCsvRecords(csv);
    expect(issues[0]).toMatchObject({ line, field });
    expect(issues[0]?.message).toContain(message);
  });

  it('diffs a file against the shop: new points, changed fields, the same left out', () => {
    const shop = new Map([
      ['a', point({ id: 'a' })],
      ['b', point({ id: 'b' })],
    ]);
    const diff = pickupDiff(shop, [
      point({ id: 'a' }),
      point({ id: 'b', is_active: false, city: 'Kaunas' }),
      point({ id: 'c' }),
    ]);
    expect(diff.map((d) => [d.id, d.action])).toEqual([
      ['b', 'changed'],
      ['c', 'new'],
    ]);
    expect(diff[0]?.changes).toEqual([
      { field: 'city', from: 'Vilnius', to: 'Kaunas' },
      { field: 'is_active', from: true, to: false },
    ]);
  });
});
