/**
 * Catalogue routes: search of every entity type, the product render list and the URL mapper.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CMS_LIST_SIZE,
  CMS_MAX_SIZE,
  DEFAULT_STORE_CODE,
  PRODUCT_SEARCH_MAX_SIZE,
  STORE_CODES,
  STORE_VIEWS,
  normalisePaging,
  parseSort,
  productDocumentContract,
  productLoadError,
  searchRequestSchema,
  singleDocumentContract,
  storeViewByIndex,
  urlMapCacheTags,
  urlMapHitContract,
  type UrlMapHitAnswer,
  type ProductDocument,
  type SearchRequest,
  type StoreCode,
} from '@vitrina/domain';
import { fieldError, ruleError } from '../http/errors.ts';
import { requestToken } from '../http/request.ts';
import { BASE_PRICING } from '../user/group-pricing.ts';
import { ok } from '../http/envelope.ts';
import { answers, bareAnswers } from '../http/answers.ts';
import type { ApiApp, ApiContext } from '../context.ts';
import { fieldList, project, type Projection } from '../lib/projection.ts';
import { storeQuery } from '../http/validation.ts';
import {
  bestsellersQuery,
  renderListQuery,
  searchParams,
  searchQuery,
  singleQuery,
  urlMapBody,
} from './schemas.ts';
import type { SearchType } from './service.ts';
import { mapUrl, storeOfPath } from './url-map.ts';
import { answerJson } from './cache.ts';
import { Bestsellers } from './bestsellers.ts';

const asList = (v: string[] | string | null | undefined) => (v == null ? undefined : fieldList(v));

/**
 * A list of product documents (the render list, the bestsellers). With `_source_include` or
 * `_source_exclude` each is a part of the document: the compiled serialiser requires no field
 * (http/answers.ts), so one contract serves both.
 */
const productList = answers(z.strictObject({ items: z.array(productDocumentContract) }));

/** an answer as JSON, serialised once per answer object (cache.ts `answerJson`) */
function sendJson(reply: FastifyReply, answer: object) {
  return reply.type('application/json; charset=utf-8').send(answerJson(answer));
}

type SearchQuery = z.output<typeof searchQuery>;

const typeOf = (type: string): SearchType =>
  type === 'product_c' || type === 'product_s' ? 'product' : (type as SearchType);

/**
 * The catalogue search of `GET|POST /vsbridge/catalog/:index/:type/_search` without its request:
 * the route calls it, and so does a server render in the same process (storefront-reads.ts).
 * `token`: the customer's access token, if any (their group's prices).
 */
export function catalogSearch(ctx: Pick<ApiContext, 'catalog' | 'groupPricing'>) {
  const storeOfIndex = (index: string, storeCode: StoreCode | undefined): StoreCode => {
    const view = storeViewByIndex(index);
    if (!view)
      throw fieldError('index', 'validation.invalidOption', {
        options: STORE_CODES.map((c) => STORE_VIEWS[c].index).join(', '),
      });
    return storeCode ?? view.storeCode;
  };

  /**
   * Paging: catalogue-and-cart.md §5 (size ≤ 0 → 50, negative start → 0); CMS pages and blocks at most
   * 500 per query, 150 when not given (§9 "CMS pages and blocks"); products at most
   * PRODUCT_SEARCH_MAX_SIZE (the schema's 4000 is the category list's).
   */
  const paging = (type: SearchType, q: { from?: number | undefined; size?: number | undefined }) => {
    if (type === 'product' && q.size !== undefined && q.size > PRODUCT_SEARCH_MAX_SIZE)
      throw fieldError('size', 'validation.tooBig', { max: PRODUCT_SEARCH_MAX_SIZE });
    const cms = type === 'cms_page' || type === 'cms_block' || type === 'cms_hierarchy';
    if (cms && q.size !== undefined && q.size > CMS_MAX_SIZE)
      throw fieldError('size', 'validation.tooBig', { max: CMS_MAX_SIZE });
    const defaulted = cms && (q.size === undefined || q.size <= 0) ? CMS_LIST_SIZE : q.size;
    return normalisePaging({ from: q.from, size: defaulted });
  };
  const projectionOf = (q: Omit<SearchQuery, 'request'>): Projection => ({
    include: fieldList(q._source_include ?? q._source_includes),
    exclude: fieldList(q._source_exclude ?? q._source_excludes),
  });
  /** `whole`: the documents unprojected (a group's prices need their tax class and net prices) */
  const search = (
    params: z.output<typeof searchParams>,
    q: Omit<SearchQuery, 'request'>,
    request: SearchRequest | undefined,
    whole = false,
  ) =>
    ctx.catalog.search({
      type: typeOf(params.type),
      storeCode: storeOfIndex(params.index, q.storeCode),
      request: request ?? {},
      ...paging(typeOf(params.type), q),
      sort: q.sort ? (parseSort(q.sort) ?? undefined) : undefined,
      projection: whole ? {} : projectionOf(q),
    });

  /** customer-group pricing (GROUP_PRICING; user/group-pricing.ts): the tier and tax class of this request */
  const pricingOf = (token: string | null | undefined, groupToken?: string | null) =>
    ctx.groupPricing.enabled
      ? ctx.groupPricing.pricingOf({ groupToken, token })
      : Promise.resolve(BASE_PRICING);
  return async (
    params: z.output<typeof searchParams>,
    q: Omit<SearchQuery, 'request'>,
    request: SearchRequest | undefined,
    token: string | null | undefined,
  ) => {
    const pricing = typeOf(params.type) === 'product' ? await pricingOf(token, q.groupToken) : BASE_PRICING;
    if (pricing === BASE_PRICING) return search(params, q, request);
    // priced whole, then projected as asked
    const result = await search(params, q, request, true);
    const projection = projectionOf(q);
    const sources = await ctx.groupPricing.price(
      result.hits.hits.map((h) => h._source),
      pricing,
      storeOfIndex(params.index, q.storeCode),
    );
    const hits = result.hits.hits.map((h, i) => ({
      ...h,
      _source: project(sources[i] as typeof h._source, projection),
    }));
    return { ...result, hits: { ...result.hits, hits } };
  };
}

export function catalogRoutes(
  app: ApiApp,
  ctx: Pick<ApiContext, 'catalog' | 'config' | 'database' | 'groupPricing'>,
) {
  const storeOfIndex = (index: string, storeCode: StoreCode | undefined): StoreCode => {
    const view = storeViewByIndex(index);
    if (!view)
      throw fieldError('index', 'validation.invalidOption', {
        options: STORE_CODES.map((c) => STORE_VIEWS[c].index).join(', '),
      });
    return storeCode ?? view.storeCode;
  };
  const searchCatalog = catalogSearch(ctx);
  /** customer-group pricing (GROUP_PRICING; user/group-pricing.ts): the tier and tax class of this request */
  const pricingOf = (req: FastifyRequest, groupToken?: string | null, groupId?: number | string | null) =>
    ctx.groupPricing.enabled
      ? ctx.groupPricing.pricingOf({ groupToken, token: requestToken(req), groupId })
      : Promise.resolve(BASE_PRICING);
  const pricedSearch = (
    req: FastifyRequest,
    params: z.output<typeof searchParams>,
    q: Omit<SearchQuery, 'request'>,
    request: SearchRequest | undefined,
  ) => searchCatalog(params, q, request, requestToken(req));

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

  /**
   * One document by a key (catalogue-and-cart.md §4 "Product load", §8 "Other rules"): a product
   * lookup needs its search key and a variant lookup its parentSku (400 naming what is missing); a
   * product that does not load answers 404 with its reason (disabled, not visible individually); a
   * category or CMS lookup without a hit answers 404 naming the key and value.
   */
  type SingleQuery = z.output<typeof singleQuery>;
  const PRODUCT_KEYS = ['sku', 'id', 'url_path'] as const;
  const single = async (
    type: SearchType,
    store: StoreCode,
    q: SingleQuery,
  ): Promise<Record<string, unknown>> => {
    if (type === 'product') {
      if (q.childSku !== undefined && !q.parentSku)
        throw fieldError('parentSku', 'product.parentSkuRequired');
      const key = q.childSku !== undefined ? 'sku' : q.key;
      const value = q.childSku !== undefined ? q.parentSku : q.value;
      if (!key) throw fieldError('key', 'product.searchKeyRequired', { key: PRODUCT_KEYS.join(', ') });
      if (!(PRODUCT_KEYS as readonly string[]).includes(key))
        throw fieldError('key', 'validation.invalidOption', { options: PRODUCT_KEYS.join(', ') });
      if (!value) throw fieldError('value', 'product.searchKeyRequired', { key });
      const product = await ctx.catalog.productByKey(store, key as (typeof PRODUCT_KEYS)[number], value);
      const refusal = productLoadError(product as { status?: number; visibility?: number } | null);
      if (refusal || !product) throw ruleError(refusal ?? 'product.notFound', undefined, 'value', 404);
      if (q.childSku === undefined) return product;
      const child = ((product.configurable_children ?? []) as Record<string, unknown>[]).find(
        (c) => c.sku === q.childSku,
      );
      if (!child) throw ruleError('product.notFound', undefined, 'childSku', 404);
      return { ...product, configured_child: child };
    }
    if (!q.key) throw fieldError('key', 'validation.required');
    if (q.value === undefined || q.value === '') throw fieldError('value', 'validation.required');
    const answer = await ctx.catalog.search({
      type,
      storeCode: store,
      request: { filters: { [q.key]: q.value } },
      from: 0,
      size: 1,
      sort: undefined,
      projection: { include: undefined, exclude: undefined },
    });
    const hit = answer.hits.hits[0];
    if (hit) return hit._source;
    const params = { key: q.key, value: q.value };
    const key =
      type === 'category'
        ? 'catalog.categoryNotFound'
        : type.startsWith('cms_')
          ? 'catalog.cmsNotFound'
          : 'error.notFound';
    throw ruleError(key, params, 'value', 404);
  };

  app.get(
    '/vsbridge/catalog/:index/:type/_single',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One document by a key (product: key=sku|id|url_path and value, or childSku with parentSku)',
        params: searchParams,
        querystring: singleQuery,
        response: answers(singleDocumentContract),
      },
    },
    async (req) => {
      const q = req.query;
      const store = storeOfIndex(req.params.index, q.storeCode);
      const doc = await single(typeOf(req.params.type), store, q);
      return ok(project(doc, { include: asList(q._source_include), exclude: asList(q._source_exclude) }));
    },
  );

  const bestsellers = new Bestsellers(ctx.database, ctx.catalog);
  app.get(
    '/vsbridge/products/bestsellers',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The home page bestsellers: by units sold in orders, newest first; excluded ids left out',
        querystring: bestsellersQuery,
        response: productList,
      },
    },
    async (req) => {
      const q = req.query;
      const store = q.storeCode ?? DEFAULT_STORE_CODE;
      const items = await bestsellers.list({
        storeCode: store,
        size: q.size,
        exclude: q.exclude ?? [],
        projection: { include: asList(q._source_include), exclude: asList(q._source_exclude) },
      });
      // the projected parts of the documents (see productList)
      const priced = await ctx.groupPricing.price(items, await pricingOf(req), store);
      return ok({ items: priced as ProductDocument[] });
    },
  );

  app.get(
    '/vsbridge/products/render-list',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Product documents by skus (fresh prices)',
        querystring: renderListQuery,
        response: productList,
      },
    },
    async (req) => {
      const q = req.query;
      const store =
        q.storeCode ?? STORE_CODES.find((c) => STORE_VIEWS[c].storeId === q.storeId) ?? DEFAULT_STORE_CODE;
      const items = await ctx.catalog.productsBySkus(store, [...new Set(q.skus)]);
      return ok({
        items: await ctx.groupPricing.price(items, await pricingOf(req, q.groupToken, q.userGroupId), store),
      });
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
        response: bareAnswers(urlMapHitContract.nullable()),
      },
    },
    async (req, reply) => {
      const b = req.body;
      const projection = { include: asList(b.includeFields), exclude: asList(b.excludeFields) };
      // a group's prices need the whole product document (its tax class, net prices): projected after
      const pricing = await pricingOf(req, b.groupToken, b.groupId);
      const priced = pricing !== BASE_PRICING;
      const found = await mapUrl(ctx.catalog, b.url, priced ? {} : projection, {
        fallbackStore: req.query.storeCode,
        dispatcher: ctx.config.urlDispatcher,
        options: b.options ?? {},
        sku: b.filters?.sku ?? null,
        linked: (store, skus) => ctx.catalog.productsBySkus(store, skus),
      });
      const hit =
        found && priced
          ? {
              ...found,
              _source: project(
                found._type === 'product'
                  ? ((
                      await ctx.groupPricing.price(
                        [found._source],
                        pricing,
                        storeOfPath(b.url, req.query.storeCode),
                      )
                    )[0] ?? found._source)
                  : found._source,
                projection,
              ),
            }
          : found;
      if (hit && b.options?.populateRequestCacheTags)
        reply.header('x-vs-cache-tags', urlMapCacheTags(hit._type, hit._source).join(' '));
      // the catalogue reads its documents untyped (catalog/service.ts); the API tests hold them to the contract
      return hit as UrlMapHitAnswer | null;
    },
  );
}
