/** Stock routes: check one sku, list many, and the quantity tracker. */
import { quantityTrackerContract, stockAnswerContract } from '@vitrina/domain';
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import { fieldError } from '../http/errors.ts';
import { checkQuery, listQuery, trackerQuery } from './schemas.ts';

const tags = ['stock'];

export function stockRoutes(app: ApiApp, ctx: Pick<ApiContext, 'stock'>) {
  app.get(
    '/vsbridge/stock/check',
    {
      schema: {
        tags,
        summary: 'Stock of one sku',
        querystring: checkQuery,
        response: answers(stockAnswerContract),
      },
    },
    async (req) => {
      const [info] = await ctx.stock.list([req.query.sku]);
      if (!info) throw fieldError('sku', 'api.skuNotFound', { sku: req.query.sku }, 404);
      return ok(info);
    },
  );

  app.get(
    '/vsbridge/stock/list',
    {
      schema: {
        tags,
        summary: 'Stock of several skus (comma-separated)',
        querystring: listQuery,
        response: answers(z.array(stockAnswerContract)),
      },
    },
    async (req) => ok(await ctx.stock.list(req.query.skus)),
  );

  app.get(
    '/vsbridge/quantity-tracker',
    {
      schema: {
        tags,
        summary: 'Available quantity per sku of the given skus',
        querystring: trackerQuery,
        response: answers(z.array(quantityTrackerContract)),
      },
    },
    async (req) =>
      ok(
        (await ctx.stock.list(req.query.skus)).map((s) => ({
          sku: s.product_sku,
          qty: s.qty,
          is_in_stock: s.is_in_stock,
        })),
      ),
  );
}
