import { useEffect, useRef } from 'react';
import { useFocusTrap } from '../../../lib/focus-trap';

/**
 * The filters' phone sheet: while open a modal dialog (focus kept inside, Escape closes it, focus
 * back to the bar's button) over a page that does not scroll (html.sheet-open, phones only). On a
 * desktop the filters are a side column and the sheet never opens.
 */
export function useFiltersSheet(open: boolean, onClose: () => void) {
  // a section, not an aside: the phone's sheet is a dialog while open, a role an aside may not take
  const ref = useRef<HTMLElement>(null);
  useFocusTrap(ref, open, onClose);
  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('sheet-open');
    return () => document.documentElement.classList.remove('sheet-open');
  }, [open]);
  return {
    ref,
    open,
    /** the sheet's × and "Show N products": links to the grid without JavaScript, closing it with */
    close: (e: { preventDefault: () => void }) => {
      e.preventDefault();
      onClose();
    },
  };
}

export type FiltersSheetView = ReturnType<typeof useFiltersSheet>;
