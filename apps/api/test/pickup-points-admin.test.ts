/**
 * The back office's pickup points through HTTP: roles `staff` and `admin` (401 anonymous, 403
 * catalog); the list searches and filters; a point is added, edited and disabled through the import
 * file's pickup point schema (the field named, in the staff's language), audited, and the
 * checkout's chooser stops offering a disabled point at once. A file of points (the shop's CSV or
 * Omniva's locations.json as published) answers a dry-run diff first and is applied only when asked.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_CSV_HEADER } from '@vitrina/domain';
import { startApi, type TestApi } from './helpers.ts';
import { staffCookie, type StaffRole } from './staff-helpers.ts';

let api: TestApi;
const cookies: Record<'admin' | 'catalog' | 'staff', string> = { admin: '', catalog: '', staff: '' };
type Who = keyof typeof cookies | 'anonymous';
const as = (who: Who) => (who === 'anonymous' ? {} : { cookie: cookies[who] });
const OMNIVA = readFileSync(
  new URL('../../../packages/domain/test/fixtures/omniva-locations.json', import.meta.url),
  'utf8',
);

const addStaff = (email: string, role: StaffRole) => staffCookie(api, email, role);

beforeAll(async () => {
  api = await startApi();
  cookies.admin = await addStaff('boss@pickup.lt', 'admin');
  cookies.catalog = await addStaff('catalogue@pickup.lt', 'catalog');
  cookies.staff = await addStaff('clerk@pickup.lt', 'staff');
});
afterAll(async () => api?.close());

const list = (query = '', who: Who = 'staff') =>
  api.call({ url: `/vsbridge/staff/pickup-points?storeCode=en${query}`, headers: as(who) });
const post = (path: string, payload: Record<string, unknown>, who: Who = 'staff', store = 'en') =>
  api.call({
    method: 'POST',
    url: `/vsbridge/staff/pickup-points${path}?storeCode=${store}`,
    headers: as(who),
    payload,
  });
/** what the checkout's chooser offers for a carrier and country */
const chooser = async (country: string) => {
  const r = await api.call({
    method: 'POST',
    url: `/vsbridge/pickup-points/?code=omniva&countryId=${country}`,
  });
  expect(r.status).toBe(200);
  return (r.body.result as { id: string }[]).map((p) => p.id);
};

describe('who may keep the pickup points', () => {
  it.each([
    ['GET', '', undefined],
    ['GET', '/omniva-LT-1', undefined],
    ['GET', '.csv', undefined],
    ['POST', '/omniva-LT-2', { point: { name: 'Kaunas Mega' } }],
    ['POST', '/import', { format: 'csv', file: 'id\n', dry_run: true }],
  ] as const)('%s %s: 401 anonymous, 403 catalog, 200 staff and admin', async (method, path, payload) => {
    for (const [who, status] of [
      ['anonymous', 401],
      ['catalog', 403],
      ['staff', 200],
      ['admin', 200],
    ] as const) {
      const r = await api.call({
        method,
        url: `/vsbridge/staff/pickup-points${path}?storeCode=en`,
        headers: as(who),
        ...(payload ? { payload } : {}),
      });
      expect(r.status, `${who} ${JSON.stringify(r.body)}`).toBe(status);
    }
  });
});

describe('the list', () => {
  it.each([
    ['', ['omniva-LT-2', 'omniva-LT-1', 'omniva-LV-1']],
    ['&country=LV', ['omniva-LV-1']],
    ['&q=ozo', ['omniva-LT-1']],
    ['&carrier=dpd', []],
  ])('filters %s', async (query, ids) => {
    const r = await list(query);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.result.items as { id: string }[]).map((p) => p.id)).toEqual(ids);
    expect(r.body.result.carriers).toContain('omniva');
    expect(r.body.result.form_body_limit).toBe(64 * 1024);
  });
});

describe('a point', () => {
  it('is added with hours and coordinates, audited, and offered by the checkout', async () => {
    const r = await post('', {
      point: {
        id: 'omniva-LT-3',
        carrier_code: 'omniva',
        name: 'Klaipėda Akropolis',
        address: 'Taikos pr. 61',
        city: 'Klaipėda',
        postcode: 'LT-91182',
        country_id: 'LT',
        opening_hours: { 1: '10:00-21:00', 6: '10:00-20:00' },
        latitude: '55.6936',
        longitude: 21.1629,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.point).toMatchObject({
      id: 'omniva-LT-3',
      latitude: 55.6936,
      longitude: 21.1629,
      is_active: true,
    });
    expect(await chooser('LT')).toContain('omniva-LT-3');
    const [row] = await api.database.query<{ action: string; staff_email: string }>(
      `SELECT action, staff_email FROM staff_audit_log WHERE target = 'pickup_point:omniva-LT-3'`,
    );
    expect(row).toEqual({ action: 'pickup_point.create', staff_email: 'clerk@pickup.lt' });
  });

  it('is disabled (gone from the checkout) and enabled again', async () => {
    expect((await post('/omniva-LT-1', { point: { is_active: false } })).status).toBe(200);
    expect(await chooser('LT')).not.toContain('omniva-LT-1');
    expect((await list('&status=disabled')).body.result.items.map((p: { id: string }) => p.id)).toEqual([
      'omniva-LT-1',
    ]);
    expect((await post('/omniva-LT-1', { point: { is_active: true } })).status).toBe(200);
    expect(await chooser('LT')).toContain('omniva-LT-1');
  });

  it.each([
    ['a 3-letter country', { country_id: 'LTU' }, 'country_id', 'Expected a 2-letter country code'],
    [
      'hours closing before they open',
      { opening_hours: { 1: '19:00-10:00' } },
      'opening_hours.1',
      'Expected HH:MM-HH:MM',
    ],
    ['a latitude off the globe', { latitude: 91 }, 'latitude', 'Expected -90 to 90'],
    ['an empty carrier', { carrier_code: ' ' }, 'carrier_code', 'Must not be empty'],
  ])('is refused with %s, the field named', async (_what, change, field, message) => {
    const r = await post('/omniva-LT-2', { point: change });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.errors?.[0]?.field).toBe(field);
    expect(String(r.body.result)).toContain(message);
  });

  it('is refused in Lithuanian for a Lithuanian page, and a taken id is refused', async () => {
    const bad = await post('/omniva-LT-2', { point: { country_id: 'LTU' } }, 'staff', 'lt');
    expect(String(bad.body.result)).toContain('dviejų raidžių šalies kodas');
    const taken = await post('', {
      point: {
        id: 'omniva-LT-2',
        carrier_code: 'omniva',
        name: 'x',
        address: 'x',
        city: 'x',
        country_id: 'LT',
      },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.[0]?.field).toBe('id');
  });

  it('404 for a point that does not exist', async () => {
    expect((await post('/nope', { point: { name: 'x' } })).status).toBe(404);
    expect(
      (await api.call({ url: '/vsbridge/staff/pickup-points/nope?storeCode=en', headers: as('staff') }))
        .status,
    ).toBe(404);
  });
});

describe('a file of points', () => {
  it('the exported CSV uploaded again changes nothing; an edited one answers its diff, then applies it', async () => {
    const exported = await api.call({
      url: '/vsbridge/staff/pickup-points.csv?storeCode=en',
      headers: as('staff'),
    });
    expect(exported.status).toBe(200);
    const csv = String(exported.body);
    expect(csv.split('\r\n')[0]).toBe(PICKUP_CSV_HEADER.map((h) => `"${h}"`).join(','));
    const same = await post('/import', { format: 'csv', file: csv, dry_run: true });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.result).toMatchObject({ diff: [], issues: [], applied: false });

    const edited =
      csv.replace('"Riga Origo"', '"Riga Origo, 1st floor"') +
      '"dpd-LT-1","dpd","DPD Pickup Maxima","Savanorių pr. 1","Vilnius","LT-03116","LT",1,,,,,,,,,\r\nbad,dpd,x,x,x,,LTU,1,,,,,,,,,\r\n';
    const dry = await post('/import', { format: 'csv', file: edited, dry_run: true });
    expect(dry.body.result.applied).toBe(false);
    expect(dry.body.result.diff.map((d: { id: string; action: string }) => [d.id, d.action])).toEqual([
      ['omniva-LV-1', 'changed'],
      ['dpd-LT-1', 'new'],
    ]);
    expect(dry.body.result.issues).toEqual([
      { line: 7, field: 'country_id', message: 'Expected a 2-letter country code, e.g. LT' },
    ]);
    expect((await list('&carrier=dpd')).body.result.total).toBe(0);

    const applied = await post('/import', { format: 'csv', file: edited, dry_run: false });
    expect(applied.body.result.applied).toBe(true);
    expect((await list('&carrier=dpd')).body.result.items.map((p: { id: string }) => p.id)).toEqual([
      'dpd-LT-1',
    ]);
    expect((await list('&q=1st floor')).body.result.total).toBe(1);
  });

  it("reads Omniva's locations.json as published: a dry run, then the points of the countries asked", async () => {
    const body = {
      format: 'omniva',
      file: OMNIVA,
      carrier_code: 'omniva',
      countries: ['LT'],
      parcel_machines_only: true,
    };
    const dry = await post('/import', { ...body, dry_run: true });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.result).toMatchObject({ points: 3, skipped: 2, applied: false });
    expect(dry.body.result.diff.map((d: { id: string }) => d.id)).toEqual([
      'omniva-90001',
      'omniva-90002',
      'omniva-90003',
    ]);
    expect(dry.body.result.issues[0]).toEqual({ line: 6, field: 'NAME', message: 'Must not be empty' });
    expect(await chooser('LT')).not.toContain('omniva-90001');
    const done = await post('/import', { ...body, dry_run: false }, 'admin');
    expect(done.body.result.applied).toBe(true);
    expect(await chooser('LT')).toEqual(
      expect.arrayContaining(['omniva-90001', 'omniva-90002', 'omniva-90003']),
    );
    expect(await chooser('LV')).not.toContain('omniva-9201');
    const again = await post('/import', { ...body, dry_run: true });
    expect(again.body.result.diff).toEqual([]);
  });

  it('refuses a file that is not what it says, naming the problem', async () => {
    const r = await post('/import', { format: 'omniva', file: 'id,name\n1,x', dry_run: true });
    expect(r.status).toBe(200);
    expect(r.body.result.issues[0].message).toContain('Not valid JSON: ');
    const lt = await post(
      '/import',
      { format: 'omniva', file: '[{"ZIP":"1"}]', dry_run: true },
      'staff',
      'lt',
    );
    expect(lt.body.result.issues[0]).toEqual({ line: 1, field: 'NAME', message: 'Negali būti tuščias' });
    expect(r.body.result.diff).toEqual([]);
  });
});
