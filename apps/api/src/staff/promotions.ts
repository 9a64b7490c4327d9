/**
 * The back office's promotions under `/vsbridge/staff/coupons` (area `promotions`: roles `admin` and
 * `catalog`; 401 without a staff session, 403 for another role). A coupon is written in the import
 * file's shape and validated by the import file's own zod schema (`importCouponSchema`), so a coupon
 * is one rule whoever writes it: a fixed value and a minimum subtotal are euros NET of VAT, stored in
 * cents, and the cart makes them gross at the destination's standard rate (cart/pricing.ts
 * `toCoupon`, `couponApplies`), as it does for imported coupons. Writes are POSTs with the staff
 * session's SameSite=Strict cookie (the back office's CSRF defence), each in one transaction with
 * its audit row. The cart reads coupons from the database on every use, so no cache is involved.
 */
import { importCouponSchema, toCents, toDate, type StoreCode } from '@vitrina/domain';
import type { Database } from '@vitrina/db';
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { staffArea } from './guard.ts';
import { staffPrincipal } from './routes.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { storeQuery } from '../http/validation.ts';
import { one, rows, type Queryable } from '../lib/db.ts';
import { audit, type StaffActor } from './audit.ts';
import { recordFieldErrors } from '../http/record-errors.ts';

const tags = ['staff'];
const codeParams = z.object({ code: z.string().min(1).max(64) });
/** the import file's coupon record; checked by importCouponSchema in the service (messages per field) */
const couponBody = z.object({
  /** the version the form was opened at (required to update): a save after someone else's is refused (409) */
  version: z.number().int().min(1).optional(),
  coupon: z.record(z.string(), z.unknown()),
});
/** the list: a code search, on/off, paging (the newsletter issues one coupon per subscriber: many rows) */
export const couponListQuery = storeQuery.extend({
  q: z.string().trim().max(64).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

export type CouponAdminRow = {
  code: string;
  type: 'percent' | 'fixed';
  /** percent, or cents net of VAT */
  value: number;
  from_date: string | null;
  to_date: string | null;
  /** cents net of VAT */
  min_subtotal_cents: number | null;
  uses_per_coupon: number | null;
  uses_per_customer: number | null;
  times_used: number;
  is_active: boolean;
  /** bumped by every save, on/off and import: a form names it when it saves */
  version: number;
  /** orders placed with the coupon and not cancelled */
  orders: number;
  /** the distinct customers (account, else e-mail) of those orders */
  customers: number;
  /** the most orders one customer placed with it */
  most_by_one_customer: number;
};

const LIST_SQL = `
  WITH uses AS (
    SELECT coupon_code, coalesce('c' || customer_id::text, 'e' || lower(email)) AS who, count(*)::int AS n
    FROM orders WHERE coupon_code IS NOT NULL AND status <> 'cancelled'
    GROUP BY 1, 2
  )
  SELECT c.code, c.type, c.value, c.from_date, c.to_date, c.min_subtotal_cents, c.uses_per_coupon,
         c.uses_per_customer, c.times_used, c.is_active, c.version,
         coalesce(sum(u.n), 0)::int AS orders, count(u.who)::int AS customers,
         coalesce(max(u.n), 0)::int AS most_by_one_customer
  FROM coupons c LEFT JOIN uses u ON u.coupon_code = c.code`;

const iso = (d: unknown) => (d === null || d === undefined ? null : new Date(d as string).toISOString());
const shape = (r: CouponAdminRow): CouponAdminRow => ({
  ...r,
  from_date: iso(r.from_date),
  to_date: iso(r.to_date),
});

export class PromotionAdmin {
  constructor(private readonly database: Database) {}

  async list(query: {
    q?: string | undefined;
    status?: 'active' | 'inactive' | undefined;
    page: number;
    size: number;
  }) {
    const where = `WHERE ($1::text IS NULL OR c.code ILIKE '%' || $1 || '%') AND ($2::boolean IS NULL OR c.is_active = $2)`;
    const params = [query.q || null, query.status ? query.status === 'active' : null];
    const total = await one<{ n: number }>(
      this.database,
      `SELECT count(*)::int AS n FROM coupons c ${where}`,
      params,
    );
    const found = await rows<CouponAdminRow>(
      this.database,
      `${LIST_SQL} ${where} GROUP BY c.code ORDER BY c.is_active DESC, c.code LIMIT $3 OFFSET $4`,
      [...params, query.size, (query.page - 1) * query.size],
    );
    return { items: found.map(shape), total: total?.n ?? 0, page: query.page, size: query.size };
  }

  async get(q: Queryable, code: string): Promise<CouponAdminRow | undefined> {
    const found = await one<CouponAdminRow>(q, `${LIST_SQL} WHERE c.code = $1 GROUP BY c.code`, [code]);
    return found && shape(found);
  }

  /** creates (`code` null) or updates the coupon `code`; answers it again. 404 unknown, 409 code taken, 400 fields */
  async save(
    actor: StaffActor,
    code: string | null,
    input: Record<string, unknown>,
    store: StoreCode,
    version?: number,
  ): Promise<CouponAdminRow> {
    const record = code === null ? input : { ...input, code };
    const parsed = importCouponSchema.safeParse(record);
    if (!parsed.success) throw fieldErrors(parsed.error.issues, store);
    const c = parsed.data;
    const row = {
      code: c.code,
      type: c.type,
      // percent stays percent; a fixed amount is euros net of VAT → cents (as the importer does)
      value: c.type === 'percent' ? c.value : toCents(c.value),
      from_date: c.from_date ? toDate(c.from_date).toISOString() : null,
      to_date: c.to_date ? toDate(c.to_date).toISOString() : null,
      min_subtotal_cents: c.min_subtotal == null ? null : toCents(c.min_subtotal),
      uses_per_coupon: c.uses_per_coupon ?? null,
      uses_per_customer: c.uses_per_customer ?? null,
      is_active: c.is_active,
    };
    const saved = await this.database.transaction(async (tx) => {
      const current = await one<{ code: string; times_used: number; version: number }>(
        tx,
        'SELECT code, times_used, version FROM coupons WHERE upper(code) = upper($1) FOR UPDATE',
        [row.code],
      );
      if (code === null && current)
        throw new ApiError(409, 'promotions.codeTaken', { code: current.code }, [
          { field: 'code', key: 'promotions.codeTaken', params: { code: current.code } },
        ]);
      if (code !== null && !current) throw notFound('error.notFound');
      if (code !== null && current) {
        if (version === undefined)
          throw new ApiError(400, 'validation.required', undefined, [
            { field: 'version', key: 'validation.required' },
          ]);
        // someone saved (or imported) the coupon since this form was opened: never overwrite silently
        if (current.version !== version)
          throw new ApiError(409, 'promotions.staleVersion', { version: current.version });
      }
      // the cap cannot go below the uses already counted (the table's CHECK would refuse it)
      if (current && row.uses_per_coupon !== null && row.uses_per_coupon < current.times_used)
        throw new ApiError(400, 'validation.invalid', undefined, [
          { field: 'uses_per_coupon', key: 'promotions.capBelowUses', params: { n: current.times_used } },
        ]);
      const values = [
        row.type,
        row.value,
        row.from_date,
        row.to_date,
        row.min_subtotal_cents,
        row.uses_per_coupon,
        row.uses_per_customer,
        row.is_active,
      ];
      if (current)
        await tx.query(
          `UPDATE coupons SET type = $2, value = $3, from_date = $4, to_date = $5, min_subtotal_cents = $6,
             uses_per_coupon = $7, uses_per_customer = $8, is_active = $9, version = version + 1 WHERE code = $1`,
          [current.code, ...values],
        );
      else
        await tx.query(
          `INSERT INTO coupons (code, type, value, from_date, to_date, min_subtotal_cents, uses_per_coupon, uses_per_customer, is_active)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [row.code, ...values],
        );
      const savedCode = current?.code ?? row.code;
      await audit(tx, actor, current ? 'coupon.update' : 'coupon.create', `coupon:${savedCode}`, {
        ...row,
        code: savedCode,
      });
      return savedCode;
    });
    return (await this.get(this.database, saved))!;
  }

  /** turns the coupon off (or on again): carts drop it at their next totals, orders refuse it */
  async setActive(actor: StaffActor, code: string, active: boolean): Promise<CouponAdminRow> {
    await this.database.transaction(async (tx) => {
      const changed = await one<{ code: string }>(
        tx,
        'UPDATE coupons SET is_active = $2, version = version + 1 WHERE code = $1 RETURNING code',
        [code, active],
      );
      if (!changed) throw notFound('error.notFound');
      await audit(tx, actor, active ? 'coupon.enable' : 'coupon.disable', `coupon:${code}`);
    });
    return (await this.get(this.database, code))!;
  }
}

const fieldErrors = (issues: readonly z.core.$ZodIssue[], store: StoreCode): ApiError =>
  recordFieldErrors(issues, store, '(coupon)');

export function promotionRoutes(app: ApiApp, ctx: Pick<ApiContext, 'database' | 'staffSessions'>) {
  const promotions = new PromotionAdmin(ctx.database);
  const guard = staffArea(ctx, 'promotions');
  const actor = staffPrincipal;

  app.get(
    '/vsbridge/staff/coupons',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Coupons with their uses (orders, customers): search, on/off, paging',
        querystring: couponListQuery,
      },
    },
    async (req) => ok(await promotions.list(req.query)),
  );
  app.get(
    '/vsbridge/staff/coupons/:code',
    {
      onRequest: guard,
      schema: { tags, summary: "A coupon's form and uses", params: codeParams, querystring: storeQuery },
    },
    async (req) => {
      const found = await promotions.get(ctx.database, req.params.code);
      if (!found) throw notFound('error.notFound');
      return ok(found);
    },
  );
  app.post(
    '/vsbridge/staff/coupons',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Creates a coupon (the import file record)',
        querystring: storeQuery,
        body: couponBody,
      },
    },
    async (req) => ok(await promotions.save(actor(req), null, req.body.coupon, requestStoreCode(req))),
  );
  app.post(
    '/vsbridge/staff/coupons/:code',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Updates a coupon (the import file record)',
        params: codeParams,
        querystring: storeQuery,
        body: couponBody,
      },
    },
    async (req) =>
      ok(
        await promotions.save(
          actor(req),
          req.params.code,
          req.body.coupon,
          requestStoreCode(req),
          req.body.version,
        ),
      ),
  );
  app.post(
    '/vsbridge/staff/coupons/:code/active',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Disables or enables a coupon',
        params: codeParams,
        querystring: storeQuery,
        body: z.object({ active: z.boolean() }),
      },
    },
    async (req) => ok(await promotions.setActive(actor(req), req.params.code, req.body.active)),
  );
}
