/** Order routes (accounts-checkout-routes.md §7: POST /order/create, GET /order/pull). */
import {
  DEFAULT_STORE_CODE,
  orderCreatedContract,
  orderHeadSchema,
  orderPullContract,
  type OrderCreateHead,
} from '@vitrina/domain';
import type { ZodType } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import { fieldError } from '../http/errors.ts';
import { headFirst, validatorCompiler } from '../http/validation.ts';
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
      // the body is checked here for what is read before the stock is known (orderHeadSchema; a
      // body it refuses is refused naming all its faults), and whole once the order is not refused
      // for stock (order/place.ts): a sale's losers, told at once that the product is gone, skip the
      // addresses' and the personal details' rules
      validatorCompiler: (route) =>
        route.httpPart === 'body'
          ? headFirst(orderHeadSchema, createBody)
          : validatorCompiler({ ...route, schema: route.schema as unknown as ZodType }),
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
          // the head checked (above), the rest of the body as sent
          req.body as OrderCreateHead,
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
