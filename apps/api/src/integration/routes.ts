/** Integration routes: the ERP's orders export (admin token). */
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { exportOrders, ordersCsv } from './orders-export.ts';

export function integrationRoutes(app: ApiApp, ctx: Pick<ApiContext, 'admin' | 'database'>) {
  app.get(
    '/vsbridge/admin/orders',
    {
      onRequest: async (req) => {
        await ctx.admin.authorize(req, 'export');
      },
      schema: {
        tags: ['admin'],
        summary:
          'Orders for an ERP (lines, totals in cents), paged by a cursor; since=<order id> (new orders) or <ISO time> (placed or changed since); format=csv: one row per line, next cursor in X-Next-Cursor. Authorization: Bearer <ADMIN_TOKEN> (scope export)',
        querystring: z.object({
          since: z.string().trim().max(40).optional(),
          cursor: z.string().trim().max(200).optional(),
          format: z.enum(['json', 'csv']).default('json'),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
      },
    },
    async (req, reply) => {
      const page = await exportOrders(ctx.database, req.query);
      reply.header('cache-control', 'private, no-store');
      if (req.query.format === 'json') return ok(page);
      reply.header('x-next-cursor', page.next_cursor).header('x-has-more', String(page.has_more));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(ordersCsv(page));
    },
  );
}
