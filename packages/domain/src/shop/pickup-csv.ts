/**
 * The back office's pickup point CSV: exported by the shop, edited in a spreadsheet, uploaded again
 * (the upload answers a dry-run diff first). One row a point; the hours as one column per ISO
 * weekday ("10:00-19:00", empty: closed; all seven empty: hours not known). Each row becomes a
 * `pickup_points` record of the import file and is checked by its schema (importPickupPointSchema):
 * one rule for a pickup point, whoever writes it.
 */
import { importPickupPointSchema } from '../contracts/index.ts';
import { ISO_WEEKDAYS, type OpeningHours } from '../checkout/index.ts';
import { parseCsv } from './price-csv.ts';
import { toCsv } from './staff.ts';

export const PICKUP_CSV_HEADER = [
  'id',
  'carrier_code',
  'name',
  'address',
  'city',
  'postcode',
  'country_id',
  'is_active',
  'latitude',
  'longitude',
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
] as const;
const DAY_COLUMNS = PICKUP_CSV_HEADER.slice(10);
const REQUIRED = ['id', 'carrier_code', 'name', 'address', 'city', 'country_id'] as const;

/** a pickup point as the shop stores it and the import file writes it */
export interface PickupPointRecord {
  id: string;
  carrier_code: string;
  name: string;
  address: string;
  city: string;
  postcode: string;
  country_id: string;
  is_active: boolean;
  opening_hours: OpeningHours | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * one problem of a file: its line (1 = the header), the field, the message (the import schema's
 * English, a key the API translates, `{placeholders}` filled from `params`)
 */
export interface PickupFileIssue {
  line: number;
  field: string;
  message: string;
  params?: Record<string, string | number>;
}

/** the points as a CSV document (RFC 4180, texts quoted and made safe for spreadsheets) */
export function pickupCsv(points: readonly PickupPointRecord[]): string {
  return toCsv(
    PICKUP_CSV_HEADER,
    points.map((p) => [
      p.id,
      p.carrier_code,
      p.name,
      p.address,
      p.city,
      p.postcode,
      p.country_id,
      p.is_active ? 1 : 0,
      p.latitude,
      p.longitude,
      ...ISO_WEEKDAYS.map((d) => p.opening_hours?.[`${d}`] ?? ''),
    ]),
  );
}

const number = (text: string) => {
  const s = text.trim().replace(',', '.');
  return s === '' ? null : /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
};

/**
 * The points of a pickup point CSV (the header names the columns, in any order; `;` as a
 * Lithuanian spreadsheet saves it also separates), each checked by the import file's schema; a
 * row with a problem is left out and reported by its line.
 */
export function pickupCsvRecords(text: string): { points: PickupPointRecord[]; issues: PickupFileIssue[] } {
  const rows = parseCsv(text);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const issues: PickupFileIssue[] = [];
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (rows.length === 0 || missing.length) {
    return {
      points: [],
      issues: [
        {
          line: 1,
          field: missing.join(', ') || 'id',
          message: 'Missing column: {columns}',
          params: { columns: missing.join(', ') || 'id' },
        },
      ],
    };
  }
  const points: PickupPointRecord[] = [];
  const seen = new Map<string, number>();
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const cell = (name: string) => {
      const at = header.indexOf(name);
      return at < 0 ? '' : (row[at] ?? '').trim();
    };
    const days = DAY_COLUMNS.map((d) => cell(d));
    const hours: OpeningHours = {};
    ISO_WEEKDAYS.forEach((d, n) => {
      hours[`${d}`] = days[n] === '' ? null : days[n];
    });
    const active = cell('is_active');
    const record = {
      id: cell('id'),
      carrier_code: cell('carrier_code'),
      name: cell('name'),
      address: cell('address'),
      city: cell('city'),
      postcode: cell('postcode'),
      country_id: cell('country_id').toUpperCase(),
      is_active:
        active === ''
          ? true
          : /^(1|true|yes|taip)$/i.test(active)
            ? true
            : /^(0|false|no|ne)$/i.test(active)
              ? false
              : active,
      latitude: number(cell('latitude')),
      longitude: number(cell('longitude')),
      opening_hours: days.every((d) => d === '') ? null : hours,
    };
    const parsed = importPickupPointSchema.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        issues.push({ line, field: issue.path.map(String).join('.') || 'id', message: issue.message });
      return;
    }
    const first = seen.get(parsed.data.id);
    if (first !== undefined) {
      issues.push({ line, field: 'id', message: 'The same id as line {line}', params: { line: first } });
      return;
    }
    seen.set(parsed.data.id, line);
    points.push(toRecord(parsed.data));
  });
  return { points, issues };
}

/** hours with every weekday named (a day left out is closed, as the import file reads it); null stays null */
export function fullWeek(hours: OpeningHours | null | undefined): OpeningHours | null {
  if (!hours) return null;
  const out: OpeningHours = {};
  for (const d of ISO_WEEKDAYS) out[`${d}`] = hours[`${d}`] ?? null;
  return out;
}

/** the import schema's output as the shop stores a point */
export function toRecord(p: ReturnType<typeof importPickupPointSchema.parse>): PickupPointRecord {
  return {
    id: p.id,
    carrier_code: p.carrier_code,
    name: p.name,
    address: p.address,
    city: p.city,
    postcode: p.postcode,
    country_id: p.country_id.toUpperCase(),
    is_active: p.is_active,
    opening_hours: fullWeek(p.opening_hours),
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
  };
}

/** what an upload would change: each point of the file new, changed (its fields before and after) or the same */
export type PickupDiff = {
  id: string;
  action: 'new' | 'changed';
  changes: { field: string; from: string | number | boolean | null; to: string | number | boolean | null }[];
}[];

const shown = (v: unknown): string | number | boolean | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'object'
      ? JSON.stringify(fullWeek(v as OpeningHours))
      : (v as string | number | boolean);

/** the file's points against the shop's: new ones and changed fields (the same ones are left out) */
export function pickupDiff(
  shop: ReadonlyMap<string, PickupPointRecord>,
  file: readonly PickupPointRecord[],
): PickupDiff {
  const out: PickupDiff = [];
  for (const p of file) {
    const before = shop.get(p.id);
    const fields = Object.keys(p) as (keyof PickupPointRecord)[];
    const changes = fields
      .filter((f) => f !== 'id' && (!before || shown(before[f]) !== shown(p[f])))
      .map((f) => ({ field: f, from: before ? shown(before[f]) : null, to: shown(p[f]) }));
    if (!before) out.push({ id: p.id, action: 'new', changes });
    else if (changes.length) out.push({ id: p.id, action: 'changed', changes });
  }
  return out;
}
