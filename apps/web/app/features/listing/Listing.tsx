import type { ReactNode } from 'react';
import { HydrateLater } from '../../components/ui/HydrateLater';
import { FiltersSheet } from './components/FiltersSheet';
import { ListingBar } from './components/ListingBar';
import { ListingPagination } from './components/ListingPagination';
import { ShowMore } from './components/ShowMore';
import { useListing, type ListingProps } from './hooks/use-listing';
import { PRODUCTS_ID } from './rules/anchors';

/**
 * A listing of the category page or the search screen: the bar, the filters beside the products and
 * the page links under them. The route renders the products themselves (`children`: the grid, or
 * why there is none); the state, links and rules are the hook's, the components only render them.
 *
 * The filters hydrate later (HydrateLater): on a phone they are a sheet hidden until the bar's
 * "Filters" opens it (its press opens the part: `filtersPart`), so the page's first hydration leaves
 * their ~200 elements; on a desktop they are a side column on the first screen, hydrated right after
 * the first commit (near the screen), and a click in them before that opens them first.
 */
export function Listing({
  label,
  children,
  ...props
}: ListingProps & { label: string; children: ReactNode }) {
  const view = useListing(props);
  return (
    <>
      <ListingBar view={view} />
      <div className="listing-body">
        <HydrateLater opener={view.filtersPart}>
          <FiltersSheet view={view} />
        </HydrateLater>
        <section className="listing-products" id={PRODUCTS_ID} aria-label={label}>
          {children}
          <ShowMore view={view} />
          <ListingPagination links={view.pagination} />
        </section>
      </div>
    </>
  );
}
