/**
 * Omniva's published list of its parcel machines and post offices, read as Omniva writes it, so
 * the owner uploads the carrier's own file (the shop never fetches it: no network is assumed).
 *
 * Source and format: the file is https://www.omniva.ee/locations.json (the same records as
 * https://www.omniva.ee/locations.xml), described in Omniva's "Offload postcode" specification,
 * https://www.omniva.ee/public/files/failid/offload-specification.pdf. A JSON array of objects
 * whose values are all strings, the text "NULL" standing for no value:
 *
 * - `ZIP`: the location's unique code (the offload postcode a label takes); `NAME`: its name;
 * - `TYPE`: "0" a parcel machine, "1" a post office;
 * - `A0_NAME`: the country (EE, LV, LT); `A1_NAME` county (or town), `A2_NAME` town or
 *   municipality, `A3_NAME` village or town part, `A4_NAME` small place, `A5_NAME` street,
 *   `A6_NAME` area, `A7_NAME` house number, `A8_NAME` apartment;
 * - `X_COORDINATE` the longitude, `Y_COORDINATE` the latitude (WGS 84 degrees);
 * - `SERVICE_HOURS`, `TEMP_SERVICE_HOURS…`, `COMMENT_EST|ENG|RUS|LAV|LIT`, `MODIFIED`: free text
 *   (Estonian day letters, "E-R 9.00-18.00; L 9:00-14:00"), not read: a parcel machine is open
 *   around the clock, and a point's hours stay as the shop has them (null for a new point).
 */
import { z } from 'zod';
import { importPickupPointSchema } from '../contracts/index.ts';
import { toRecord, type PickupFileIssue, type PickupPointRecord } from './pickup-csv.ts';

/** Omniva's location types */
export const OMNIVA_TYPES = { '0': 'parcel_machine', '1': 'post_office' } as const;

const value = z.union([z.string(), z.number()]).nullable().optional();
/** a field every location has: missing, it is reported as the import file reports an empty one */
const required = { error: 'Must not be empty' };
const location = z.looseObject({
  ZIP: z.union([z.string(), z.number()], required),
  NAME: z.string(required),
  TYPE: value,
  A0_NAME: z.string(required),
  A1_NAME: value,
  A2_NAME: value,
  A3_NAME: value,
  A4_NAME: value,
  A5_NAME: value,
  A7_NAME: value,
  A8_NAME: value,
  X_COORDINATE: value,
  Y_COORDINATE: value,
});

/** a value of the file: its text, or '' for "NULL", null or a missing field */
function text(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v).trim();
  return s.toUpperCase() === 'NULL' ? '' : s;
}

function degrees(v: string | number | null | undefined): number | null {
  const s = text(v).replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : null;
}

export interface OmnivaOptions {
  /** the shop's carrier code for Omniva's points (the shipping method's carrier) */
  carrierCode: string;
  /** only these countries (A0_NAME); all when empty */
  countries?: readonly string[];
  /** only parcel machines (TYPE 0), as a locker shipping method wants; default: every type */
  parcelMachinesOnly?: boolean;
}

/**
 * The pickup points of an Omniva locations file (its text or its parsed JSON): `id` is the carrier
 * code and `ZIP` (`omniva-96331`), the postcode the ZIP (Omniva's offload postcode), the address the
 * street and house number (the smaller place when there is no street), the city the town part,
 * else the town, else the county. Records of other countries or types are counted as skipped;
 * a malformed record is reported by its position (line: its 1-based index in the array).
 */
export function omnivaLocations(
  input: string | unknown,
  options: OmnivaOptions,
): { points: PickupPointRecord[]; issues: PickupFileIssue[]; skipped: number } {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input.replace(/^\uFEFF/, ''));
    } catch (err) {
      return {
        points: [],
        skipped: 0,
        issues: [
          {
            line: 0,
            field: '(file)',
            message: 'Not valid JSON: {detail}',
            params: { detail: (err as Error).message },
          },
        ],
      };
    }
  }
  if (!Array.isArray(data))
    return {
      points: [],
      skipped: 0,
      issues: [{ line: 0, field: '(file)', message: 'Expected a JSON array of Omniva locations' }],
    };
  const countries = new Set((options.countries ?? []).map((c) => c.toUpperCase()));
  const points: PickupPointRecord[] = [];
  const issues: PickupFileIssue[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  data.forEach((raw, i) => {
    const line = i + 1;
    const parsed = location.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        issues.push({ line, field: issue.path.map(String).join('.') || '(record)', message: issue.message });
      return;
    }
    const l = parsed.data;
    const country = text(l.A0_NAME).toUpperCase();
    if ((countries.size && !countries.has(country)) || (options.parcelMachinesOnly && text(l.TYPE) !== '0')) {
      skipped += 1;
      return;
    }
    const zip = text(l.ZIP);
    const street = [text(l.A5_NAME) || text(l.A4_NAME), text(l.A7_NAME)].filter(Boolean).join(' ');
    const apartment = text(l.A8_NAME);
    const record = {
      id: `${options.carrierCode}-${zip}`,
      carrier_code: options.carrierCode,
      name: text(l.NAME),
      address: apartment ? `${street}-${apartment}` : street,
      city: text(l.A3_NAME) || text(l.A2_NAME) || text(l.A1_NAME),
      postcode: zip,
      country_id: country,
      is_active: true,
      latitude: degrees(l.Y_COORDINATE),
      longitude: degrees(l.X_COORDINATE),
      opening_hours: null,
    };
    const checked = importPickupPointSchema.safeParse(record);
    if (!checked.success || zip === '') {
      const list = checked.success ? [{ path: ['ZIP'], message: 'Must not be empty' }] : checked.error.issues;
      for (const issue of list)
        issues.push({ line, field: issue.path.map(String).join('.'), message: issue.message });
      return;
    }
    if (seen.has(checked.data.id)) {
      issues.push({
        line,
        field: 'ZIP',
        message: 'The same ZIP as an earlier location: {zip}',
        params: { zip },
      });
      return;
    }
    seen.add(checked.data.id);
    points.push(toRecord(checked.data));
  });
  return { points, issues, skipped };
}
