import {
  SEARCH_VISIBILITY,
  formatPrice,
  isListedAvailable,
  isSearchTermLongEnough,
  normaliseSearchTerm,
  searchDefaultSort,
} from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { Link } from '../lib/link';
import { useT } from '../i18n';
import { PRODUCT_CARD_FIELDS } from './product-card-fields';
import { localizedPath } from '../lib/store';
import type { Product } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { imageUrl, productPath } from '../lib/urls';
import { useSearchQuery } from '../state/search-query';
import { ui } from '../state/ui';

/** How many products the panel shows; the search page has them all. */
export const SEARCH_PANEL_SIZE = 8;
/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 250;

type Result = { q: string; items: Product[]; total: number } | { q: string; failed: true };

/**
 * The search panel (accounts-checkout-routes.md §2 overlays; results as you type from 3
 * characters): under the header's search field, which keeps the focus; the results are links, the
 * count is announced politely, and "see all" opens the search page.
 */
export function SearchPanel() {
  const t = useT();
  const api = useApi();
  const q = useSearchQuery().trim();
  const ready = isSearchTermLongEnough(q);
  const [result, setResult] = useState<Result | null>(null);

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
          includeFields: PRODUCT_CARD_FIELDS,
        })
        .then(
          (res) => !cancelled && setResult({ q, items: res.items, total: res.total }),
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
  const searchPage = `${localizedPath(t.storeCode, '/search')}?q=${encodeURIComponent(q)}`;
  return (
    <section id="search-panel" className="search-panel container" aria-label={t('search.panel')}>
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
      {current && !('failed' in current) && current.items.length ? (
        <>
          <ul className="search-panel-list">
            {current.items.map((p) => {
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
