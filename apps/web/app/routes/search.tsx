import {
  ATTRIBUTE_LIST_SIZE,
  SEARCH_DEFAULT_SORT,
  SEARCH_SCREEN_PAGE_SIZE,
  SEARCH_VISIBILITY,
  normaliseSearchTerm,
  validateSearchTerm,
} from '@vitrina/domain';
import type { Route } from './+types/search';
import { useChildStockPrefetch } from '../components/ChildStockPrefetch';
import { ListingFilters, ListingPagination, SortForm } from '../components/Listing';
import { ProductGrid } from '../components/ProductCard';
import {
  listingFilters,
  facetFilters,
  pageFrom,
  parseListingQuery,
  PRODUCT_CARD_FIELDS,
  type ListingQuery,
} from '../lib/listing';
import { getT, useT } from '../i18n';
import { serverApi } from '../lib/api.server';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import type { Product } from '../lib/types';
import { isOfflineFailure } from '../pwa/offline';

/** Attribute codes safe to put in a query string and a search request (as on the category page). */
const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,39}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const invalid = q ? validateSearchTerm(q) : null;
  let products: Product[] = [];
  let total = 0;
  let aggregations: Record<string, { key: string; count: number }[]> = {};
  let filters: { code: string; label: string; options: Record<string, string> }[] = [];
  let query: ListingQuery = parseListingQuery(url.searchParams, [], SEARCH_DEFAULT_SORT);
  if (q && !invalid) {
    const api = serverApi(context, storeCode);
    const attributes = await api
      .searchAttributes({ filters: { is_filterable: true }, size: ATTRIBUTE_LIST_SIZE })
      .then((r) => r.items.filter((a) => ATTRIBUTE_CODE.test(a.attribute_code)))
      .catch(() => []);
    const codes = attributes.map((a) => a.attribute_code);
    // the search screen: 24 a page, default sort total_qty:desc (spec §9), filters like the listing
    query = parseListingQuery(url.searchParams, codes, SEARCH_DEFAULT_SORT);
    const res = await api.searchProducts({
      query: normaliseSearchTerm(q).text,
      // The search screen lists visibility 3 and 4 only; the API adds the other listing rules.
      filters: { ...listingFilters(query), visibility: [...SEARCH_VISIBILITY] },
      aggregations: ['price', ...codes],
      sort: query.sort,
      from: pageFrom(query, SEARCH_SCREEN_PAGE_SIZE),
      size: SEARCH_SCREEN_PAGE_SIZE,
      includeFields: PRODUCT_CARD_FIELDS,
    });
    products = res.items;
    total = res.total;
    aggregations = res.aggregations;
    filters = facetFilters(attributes, res.attributeMetadata, products);
  }
  return {
    storeCode,
    q,
    invalid,
    products,
    total,
    aggregations,
    filters,
    query,
    seo: seoForRequest(request, storeCode),
  };
}

/**
 * In the browser: the server's answer (the service worker keeps a copy of searches already made);
 * offline with no copy, an empty result marked offline (accounts-checkout-routes.md §8 "Search
 * failure on the server is rethrown; offline client returns an empty result marked offline").
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  try {
    return { ...(await serverLoader()), offline: false };
  } catch (error) {
    if (!isOfflineFailure(error, navigator.onLine)) throw error;
    const url = new URL(request.url);
    const storeCode = storeCodeOfRequest(request);
    return {
      storeCode,
      q: (url.searchParams.get('q') ?? '').slice(0, 200),
      invalid: null,
      products: [] as Product[],
      total: 0,
      aggregations: {},
      filters: [],
      query: parseListingQuery(url.searchParams, [], SEARCH_DEFAULT_SORT),
      seo: undefined,
      offline: true,
    };
  }
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${data.q ? t('search.results', { q: data.q }) : t('search.title')} | ${t('site.name')}`,
    description: t('search.description'),
    seo: data.seo,
    robots: 'noindex, follow',
  });
};

export default function Search({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  // the server's data at hydration has no `offline`; the client loader's answer has it
  const offline = 'offline' in d && d.offline;
  const listed = d.q && !d.invalid && !offline;
  useChildStockPrefetch(listed ? d.products : []);
  return (
    <div className="listing">
      <header className="listing-head">
        <h1>{d.q ? t('search.results', { q: d.q }) : t('search.title')}</h1>
        {d.invalid ? <p className="field-error">{t.msg(d.invalid.key, d.invalid.params)}</p> : null}
        {offline ? (
          <p className="offline-empty" role="status" data-offline="true">
            {t('pwa.searchOffline')}
          </p>
        ) : null}
        {listed ? <p className="muted">{t('listing.products', { count: d.total })}</p> : null}
        {listed && d.total > 0 ? <SortForm sort={d.query.sort} /> : null}
      </header>
      {listed ? (
        <div className="listing-body">
          <ListingFilters aggregations={d.aggregations} filters={d.filters} query={d.query} />
          <section className="listing-products" aria-label={t('search.title')}>
            {d.products.length === 0 ? <p>{t('search.noResults', { q: d.q })}</p> : null}
            <ProductGrid products={d.products} eagerCount={4} />
            <ListingPagination page={d.query.page} pages={Math.ceil(d.total / SEARCH_SCREEN_PAGE_SIZE)} />
          </section>
        </div>
      ) : null}
    </div>
  );
}
