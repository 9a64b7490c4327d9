/**
 * Catalogue routes: search of every entity type, the product render list and the URL mapper.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DEFAULT_STORE_CODE,
  STORE_CODES,
  STORE_VIEWS,
  normalisePaging,
  parseSort,
  searchRequestSchema,
  storeViewByIndex,
  type SearchRequest,
  type StoreCode,
} from '@vitrina/domain';
import { fieldError } from '../http/errors.ts';
import { requestToken } from '../http/request.ts';
import { ok } from '../http/envelope.ts';
import type { ApiApp, ApiContext } from '../context.ts';
import { fieldList } from '../lib/projection.ts';
import { storeQuery } from '../http/validation.ts';
import { renderListQuery, searchParams, searchQuery, urlMapBody } from './schemas.ts';
import type { SearchType } from './service.ts';
import { mapUrl } from './url-map.ts';

const asList = (v: string[] | string | null | undefined) => (v == null ? undefined : fieldList(v));

/**
 * The JSON text of each cached search answer, made once: the cache hands out the same object for the
 * same query on the same catalogue version, so a repeated query (the menu on every server render)
 * is not serialised again.
 */
const serialized = new WeakMap<object, string>();
function sendJson(reply: FastifyReply, answer: object) {
  let text = serialized.get(answer);
  if (text === undefined) {
    text = JSON.stringify(answer);
    serialized.set(answer, text);
  }
  return reply.type('application/json; charset=utf-8').send(text);
}

export function catalogRoutes(app: ApiApp, ctx: ApiContext) {
  const storeOfIndex = (index: string, storeCode: StoreCode | undefined): StoreCode => {
    const view = storeViewByIndex(index);
    if (!view)
      throw fieldError('index', 'validation.invalidOption', {
        options: STORE_CODES.map((c) => STORE_VIEWS[c].index).join(', '),
      });
    return storeCode ?? view.storeCode;
  };
  const typeOf = (type: string): SearchType =>
    type === 'product_c' || type === 'product_s' ? 'product' : (type as SearchType);

  type SearchQuery = z.output<typeof searchQuery>;
  const search = (
    params: z.output<typeof searchParams>,
    q: Omit<SearchQuery, 'request'>,
    request: SearchRequest | undefined,
  ) =>
    ctx.catalog.search({
      type: typeOf(params.type),
      storeCode: storeOfIndex(params.index, q.storeCode),
      request: request ?? {},
      ...normalisePaging({ from: q.from, size: q.size }),
      sort: q.sort ? (parseSort(q.sort) ?? undefined) : undefined,
      projection: {
        include: fieldList(q._source_include ?? q._source_includes),
        exclude: fieldList(q._source_exclude ?? q._source_excludes),
      },
    });

  /** customer-group price tiers (GROUP_PRICING; user/group-pricing.ts): percent off for this request */
  const tierOf = (req: FastifyRequest, groupToken?: string | null, groupId?: number | string | null) =>
    ctx.groupPricing.enabled ? ctx.groupPricing.tierOf({ groupToken, token: requestToken(req), groupId }) : Promise.resolve(0);
  const pricedSearch = async (
    req: FastifyRequest,
    params: z.output<typeof searchParams>,
    q: Omit<SearchQuery, 'request'>,
    request: SearchRequest | undefined,
  ) => {
    const result = await search(params, q, request);
    const pct = typeOf(params.type) === 'product' ? await tierOf(req, q.groupToken) : 0;
    if (!pct) return result;
    const hits = result.hits.hits.map((h) => ({ ...h, _source: ctx.groupPricing.price([h._source], pct)[0] as typeof h._source }));
    return { ...result, hits: { ...result.hits, hits } };
  };

  app.get(
    '/vsbridge/catalog/:index/:type/_search',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Catalogue search (answers a search response, not the envelope)',
        description: 'The `request` parameter is the JSON of the POST body schema of this path, URL-encoded.',
        params: searchParams,
        querystring: searchQuery,
      },
    },
    async (req, reply) => sendJson(reply, await pricedSearch(req, req.params, req.query, req.query.request)),
  );

  app.post(
    '/vsbridge/catalog/:index/:type/_search',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Catalogue search with the request as the JSON body',
        params: searchParams,
        querystring: searchQuery.omit({ request: true }),
        body: searchRequestSchema.optional(),
      },
    },
    async (req, reply) => sendJson(reply, await pricedSearch(req, req.params, req.query, req.body)),
  );

  app.get(
    '/vsbridge/products/render-list',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product documents by skus (fresh prices)',
        querystring: renderListQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const store =
        q.storeCode ?? STORE_CODES.find((c) => STORE_VIEWS[c].storeId === q.storeId) ?? DEFAULT_STORE_CODE;
      const items = await ctx.catalog.productsBySkus(store, [...new Set(q.skus)]);
      return ok({ items: ctx.groupPricing.price(items, await tierOf(req, q.groupToken, q.userGroupId)) });
    },
  );

  app.post(
    '/api/url/map',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Maps a storefront path to a product, category or CMS page (answers the hit or null)',
        querystring: storeQuery,
        body: urlMapBody,
      },
    },
    async (req) => {
      const b = req.body;
      const projection = { include: asList(b.includeFields), exclude: asList(b.excludeFields) };
      const hit = await mapUrl(ctx.catalog, b.url, projection, req.query.storeCode);
      const pct = hit?._type === 'product' ? await tierOf(req, b.groupToken, b.groupId) : 0;
      return pct && hit ? { ...hit, _source: ctx.groupPricing.price([hit._source], pct)[0] } : hit;
    },
  );
}
