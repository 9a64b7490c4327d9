import type { ReactNode } from 'react';
import { FiltersSheet, PRODUCTS_ID } from './components/FiltersSheet';
import { ListingBar } from './components/ListingBar';
import { ListingPagination } from './components/ListingPagination';
import { ShowMore } from './components/ShowMore';
import { useListing, type ListingProps } from './hooks/use-listing';

/**
 * A listing of the category page or the search screen: the bar, the filters beside the products and
 * the page links under them. The route renders the products themselves (`children`: the grid, or
 * why there is none); the state, links and rules are the hook's, the components only render them.
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
        <FiltersSheet view={view} />
        <section className="listing-products" id={PRODUCTS_ID} aria-label={label}>
          {children}
          <ShowMore view={view} />
          <ListingPagination links={view.pagination} />
        </section>
      </div>
    </>
  );
}
