/**
 * The back office's overview and customers (roles staff and admin), under `/vsbridge/staff/*`:
 * `GET dashboard` (the periods' figures, to-dos and low stock), `GET orders.csv` (the orders list's
 * filters, as a spreadsheet), `GET customers`, `GET customers/:id`, `POST customers/:id/disable` and
 * `/enable`. Writes ride on the staff session's SameSite=Strict cookie (the back office's CSRF defence)
 * and are audited.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatDateTime, storeCodeSchema, toCsv, type StaffArea } from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { rows } from '../lib/db.ts';
import { audit } from './audit.ts';
import { orderWhere } from './back-office.ts';
import { customerProfile, listCustomers, setCustomerDisabled } from './customers.ts';
import { dashboard } from './dashboard.ts';
import { idParams, orderListQuery, storeQuery } from './schemas.ts';
import { staffPrincipal } from './routes.ts';

const tags = ['staff'];

/** the most rows one orders CSV holds (a narrower filter gets the rest) */
export const ORDERS_CSV_MAX = 20_000;

const customerListQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200).optional()),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['active', 'disabled']).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

const euros = (cents: unknown) => (Number(cents) / 100).toFixed(2);

type Guard = (name: StaffArea) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function overviewRoutes(app: ApiApp, ctx: Pick<ApiContext, 'database' | 'settings'>, area: Guard) {
  app.get(
    '/vsbridge/staff/dashboard',
    {
      onRequest: area('overview'),
      schema: {
        tags,
        summary: 'Today, 7 and 30 days: orders, revenue, methods, top products; to-dos; low stock',
        querystring: storeQuery,
      },
    },
    async (req) => {
      const settings = await ctx.settings.get();
      return ok(
        await dashboard(ctx.database, {
          now: new Date(),
          lowStockThreshold: settings.lowStockThreshold,
          lang: requestStoreCode(req),
        }),
      );
    },
  );

  app.get(
    '/vsbridge/staff/orders.csv',
    {
      onRequest: area('orders'),
      schema: {
        tags,
        summary: "The orders list's filters as a CSV file (one row per order, amounts in euros)",
        querystring: orderListQuery,
      },
    },
    async (req, reply) => {
      const { storeCode: _s, page: _p, size: _z, ...filters } = req.query;
      const { where, params } = orderWhere({ ...filters, page: 1, size: 1 });
      const found = await rows<Record<string, unknown>>(
        ctx.database,
        `SELECT o.* FROM orders o ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${ORDERS_CSV_MAX}`,
        params,
      );
      // personal data leaves the shop in the file: who took which orders is recorded
      await audit(ctx.database, staffPrincipal(req), 'orders.export', null, { filters, rows: found.length });
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const csv = toCsv(
        [
          'number',
          'placed',
          'status',
          'payment_status',
          'shipping_status',
          'email',
          'name',
          'company',
          'payment_method',
          'shipping_method',
          'subtotal',
          'discount',
          'shipping',
          'payment_fee',
          'net',
          'vat',
          'gross',
          'currency',
        ],
        found.map((o) => {
          const person = (o.personal_details ?? {}) as Record<string, unknown>;
          const billing = (o.billing_address ?? {}) as Record<string, unknown>;
          return [
            String(o.increment_id),
            formatDateTime(o.created_at as Date),
            String(o.status),
            String(o.payment_status),
            String(o.shipping_status),
            String(o.email),
            [
              text(person.firstname) || text(billing.firstname),
              text(person.lastname) || text(billing.lastname),
            ]
              .filter(Boolean)
              .join(' '),
            text(billing.company),
            String(o.payment_method_code),
            String(o.shipping_method_code),
            euros(o.subtotal_incl_tax),
            euros(o.discount_amount),
            euros(o.shipping_incl_tax),
            euros(o.payment_fee),
            euros(Number(o.grand_total) - Number(o.tax_amount)),
            euros(o.tax_amount),
            euros(o.grand_total),
            String(o.currency),
          ];
        }),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/vsbridge/staff/customers',
    {
      onRequest: area('customers'),
      schema: {
        tags,
        summary: 'Customers, newest first; q: part of a name, e-mail or phone',
        querystring: customerListQuery,
      },
    },
    async (req) => {
      const { storeCode: _s, ...f } = req.query;
      return ok(await listCustomers(ctx.database, f));
    },
  );

  app.get(
    '/vsbridge/staff/customers/:id',
    {
      onRequest: area('customers'),
      schema: {
        tags,
        summary: "A customer's details, addresses, orders and newsletter state",
        params: idParams,
        querystring: storeQuery,
      },
    },
    async (req) => {
      const profile = await customerProfile(ctx.database, req.params.id);
      if (!profile) throw notFound('error.notFound');
      return ok(profile);
    },
  );

  for (const change of ['disable', 'enable'] as const) {
    app.post(
      `/vsbridge/staff/customers/:id/${change}`,
      {
        onRequest: area('customers'),
        schema: {
          tags,
          summary:
            change === 'disable'
              ? 'Disables a customer account: no login, sessions end'
              : 'Enables a disabled customer account (a new login is needed)',
          params: idParams,
          querystring: storeQuery,
        },
      },
      async (req) => {
        const profile = await setCustomerDisabled(
          ctx.database,
          staffPrincipal(req),
          req.params.id,
          change === 'disable',
        );
        if (!profile) throw notFound('error.notFound');
        return ok(profile);
      },
    );
  }
}
