/** What the API reads from every request: its store view and its customer token. */
import { DEFAULT_STORE_CODE, isStoreCode, storeViewByIndex, type StoreCode } from '@vitrina/domain';
import type { FastifyRequest } from 'fastify';

/**
 * The store view of a request (CONTRACTS.md "the store view of a request: query storeCode"): the
 * `storeCode` query parameter, else the catalogue index of a search path, else lt. Read from the raw
 * query so that it also works for answers to invalid requests.
 */
export function requestStoreCode(req: FastifyRequest): StoreCode {
  const query = req.query as Record<string, unknown> | undefined;
  // no query when the router refused the URL (frameworkErrors): read storeCode from the raw URL
  const code = query ? query.storeCode : rawStoreCode(req.url);
  if (isStoreCode(code)) return code;
  const params = req.params as Record<string, unknown> | undefined;
  if (typeof params?.index === 'string') {
    const view = storeViewByIndex(params.index);
    if (view) return view.storeCode;
  }
  return DEFAULT_STORE_CODE;
}

/** the customer token of a request: `Authorization: Bearer`, or `?token=` on the spec's routes that pass it so */
/**
 * The routes whose spec passes the customer's access token in the query (`?token=`): the user's
 * profile, order history, password changes and special offers, every cart call ("each call carries
 * token and cartId in the query"), and the product render list (accounts-checkout-routes.md §7,
 * catalogue-and-cart.md). Every other route takes it in `Authorization: Bearer` only: a token in a
 * URL ends up in logs, browser history and Referer headers.
 */
export const QUERY_TOKEN_ROUTES: ReadonlySet<string> = new Set([
  '/vsbridge/user/me',
  '/vsbridge/user/order-history',
  '/vsbridge/user/change-password',
  '/vsbridge/user/change-reset-password',
  '/vsbridge/user/special-offers',
  '/vsbridge/products/render-list',
  '/vsbridge/cart/create',
  '/vsbridge/cart/pull',
  '/vsbridge/cart/update',
  '/vsbridge/cart/delete',
  '/vsbridge/cart/totals',
  '/vsbridge/cart/payment-methods',
  '/vsbridge/cart/shipping-methods',
  '/vsbridge/cart/shipping-information',
  '/vsbridge/cart/collect-totals',
  '/vsbridge/cart/apply-coupon',
  '/vsbridge/cart/delete-coupon',
]);

export function requestToken(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  if (typeof auth === 'string' && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim() || undefined;
  if (!QUERY_TOKEN_ROUTES.has(req.routeOptions?.url ?? '')) return undefined;
  const token = (req.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

function rawStoreCode(url: string): string | null {
  const at = url.indexOf('?');
  return at < 0 ? null : new URLSearchParams(url.slice(at + 1)).get('storeCode');
}
