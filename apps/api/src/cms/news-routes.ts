/** News routes: `GET /vsbridge/news` (a page of news) and `GET /vsbridge/news/{slug}` (one item). */
import { DEFAULT_STORE_CODE, newsItemContract, newsPageContract, storeCodeSchema } from '@vitrina/domain';
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { findNews, listNews } from './news.ts';

const tags = ['cms'];

export const newsListQuery = z.object({
  storeCode: storeCodeSchema.optional(),
  from: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export const newsItemParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9-]+$/),
});
export const storeOnly = z.object({ storeCode: storeCodeSchema.optional() });

export function newsRoutes(app: ApiApp, ctx: Pick<ApiContext, 'database'>) {
  app.get(
    '/vsbridge/news',
    {
      schema: {
        tags,
        summary: 'News of a store view, newest first (demo news while none exist)',
        querystring: newsListQuery,
        response: answers(newsPageContract),
      },
    },
    async (req) => {
      const q = req.query;
      return ok(await listNews(ctx.database, q.storeCode ?? DEFAULT_STORE_CODE, q.from, q.size));
    },
  );
  app.get(
    '/vsbridge/news/:slug',
    {
      schema: {
        tags,
        summary: 'One news item by slug',
        params: newsItemParams,
        querystring: storeOnly,
        response: answers(newsItemContract),
      },
    },
    async (req) => {
      const item = await findNews(ctx.database, req.query.storeCode ?? DEFAULT_STORE_CODE, req.params.slug);
      if (!item) throw notFound('error.notFound');
      return ok(item);
    },
  );
}
