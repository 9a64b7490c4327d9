/**
 * Newsletter routes (accounts-checkout-routes.md §7): `GET|POST|DELETE /mailer/subscribe`,
 * `GET /mailer/mail-confirmation?email&code` and `POST /mailer/mail-confirmation` { email, code };
 * `GET|POST /mailer/unsubscribe?email&sig`, the newsletter e-mails' one-click unsubscribe link
 * (unsubscribe.ts), which needs no account.
 */
import type { ApiApp, ApiContext } from '../context.ts';
import { withRetryAfter } from '../auth/rate-limit.ts';
import { ok } from '../http/envelope.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, fieldError, ruleError, unauthorized } from '../http/errors.ts';
import { normaliseEmail } from '../user/service.ts';
import { requestStoreCode } from '../http/request.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STORE_VIEWS,
  newsletterConfirmationContract,
  subscriptionStatusContract,
  type StoreCode,
} from '@vitrina/domain';
import { answers } from '../http/answers.ts';
import {
  confirmBody,
  confirmQuery,
  statusQuery,
  subscribeBody,
  subscribeQuery,
  unsubscribeBody,
  unsubscribeLinkQuery,
  unsubscribeQuery,
} from './schemas.ts';
import { PAGE_CSP, UNSUBSCRIBE_PATH, unsubscribePage, type UnsubscribePage } from './unsubscribe.ts';

const tags = ['newsletter'];

export function newsletterRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'auth' | 'config' | 'newsletter' | 'users'>,
) {
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
        response: answers(subscriptionStatusContract),
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
        response: answers(subscriptionStatusContract),
      },
    },
    async (req, reply) => {
      const own = await ownEmail(req);
      return ok(
        await withRetryAfter(reply, () =>
          newsletter.subscribe(req.body.email, requestStoreCode(req), req.ip, own),
        ),
      );
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
        response: answers(subscriptionStatusContract),
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
    {
      schema: {
        tags,
        summary: 'Confirms a subscription; the first confirmation answers a personal single-use 10 % coupon',
        querystring: confirmQuery,
        response: answers(newsletterConfirmationContract),
      },
    },
    async (req) => ok(await newsletter.confirm(req.query.email, req.query.code, requestStoreCode(req))),
  );

  app.post(
    '/vsbridge/mailer/mail-confirmation',
    {
      schema: {
        tags,
        summary: 'Confirms a subscription (POST form of the confirmation link)',
        querystring: subscribeQuery,
        body: confirmBody,
        response: answers(newsletterConfirmationContract),
      },
    },
    async (req) => ok(await newsletter.confirm(req.body.email, req.body.code, requestStoreCode(req))),
  );

  // ---- the one-click unsubscribe link (mail clients post a form: parsed only in this scope)
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // RFC 8058: the body is `List-Unsubscribe=One-Click`, urlencoded or multipart; the link's
    // signature is what authorises, so the body is read and left aside
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) =>
        done(null, {}),
      );

    // an error is the API's envelope, as every error of the API is; the same for every address
    const invalidLink = () => ruleError('newsletter.invalidUnsubscribeLink', undefined, 'sig');
    const page = (reply: FastifyReply, store: StoreCode, status: number, p: UnsubscribePage) =>
      reply
        .code(status)
        .header('cache-control', 'no-store')
        .header('content-security-policy', PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(unsubscribePage(store, `${ctx.config.publicUrl}${STORE_VIEWS[store].urlPrefix}/`, p));

    scope.get(
      UNSUBSCRIBE_PATH,
      {
        schema: {
          tags,
          summary: "The newsletter e-mails' unsubscribe link: a page asking to confirm (no account needed)",
          querystring: unsubscribeLinkQuery,
        },
      },
      async (req, reply) => {
        const store = requestStoreCode(req);
        const { email, sig } = req.query;
        if (!newsletter.unsubscribeSignatureMatches(email, sig)) throw invalidLink();
        const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams({ storeCode: store, email: normaliseEmail(email), sig }).toString()}`;
        return page(reply, store, 200, { kind: 'confirm', email: normaliseEmail(email), action });
      },
    );

    scope.post(
      UNSUBSCRIBE_PATH,
      {
        schema: {
          tags,
          summary:
            'Unsubscribes the address of a signed unsubscribe link (RFC 8058 one-click POST; no account needed)',
          querystring: unsubscribeLinkQuery,
        },
      },
      async (req, reply) => {
        const store = requestStoreCode(req);
        const { email, sig } = req.query;
        if (!newsletter.unsubscribeSignatureMatches(email, sig)) throw invalidLink();
        await newsletter.unsubscribe(email);
        return page(reply, store, 200, { kind: 'done', email: normaliseEmail(email) });
      },
    );
  });
}
