/**
 * Payment routes (accounts-checkout-routes.md §7):
 *
 * - `GET /vsbridge/neopay/payment/banks/{clientId}`: banks to choose from (clientId: a country code
 *   LT/LV/EE narrows the list; anything else, e.g. the project id, gives all). Sandbox banks say so.
 * - `GET /vsbridge/neopay/payment/{tokenValue}/{bank}` (bank optional, `-` for none) and
 *   `GET /vsbridge/mokilizingas/payment/{tokenValue}`: redirect the browser to the provider.
 * - `GET /vsbridge/{neopay|mokilizingas}/payment/return?token=`: the provider sends the browser back;
 *   verified and applied, then redirected to the storefront's `/order-completed` page.
 * - `POST /vsbridge/{neopay|mokilizingas}/payment/notification` body `{ token }` (JSON or form):
 *   the provider's signed notification; 200 `{ status }`, 400 when not verified or the amount differs.
 * - `GET|POST /vsbridge/payment/sandbox/{slug}`: the sandbox provider page (no credentials only).
 */
import { bankContract } from '@vitrina/domain';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { sandboxPage } from './sandbox.ts';
import type { PaymentStatus } from './provider.ts';

const tags = ['payment'];
const slugSchema = z.enum(['neopay', 'mokilizingas']);
const tokenValue = z.string().trim().min(1).max(128);
const NAMES: Record<string, string> = { neopay: 'NEOPAY', mokilizingas: 'MOKILIZINGAS' };

const invalidSignature = () => new ApiError(400, 'payment.invalidSignature');

export function paymentRoutes(app: ApiApp, ctx: Pick<ApiContext, 'payments'>) {
  const payments = ctx.payments;

  app.get(
    '/vsbridge/neopay/payment/banks/:clientId',
    {
      schema: {
        tags,
        summary: 'Banks for the NEOPAY bank selector (sandbox banks are labelled "sandbox")',
        params: z.object({ clientId: z.string().trim().min(1).max(64) }),
        response: answers(z.array(bankContract)),
      },
    },
    async (req) => {
      const provider = await payments.provider('neopay');
      try {
        return ok(await (provider.banks?.(req.params.clientId) ?? Promise.resolve([])));
      } catch (err) {
        req.log.warn({ err }, 'NEOPAY bank list failed');
        throw new ApiError(502, 'payment.providerUnreachable');
      }
    },
  );

  // every provider: the return redirect and the notification
  for (const slug of slugSchema.options) {
    app.get(
      `/vsbridge/${slug}/payment/return`,
      {
        schema: {
          tags,
          summary: `${NAMES[slug]}: the browser comes back from the provider`,
          querystring: z
            .object({ token: z.string().max(8192).optional(), data: z.string().max(8192).optional() })
            .passthrough(),
        },
      },
      async (req, reply) => {
        const provider = await payments.provider(slug);
        const verified = provider.handleReturn(req.query as Record<string, unknown>);
        if (!verified) return reply.redirect(payments.orderPage(undefined, 'unverified'), 303);
        try {
          const { order } = await payments.apply(provider, verified, 'return');
          return reply.redirect(payments.orderPage(order), 303);
        } catch (err) {
          req.log.warn({ err, transactionId: verified.transactionId }, 'payment return refused');
          return reply.redirect(
            payments.orderPage(
              await payments.orderOfTransaction(provider, verified.transactionId),
              'unverified',
            ),
            303,
          );
        }
      },
    );
  }

  const bankParams = z.object({ tokenValue, bank: z.string().trim().min(1).max(32) });
  app.get(
    '/vsbridge/neopay/payment/:tokenValue/:bank',
    {
      schema: {
        tags,
        summary: 'Redirects to NEOPAY to pay the order of this cart (or order token) at the chosen bank',
        params: bankParams,
      },
    },
    async (req, reply) =>
      reply.redirect(await payments.start('neopay', req.params.tokenValue, req.params.bank), 302),
  );
  for (const slug of slugSchema.options)
    app.get(
      `/vsbridge/${slug}/payment/:tokenValue`,
      {
        schema: {
          tags,
          summary: `Redirects to ${NAMES[slug]} to pay the order of this cart (or order token)`,
          params: z.object({ tokenValue }),
        },
      },
      async (req, reply) => reply.redirect(await payments.start(slug, req.params.tokenValue), 302),
    );

  // ---- the notifications and the sandbox "provider" (forms post urlencoded: parsed only in this scope)
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => {
        done(
          null,
          Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
        );
      },
    );

    // the provider's notification: JSON `{ token }` or a form `token=...`
    for (const slug of slugSchema.options)
      scope.post(
        `/vsbridge/${slug}/payment/notification`,
        { schema: { tags, summary: `${NAMES[slug]}: the provider's signed notification ({ token })` } },
        async (req) => {
          const provider = await payments.provider(slug);
          const verified = provider.handleCallback(req.body);
          if (!verified) throw invalidSignature();
          const { status, changed, order } = await payments.apply(provider, verified, 'notification');
          return ok({ status, changed, orderNumber: order.increment_id });
        },
      );

    scope.get(
      '/vsbridge/payment/sandbox/:slug',
      { schema: { hide: true, params: z.object({ slug: slugSchema }) } },
      async (req, reply) => {
        const provider = await payments.provider(req.params.slug);
        const raw = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
        // NEOPAY's widget takes the token as the whole query; MOKILIZINGAS as ?token=
        const token = decodeURIComponent(raw.startsWith('token=') ? raw.slice(6) : raw);
        const request = provider.sandboxRequest?.(token);
        if (!request) throw invalidSignature();
        return reply
          .header('cache-control', 'no-store')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
          )
          .type('text/html; charset=utf-8')
          .send(sandboxPage(req.params.slug, NAMES[req.params.slug] ?? req.params.slug, token, request));
      },
    );

    scope.post(
      '/vsbridge/payment/sandbox/:slug',
      {
        schema: {
          hide: true,
          params: z.object({ slug: slugSchema }),
          body: z.object({ request: z.string().max(8192), outcome: z.enum(['paid', 'cancelled', 'failed']) }),
        },
      },
      async (req, reply) => {
        const provider = await payments.provider(req.params.slug);
        const answer = provider.sandboxAnswer?.(req.body.request, req.body.outcome as PaymentStatus);
        if (!answer) throw invalidSignature();
        // the provider posts its notification to the shop first, then sends the browser back
        const res = await app.inject({
          method: 'POST',
          url: `/vsbridge/${req.params.slug}/payment/notification`,
          payload: answer.notification,
        });
        if (res.statusCode !== 200)
          req.log.warn({ status: res.statusCode, body: res.body }, 'sandbox notification refused');
        return reply.redirect(answer.returnUrl, 303);
      },
    );
  });
}
