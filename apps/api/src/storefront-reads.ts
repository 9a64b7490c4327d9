/**
 * The reads of a server render, without HTTP: a storefront in the same process as the
 * API (apps/server) calls these instead of sending its loaders' GET requests through Fastify. Each
 * answers what the route's JSON would be (the search response; the envelope's `result` of the shop
 * routes) after the route's own validation of the same query, from the same services and caches.
 *
 * The answer may be a cached object shared with other requests: callers read it, never change it.
 * Anything the routes would refuse or fail on rejects here; the caller then asks the route itself
 * (apps/web api-client/api.ts), so an error answers exactly as over HTTP.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_STORE_CODE } from '@vitrina/domain';
import type { ApiContext } from './context.ts';
import { catalogSearch } from './catalog/routes.ts';
import { searchParams, searchQuery } from './catalog/schemas.ts';
import { storeQuery } from './shop/schemas.ts';
import { sharedShopReads } from './shop/shared-reads.ts';

export interface StorefrontReads {
  /** `GET /vsbridge/catalog/{index}/{type}/_search?{query}`: the search response */
  search(index: string, type: string, query: Record<string, string>): Promise<object>;
  /** `GET /vsbridge/home-page?storeCode=`: banners, slider and shop configuration */
  homePage(storeCode: string): Promise<object>;
  /** `GET /vsbridge/store-info?storeCode=`: the seller's details, payment and delivery methods */
  storeInfo(storeCode: string): Promise<object>;
  /** `GET /vsbridge/shop/delivery-options?storeCode=`: shipping fees and payment methods */
  deliveryOptions(storeCode: string): Promise<object>;
}

/** the reason a read is left to the route: its input would be refused there (with the route's words) */
export class NotReadDirectly extends Error {}

function storeOf(storeCode: string) {
  const q = storeQuery.safeParse({ storeCode });
  if (!q.success) throw new NotReadDirectly('storeCode');
  return q.data.storeCode ?? DEFAULT_STORE_CODE;
}

export function createStorefrontReads(ctx: Pick<ApiContext, 'cart' | 'catalog' | 'groupPricing' | 'shop'>): StorefrontReads {
  const search = catalogSearch(ctx);
  const shop = sharedShopReads(ctx);
  return {
    async search(index, type, query) {
      const params = searchParams.safeParse({ index, type });
      const q = searchQuery.safeParse(query);
      if (!params.success || !q.success) throw new NotReadDirectly('search query');
      const { request, ...rest } = q.data;
      // a server render reads as a guest: no customer token, the group token only if asked with one
      return search(params.data, rest, request, null);
    },
    homePage: async (storeCode) => shop.homePage(storeOf(storeCode)),
    storeInfo: async (storeCode) => shop.storeInfo(storeOf(storeCode)),
    deliveryOptions: async (storeCode) => shop.deliveryOptions(storeOf(storeCode)),
  };
}

const readsOfApp = new WeakMap<object, StorefrontReads>();

/** buildApi: the reads of this API instance */
export function registerStorefrontReads(app: object, ctx: Pick<ApiContext, 'cart' | 'catalog' | 'groupPricing' | 'shop'>): void {
  readsOfApp.set(app, createStorefrontReads(ctx));
}

/** the in-process reads of an API built by buildApi (apps/server wires them into the render) */
export function storefrontReadsOf(app: FastifyInstance): StorefrontReads {
  const reads = readsOfApp.get(app);
  if (!reads) throw new Error('not an API built by buildApi');
  return reads;
}
