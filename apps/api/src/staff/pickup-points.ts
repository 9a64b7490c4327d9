/**
 * The back office's pickup points under `/vsbridge/staff/pickup-points` (roles `staff` and `admin`:
 * the areas `orders` or `settings`; the people who hand parcels to the carriers keep its list
 * current; `catalog` gets 403): the list with search and filters (carrier, country, on/off), a
 * point's form (add, edit, disable and enable), the CSV export, and the upload of a file of points:
 * the shop's own CSV (domain pickup-csv.ts) or a carrier's published list as the carrier writes it
 * (Omniva's locations.json, domain omniva-locations.ts). An upload is a dry run first: it answers
 * the diff (new points, changed fields) and the rows it refuses, and writes nothing; the same file
 * sent with `dry_run: false` is applied. Points the file does not name are left as they are.
 *
 * One rule for a pickup point, whoever writes it: every write is the import file's `pickup_points`
 * record, checked by its schema (importPickupPointSchema, messages naming the field) and written by
 * the importer, in one transaction with the audit row and a new catalogue version. The checkout's
 * pickup chooser reads only active points (shop/service.ts pickupPoints), so a disabled point is gone
 * from it at once.
 *
 * Upload size: the back office's page reads the uploaded file as a form post, limited by
 * FORM_BODY_LIMIT (64 KiB unless set); this route takes up to twice that (the file travels as a JSON
 * string) and at least API_BODY_LIMIT, and the list answers the limit so the page can say it.
 */
import {
  importPickupPointSchema,
  omnivaLocations,
  pickupCsv,
  pickupCsvRecords,
  pickupDiff,
  toRecord,
  type PickupFileIssue,
  type PickupPointRecord,
  type StoreCode,
} from '@vitrina/domain';
import { importCatalog, ImportError, type Executor } from '@vitrina/db';
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { t } from '../http/i18n.ts';
import { requestStoreCode } from '../http/request.ts';
import { storeQuery } from '../http/validation.ts';
import { one, rows } from '../lib/db.ts';
import { audit, type StaffActor } from './audit.ts';
import { staffArea } from './guard.ts';
import { staffPrincipal } from './routes.ts';
import { importRecordErrors, recordFieldErrors } from '../http/record-errors.ts';

const tags = ['staff'];
const idParams = z.object({ id: z.string().min(1).max(128) });
const blank = (v: unknown) => (v === '' ? undefined : v);

export const pickupListQuery = storeQuery.extend({
  /** id, name, address, city or postcode; part of it */
  q: z.preprocess(blank, z.string().trim().max(200).optional()),
  carrier: z.preprocess(blank, z.string().trim().max(64).optional()),
  country: z.preprocess(blank, z.string().trim().length(2).toUpperCase().optional()),
  status: z.preprocess(blank, z.enum(['active', 'disabled']).optional()),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
const pointBody = z.object({ point: z.record(z.string(), z.unknown()) });
export const pickupImportBody = z.object({
  /** `csv`: the shop's pickup point CSV; `omniva`: Omniva's locations.json as published */
  format: z.enum(['csv', 'omniva']),
  file: z.string().min(1),
  dry_run: z.boolean().default(true),
  /** omniva: the shop's carrier code for the points (the shipping method's carrier) */
  carrier_code: z.string().trim().min(1).max(64).default('omniva'),
  /** omniva: only these countries; all when empty */
  countries: z.array(z.string().trim().length(2)).max(10).default([]),
  /** omniva: only parcel machines */
  parcel_machines_only: z.boolean().default(false),
});

const SELECT = `SELECT id, carrier_code, name, address, city, postcode, country_id, is_active, opening_hours, latitude, longitude
  FROM pickup_points`;

const fieldErrors = (issues: readonly z.core.$ZodIssue[], store: StoreCode): ApiError =>
  recordFieldErrors(issues, store, '(point)');

/** the points written through the importer (its schema, upsert by id, a new catalogue version) */
async function writePoints(tx: Executor, points: readonly PickupPointRecord[]) {
  try {
    await importCatalog(tx, { pickup_points: points }, { analyze: false });
  } catch (err) {
    if (err instanceof ImportError) throw importRecordErrors(err, 'pickup_points', '(point)');
    throw err;
  }
}

export function pickupPointRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'config' | 'database' | 'staffSessions'>) {
  const { database, config } = ctx;
  const guard = staffArea(ctx, 'orders', 'settings');
  const uploadLimit = Math.max(config.bodyLimit, config.formBodyLimit * 2 + 64 * 1024);

  const facets = async () => ({
    carriers: (
      await rows<{ code: string }>(
        database,
        `SELECT carrier_code AS code FROM pickup_points UNION SELECT carrier_code FROM shipping_methods WHERE needs_pickup_point ORDER BY 1`,
      )
    ).map((r) => r.code),
    countries: (
      await rows<{ code: string }>(
        database,
        'SELECT DISTINCT country_id AS code FROM pickup_points ORDER BY 1',
      )
    ).map((r) => r.code),
    form_body_limit: config.formBodyLimit,
  });
  const find = (q: Executor | typeof database, id: string, lock = false) =>
    one<PickupPointRecord>(q, `${SELECT} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);

  app.get(
    '/vsbridge/staff/pickup-points',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Pickup points: search (id, name, address, city, postcode), carrier, country, on/off, paging',
        querystring: pickupListQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const where = `WHERE ($1::text IS NULL OR id ILIKE '%' || $1 || '%' OR name ILIKE '%' || $1 || '%' OR address ILIKE '%' || $1 || '%'
          OR city ILIKE '%' || $1 || '%' OR postcode ILIKE '%' || $1 || '%')
        AND ($2::text IS NULL OR carrier_code = $2) AND ($3::text IS NULL OR country_id = $3)
        AND ($4::boolean IS NULL OR is_active = $4)`;
      const params = [
        q.q ?? null,
        q.carrier ?? null,
        q.country ?? null,
        q.status ? q.status === 'active' : null,
      ];
      const total = await one<{ n: number }>(
        database,
        `SELECT count(*)::int AS n FROM pickup_points ${where}`,
        params,
      );
      const items = await rows<PickupPointRecord>(
        database,
        `${SELECT} ${where} ORDER BY country_id, carrier_code, city, name, id LIMIT $5 OFFSET $6`,
        [...params, q.size, (q.page - 1) * q.size],
      );
      return ok({ items, total: total?.n ?? 0, page: q.page, size: q.size, ...(await facets()) });
    },
  );

  app.get(
    '/vsbridge/staff/pickup-points.csv',
    {
      onRequest: guard,
      schema: { tags, summary: 'Every pickup point as the pickup point CSV', querystring: storeQuery },
    },
    async (_req, reply) => {
      const all = await rows<PickupPointRecord>(
        database,
        `${SELECT} ORDER BY country_id, carrier_code, city, name, id`,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="pickup-points-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .send(pickupCsv(all));
    },
  );

  app.get(
    '/vsbridge/staff/pickup-points/:id',
    {
      onRequest: guard,
      schema: { tags, summary: "A pickup point's form", params: idParams, querystring: storeQuery },
    },
    async (req) => {
      const point = await find(database, req.params.id);
      if (!point) throw notFound('error.notFound');
      return ok({ point, ...(await facets()) });
    },
  );

  /** creates (`id` null: the record's own id, which must be new) or changes a point */
  const save = async (
    actor: StaffActor,
    id: string | null,
    changes: Record<string, unknown>,
    store: StoreCode,
  ) => {
    const saved = await database.transaction(async (tx) => {
      let current: PickupPointRecord | undefined;
      if (id !== null) {
        current = await find(tx, id, true);
        if (!current) throw notFound('error.notFound');
      } else if (typeof changes.id === 'string' && (await find(tx, changes.id.trim())))
        throw new ApiError(409, 'pickup.idTaken', { id: changes.id.trim() }, [
          { field: 'id', key: 'pickup.idTaken', params: { id: changes.id.trim() } },
        ]);
      const record = { ...(current ?? {}), ...changes, ...(id !== null ? { id } : {}) };
      const parsed = importPickupPointSchema.safeParse(record);
      if (!parsed.success) throw fieldErrors(parsed.error.issues, store);
      const point = toRecord(parsed.data);
      await writePoints(tx, [point]);
      const changed = current
        ? Object.keys(point).filter(
            (k) =>
              JSON.stringify(point[k as keyof PickupPointRecord]) !==
              JSON.stringify(current[k as keyof PickupPointRecord]),
          )
        : Object.keys(point);
      await audit(
        tx,
        actor,
        current ? 'pickup_point.update' : 'pickup_point.create',
        `pickup_point:${point.id}`,
        {
          fields: changed.sort(),
        },
      );
      return point.id;
    });
    ctx.catalog.catalogChanged();
    return (await find(database, saved))!;
  };

  app.post(
    '/vsbridge/staff/pickup-points',
    {
      onRequest: guard,
      schema: { tags, summary: 'Adds a pickup point', querystring: storeQuery, body: pointBody },
    },
    async (req) =>
      ok({ point: await save(staffPrincipal(req), null, req.body.point, requestStoreCode(req)) }),
  );

  app.post(
    '/vsbridge/staff/pickup-points/import',
    {
      onRequest: guard,
      bodyLimit: uploadLimit,
      schema: {
        tags,
        summary:
          "Uploads a file of pickup points (the pickup point CSV, or Omniva's locations.json as published): dry_run answers the diff and writes nothing",
        querystring: storeQuery,
        body: pickupImportBody,
      },
    },
    async (req) => {
      const b = req.body;
      const read: { points: PickupPointRecord[]; issues: PickupFileIssue[]; skipped?: number } =
        b.format === 'csv'
          ? pickupCsvRecords(b.file)
          : omnivaLocations(b.file, {
              carrierCode: b.carrier_code,
              countries: b.countries,
              parcelMachinesOnly: b.parcel_machines_only,
            });
      const answer = await database.transaction(async (tx) => {
        const shop = new Map(
          (
            await rows<PickupPointRecord>(tx, `${SELECT} WHERE id = ANY($1::text[])`, [
              read.points.map((p) => p.id),
            ])
          ).map((p) => [p.id, p]),
        );
        // a point's hours are the shop's when the carrier's file says nothing of them
        const points =
          b.format === 'omniva'
            ? read.points.map((p) => ({ ...p, opening_hours: shop.get(p.id)?.opening_hours ?? null }))
            : read.points;
        const diff = pickupDiff(shop, points);
        // the rows the file gets wrong are reported (the dry run showed them) and the rest applied
        const apply = !b.dry_run && diff.length > 0;
        if (apply) {
          const changed = new Set(diff.map((d) => d.id));
          await writePoints(
            tx,
            points.filter((p) => changed.has(p.id)),
          );
          await audit(tx, staffPrincipal(req), 'pickup_point.import', null, {
            format: b.format,
            new: diff.filter((d) => d.action === 'new').length,
            changed: diff.filter((d) => d.action === 'changed').length,
            ids: diff.slice(0, 50).map((d) => d.id),
          });
        }
        return {
          format: b.format,
          points: points.length,
          skipped: read.skipped ?? 0,
          diff,
          // the import schema's messages in the staff's language (their English is the key)
          issues: read.issues.map(({ params, ...i }) => ({
            ...i,
            message: t(i.message, requestStoreCode(req), params),
          })),
          applied: apply,
          form_body_limit: config.formBodyLimit,
        };
      });
      if (answer.applied) ctx.catalog.catalogChanged();
      return ok(answer);
    },
  );

  app.post(
    '/vsbridge/staff/pickup-points/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Changes a pickup point (its id stays): name, address, carrier, hours, coordinates, on/off',
        params: idParams,
        querystring: storeQuery,
        body: pointBody,
      },
    },
    async (req) =>
      ok({ point: await save(staffPrincipal(req), req.params.id, req.body.point, requestStoreCode(req)) }),
  );
}
