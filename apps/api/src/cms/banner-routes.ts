/**
 * The back office's banners and home slider under `/vsbridge/staff/banners` (area `content`: roles
 * `catalog` and `admin`; 401 without a staff session, 403 for another role). Writes are POSTs with
 * the staff session's SameSite=Strict cookie (the back office's CSRF defence), each one transaction
 * with its audit row (cms/admin-banners.ts). Images are uploaded first (`POST /vsbridge/staff/media`).
 */
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { storeQuery } from '../http/validation.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { BannerAdmin, bannerListQuery, bannerSaveBody } from './admin-banners.ts';

const tags = ['staff'];
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export function bannerAdminRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'config' | 'database' | 'staffSessions'>) {
  const banners = new BannerAdmin(ctx.database, ctx.config.mediaDir, () => ctx.catalog.catalogChanged());
  const guard = staffArea(ctx, 'content');
  const actor = staffPrincipal;

  app.get(
    '/vsbridge/staff/banners',
    {
      onRequest: guard,
      schema: { tags, summary: 'Banners and slides (every one, shown or not)', querystring: bannerListQuery },
    },
    // the upload limit (IMAGE_UPLOAD_MAX_MB) for the form to say
    async (req) =>
      ok({ items: await banners.list(req.query.kind), upload_max_bytes: ctx.config.imageUploadMaxBytes }),
  );
  app.get(
    '/vsbridge/staff/banners/:id',
    {
      onRequest: guard,
      schema: { tags, summary: "A banner's form", params: idParams, querystring: storeQuery },
    },
    async (req) => {
      const banner = await banners.get(req.params.id);
      if (!banner) throw notFound('error.notFound');
      return ok(banner);
    },
  );
  app.post(
    '/vsbridge/staff/banners',
    {
      onRequest: guard,
      schema: { tags, summary: 'Creates a banner or slide', querystring: storeQuery, body: bannerSaveBody },
    },
    async (req) => ok(await banners.save(actor(req), null, req.body)),
  );
  app.post(
    '/vsbridge/staff/banners/:id',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Saves a banner or slide',
        params: idParams,
        querystring: storeQuery,
        body: bannerSaveBody,
      },
    },
    async (req) => ok(await banners.save(actor(req), req.params.id, req.body)),
  );
  app.post(
    '/vsbridge/staff/banners/:id/delete',
    {
      onRequest: guard,
      schema: { tags, summary: 'Deletes a banner or slide', params: idParams, querystring: storeQuery },
    },
    async (req) => {
      await banners.remove(actor(req), req.params.id);
      return ok({ deleted: req.params.id });
    },
  );
}
