/** Contact route (accounts-checkout-routes.md §7 `POST /contact/create`; the spec shows no response: `result: true`). */
import { z } from 'zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { withRetryAfter } from '../auth/rate-limit.ts';
import { ok } from '../http/envelope.ts';
import { requestStoreCode } from '../http/request.ts';
import { createBody, createQuery } from './schemas.ts';

export function contactRoutes(app: ApiApp, ctx: Pick<ApiContext, 'contact'>) {
  app.post(
    '/vsbridge/contact/create',
    {
      schema: {
        tags: ['contact'],
        summary:
          'Sends a contact form message (stored and e-mailed through the outbox); rate-limited per client address',
        querystring: createQuery,
        body: createBody,
        response: answers(z.literal(true)),
      },
    },
    async (req, reply) =>
      ok(await withRetryAfter(reply, () => ctx.contact.create(req.body, requestStoreCode(req), req.ip))),
  );
}
