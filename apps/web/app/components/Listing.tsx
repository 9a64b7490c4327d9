/**
 * Listing parts shared by the category page and the search screen: filters (price ranges and
 * attribute options with counts), the sort form, and page links. Filters, sort and page travel in
 * the query string (spec §2); a filter change resets the page to 1 (lib/listing.ts).
 */
import { PRICE_RANGES, SORT_OPTIONS, priceRangeKey, priceRangeLabel } from '@vitrina/domain';
import { Form, Link, useLocation } from 'react-router';
import { useT } from '../i18n';
import { clearFilters, pageQuery, toggleFilter, type ListingQuery } from '../lib/listing';

type Bucket = { key: string; count: number };
export type ListingFiltersProps = {
  aggregations: Record<string, Bucket[] | undefined>;
  filters: { code: string; label: string; options: Record<string, string> }[];
  query: ListingQuery;
};

/** the listing's filters: price ranges and attribute options with their counts (aggregations) */
export function ListingFilters({ aggregations, filters, query: q }: ListingFiltersProps) {
  const d = { aggregations, filters, query: q };
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

/** page links: first, last and two either side of the current page */
export function ListingPagination({ page, pages }: { page: number; pages: number }) {
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

/** the sort select (other query parameters kept, the page reset) */
export function SortForm({ sort }: { sort: string }) {
  const t = useT();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  return (
    <Form method="get" className="sort-form" preventScrollReset>
      {[...search]
        .filter(([k]) => k !== 'sort' && k !== 'page')
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      <label htmlFor="sort">{t('listing.sortBy')}</label>
      <select id="sort" name="sort" defaultValue={sort} key={sort}>
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
  );
}
