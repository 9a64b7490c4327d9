/** Cart routes (catalogue-and-cart.md §7 "Cart"; CONTRACTS.md "Cart, stock and order"). */
import { z } from 'zod';
import {
  DEFAULT_STORE_CODE,
  cartLineContract,
  cartTotalsContract,
  isStoreCode,
  paymentMethodContract,
  shippingInformationContract,
  shippingMethodContract,
  type StoreCode,
} from '@vitrina/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiApp, ApiContext } from '../context.ts';
import { answers, answersWithMeta } from '../http/answers.ts';
import { ok } from '../http/envelope.ts';
import type { CartRow, LinePricing } from './service.ts';
import type { HeldKind } from './held.ts';
import { requestToken } from '../http/request.ts';
import {
  cartQuery,
  collectTotalsBody,
  couponQuery,
  createBody,
  createQuery,
  deleteBody,
  shippingInformationBody,
  shippingMethodsBody,
  updateBody,
} from './schemas.ts';

const tags = ['cart'];

/** a write that changes the cart's money: its result, and with `withTotals` the totals after it */
const writeAnswers = <T extends z.ZodType>(result: T) =>
  answersWithMeta(result, z.strictObject({ totals: cartTotalsContract }));
/** a removal or a coupon's change answers `true` (the spec's answer) */
const done = writeAnswers(z.literal(true));

/**
 * The answer of a write that changes the cart's money: the spec's `result`; asked with `withTotals`,
 * also the cart's totals after it in `meta.totals` (what a following `cart/totals` answers), so the
 * storefront makes one round trip per change instead of the write, a pull and a totals. Opt-in: the
 * spec's answer of the write stays exactly `{ code, result }` for every other client.
 */
async function withTotals<T>(
  carts: ApiContext['cart'],
  req: FastifyRequest,
  cart: CartRow,
  store: StoreCode,
  result: T,
  /** the cart as the write left it, when the write answered it (no read after the write) */
  written?: CartRow,
  /** what the write priced its line for (an update's): its totals are priced for the same */
  pricing?: LinePricing,
) {
  if (!(req.query as { withTotals?: string }).withTotals) return ok(result);
  return { ...ok(result), meta: { totals: await carts.totalsAfterWrite(cart, store, written, pricing) } };
}

/** an answer written already (by the route's serialiser, or held: cart/held.ts), sent as it is */
function sendWritten(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}

export function cartRoutes(app: ApiApp, ctx: Pick<ApiContext, 'cart'>) {
  const { cart: carts } = ctx;
  /** the cart of a request (query validated by `cartQuery`) and its store view: the one asked, else the cart's */
  const open = async (req: FastifyRequest, stockSku?: string) => {
    const query = req.query as { cartId?: string; storeCode?: StoreCode };
    const cart = await carts.open(query.cartId, requestToken(req), undefined, stockSku);
    const store = query.storeCode ?? (isStoreCode(cart.store_code) ? cart.store_code : DEFAULT_STORE_CODE);
    return { cart, store };
  };
  /** `cart/pull` or `cart/totals`: the answer held or written anew (cart/held.ts), sent as it is */
  const heldRead = (kind: HeldKind) => async (req: FastifyRequest, reply: FastifyReply) => {
    const query = req.query as { cartId?: string; storeCode?: StoreCode };
    const body = await carts.readAnswer(kind, query.cartId, requestToken(req), query.storeCode, (answer) =>
      String(reply.serialize(ok(answer))),
    );
    return sendWritten(reply, body);
  };

  app.post(
    '/vsbridge/cart/create',
    {
      schema: {
        tags,
        summary: 'Creates a guest cart; answers its id (with a first line: the cart made with it)',
        response: answersWithMeta(
          z.string(),
          z.strictObject({ line: cartLineContract, totals: cartTotalsContract.optional() }),
        ),
        querystring: createQuery,
        body: createBody,
      },
    },
    async (req) => {
      const store = req.query.storeCode ?? DEFAULT_STORE_CODE;
      const token = requestToken(req);
      const id = await carts.create(store, token);
      const first = req.body?.cartItem;
      if (!first) return ok(id);
      // A shopper's first add in one round trip instead of a create and an update: the line goes in
      // as `cart/update` puts it (its checks, its answer). A refused line answers the update's refusal;
      // the cart stays, empty, as after a create followed by a refused update.
      const cart = await carts.open(id, token, undefined, first.sku);
      const { line, cart: written, pricing } = await carts.update(cart, store, first);
      if (!req.query.withTotals) return { ...ok(id), meta: { line } };
      return {
        ...ok(id),
        meta: { line, totals: await carts.totalsAfterWrite(cart, store, written, pricing) },
      };
    },
  );

  app.get(
    '/vsbridge/cart/pull',
    {
      schema: {
        tags,
        summary: 'The lines of a cart',
        response: answers(z.array(cartLineContract)),
        querystring: cartQuery,
      },
    },
    heldRead('pull'),
  );

  app.post(
    '/vsbridge/cart/update',
    {
      schema: {
        tags,
        summary: 'Adds a line or changes its quantity',
        response: writeAnswers(cartLineContract),
        querystring: cartQuery,
        body: updateBody,
      },
    },
    async (req) => {
      // the line's stock row is read with the cart (a round trip less on PostgreSQL)
      const { cart, store } = await open(req, req.body.cartItem.sku);
      const { line, cart: written, pricing } = await carts.update(cart, store, req.body.cartItem);
      return withTotals(carts, req, cart, store, line, written, pricing);
    },
  );

  app.post(
    '/vsbridge/cart/delete',
    { schema: { tags, summary: 'Removes a line', response: done, querystring: cartQuery, body: deleteBody } },
    async (req) => {
      const { cart, store } = await open(req);
      return withTotals(carts, req, cart, store, await carts.remove(cart, req.body.cartItem));
    },
  );

  app.get(
    '/vsbridge/cart/totals',
    {
      schema: {
        tags,
        summary: 'Totals in cents incl. tax',
        response: answers(cartTotalsContract),
        querystring: cartQuery,
      },
    },
    heldRead('totals'),
  );

  app.get(
    '/vsbridge/cart/payment-methods',
    {
      schema: {
        tags,
        summary: 'Payment methods (cash on delivery hidden for virtual carts)',
        response: answers(z.array(paymentMethodContract)),
        querystring: cartQuery,
      },
    },
    async (req) => {
      const { cart, store } = await open(req);
      return ok(await carts.paymentMethods(cart, store));
    },
  );

  app.post(
    '/vsbridge/cart/shipping-methods',
    {
      schema: {
        tags,
        summary: 'Shipping methods for an address',
        response: answers(z.array(shippingMethodContract)),
        querystring: cartQuery,
        body: shippingMethodsBody,
      },
    },
    async (req) => {
      const { cart, store } = await open(req);
      return ok(await carts.shippingMethods(cart, store, req.body.address.countryId));
    },
  );

  app.post(
    '/vsbridge/cart/shipping-information',
    {
      schema: {
        tags,
        summary: 'Stores the addresses and shipping method; answers totals and payment methods',
        response: answers(shippingInformationContract),
        querystring: cartQuery,
        body: shippingInformationBody,
      },
    },
    async (req) => {
      const { cart, store } = await open(req);
      return ok(await carts.shippingInformation(cart, store, req.body.addressInformation));
    },
  );

  app.post(
    '/vsbridge/cart/collect-totals',
    {
      schema: {
        tags,
        summary: 'Totals, optionally choosing payment and shipping methods',
        response: answers(cartTotalsContract),
        querystring: cartQuery,
        body: collectTotalsBody,
      },
    },
    async (req) => {
      const { cart, store } = await open(req);
      return ok(await carts.collectTotals(cart, store, req.body?.methods));
    },
  );

  app.post(
    '/vsbridge/cart/apply-coupon',
    {
      schema: {
        tags,
        summary: 'Applies a coupon (replacing any previous one)',
        response: done,
        querystring: couponQuery,
      },
    },
    async (req) => {
      const { cart, store } = await open(req);
      return withTotals(carts, req, cart, store, await carts.applyCoupon(cart, store, req.query.coupon));
    },
  );

  app.post(
    '/vsbridge/cart/delete-coupon',
    { schema: { tags, summary: 'Removes the coupon', response: done, querystring: cartQuery } },
    async (req) => {
      const { cart, store } = await open(req);
      return withTotals(carts, req, cart, store, await carts.deleteCoupon(cart));
    },
  );
}
