import {
  ATTRIBUTE_LIST_SIZE,
  RELEVANCE_SORT,
  SORT_OPTIONS,
  SEARCH_SCREEN_PAGE_SIZE,
  SEARCH_VISIBILITY,
  didYouMean,
  normaliseSearchTerm,
  searchDefaultSort,
  validateSearchTerm,
} from '@vitrina/domain';
import { useEffect } from 'react';
import { Form, useRouteLoaderData } from 'react-router';
import { Link } from '../lib/link';
import type { Route } from './+types/search';
import { useChildStockPrefetch } from '../components/ChildStockPrefetch';
import { ProductGrid } from '../components/ProductCard';
import {
  cardFields,
  listedProducts,
  facetFilters,
  shownValuesOnly,
  Listing,
  listingFilters,
  listingRange,
  parseListingQuery,
  type ListingQuery,
} from '../features/listing';
import type { MenuItem } from '../components/navigation/menu';
import { categoryPath } from '../lib/urls';
import { ui } from '../state/ui';
import { getT, useT } from '../i18n';
import { serverApi } from '../api-client/api.server';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { localizedPath, storeCodeOfRequest } from '../lib/store';
import type { Product } from '../lib/types';
import { isOfflineFailure } from '../pwa/offline';
import { withRouteErrorMessages } from '../api-client/route-error';

/** Attribute codes safe to put in a query string and a search request (as on the category page). */
const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,39}$/;
/** the sorts of a text search: relevance first, then the listing's */
const SEARCH_SORTS = [RELEVANCE_SORT, ...SORT_OPTIONS];

// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load({ request, context }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const invalid = q ? validateSearchTerm(q) : null;
  let products: Product[] = [];
  let total = 0;
  let aggregations: Record<string, { key: string; count: number }[]> = {};
  let filters: { code: string; label: string; options: Record<string, string> }[] = [];
  let query: ListingQuery = parseListingQuery(url.searchParams, [], searchDefaultSort(q));
  if (q && !invalid) {
    const api = serverApi(context, storeCode);
    const attributes = await api
      .searchAttributes({ filters: { is_filterable: true }, size: ATTRIBUTE_LIST_SIZE })
      .then((r) => r.items.filter((a) => ATTRIBUTE_CODE.test(a.attribute_code)))
      .catch(() => []);
    const codes = attributes.map((a) => a.attribute_code);
    // the search screen: 24 a page, filters like the listing; with words, ranked by relevance as the
    // search panel is (docs/decisions/0053-a-search-with-words-is-ranked-by-relevance.md), the spec's
    // total_qty:desc (§9) staying in the sort menu and the default without words
    query = parseListingQuery(url.searchParams, codes, searchDefaultSort(q), SEARCH_SORTS);
    const res = await api.searchProducts({
      query: normaliseSearchTerm(q).text,
      // The search screen lists visibility 3 and 4 only; the API adds the other listing rules.
      filters: { ...listingFilters(query), visibility: [...SEARCH_VISIBILITY] },
      aggregations: ['price', ...codes],
      sort: query.sort,
      ...listingRange(query, SEARCH_SCREEN_PAGE_SIZE),
      includeFields: cardFields(query),
    });
    total = res.total;
    aggregations = res.aggregations;
    filters = shownValuesOnly(
      facetFilters(attributes, res.attributeMetadata, res.items),
      res.aggregations,
      query.attributes,
    );
    // under attribute filters, of each configurable the children its card stands for
    products = listedProducts(res.items, query);
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
      query: parseListingQuery(url.searchParams, [], searchDefaultSort(url.searchParams.get('q'))),
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
  // the results page is open: the header's suggestion panel closes
  useEffect(() => ui.close('searchpanel'), [d.q]);
  const filtered = Object.keys(d.query.attributes).length > 0 || d.query.price !== null;
  const empty = listed && d.total === 0 && !filtered;
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
      </header>
      {empty || !d.q || d.invalid ? <NoResults q={d.q} none={Boolean(empty)} /> : null}
      {listed && !empty ? (
        <Listing
          aggregations={d.aggregations}
          filters={d.filters}
          query={d.query}
          total={d.total}
          pages={Math.ceil(d.total / SEARCH_SCREEN_PAGE_SIZE)}
          pageSize={SEARCH_SCREEN_PAGE_SIZE}
          sortOptions={SEARCH_SORTS}
          label={t('search.title')}
        >
          {d.products.length === 0 ? <p>{t('listing.noProducts')}</p> : null}
          <ProductGrid products={d.products} eagerCount={4} hydrateFirst={4} chosen={d.query.attributes} />
        </Listing>
      ) : null}
    </div>
  );
}

/**
 * Nothing found (or nothing searched yet): the query kept in a search field to correct it, and the
 * shop's categories to browse instead, from the menu the root loader already has.
 */
function NoResults({ q, none }: { q: string; none: boolean }) {
  const t = useT();
  const root = useRouteLoaderData('root') as { menu?: MenuItem[] } | undefined;
  const categories = root?.menu ?? [];
  // "did you mean": the category names closest to the words (diacritics and small typos aside)
  const names = categories.flatMap((c) => [c.name, ...c.children.map((x) => x.name)]);
  const suggestions = none ? didYouMean(q, names) : [];
  return (
    <section className="no-results" aria-labelledby={none ? 'no-results-title' : undefined}>
      {none ? (
        <>
          <p id="no-results-title">{t('search.noResults', { q })}</p>
          {suggestions.length ? (
            <p className="did-you-mean">
              {t('searchRank.didYouMean')}{' '}
              {suggestions.map((name, i) => (
                <span key={name}>
                  {i > 0 ? ', ' : ''}
                  <Link to={`${localizedPath(t.storeCode, '/search')}?q=${encodeURIComponent(name)}`}>
                    {name}
                  </Link>
                </span>
              ))}
              ?
            </p>
          ) : null}
          <p className="muted">{t('search.noResultsHelp')}</p>
        </>
      ) : null}
      <Form method="get" role="search" className="search-again" aria-label={t('search.again')}>
        <label htmlFor="search-again-q">{t('search.again')}</label>
        <input id="search-again-q" name="q" type="search" defaultValue={q} key={q} enterKeyHint="search" />
        <button type="submit" className="btn">
          {t('header.search')}
        </button>
      </Form>
      {categories.length ? (
        <ul className="category-tiles">
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={categoryPath(t.storeCode, c)}>{c.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
