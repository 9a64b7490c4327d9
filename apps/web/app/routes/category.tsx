import {
  ATTRIBUTE_LIST_SIZE,
  CATEGORY_PAGE_SIZE,
  PRICE_RANGES,
  SORT_OPTIONS,
  priceRangeKey,
  priceRangeLabel,
} from '@vitrina/domain';
import { Form, Link, data, useLocation } from 'react-router';
import type { Route } from './+types/category';
import { NotFound } from '../components/NotFound';
import { ProductGrid } from '../components/ProductCard';
import { getT, useT } from '../i18n';
import { serverApi } from '../lib/api.server';
import { categoryPaths } from '../lib/alternates.server';
import {
  clearFilters,
  listingFilters,
  optionLabels,
  pageFrom,
  pageQuery,
  parseListingQuery,
  toggleFilter,
} from '../lib/listing';
import { pageMeta } from '../lib/seo';
import { buildSeo, seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import type { AttributeDoc } from '../lib/types';

/** Attribute codes safe to put in a query string and a search request. */
const ATTRIBUTE_CODE = /^[a-z][a-z0-9_]{0,39}$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const api = serverApi(context, storeCode);
  const url = new URL(request.url);
  const [categories, attributes] = await Promise.all([
    api.searchCategories({ filters: { slug: params.slug }, size: 1 }),
    // The filterable attributes (data-driven: labels and options in this store view's language).
    api
      .searchAttributes({ filters: { is_filterable: true }, size: ATTRIBUTE_LIST_SIZE })
      .then((r) => r.items.filter((a) => ATTRIBUTE_CODE.test(a.attribute_code)))
      .catch((e: unknown): AttributeDoc[] => {
        console.error('attributes', e);
        return [];
      }),
  ]);
  const category = categories.items[0];
  if (!category || category.is_active === false) {
    return data(
      { notFound: true as const, storeCode, seo: seoForRequest(request, storeCode) },
      { status: 404 },
    );
  }
  const codes = attributes.map((a) => a.attribute_code);
  const q = parseListingQuery(url.searchParams, codes);
  const [products, paths] = await Promise.all([
    api.searchProducts({
      filters: { category_ids: category.id, ...listingFilters(q) },
      aggregations: ['price', ...codes],
      sort: q.sort,
      from: pageFrom(q),
      size: CATEGORY_PAGE_SIZE,
    }),
    categoryPaths(context, storeCode, category),
  ]);
  const labels = optionLabels(attributes, products.items);
  return {
    notFound: false as const,
    storeCode,
    category: {
      id: category.id,
      name: category.name,
      slug: category.slug,
      description: category.description ?? null,
    },
    products: products.items,
    total: products.total,
    aggregations: products.aggregations,
    filters: attributes.map((a) => ({
      code: a.attribute_code,
      label: a.frontend_label || a.default_frontend_label || a.attribute_code,
      options: labels[a.attribute_code] ?? {},
    })),
    query: q,
    seo: buildSeo(request, storeCode, paths, q.page > 1 ? `?page=${q.page}` : ''),
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
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
};

function Filters({ d }: { d: Extract<Route.ComponentProps['loaderData'], { notFound: false }> }) {
  const t = useT();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const priceBuckets = new Map((d.aggregations.price ?? []).map((b) => [b.key, b.count]));
  const anyFilter = d.query.price !== null || Object.keys(d.query.attributes).length > 0;
  return (
    <aside className="filters" aria-labelledby="filters-title">
      <h2 id="filters-title">{t('listing.filters')}</h2>
      <section aria-labelledby="filter-price">
        <h3 id="filter-price">{t('listing.price')}</h3>
        <ul>
          {PRICE_RANGES.map((range) => {
            const key = priceRangeKey(range);
            const active = d.query.price === key;
            const count = priceBuckets.get(key) ?? 0;
            if (!active && count === 0) return null;
            return (
              <li key={key}>
                <Link
                  to={toggleFilter(location.pathname, search, 'price', key)}
                  aria-current={active ? 'true' : undefined}
                  rel="nofollow"
                  preventScrollReset
                >
                  {priceRangeLabel(range, t.storeCode)} <span className="count">({count})</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
      {d.filters.map(({ code, label, options }) => {
        const buckets = d.aggregations[code] ?? [];
        const selected = d.query.attributes[code] ?? [];
        if (!buckets.length && !selected.length) return null;
        return (
          <section key={code} aria-labelledby={`filter-${code}`}>
            <h3 id={`filter-${code}`}>{label}</h3>
            <ul>
              {buckets.map((b) => {
                const active = selected.includes(b.key);
                return (
                  <li key={b.key}>
                    <Link
                      to={toggleFilter(location.pathname, search, code, b.key)}
                      aria-current={active ? 'true' : undefined}
                      rel="nofollow"
                      preventScrollReset
                    >
                      {options[b.key] ?? b.key} <span className="count">({b.count})</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {anyFilter ? (
        <p>
          <Link to={clearFilters(location.pathname, search)} rel="nofollow">
            {t('listing.clearFilters')}
          </Link>
        </p>
      ) : null}
    </aside>
  );
}

function Pagination({ page, pages }: { page: number; pages: number }) {
  const t = useT();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  if (pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (n) => n === 1 || n === pages || Math.abs(n - page) <= 2,
  );
  return (
    <nav className="pagination" aria-label={t('listing.pagination')}>
      <ul>
        {page > 1 ? (
          <li>
            <Link
              to={pageQuery(location.pathname, search, page - 1)}
              rel="prev"
              aria-label={t('listing.previous')}
            >
              ‹
            </Link>
          </li>
        ) : null}
        {numbers.map((n, i) => (
          <li key={n}>
            {i > 0 && n - (numbers[i - 1] ?? n) > 1 ? <span aria-hidden="true">… </span> : null}
            <Link
              to={pageQuery(location.pathname, search, n)}
              aria-current={n === page ? 'page' : undefined}
              aria-label={t('listing.page', { page: n })}
            >
              {n}
            </Link>
          </li>
        ))}
        {page < pages ? (
          <li>
            <Link
              to={pageQuery(location.pathname, search, page + 1)}
              rel="next"
              aria-label={t('listing.next')}
            >
              ›
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export default function CategoryPage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  if (d.notFound) return <NotFound />;
  const search = new URLSearchParams(location.search);
  const pages = Math.ceil(d.total / CATEGORY_PAGE_SIZE);
  return (
    <div className="listing">
      <header className="listing-head">
        <h1>{d.category.name}</h1>
        <p className="muted">{t('listing.products', { count: d.total })}</p>
        <Form method="get" className="sort-form" preventScrollReset>
          {[...search]
            .filter(([k]) => k !== 'sort' && k !== 'page')
            .map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          <label htmlFor="sort">{t('listing.sortBy')}</label>
          <select id="sort" name="sort" defaultValue={d.query.sort} key={d.query.sort}>
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {t.msg(o.labelKey)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn">
            {t('listing.apply')}
          </button>
        </Form>
      </header>
      <div className="listing-body">
        <Filters d={d} />
        <section className="listing-products" aria-label={d.category.name}>
          {d.products.length ? (
            <ProductGrid products={d.products} eagerCount={4} />
          ) : (
            <p>{t('listing.noProducts')}</p>
          )}
          <Pagination page={d.query.page} pages={pages} />
        </section>
      </div>
    </div>
  );
}
