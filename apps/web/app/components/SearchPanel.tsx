import {
  SEARCH_VISIBILITY,
  formatPrice,
  isListedAvailable,
  isSearchTermLongEnough,
  normaliseSearchTerm,
  searchDefaultSort,
  type StoreCode,
} from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { Link } from '../lib/link';
import { useOtherPagesT } from '../i18n/other-pages';
import { PRODUCT_CARD_FIELDS } from './product-card-fields';
import { localizedPath } from '../lib/store';
import type { Product } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { categoryPath, imageUrl, productPath } from '../lib/urls';
import type { MenuItem } from './navigation/menu';
import { useRootMenu } from './navigation/root-menu';
import { useSearchQuery } from '../state/search-query';
import { ui } from '../state/ui';
import { closeSearchPanelOnFocusOut } from './search-panel-focus';
import { useShopInfo } from '../lib/shop-info';

/** the search page's address for `words` in a store view */
function searchPath(store: StoreCode, words: string): string {
  return `${localizedPath(store, '/search')}?q=${encodeURIComponent(words)}`;
}

/** at most this many of the menu's top categories under the popular searches */
const START_CATEGORIES = 8;

/**
 * What the panel offers before anything is typed: the popular searches the owner chose for this
 * store view (shop settings; never what other shoppers typed, docs/decisions/0056-popular-searches.md),
 * each a link to its results, then the shop's main categories. Each group is a list of links under a
 * heading that names it, so a keyboard or a screen reader moves through them like any links.
 */
export function SearchPanelStart({
  popular,
  menu,
  onFollow,
}: {
  popular: readonly string[];
  menu: readonly MenuItem[];
  onFollow: () => void;
}) {
  const t = useOtherPagesT();
  const searchFor = (words: string) => searchPath(t.storeCode, words);
  const categories = menu.slice(0, START_CATEGORIES);
  return (
    <div className="search-panel-groups">
      <ChipGroup
        id="search-panel-popular"
        heading={t('searchRank.popularSearches')}
        className="search-panel-popular"
        chips={popular.map((words) => ({ key: words, to: searchFor(words), label: words, icon: true }))}
        onFollow={onFollow}
      />
      <ChipGroup
        id="search-panel-top-categories"
        heading={t('searchRank.topCategories')}
        chips={categories.map((c) => ({
          key: String(c.id),
          to: categoryPath(t.storeCode, c),
          label: c.name,
        }))}
        onFollow={onFollow}
      />
    </div>
  );
}

/** How many products the panel shows; the search page has them all. */
export const SEARCH_PANEL_SIZE = 8;
/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 250;

type Result =
  | { q: string; items: Product[]; total: number; categoryCounts: { key: string | number; count: number }[] }
  | { q: string; failed: true };

/** how many categories and brands the panel suggests beside the products */
const SUGGESTED_GROUPS = 3;

/** the menu's categories (both levels) by id */
function menuById(menu: readonly MenuItem[]): Map<number, MenuItem> {
  const out = new Map<number, MenuItem>();
  const walk = (items: readonly MenuItem[]) => {
    for (const m of items) {
      out.set(m.id, m);
      walk(m.children);
    }
  };
  walk(menu);
  return out;
}

/**
 * The categories the matching products are in, most matches first, as far as the menu knows them
 * (the deeper ones: "Refrigerators" rather than "Home appliances" when both hold the same matches).
 */
export function suggestedCategories(
  counts: readonly { key: string | number; count: number }[],
  menu: readonly MenuItem[],
  max = SUGGESTED_GROUPS,
): MenuItem[] {
  const byId = menuById(menu);
  const found = counts
    .map((b) => ({ item: byId.get(Number(b.key)), count: b.count }))
    .filter((b): b is { item: MenuItem; count: number } => b.item !== undefined);
  // a parent whose count a child equals adds nothing: the child is the better suggestion
  const kept = found.filter(
    (b) => !b.item.children.some((c) => found.some((f) => f.item.id === c.id && f.count === b.count)),
  );
  return kept
    .sort((a, b) => b.count - a.count)
    .slice(0, max)
    .map((b) => b.item);
}

/** the brands of the matching products shown, most frequent first */
export function suggestedBrands(items: readonly Product[], max = SUGGESTED_GROUPS): string[] {
  const counts = new Map<string, number>();
  for (const p of items) {
    const brand = typeof p.brand === 'string' ? p.brand.trim() : '';
    if (brand) counts.set(brand, (counts.get(brand) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([b]) => b);
}

/**
 * The search panel (accounts-checkout-routes.md §2 overlays; results as you type from 3
 * characters): under the header's search field, which keeps the focus; the results are links, the
 * count is announced politely, and "see all" opens the search page.
 */
export function SearchPanel() {
  const t = useOtherPagesT();
  const api = useApi();
  const q = useSearchQuery().trim();
  const ready = isSearchTermLongEnough(q);
  const [result, setResult] = useState<Result | null>(null);
  const menu = useRootMenu();
  const shop = useShopInfo();

  useEffect(() => {
    if (!ready) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      api
        .searchProducts({
          query: normaliseSearchTerm(q).text,
          filters: { visibility: [...SEARCH_VISIBILITY] },
          // the results page's ranking (its default sort): the panel's first is the page's first
          sort: searchDefaultSort(q),
          size: SEARCH_PANEL_SIZE,
          // the categories of every match, not only the ones shown
          aggregations: ['category_ids'],
          includeFields: [...PRODUCT_CARD_FIELDS, 'brand'],
        })
        .then(
          (res) =>
            !cancelled &&
            setResult({
              q,
              items: res.items,
              total: res.total,
              categoryCounts: res.aggregations.category_ids ?? [],
            }),
          (e: unknown) => {
            console.error('search panel', e);
            if (!cancelled) setResult({ q, failed: true });
          },
        );
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, q, ready]);

  const current = result && result.q === q ? result : null;
  const close = () => ui.close('searchpanel');
  const searchPage = searchPath(t.storeCode, q);
  const searchFor = (words: string) => searchPath(t.storeCode, words);
  // nothing typed yet (the field just focused): the owner's popular searches and the main categories
  if (q === '') {
    return (
      <section
        id="search-panel"
        className="search-panel container"
        aria-label={t('search.panel')}
        onBlur={closeSearchPanelOnFocusOut}
      >
        <SearchPanelStart popular={shop?.popular_searches ?? []} menu={menu} onFollow={close} />
      </section>
    );
  }
  const found = current && !('failed' in current) ? current : null;
  const categories = found ? suggestedCategories(found.categoryCounts, menu) : [];
  const brands = found ? suggestedBrands(found.items) : [];
  return (
    <section
      id="search-panel"
      className="search-panel container"
      aria-label={t('search.panel')}
      onBlur={closeSearchPanelOnFocusOut}
    >
      <p className="muted" role="status" aria-live="polite">
        {!ready
          ? t.msg('validation.searchTermMinLength', { min: 3 })
          : !current
            ? t('search.searching')
            : 'failed' in current
              ? t.msg('error.generic')
              : current.total === 0
                ? t('search.noResults', { q })
                : t('search.count', { count: current.total })}
      </p>
      {found && (categories.length || brands.length) ? (
        <div className="search-panel-groups">
          <ChipGroup
            heading={t('searchRank.categories')}
            chips={categories.map((c) => ({
              key: String(c.id),
              to: categoryPath(t.storeCode, c),
              label: c.name,
            }))}
            onFollow={close}
          />
          <ChipGroup
            heading={t('searchRank.brands')}
            chips={brands.map((b) => ({ key: b, to: searchFor(b), label: b }))}
            onFollow={close}
          />
        </div>
      ) : null}
      {found && found.items.length ? (
        <>
          <ul className="search-panel-list">
            {found.items.map((p) => {
              const thumb = imageUrl(p.image, 150, 150);
              return (
                <li key={p.id}>
                  <Link to={productPath(t.storeCode, p)} onClick={close}>
                    {thumb ? (
                      <img src={thumb} alt="" width={48} height={48} loading="lazy" decoding="async" />
                    ) : null}
                    <span>{p.name}</span>
                    <span className="price">{formatPrice(p.final_price_incl_tax, t.storeCode)}</span>
                    {/* sold-out products come last: their page has the back-in-stock request */}
                    {isListedAvailable(p) ? null : (
                      <span className="stock-line out-of-stock">{t('product.outOfStock')}</span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
          <p>
            <Link to={searchPage} onClick={close}>
              {t('search.seeAll', { q })}
            </Link>
          </p>
        </>
      ) : null}
    </section>
  );
}

type Chip = { key: string; to: string; label: string; icon?: boolean };

/** a titled row of links (searches, categories, brands); nothing when it has none */
function ChipGroup({
  id,
  heading,
  className,
  chips,
  onFollow,
}: {
  /** set where the group is a labelled group (the panel before typing) */
  id?: string;
  heading: string;
  className?: string;
  chips: readonly Chip[];
  onFollow: () => void;
}) {
  if (!chips.length) return null;
  return (
    <div className="search-panel-group" {...(id ? { role: 'group', 'aria-labelledby': id } : {})}>
      <h2 className="search-panel-heading" id={id}>
        {heading}
      </h2>
      <ul className={className ? `search-panel-chips ${className}` : 'search-panel-chips'}>
        {chips.map((c) => (
          <li key={c.key}>
            <Link to={c.to} onClick={onFollow}>
              {c.icon ? (
                <svg
                  className="search-panel-chip-icon"
                  aria-hidden="true"
                  width="14"
                  height="14"
                  viewBox="0 0 24 24"
                >
                  <circle cx="11" cy="11" r="7" />
                  <path d="m20 20-3.5-3.5" />
                </svg>
              ) : null}
              {c.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
