/**
 * Newsletter routes (accounts-checkout-routes.md §7): `GET|POST|DELETE /mailer/subscribe`,
 * `GET /mailer/mail-confirmation?email&code` and `POST /mailer/mail-confirmation` { email, code }.
 */
import type { ApiApp, ApiContext } from '../context.ts';
import { withRetryAfter } from '../auth/rate-limit.ts';
import { ok } from '../http/envelope.ts';
import { fieldError } from '../http/errors.ts';
import { requestStoreCode } from '../http/request.ts';
import { confirmBody, confirmQuery, statusQuery, subscribeBody, subscribeQuery, unsubscribeBody, unsubscribeQuery } from './schemas.ts';

const tags = ['newsletter'];

export function newsletterRoutes(app: ApiApp, ctx: ApiContext) {
  const { newsletter } = ctx;

  app.get(
    '/vsbridge/mailer/subscribe',
    { schema: { tags, summary: 'Subscription status: "subscribed" once confirmed, else "pending" or "unsubscribed"', querystring: statusQuery } },
    async (req) => ok(await newsletter.status(req.query.email)),
  );

  app.post(
    '/vsbridge/mailer/subscribe',
    { schema: { tags, summary: 'Subscribes: "pending" and a confirmation e-mail (link /newsletter/{email}/{code})', querystring: subscribeQuery, body: subscribeBody } },
    async (req, reply) => ok(await withRetryAfter(reply, () => newsletter.subscribe(req.body.email, requestStoreCode(req), req.ip))),
  );

  app.delete(
    '/vsbridge/mailer/subscribe',
    { schema: { tags, summary: 'Unsubscribes (e-mail in the body, or in the query)', querystring: unsubscribeQuery, body: unsubscribeBody } },
    async (req) => {
      const email = req.body?.email ?? req.query.email;
      if (!email) throw fieldError('email', 'validation.required');
      return ok(await newsletter.unsubscribe(email));
    },
  );

  app.get(
    '/vsbridge/mailer/mail-confirmation',
    { schema: { tags, summary: 'Confirms a subscription; the first confirmation answers a personal single-use 10 % coupon', querystring: confirmQuery } },
    async (req) => ok(await newsletter.confirm(req.query.email, req.query.code, requestStoreCode(req))),
  );

  app.post(
    '/vsbridge/mailer/mail-confirmation',
    { schema: { tags, summary: 'Confirms a subscription (POST form of the confirmation link)', querystring: subscribeQuery, body: confirmBody } },
    async (req) => ok(await newsletter.confirm(req.body.email, req.body.code, requestStoreCode(req))),
  );
}
