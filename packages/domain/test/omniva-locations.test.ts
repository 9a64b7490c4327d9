import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { omnivaLocations } from '../src/index.ts';

// a file shaped as https://www.omniva.ee/locations.json is (written for the test, not downloaded)
const file = readFileSync(new URL('./fixtures/omniva-locations.json', import.meta.url), 'utf8');

describe("Omniva's locations file", () => {
  it('reads each location as a pickup point of the carrier', () => {
    const { points, issues, skipped } = omnivaLocations(file, { carrierCode: 'omniva' });
    expect(skipped).toBe(0);
    expect(points.map((p) => p.id)).toEqual([
      'omniva-90001',
      'omniva-90002',
      'omniva-9201',
      'omniva-69494',
      'omniva-90003',
    ]);
    expect(points[0]).toEqual({
      id: 'omniva-90001',
      carrier_code: 'omniva',
      name: 'Vilniaus Akropolio Omniva paštomatas',
      address: 'Ozo g. 25',
      city: 'Vilnius',
      postcode: '90001',
      country_id: 'LT',
      is_active: true,
      opening_hours: null,
      latitude: 54.7104,
      longitude: 25.2677,
    });
    // the record without a NAME is reported by its place in the array, the rest still read
    expect(issues).toEqual([{ line: 6, field: 'NAME', message: 'Must not be empty' }]);
  });

  it.each([
    ['a town part (A3) as the city', 3, 'Abja-Paluoja linn', 'Pärnu maantee 21'],
    ['the county (A1) when town and town part are NULL', 2, 'Rīga', 'Lielirbes iela 29'],
    ['the small place (A4) for the street when A5 is NULL', 4, 'Vilniaus m. sav.', 'Užupis'],
  ])('takes %s', (_what, index, city, address) => {
    const p = omnivaLocations(file, { carrierCode: 'omniva' }).points[index]!;
    expect([p.city, p.address]).toEqual([city, address]);
  });

  it.each([
    [{ countries: ['LT'] }, ['omniva-90001', 'omniva-90002', 'omniva-90003'], 2],
    [{ countries: ['lv', 'EE'] }, ['omniva-9201', 'omniva-69494'], 3],
    [{ parcelMachinesOnly: true }, ['omniva-90001', 'omniva-90002', 'omniva-9201', 'omniva-90003'], 1],
  ])('filters by %j', (filter, ids, skipped) => {
    const r = omnivaLocations(file, { carrierCode: 'omniva', ...filter });
    expect(r.points.map((p) => p.id)).toEqual(ids);
    expect(r.skipped).toBe(skipped);
  });

  it.each([
    ['not JSON', '{', 'Not valid JSON'],
    ['not an array', '{"ZIP":"1"}', 'Expected a JSON array'],
  ])('refuses a file that is %s', (_what, text, message) => {
    const r = omnivaLocations(text, { carrierCode: 'omniva' });
    expect(r.points).toEqual([]);
    expect(r.issues[0]?.message).toContain(message);
  });

  it('refuses a location whose coordinates are off the globe, naming the field', () => {
    const r = omnivaLocations(
      [
        {
          ZIP: '1',
          NAME: 'x',
          TYPE: '0',
          A0_NAME: 'LT',
          A5_NAME: 'g.',
          Y_COORDINATE: '154.1',
          X_COORDINATE: '25',
        },
      ],
      { carrierCode: 'omniva' },
    );
    expect(r.issues).toEqual([{ line: 1, field: 'latitude', message: 'Expected -90 to 90' }]);
  });
});
