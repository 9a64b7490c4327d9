/** Shop data routes: home page, pickup points, country list. */
import { z } from 'zod';
import {
  DEFAULT_STORE_CODE,
  checkoutOptionsContract,
  countryContract,
  deliveryOptionsContract,
  homePageContract,
  pickupPointContract,
  storeInfoContract,
} from '@vitrina/domain';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import { requestToken } from '../http/request.ts';
import { deliveryQuery, pickupQuery, storeQuery } from './schemas.ts';
import { sharedShopReads } from './shared-reads.ts';

const tags = ['shop'];

export function shopRoutes(app: ApiApp, ctx: Pick<ApiContext, 'catalog' | 'shop' | 'cart'>) {
  const shared = sharedShopReads(ctx);
  app.get(
    '/vsbridge/home-page',
    {
      schema: {
        tags,
        summary: 'Banners, sliders and shop configuration',
        querystring: storeQuery,
        response: answers(homePageContract),
      },
    },
    async (req) => ok(await shared.homePage(req.query.storeCode ?? DEFAULT_STORE_CODE, req.log)),
  );

  app.get(
    '/vsbridge/shop/delivery-options',
    {
      schema: {
        tags,
        summary:
          "Shipping methods (fees incl. that country's VAT, as checkout charges) and payment methods of a delivery country (default: the store view's own)",
        querystring: deliveryQuery,
        response: answers(deliveryOptionsContract),
      },
    },
    async (req) => {
      const store = req.query.storeCode ?? DEFAULT_STORE_CODE;
      return ok(
        req.query.countryId
          ? await ctx.cart.deliveryOptions(store, req.query.countryId)
          : await shared.deliveryOptions(store),
      );
    },
  );

  app.get(
    '/vsbridge/shop/checkout-options',
    {
      schema: {
        tags,
        summary:
          'Per delivery country: shipping and payment methods with fees incl. VAT (cached by the storefront for an offline checkout)',
        querystring: storeQuery,
        response: answers(checkoutOptionsContract),
      },
    },
    async (req) => ok(await ctx.cart.checkoutOptions(req.query.storeCode ?? DEFAULT_STORE_CODE)),
  );

  app.get(
    '/vsbridge/store-info',
    {
      schema: {
        tags,
        summary: "The seller's details and the payment and delivery methods by name (the footer)",
        querystring: storeQuery,
        response: answers(storeInfoContract),
      },
    },
    async (req) => ok(await shared.storeInfo(req.query.storeCode ?? DEFAULT_STORE_CODE)),
  );

  app.post(
    '/vsbridge/pickup-points/',
    {
      schema: {
        tags,
        summary: "Pickup points of a carrier in the cart's country",
        querystring: pickupQuery,
        response: answers(z.array(pickupPointContract)),
      },
    },
    async (req) => {
      const q = req.query;
      let country = q.countryId ?? null;
      if (q.cartId) {
        const cart = await ctx.cart.open(q.cartId, requestToken(req));
        const address = cart.shipping_address as { countryId?: unknown } | null;
        country =
          cart.country_id ?? (typeof address?.countryId === 'string' ? address.countryId : null) ?? country;
      }
      return ok(await ctx.shop.pickupPoints(q.code, country));
    },
  );

  app.get(
    '/vsbridge/country/list/',
    {
      schema: {
        tags,
        summary: 'Delivery countries with localized names',
        querystring: storeQuery,
        response: answers(z.array(countryContract)),
      },
    },
    async (req) => ok(ctx.shop.countries(req.query.storeCode ?? DEFAULT_STORE_CODE)),
  );
}
