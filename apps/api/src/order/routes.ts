/** Order routes (accounts-checkout-routes.md §7: POST /order/create, GET /order/pull). */
import { DEFAULT_STORE_CODE, orderCreatedContract, orderPullContract } from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import { fieldError } from '../http/errors.ts';
import { createBody, createQuery, pullQuery } from './schemas.ts';

const tags = ['order'];

export function orderRoutes(app: ApiApp, ctx: Pick<ApiContext, 'auth' | 'orders'>) {
  app.post(
    '/vsbridge/order/create',
    {
      schema: {
        tags,
        summary: 'Places an order, priced by the server; a repeated idempotency_key answers the first order',
        querystring: createQuery,
        body: createBody,
        response: answers(orderCreatedContract),
      },
      // an `Idempotency-Key` header stands for a missing body `idempotency_key`; both must agree
      preValidation: async (req) => {
        const header = req.headers['idempotency-key'];
        const body = req.body as Record<string, unknown> | null;
        if (typeof header !== 'string' || !body || typeof body !== 'object') return;
        if (body.idempotency_key === undefined) body.idempotency_key = header;
        else if (body.idempotency_key !== header)
          throw fieldError('idempotency_key', 'order.idempotencyConflict', undefined, 409);
      },
    },
    // the customer token (not the client's `user_id`) ties the order to a customer
    async (req) =>
      ok(
        await ctx.orders.create(
          req.body,
          req.query.storeCode ?? DEFAULT_STORE_CODE,
          (await ctx.auth.optionalAuthenticate(req))?.customerId,
          req.ip,
        ),
      ),
  );

  app.get(
    '/vsbridge/order/pull',
    {
      schema: {
        tags,
        summary: 'An order by number and order token',
        querystring: pullQuery,
        response: answers(orderPullContract),
      },
    },
    async (req) => ok(await ctx.orders.pull(req.query.number, req.query.orderToken, req.query.storeCode)),
  );
}
