/**
 * Review routes: `POST /review/create` (the order feedback, accounts-checkout-routes.md §7),
 * `GET /review/list?productId` (a product page's reviews) and `POST /admin/review/hide` (ADMIN_TOKEN).
 */
import { reviewContract, reviewListContract } from '@vitrina/domain';
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { audit } from '../staff/audit.ts';
import { ok } from '../http/envelope.ts';
import { notFound } from '../http/errors.ts';
import { createBody, createQuery, hideBody, listQuery } from './schemas.ts';

const tags = ['review'];

export function reviewRoutes(app: ApiApp, ctx: Pick<ApiContext, 'database' | 'reviews' | 'staffSessions'>) {
  const { reviews } = ctx;

  app.post(
    '/vsbridge/review/create',
    {
      schema: {
        tags,
        summary:
          'Order feedback, once per order (orderToken + number); reviews of its products as verified purchases',
        querystring: createQuery,
        body: createBody,
        response: answers(z.array(reviewContract)),
      },
    },
    async (req) => ok(await reviews.create(req.body.review)),
  );

  app.get(
    '/vsbridge/review/list',
    {
      schema: {
        tags,
        summary: "A product's approved reviews, newest first",
        querystring: listQuery,
        response: answers(reviewListContract),
      },
    },
    async (req) => ok(await reviews.list(req.query.productId, req.query.pageSize, req.query.currentPage)),
  );

  app.post(
    '/vsbridge/admin/review/hide',
    {
      onRequest: staffArea(ctx, 'reviews'),
      schema: {
        tags: ['admin'],
        summary: 'Hides a review from the product pages; a staff session (role opening reviews)',
        body: hideBody,
      },
    },
    async (req) => {
      if (!(await reviews.hide(req.body.id))) throw notFound('error.notFound');
      await audit(ctx.database, staffPrincipal(req), 'review.hide', `review:${req.body.id}`);
      return ok(true);
    },
  );
}
