/**
 * Special offers (accounts-checkout-routes.md §7 "GET special offers with query token"): the
 * customer's own offers, and the admin call that sets them.
 */
import { specialOfferContract, specialOffersReplaceSchema } from '@vitrina/domain';
import { z } from 'zod';
import { answers } from '../http/answers.ts';
import type { ApiApp, ApiContext } from '../context.ts';
import { staffArea } from '../staff/guard.ts';
import { staffPrincipal } from '../staff/routes.ts';
import { audit } from '../staff/audit.ts';
import { ok } from '../http/envelope.ts';
import { requestStoreCode } from '../http/request.ts';
import { userQuery } from './schemas.ts';

export function specialOfferRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'auth' | 'database' | 'specialOffers' | 'staffSessions'>,
) {
  app.get(
    '/vsbridge/user/special-offers',
    {
      schema: {
        tags: ['user'],
        summary:
          "The customer's special offers: [{ id (product id), final_price, price_incl_tax (cents), id_variant, option_comments, sku, quantity, label, valid_until }]",
        querystring: userQuery,
        response: answers(z.array(specialOfferContract)),
      },
    },
    async (req) => ok(await ctx.specialOffers.list((await ctx.auth.authenticate(req)).customerId)),
  );

  app.put(
    '/vsbridge/admin/special-offers',
    {
      onRequest: staffArea(ctx, 'accounts'),
      schema: {
        tags: ['admin'],
        summary: "Replaces a customer's special offers (money in cents); a staff session of role admin",
        querystring: userQuery,
        body: specialOffersReplaceSchema,
      },
    },
    async (req) => {
      const result = await ctx.specialOffers.replace(req.body.email, req.body.offers, requestStoreCode(req));
      await audit(ctx.database, staffPrincipal(req), 'special-offers.replace', `customer:${req.body.email}`, {
        offers: req.body.offers.length,
      });
      return ok(result);
    },
  );
}
