/** Admin routes: the catalogue import (body up to 200 MB). */
import { z } from 'zod';
import { ADMIN_BODY_LIMIT } from '../config.ts';
import type { ApiApp, ApiContext } from '../context.ts';
import { ok } from '../http/envelope.ts';

export function adminRoutes(app: ApiApp, ctx: Pick<ApiContext, 'admin'>) {
  app.post(
    '/vsbridge/admin/catalog/import',
    {
      bodyLimit: ADMIN_BODY_LIMIT,
      // the token is checked before the body is read, so a stranger cannot make the server parse 200 MB
      onRequest: async (req) => {
        await ctx.admin.authorize(req, 'import');
      },
      schema: {
        tags: ['admin'],
        summary: 'Imports shop data (CONTRACTS.md "Shop data import file"); Authorization: Bearer <ADMIN_TOKEN> (scope import)',
        body: z.record(z.string(), z.unknown()).describe('the import file: one JSON object, every key optional'),
        querystring: z.object({
          removeDemo: z
            .enum(['true', 'false'])
            .optional()
            .describe('true: also remove the demo data in the same transaction (records of the file are kept)'),
        }),
      },
    },
    async (req) => ok(await ctx.admin.importCatalog(req.body, { removeDemo: req.query.removeDemo === 'true' })),
  );
}
