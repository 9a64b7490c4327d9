/**
 * User routes (accounts-checkout-routes.md §7 "Calls"). Every customer endpoint goes
 * through `ctx.auth.authenticate(request)` (token as `Authorization: Bearer` or `?token=`).
 * Login and refresh answer `{ code: 200, result: "<access token>", meta: { refreshToken } }`.
 */
import {
  claimContract,
  customerProfileContract,
  customerReviewContract,
  orderHistoryContract,
  sessionAnswerContract,
  type SessionAnswer,
} from '@vitrina/domain';
import { z } from 'zod';
import { bankTransferOf } from '../order/bank-transfer.ts';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers, answersWithMeta, bareAnswers } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import { t } from '../http/i18n.ts';
import { requestStoreCode, requestToken } from '../http/request.ts';
import { withRetryAfter } from '../auth/rate-limit.ts';
import type { TokenPair } from '../auth/service.ts';
import {
  changePasswordBody,
  createBody,
  createPasswordBody,
  historyQuery,
  loginBody,
  logoutBody,
  meBody,
  refreshBody,
  resetBody,
  userQuery,
} from './schemas.ts';

const tags = ['user'];

const tokenAnswer = (pair: TokenPair): SessionAnswer => ({
  code: 200,
  result: pair.accessToken,
  meta: { refreshToken: pair.refreshToken },
});

export function userRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'auth' | 'groupPricing' | 'reviews' | 'settings' | 'specialOffers' | 'users'>,
) {
  const { users, auth } = ctx;

  /** with GROUP_PRICING: meta also carries groupId and the signed groupToken (user/group-pricing.ts) */
  const sessionAnswer = async (pair: TokenPair) => {
    const base = tokenAnswer(pair);
    if (!ctx.groupPricing.enabled) return base;
    const principal = await auth.verify(pair.accessToken);
    const group = principal ? ctx.groupPricing.groupAnswer(principal.groupId) : undefined;
    return group ? { ...base, meta: { ...base.meta, ...group } } : base;
  };

  app.post(
    '/vsbridge/user/create',
    {
      schema: {
        tags,
        summary: 'Creates a customer account',
        querystring: userQuery,
        body: createBody,
        response: answers(customerProfileContract),
      },
    },
    async (req, reply) => {
      const customer = await withRetryAfter(reply, () =>
        users.create(req.body, requestStoreCode(req), req.ip),
      );
      // a demo shop's welcome offers (DEMO_SPECIAL_OFFERS; user/special-offers.ts)
      await ctx.specialOffers.giveDemoOffers(customer.id);
      return ok(customer);
    },
  );

  app.post(
    '/vsbridge/user/login',
    {
      schema: {
        tags,
        summary:
          'Logs in (username = e-mail); answers the access token and meta.refreshToken; rate-limited per account and address',
        querystring: userQuery,
        body: loginBody,
        response: bareAnswers(sessionAnswerContract),
      },
    },
    async (req, reply) =>
      sessionAnswer(
        await withRetryAfter(reply, () => users.login(req.body.username, req.body.password, req.ip)),
      ),
  );

  app.post(
    '/vsbridge/user/refresh',
    {
      schema: {
        tags,
        summary:
          'Rotates a refresh token; a token presented again within 10 s answers the same pair, later reuse ends the session',
        querystring: userQuery,
        body: refreshBody,
        response: bareAnswers(sessionAnswerContract),
      },
    },
    async (req) => sessionAnswer(await auth.refresh(req.body.refreshToken)),
  );

  app.post(
    '/vsbridge/user/logout',
    {
      schema: {
        tags,
        summary: 'Ends the session of the access token and/or of body.refreshToken',
        querystring: userQuery,
        body: logoutBody,
        response: answers(z.boolean()),
      },
    },
    async (req) => ok(await auth.endSession(requestToken(req), req.body?.refreshToken || undefined)),
  );

  app.get(
    '/vsbridge/user/me',
    {
      schema: {
        tags,
        summary: "The customer's profile (with GROUP_PRICING: group_token)",
        querystring: userQuery,
        response: answers(customerProfileContract),
      },
    },
    async (req) => {
      const profile = await users.me(await auth.authenticate(req));
      const group = ctx.groupPricing.groupAnswer(profile.group_id);
      return ok(group ? { ...profile, group_token: group.groupToken } : profile);
    },
  );

  app.post(
    '/vsbridge/user/me',
    {
      schema: {
        tags,
        summary:
          'Updates firstname, lastname, email and addresses (nothing else); a new e-mail needs currentPassword and notifies the old address; meta.message: "Account data has successfully been updated"',
        querystring: userQuery,
        body: meBody,
        response: answersWithMeta(customerProfileContract, z.strictObject({ message: z.string() })),
      },
    },
    async (req, reply) => {
      const principal = await auth.authenticate(req);
      const customer = await withRetryAfter(reply, () =>
        users.update(principal, req.body.customer, req.body.currentPassword),
      );
      return {
        code: 200 as const,
        result: customer,
        meta: { message: t('user.accountUpdated', requestStoreCode(req)) },
      };
    },
  );

  app.get(
    '/vsbridge/user/order-history',
    {
      schema: {
        tags,
        summary: "The customer's orders, newest first (pageSize 20, currentPage 1)",
        querystring: historyQuery,
        response: answers(orderHistoryContract),
      },
    },
    async (req) => {
      const history = await users.orderHistory(
        await auth.authenticate(req),
        req.query.pageSize,
        req.query.currentPage,
        req.query.storeCode,
      );
      // an unpaid bank transfer says where to pay, as on the thank-you page (the shop's account from its settings)
      const settings = await ctx.settings.get();
      return ok({
        ...history,
        items: history.items.map((o) => ({ ...o, bank_transfer: bankTransferOf(o, settings) })),
      });
    },
  );

  app.get(
    '/vsbridge/user/claims',
    {
      schema: {
        tags,
        summary: "The loyalty card: the customer's claims",
        querystring: userQuery,
        response: answers(z.array(claimContract)),
      },
    },
    async (req) => ok(await users.claims(await auth.authenticate(req))),
  );

  app.get(
    '/vsbridge/user/reviews',
    {
      schema: {
        tags,
        summary: "The customer's own reviews",
        querystring: userQuery,
        response: answers(z.array(customerReviewContract)),
      },
    },
    async (req) => ok(await ctx.reviews.byCustomer((await auth.authenticate(req)).customerId)),
  );

  app.post(
    '/vsbridge/user/reset-password',
    {
      schema: {
        tags,
        summary:
          'E-mails a password reset link (through the outbox); answers true whether or not the address has an account; rate-limited',
        querystring: userQuery,
        body: resetBody,
        response: answers(z.literal(true)),
      },
    },
    async (req, reply) =>
      ok(
        await withRetryAfter(reply, () =>
          users.requestPasswordReset(req.body.email, requestStoreCode(req), req.ip),
        ),
      ),
  );

  for (const path of ['/vsbridge/user/create-password', '/vsbridge/user/change-reset-password']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Sets a new password with the reset token of the e-mail; ends every session',
          querystring: userQuery,
          body: createPasswordBody,
          response: answers(z.string()),
        },
      },
      async (req) => {
        await users.resetPassword(req.body);
        return ok(t('user.passwordChanged', requestStoreCode(req)));
      },
    );
  }

  app.post(
    '/vsbridge/user/change-password',
    {
      schema: {
        tags,
        summary: "Changes the logged-in customer's password; ends the other sessions",
        querystring: userQuery,
        body: changePasswordBody,
        response: answers(z.string()),
      },
    },
    async (req, reply) => {
      const principal = await auth.authenticate(req);
      await withRetryAfter(reply, () =>
        users.changePassword(principal, req.body.currentPassword, req.body.newPassword),
      );
      return ok(t('user.passwordChanged', requestStoreCode(req)));
    },
  );
}
