import { useT } from '../../../i18n';
import type { ListingView } from '../hooks/use-listing';
import { AppliedFilters } from './AppliedFilters';
import { FilterOptions } from './FilterOptions';
import { PriceBoundsForm } from './PriceBoundsForm';
import { FILTERS_ID, PRODUCTS_ID } from '../rules/anchors';

/**
 * The listing's filters: the applied ones as removable chips, price ranges with the shopper's own
 * min–max, and attribute options with counts in grade/numeric/shop order (domain orderFacetValues).
 * A side column on a desktop; on a phone a bottom sheet (a modal dialog while open; without
 * JavaScript the bar's link opens it as the `#filters` target).
 */
export function FiltersSheet({ view }: { view: ListingView }) {
  const t = useT();
  const { sheet } = view;
  return (
    <section
      ref={sheet.ref}
      id={FILTERS_ID}
      className={sheet.open ? 'filters is-open' : 'filters'}
      aria-labelledby="filters-title"
      {...(sheet.open ? { role: 'dialog', 'aria-modal': true, tabIndex: -1 } : {})}
    >
      <div className="filters-head">
        <h2 id="filters-title">{t('listing.filters')}</h2>
        <a
          href={`#${PRODUCTS_ID}`}
          className="filters-close"
          onClick={sheet.close}
          aria-label={t('listing.closeFilters')}
        >
          <span aria-hidden="true">×</span>
        </a>
      </div>
      <AppliedFilters
        chips={view.chips}
        clearTo={view.clearTo}
        inPlace={view.followFilter}
        clearInPlace={view.followClear}
      />
      <section aria-labelledby="filter-price">
        <h3 id="filter-price">{t('listing.price')}</h3>
        <FilterOptions options={view.prices} inPlace={view.followFilter} />
        <PriceBoundsForm form={view.priceForm} />
      </section>
      {view.facets.map(({ code, label, options }) => (
        <section key={code} aria-labelledby={`filter-${code}`}>
          <h3 id={`filter-${code}`}>{label}</h3>
          <FilterOptions options={options} inPlace={view.followFilter} collapse />
        </section>
      ))}
      <div className="filters-foot">
        <a href={`#${PRODUCTS_ID}`} className="btn btn-primary" onClick={sheet.close}>
          {t('listing.showProducts', { count: view.total })}
        </a>
      </div>
    </section>
  );
}
