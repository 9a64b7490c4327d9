/**
 * The back office's attributes under `/vsbridge/staff/attributes` (area `products`: roles `catalog`
 * and `admin`; 401 without a staff session, 403 for another role). Writes are POSTs with the staff
 * session's SameSite=Strict cookie (the back office's CSRF defence) and are audited
 * (catalog/admin-attributes.ts).
 */
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { notFound } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { storeQuery } from '../http/validation.ts';
import { AttributeAdmin, attributeSaveBody } from './admin-attributes.ts';

const tags = ['staff'];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export function attributeAdminRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'catalog' | 'database' | 'staffSessions'>,
) {
  const attributes = new AttributeAdmin(ctx.database, ctx.catalog);
  const guard = staffArea(ctx, 'products');

  app.get(
    '/vsbridge/staff/attributes',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'The attributes by position: labels, input, flags, number of values and of products using each',
        querystring: storeQuery,
      },
    },
    async () => ok(await attributes.list()),
  );

  app.get(
    '/vsbridge/staff/attributes/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "An attribute's form: labels, flags, its values with the number of products using each",
        params: idParams,
        querystring: storeQuery,
      },
    },
    async (req) => {
      const attribute = await attributes.get(req.params.id);
      if (!attribute) throw notFound('error.notFound');
      return ok({ attribute });
    },
  );

  app.post(
    '/vsbridge/staff/attributes',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Creates an attribute (code, input, labels, flags, values)',
        querystring: storeQuery,
        body: attributeSaveBody,
      },
    },
    async (req) =>
      ok({ attribute: await attributes.save(staffPrincipal(req), null, req.body, requestStoreCode(req)) }),
  );

  app.post(
    '/vsbridge/staff/attributes/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Changes an attribute: labels, flags, position, its values (kept in the order given, new ones numbered by the server, a used one never removed)',
        params: idParams,
        querystring: storeQuery,
        body: attributeSaveBody,
      },
    },
    async (req) =>
      ok({
        attribute: await attributes.save(staffPrincipal(req), req.params.id, req.body, requestStoreCode(req)),
      }),
  );

  app.post(
    '/vsbridge/staff/attributes/:id/delete',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Deletes an attribute that no product uses',
        params: idParams,
        querystring: storeQuery,
      },
    },
    async (req) => ok(await attributes.remove(staffPrincipal(req), req.params.id)),
  );
}
