import { useEffect, useRef } from 'react';
import { useFocusTrap } from '../../../lib/focus-trap';
import { FILTERS_ID, PRODUCTS_ID } from '../rules/anchors';

/**
 * The filters' phone sheet: while open a modal dialog (focus kept inside, Escape closes it, focus
 * back to the bar's button) over a page that does not scroll (html.sheet-open, phones only). On a
 * desktop the filters are a side column and the sheet never opens.
 */
export function useFiltersSheet(open: boolean, onOpen: () => void, onClose: () => void) {
  // a section, not an aside: the phone's sheet is a dialog while open, a role an aside may not take
  const ref = useRef<HTMLElement>(null);
  const close = () => {
    // A sheet the bar's link opened before the page's scripts ran is shown as the `#filters` target,
    // and stays shown while that is the target: the grid's anchor takes its place, as without JavaScript.
    if (window.location.hash === `#${FILTERS_ID}`) window.location.replace(`#${PRODUCTS_ID}`);
    onClose();
  };
  useFocusTrap(ref, open, close);
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('sheet-open');
    return () => document.documentElement.classList.remove('sheet-open');
  }, [open]);
  // ...and the sheet it opened becomes the modal dialog a tap after the hydration opens (a phone's
  // sheet only: on a desktop `#filters` is the side column, which is no dialog)
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    const el = document.getElementById(FILTERS_ID);
    if (window.location.hash === `#${FILTERS_ID}` && el && getComputedStyle(el).position === 'fixed')
      onOpenRef.current();
  }, []);
  return {
    ref,
    open,
    /** the sheet's × and "Show N products": links to the grid without JavaScript, closing it with */
    close: (e: { preventDefault: () => void }) => {
      e.preventDefault();
      close();
    },
  };
}

export type FiltersSheetView = ReturnType<typeof useFiltersSheet>;
