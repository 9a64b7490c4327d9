import { useState, useSyncExternalStore, type ReactNode } from 'react';
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
          {/* "Show more" and the page links are the products' too: under the sheet, skipped alike */}
          <KeptWhileCovered covered={view.sheet.open}>
            {children}
            <ShowMore view={view} />
            <ListingPagination links={view.pagination} />
          </KeptWhileCovered>
        </section>
      </div>
    </>
  );
}

/** the width under which the filters are a sheet over the products (styles.css) */
const SHEET_MEDIA = '(max-width: 899px)';

let sheetMediaList: MediaQueryList | null | undefined;
/** null where the browser has no media queries (a test's DOM): the filters are then no sheet */
function sheetMedia(): MediaQueryList | null {
  if (sheetMediaList === undefined)
    sheetMediaList = typeof window.matchMedia === 'function' ? window.matchMedia(SHEET_MEDIA) : null;
  return sheetMediaList;
}
function subscribeToSheetMedia(changed: () => void) {
  const media = sheetMedia();
  media?.addEventListener('change', changed);
  return () => media?.removeEventListener('change', changed);
}
const filtersAreASheet = () => sheetMedia()?.matches ?? false;
const noSheetOnServer = () => false;

/**
 * The products as they were when the phone's filter sheet opened, while it is open: the sheet is a
 * modal dialog over them (and they skip their rendering meanwhile, styles.css `html.sheet-open`), so a
 * filter's tick renders the sheet, its counts and the address only; the products follow the last tick
 * in the press that closes the sheet, once however many filters were ticked. On a desktop the filters
 * are a side column beside the products, which follow each tick at once.
 */
function KeptWhileCovered({ covered, children }: { covered: boolean; children: ReactNode }) {
  // read only while the sheet is open: the page's hydration (the sheet closed) renders nothing again
  const hidden = useSyncExternalStore(
    subscribeToSheetMedia,
    () => covered && filtersAreASheet(),
    noSheetOnServer,
  );
  const [kept, keep] = useState(children);
  // the same element as the last render's while covered: React renders nothing below it
  if (!hidden && kept !== children) keep(children);
  return hidden ? kept : children;
}
