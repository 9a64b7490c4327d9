/**
 * Listing parts shared by the category page and the search screen: filters (price ranges and
 * attribute options with counts), the sort form, and page links. Filters, sort and page travel in
 * the query string (spec §2); a filter change resets the page to 1 (lib/listing.ts).
 */
import {
  PRICE_RANGES,
  SORT_OPTIONS,
  formatPrice,
  orderFacetValues,
  parsePriceBounds,
  priceRangeKey,
  priceRangeLabel,
  toCents,
  type PriceBoundsIssue,
  type SortOption,
} from '@vitrina/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useLocation, useNavigate, useSubmit } from 'react-router';
import { useT } from '../i18n';
import { useFocusTrap } from '../lib/focus-trap';
import {
  appliedFilterCount,
  clearFilters,
  pageQuery,
  priceBoundsQuery,
  toggleFilter,
  type FacetFilter,
  type ListingQuery,
} from '../lib/listing';

type Bucket = { key: string; count: number };
export type ListingFiltersProps = {
  aggregations: Record<string, Bucket[] | undefined>;
  filters: FacetFilter[];
  query: ListingQuery;
  /** products found: the phone sheet's "Show N products" */
  total?: number;
  /** the phone's bottom sheet is open (the filters are a side column on a desktop) */
  open?: boolean;
  onClose?: () => void;
};

/** the anchor of the product grid (the sheet's "Show N products" without JavaScript) */
export const PRODUCTS_ID = 'listing-products';

/**
 * The listing's filters: the applied ones as removable chips, price ranges with the shopper's own
 * min–max, and attribute options with counts in grade/numeric/shop order (domain orderFacetValues).
 * A side column on a desktop; on a phone a bottom sheet (a modal dialog while open; without
 * JavaScript the bar's link opens it as the `#filters` target).
 */
export function ListingFilters({
  aggregations,
  filters,
  query: q,
  total,
  open = false,
  onClose,
}: ListingFiltersProps) {
  const t = useT();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const ref = useRef<HTMLElement>(null);
  // a section, not an aside: the phone's sheet is a dialog while open, a role an aside may not take
  useFocusTrap(ref, open, () => onClose?.());
  // the page behind the phone's bottom sheet does not scroll (html.sheet-open, phones only)
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('sheet-open');
    return () => document.documentElement.classList.remove('sheet-open');
  }, [open]);
  const close = (e: { preventDefault: () => void }) => {
    if (!onClose) return;
    e.preventDefault();
    onClose();
  };
  const priceBuckets = new Map((aggregations.price ?? []).map((b) => [b.key, b.count]));
  return (
    <section
      ref={ref}
      id="filters"
      className={open ? 'filters is-open' : 'filters'}
      aria-labelledby="filters-title"
      {...(open ? { role: 'dialog', 'aria-modal': true, tabIndex: -1 } : {})}
    >
      <div className="filters-head">
        <h2 id="filters-title">{t('listing.filters')}</h2>
        <a
          href={`#${PRODUCTS_ID}`}
          className="filters-close"
          onClick={close}
          aria-label={t('listing.closeFilters')}
        >
          <span aria-hidden="true">×</span>
        </a>
      </div>
      <AppliedFilters filters={filters} query={q} />
      <section aria-labelledby="filter-price">
        <h3 id="filter-price">{t('listing.price')}</h3>
        <ul>
          {PRICE_RANGES.map((range) => {
            const key = priceRangeKey(range);
            const active = q.price === key;
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
        <PriceBoundsForm query={q} />
      </section>
      {filters.map(({ code, label, options, order }) => {
        const buckets = aggregations[code] ?? [];
        const selected = q.attributes[code] ?? [];
        if (!buckets.length && !selected.length) return null;
        const values = orderFacetValues(
          code,
          buckets.map((b) => ({ key: b.key, count: b.count, label: options[b.key] ?? b.key })),
          order,
        );
        return (
          <section key={code} aria-labelledby={`filter-${code}`}>
            <h3 id={`filter-${code}`}>{label}</h3>
            <ul>
              {values.map((v) => {
                const active = selected.includes(v.key);
                return (
                  <li key={v.key}>
                    <Link
                      to={toggleFilter(location.pathname, search, code, v.key)}
                      aria-current={active ? 'true' : undefined}
                      rel="nofollow"
                      preventScrollReset
                    >
                      {v.label} <span className="count">({v.count})</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {total !== undefined ? (
        <div className="filters-foot">
          <a href={`#${PRODUCTS_ID}`} className="btn btn-primary" onClick={close}>
            {t('listing.showProducts', { count: total })}
          </a>
        </div>
      ) : null}
    </section>
  );
}

/** a price chip's label: the bucket's, or the shopper's own "100,00 € – 500,00 €" */
function priceLabel(q: ListingQuery, storeCode: Parameters<typeof formatPrice>[1]): string {
  const bucket = PRICE_RANGES.find((r) => priceRangeKey(r) === q.price);
  if (bucket) return priceRangeLabel(bucket, storeCode);
  const b = q.priceBounds;
  if (!b) return q.price ?? '';
  const fmt = (n: number) => formatPrice(toCents(n), storeCode);
  if (b.min !== null && b.max !== null) return `${fmt(b.min)} – ${fmt(b.max)}`;
  return b.min !== null ? `> ${fmt(b.min)}` : `< ${fmt(b.max ?? 0)}`;
}

/** the applied filters as removable chips, and "clear filters" (issue #13 phone listing) */
export function AppliedFilters({ filters, query: q }: { filters: FacetFilter[]; query: ListingQuery }) {
  const t = useT();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const chips: { key: string; label: string; to: string }[] = [];
  if (q.price)
    chips.push({
      key: 'price',
      label: priceLabel(q, t.storeCode),
      to: toggleFilter(location.pathname, search, 'price', q.price),
    });
  for (const f of filters)
    for (const value of q.attributes[f.code] ?? [])
      chips.push({
        key: `${f.code}-${value}`,
        label: `${f.label}: ${f.options[value] ?? value}`,
        to: toggleFilter(location.pathname, search, f.code, value),
      });
  if (!chips.length) return null;
  return (
    <section className="chips" aria-label={t('listing.applied')}>
      <ul>
        {chips.map((c) => (
          <li key={c.key}>
            <Link
              to={c.to}
              className="chip"
              rel="nofollow"
              preventScrollReset
              aria-label={t('listing.removeFilter', { label: c.label })}
            >
              {c.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={clearFilters(location.pathname, search)} rel="nofollow" className="chips-clear">
            {t('listing.clearFilters')}
          </Link>
        </li>
      </ul>
    </section>
  );
}

/**
 * The shopper's own price range beside the spec's ranges: checked by the domain's parsePriceBounds
 * before navigating (and by the loader for the form sent without JavaScript), the range travels in
 * the URL as `price=100-500` and the API filters the final price by it.
 */
function PriceBoundsForm({ query: q }: { query: ListingQuery }) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const [issue, setIssue] = useState<PriceBoundsIssue | null>(q.priceIssue ?? null);
  useEffect(() => setIssue(q.priceIssue ?? null), [q.priceIssue, q.price]);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const parsed = parsePriceBounds(String(data.get('price_min') ?? ''), String(data.get('price_max') ?? ''));
    if (parsed.issue) return setIssue(parsed.issue);
    setIssue(null);
    void navigate(priceBoundsQuery(location.pathname, search, parsed.bounds), { preventScrollReset: true });
  };
  const described = issue ? { 'aria-invalid': true, 'aria-describedby': 'price-bounds-error' } : {};
  return (
    <form method="get" className="price-bounds" onSubmit={onSubmit} noValidate>
      {[...search]
        .filter(([k]) => !['page', 'price', 'price_min', 'price_max'].includes(k))
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      <fieldset>
        <legend>{t('listing.priceOwn')}</legend>
        <label>
          <span>{t('listing.priceMin')}</span>
          <input
            name="price_min"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={q.priceBounds?.min ?? ''}
            key={`min-${q.price}`}
            {...described}
          />
        </label>
        <label>
          <span>{t('listing.priceMax')}</span>
          <input
            name="price_max"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={q.priceBounds?.max ?? ''}
            key={`max-${q.price}`}
            {...described}
          />
        </label>
        <button type="submit" className="btn">
          {t('listing.priceApply')}
        </button>
      </fieldset>
      {issue ? (
        <p className="field-error" id="price-bounds-error" role="alert">
          {t.msg(issue)}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The bar over the grid: "Filters (n)" (a phone's bottom sheet; on a desktop the filters are a side
 * column and the button hides) and the sort select. Sticky on a phone.
 */
export function ListingBar({
  query: q,
  sortOptions = SORT_OPTIONS,
  onOpenFilters,
}: {
  query: ListingQuery;
  sortOptions?: readonly SortOption[];
  onOpenFilters: () => void;
}) {
  const t = useT();
  return (
    <div className="listing-bar">
      <a
        href="#filters"
        className="btn filters-toggle"
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          onOpenFilters();
        }}
      >
        {t('listing.filtersCount', { count: appliedFilterCount(q) })}
      </a>
      <SortForm sort={q.sort} options={sortOptions} />
    </div>
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

/**
 * The sort select: applies on change (issue #13: no Apply button; without JavaScript a button in
 * <noscript> sends the form), other query parameters kept, the page reset.
 */
export function SortForm({
  sort,
  options = SORT_OPTIONS,
}: {
  sort: string;
  options?: readonly SortOption[];
}) {
  const t = useT();
  const location = useLocation();
  const submit = useSubmit();
  const search = new URLSearchParams(location.search);
  return (
    <Form method="get" className="sort-form" preventScrollReset>
      {[...search]
        .filter(([k]) => k !== 'sort' && k !== 'page')
        .map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
      <label htmlFor="sort">{t('listing.sortBy')}</label>
      <select
        id="sort"
        name="sort"
        defaultValue={sort}
        key={sort}
        onChange={(e) => void submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {t.msg(o.labelKey)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn">
          {t('listing.apply')}
        </button>
      </noscript>
    </Form>
  );
}
