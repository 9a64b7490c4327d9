/**
 * Headers every answer of the shop carries, API and storefront alike: the
 * storefront is registered on the API's Fastify instance, and a storefront-only process (API_URL)
 * adds the same hook to its own instance.
 *
 * - `X-Content-Type-Options: nosniff`: a browser never runs an answer as another type than it says
 *   (a JSON answer echoing shopper text is not a script, an uploaded image is not HTML).
 * - `Referrer-Policy: strict-origin-when-cross-origin`: links to other sites see the shop's origin
 *   only, never a path that may carry a cart id or a reset token.
 * - `Strict-Transport-Security` when the request came over HTTPS (`request.protocol`, which takes
 *   X-Forwarded-Proto only when the proxy is trusted): over plain HTTP the header means nothing and
 *   would pin a development host to HTTPS.
 * - `Cache-Control: no-store` on personal API answers (cart, user, order, payment, admin, mail):
 *   no shared or browser cache keeps a copy of a cart, an account or an order.
 *
 * Page-specific headers (the Content-Security-Policy of HTML pages, no-store on personal pages) are
 * the storefront's (apps/server/src/page-security.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** first path segments (after /vsbridge/) of the API's personal answers */
const PERSONAL_API = /^\/(?:vsbridge|api)\/(?:cart|user|order|payment|admin|mail)(?:[/?]|$)/;
/** the providers' endpoints: /vsbridge/{neopay|mokilizingas}/payment/... */
const PAYMENT_API = /^\/(?:vsbridge|api)\/[a-z-]+\/payment(?:[/?]|$)/;

export function isPersonalApiPath(url: string): boolean {
  return PERSONAL_API.test(url) || PAYMENT_API.test(url);
}

export function addSecurityHeaders(app: FastifyInstance): void {
  // a callback hook, not an async one: the answer then leaves in the same turn as its `send` (an async
  // hook cost a promise and a microtask per answer, and a returned reply waited on its stream's end)
  app.addHook(
    'onSend',
    (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, payload: unknown) => void,
    ) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (isPersonalApiPath(request.url)) reply.header('cache-control', 'no-store');
      done(null, payload);
    },
  );
}
