/** Stock notification request: `POST /vsbridge/stock-alert/create`. */
import { z } from 'zod';
import { stockAlertCreateSchema, storeCodeSchema } from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { withRetryAfter } from '../auth/rate-limit.ts';
import { ok } from '../http/envelope.ts';
import { requestStoreCode } from '../http/request.ts';

export function stockAlertRoutes(app: ApiApp, ctx: Pick<ApiContext, 'stockAlerts'>) {
  app.post(
    '/vsbridge/stock-alert/create',
    {
      schema: {
        tags: ['stock'],
        summary:
          'Asks for an e-mail when an out-of-stock sku is back in stock (409 when it is in stock); one pending request per e-mail and sku; rate-limited per client address',
        querystring: z.object({ storeCode: storeCodeSchema.optional() }),
        body: stockAlertCreateSchema,
        response: answers(z.literal(true)),
      },
    },
    async (req, reply) =>
      ok(await withRetryAfter(reply, () => ctx.stockAlerts.request(req.body, requestStoreCode(req), req.ip))),
  );
}
