import { memo, useMemo } from 'react';
import { CATEGORY_PAGE_SIZE } from '@vitrina/domain';
import { useRestoredScroll } from '../components/BackToList';
import { useProductsLoaded } from '../state/route-history';
import { data, redirect } from 'react-router';
import type { Route } from './+types/category';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { ChildStockPrefetch } from '../components/ChildStockPrefetch';
import { NotFound } from '../components/NotFound';
import { NoProductsOffline } from '../components/OfflineFallback';
import {
  categoryListingSearch,
  FILTERABLE_ATTRIBUTES,
  listableAttributes,
  Listing,
  listingAnswer,
  parseListingQuery,
  SubcategoryTiles,
  useListingInPlace,
} from '../features/listing';
import { ProductGrid } from '../components/ProductCard';
import { getT, useT } from '../i18n';
import { serverApi } from '../api-client/api.server';
import { categoryPaths } from '../api-client/alternates.server';
import { categoryTrail } from '../api-client/breadcrumbs.server';
import { toMenu } from '../components/navigation/menu';
import { metaOfData, pageMeta } from '../lib/seo';
import { buildSeo, seoForRequest, siteOrigin } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import type { Api } from '../api-client/api';
import { browserApi } from '../api-client/api';
import type { Filters } from '../lib/types';
import type { AttributeDoc, Category } from '../lib/types';
import { categoryPath, urlDispatcherOn } from '../lib/urls';
import { useOnline } from '../pwa/connection';
import { withRouteErrorMessages } from '../api-client/route-error';

/**
 * The category of `/c/{slug}`: by slug, else by url-key, else by id when the segment is a number.
 */
async function findCategory(api: Api, key: string): Promise<Category | undefined> {
  const by = async (filters: Filters) => (await api.searchCategories({ filters, size: 1 })).items[0];
  return (
    (await by({ slug: key })) ??
    (await by({ url_key: key })) ??
    (/^\d{1,9}$/.test(key) ? await by({ id: Number(key) }) : undefined)
  );
}

/** `dispatched`: rendered at the category's path by the URL dispatcher; `/c/...` then answers 301 to it */
// API errors keep their message for the error boundary (accounts-checkout-routes.md §8)
export const loader = withRouteErrorMessages(load);

async function load({ request, context, params }: Route.LoaderArgs) {
  const dispatched = context?.urlDispatched === true;
  const storeCode = storeCodeOfRequest(request);
  const api = serverApi(context, storeCode);
  const url = new URL(request.url);
  const slug = params['*'] ?? '';
  const [found, attributes] = await Promise.all([
    findCategory(api, slug),
    // The filterable attributes (data-driven: labels and options in this store view's language).
    api
      .searchAttributes(FILTERABLE_ATTRIBUTES)
      .then((r) => listableAttributes(r.items))
      .catch((e: unknown): AttributeDoc[] => {
        console.error('attributes', e);
        return [];
      }),
  ]);
  const category = found;
  if (!category || category.is_active === false) {
    return data(
      { notFound: true as const, storeCode, seo: seoForRequest(request, storeCode) },
      { status: 404 },
    );
  }
  // Found by url-key or id: the category's own URL (the query string kept).
  if (category.slug !== slug || (urlDispatcherOn() && !dispatched))
    throw redirect(categoryPath(storeCode, category) + url.search, 301);
  const codes = attributes.map((a) => a.attribute_code);
  const q = parseListingQuery(url.searchParams, codes);
  const [products, paths, trail, shop] = await Promise.all([
    api.searchProducts(categoryListingSearch(category.id, codes, q)),
    categoryPaths(context, storeCode, category),
    categoryTrail(api, storeCode, category),
    // Category banners come with the shop data; a failure leaves them out.
    q.page === 1
      ? api.homePage().catch((e: unknown) => {
          console.error('home-page', e);
          return null;
        })
      : null,
  ]);
  return {
    notFound: false as const,
    storeCode,
    category: {
      id: category.id,
      name: category.name,
      slug: category.slug,
      description: category.description ?? null,
    },
    // its active children, as tiles at the top of the page
    subcategories: toMenu(category.children_data ?? [], 1),
    // the products, their count and the filters (the listing's own update in the browser makes the same)
    ...listingAnswer(products, attributes, q),
    trail,
    // Category banners at their position among the products (accounts-checkout-routes.md §3).
    banners: (shop?.category_banner ?? []).filter((b) => b.category_id === category.id),
    origin: siteOrigin(request),
    seo: buildSeo(request, storeCode, paths, q.page > 1 ? `?page=${q.page}` : ''),
  };
}

// its data alone makes it (lib/seo.ts metaOfData)
export const meta: Route.MetaFunction = metaOfData(({ data }: Route.MetaArgs) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  if (data.notFound) {
    return pageMeta({
      title: `${t('error.notFoundTitle')} | ${t('site.name')}`,
      description: t.msg('error.notFound'),
      seo: data.seo,
      robots: 'noindex',
    });
  }
  const name = data.category.name;
  const title = data.query.page > 1 ? t('listing.pageTitle', { title: name, page: data.query.page }) : name;
  return pageMeta({
    title: `${title} | ${t('site.name')}`,
    description: t('listing.categoryDescription', { name }),
    seo: data.seo,
  });
});

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  return <CategoryView d={loaderData} />;
}

/**
 * The page, memoised on its loader data: a route component renders again at every change of the
 * router's state (its props carry `matches`), a filter's navigation start included, when nothing
 * shown has changed yet; the listing's own hooks follow the location. Measured (bench/interactions.ts).
 */
const CategoryView = memo(function CategoryView({ d: loaded }: { d: LoaderData }) {
  const t = useT();
  // the listing's own searches skip the device's copies (IndexedDB opened, read and written: ~40 ms
  // of a first filter's main thread at 4×); offline the router's navigation answers, as before
  const storeCode = loaded.storeCode;
  const api = useMemo(() => browserApi(storeCode, { deviceCache: false }), [storeCode]);
  // a filter's change shown in place, without the router's navigation (useListingInPlace)
  const listing = useListingInPlace(
    loaded,
    loaded.notFound ? null : (to: string) => listingInPlace(api, loaded, to),
  );
  const d = listing.data;
  const online = useOnline();
  // the way back from a product opens this listing again where it was left
  useProductsLoaded(d.notFound ? null : d.products.length);
  useRestoredScroll(!d.notFound);
  if (d.notFound) return <NotFound />;
  const pages = Math.ceil(d.total / CATEGORY_PAGE_SIZE);
  return (
    <div className="listing">
      <Breadcrumbs
        trail={d.trail}
        current={d.trail[d.trail.length - 1] ?? { name: d.category.name, path: d.seo.paths[d.storeCode] }}
        origin={d.origin}
      />
      <header className="listing-head">
        <h1>{d.category.name}</h1>
        <p className="muted">{t('listing.products', { count: d.total })}</p>
      </header>
      <SubcategoryTiles items={d.subcategories} />
      <Listing
        aggregations={d.aggregations}
        filters={d.filters}
        query={d.query}
        total={d.total}
        pages={pages}
        pageSize={CATEGORY_PAGE_SIZE}
        label={d.category.name}
        at={listing.at}
        follow={listing.follow}
        onFiltersOpen={() => void filterableAttributes(api, storeCode).catch(() => undefined)}
      >
        {d.products.length ? (
          <ProductGrid
            products={d.products}
            eagerCount={4}
            hydrateFirst={4}
            banners={d.banners}
            chosen={d.query.attributes}
          />
        ) : online ? (
          <p>{t('listing.noProducts')}</p>
        ) : (
          <NoProductsOffline />
        )}
        {/* the shown products' children's stock: a part of the products, kept with them under the sheet */}
        <ChildStockPrefetch products={d.products} />
      </Listing>
    </div>
  );
});

type LoaderData = Route.ComponentProps['loaderData'];
type ListingData = Extract<LoaderData, { notFound: false }>;

/** the filterable attributes, asked once a store view in the browser (they do not change with the filters) */
const attributesAsked = new Map<string, Promise<AttributeDoc[]>>();
function filterableAttributes(api: Api, storeCode: string): Promise<AttributeDoc[]> {
  let asked = attributesAsked.get(storeCode);
  if (!asked) {
    asked = api.searchAttributes(FILTERABLE_ATTRIBUTES).then((r) => listableAttributes(r.items));
    // a failure is asked again at the next filter
    asked.catch(() => attributesAsked.delete(storeCode));
    attributesAsked.set(storeCode, asked);
  }
  return asked;
}

/**
 * The page at `to` (the same category, other filters) made in the browser as its loader makes it:
 * the same search through the browser's API, the same answer's shape; the rest of the page (the
 * category, its trail, tiles, banners, addresses) is the one shown. Null when it cannot be: another
 * page than the first (the banners are the first page's), an answer offline.
 */
async function listingInPlace(api: Api, shown: ListingData, to: string): Promise<ListingData | null> {
  const url = new URL(to, window.location.href);
  // the filters' codes are the filterable attributes' (facetFilters: one filter each)
  const codes = shown.filters.map((f) => f.code);
  const q = parseListingQuery(url.searchParams, codes);
  if (q.page !== 1 || shown.query.page !== 1) return null;
  const [result, attributes] = await Promise.all([
    api.searchProducts(categoryListingSearch(shown.category.id, codes, q)),
    filterableAttributes(api, shown.storeCode),
  ]);
  if (result.offline) return null;
  // the loader's own answer, as the route's data types it (its serialised form: the same values)
  return { ...shown, ...listingAnswer(result, attributes, q) } as ListingData;
}
