/**
 * The back office's categories under `/vsbridge/staff/categories` (area `products`: roles `catalog`
 * and `admin`; 401 without a staff session, 403 for another role). Writes are POSTs with the staff
 * session's SameSite=Strict cookie (the back office's CSRF defence) and are audited
 * (catalog/admin-categories.ts).
 */
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { notFound } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { storeQuery } from '../http/validation.ts';
import { CategoryAdmin, categorySaveBody } from './admin-categories.ts';

const tags = ['staff'];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export function categoryAdminRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'database' | 'staffSessions'>) {
  const categories = new CategoryAdmin(ctx.database, ctx.catalog);
  const guard = staffArea(ctx, 'products');

  app.get(
    '/vsbridge/staff/categories',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The category tree in reading order (parents first), names and slugs per store view',
        querystring: storeQuery,
      },
    },
    async () => ok(await categories.tree()),
  );

  app.get(
    '/vsbridge/staff/categories/:id',
    {
      onRequest: guard,
      schema: { tags, summary: "A category's form", params: idParams, querystring: storeQuery },
    },
    async (req) => {
      const category = await categories.get(req.params.id);
      if (!category) throw notFound('error.notFound');
      return ok({ category, ...(await categories.tree()) });
    },
  );

  app.post(
    '/vsbridge/staff/categories',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Creates a category under a parent',
        querystring: storeQuery,
        body: categorySaveBody,
      },
    },
    async (req) =>
      ok({ category: await categories.save(staffPrincipal(req), null, req.body, requestStoreCode(req)) }),
  );

  app.post(
    '/vsbridge/staff/categories/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Changes a category: names, url keys, parent and position (a move), active, shown in menu',
        params: idParams,
        querystring: storeQuery,
        body: categorySaveBody,
      },
    },
    async (req) =>
      ok({
        category: await categories.save(staffPrincipal(req), req.params.id, req.body, requestStoreCode(req)),
      }),
  );
}
