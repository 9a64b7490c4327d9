import { useT } from '../../../i18n';
import type { ListingView } from '../hooks/use-listing';
import { SortForm } from './SortForm';

/**
 * The bar over the grid: "Filters (n)" (a phone's bottom sheet; on a desktop the filters are a side
 * column and the button hides) and the sort select. Sticky on a phone.
 */
export function ListingBar({ view }: { view: Pick<ListingView, 'filterCount' | 'openFilters' | 'sort'> }) {
  const t = useT();
  return (
    <div className="listing-bar">
      <a
        href="#filters"
        className="btn filters-toggle"
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          view.openFilters();
        }}
      >
        {t('listing.filtersCount', { count: view.filterCount })}
      </a>
      <SortForm form={view.sort} />
    </div>
  );
}
