/**
 * The back office's content under `/vsbridge/staff/content/{pages|blocks|news}` (area `content`:
 * roles `catalog` and `admin`; 401 without a staff session, 403 for another role). Writes are POSTs
 * with the staff session's SameSite=Strict cookie (the back office's CSRF defence), each one
 * transaction with its audit row (cms/admin-content.ts).
 */
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { notFound } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { storeQuery } from '../http/validation.ts';
import { CONTENT_KINDS, ContentAdmin, contentListQuery, contentSaveBody } from './admin-content.ts';

const tags = ['staff'];
const kindParams = z.object({ kind: z.enum(CONTENT_KINDS) });
const itemParams = kindParams.extend({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export function contentAdminRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'database' | 'staffSessions'>) {
  const content = new ContentAdmin(ctx.database, () => ctx.catalog.catalogChanged());
  const guard = staffArea(ctx, 'content');
  const actor = staffPrincipal;

  app.get(
    '/vsbridge/staff/content/:kind',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'CMS pages, blocks or news: search, published filter, paging',
        params: kindParams,
        querystring: contentListQuery,
      },
    },
    async (req) => ok(await content.list(req.params.kind, req.query, requestStoreCode(req))),
  );

  app.get(
    '/vsbridge/staff/content/:kind/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "An item's form: every store view's fields",
        params: itemParams,
        querystring: storeQuery,
      },
    },
    async (req) => {
      const item = await content.get(req.params.kind, req.params.id);
      if (!item) throw notFound('error.notFound');
      return ok(item);
    },
  );

  app.post(
    '/vsbridge/staff/content/:kind',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Creates an item with one store view filled in',
        params: kindParams,
        querystring: storeQuery,
        body: contentSaveBody,
      },
    },
    async (req) => ok(await content.save(actor(req), req.params.kind, null, req.body)),
  );

  app.post(
    '/vsbridge/staff/content/:kind/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Saves one store view of an item (Markdown, sanitised)',
        params: itemParams,
        querystring: storeQuery,
        body: contentSaveBody,
      },
    },
    async (req) => ok(await content.save(actor(req), req.params.kind, req.params.id, req.body)),
  );

  app.post(
    '/vsbridge/staff/content/:kind/:id/publish',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Publishes or unpublishes an item',
        params: itemParams,
        querystring: storeQuery,
        body: z.object({ active: z.boolean() }),
      },
    },
    async (req) => ok(await content.publish(actor(req), req.params.kind, req.params.id, req.body.active)),
  );
}
