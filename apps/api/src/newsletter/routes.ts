/**
 * Newsletter routes (accounts-checkout-routes.md §7): `GET|POST|DELETE /mailer/subscribe`,
 * `GET /mailer/mail-confirmation?email&code` and `POST /mailer/mail-confirmation` { email, code }.
 */
import type { ApiApp, ApiContext } from '../context.ts';
import { withRetryAfter } from '../auth/rate-limit.ts';
import { ok } from '../http/envelope.ts';
import type { FastifyRequest } from 'fastify';
import { ApiError, fieldError, unauthorized } from '../http/errors.ts';
import { normaliseEmail } from '../user/service.ts';
import { requestStoreCode } from '../http/request.ts';
import { confirmBody, confirmQuery, statusQuery, subscribeBody, subscribeQuery, unsubscribeBody, unsubscribeQuery } from './schemas.ts';

const tags = ['newsletter'];

export function newsletterRoutes(app: ApiApp, ctx: ApiContext) {
  const { newsletter } = ctx;

  /** the e-mail of the request's customer (undefined for a guest; 401 for a bad token) */
  const ownEmail = async (req: FastifyRequest) => {
    const principal = await ctx.auth.optionalAuthenticate(req);
    return principal ? (await ctx.users.me(principal)).email : undefined;
  };

  app.get(
    '/vsbridge/mailer/subscribe',
    {
      schema: {
        tags,
        summary:
          'Subscription status of the logged-in customer\'s own e-mail: "subscribed" once confirmed, else "pending" or "unsubscribed" (401 without a token, 403 for another address)',
        querystring: statusQuery,
      },
    },
    async (req) => {
      const own = await ownEmail(req);
      if (own === undefined) throw unauthorized('user.loginRequired');
      if (normaliseEmail(req.query.email) !== own) throw new ApiError(403, 'newsletter.notYourAddress');
      return ok(await newsletter.status(own));
    },
  );

  app.post(
    '/vsbridge/mailer/subscribe',
    {
      schema: {
        tags,
        summary:
          'Subscribes: "pending" and a confirmation e-mail (link /newsletter/{email}/{code}); an address already subscribed answers "subscribed" to its logged-in owner only',
        querystring: subscribeQuery,
        body: subscribeBody,
      },
    },
    async (req, reply) => {
      const own = await ownEmail(req);
      return ok(await withRetryAfter(reply, () => newsletter.subscribe(req.body.email, requestStoreCode(req), req.ip, own)));
    },
  );

  app.delete(
    '/vsbridge/mailer/subscribe',
    {
      schema: {
        tags,
        summary:
          "Unsubscribes the logged-in customer's own e-mail (in the body, or in the query); 401 without a token, 403 for another address",
        querystring: unsubscribeQuery,
        body: unsubscribeBody,
      },
    },
    async (req) => {
      const email = req.body?.email ?? req.query.email;
      if (!email) throw fieldError('email', 'validation.required');
      // nobody takes another's subscription away: the storefront unsubscribes from the account page
      const own = await ownEmail(req);
      if (own === undefined) throw unauthorized('user.loginRequired');
      if (normaliseEmail(email) !== own) throw new ApiError(403, 'newsletter.notYourAddressUnsubscribe');
      return ok(await newsletter.unsubscribe(own));
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
