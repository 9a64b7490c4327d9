import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * While `active`: focus moves into the element, Tab and Shift+Tab stay inside, Escape calls
 * `onClose`; afterwards focus goes back to the opener. The one focus trap of the modal panels: the
 * drawers (components/Drawer.tsx, mounted only while open: `active` true) and the listing's filter
 * sheet (a side column on a desktop, a bottom sheet on a phone: active only as a sheet). Elements
 * the layout hides are skipped; without a layout (a test's DOM) every focusable counts.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onClose: () => void) {
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => {
      const all = Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE));
      const shown = all.filter((f) => f.getClientRects().length > 0);
      return shown.length > 0 ? shown : all;
    };
    (focusables()[0] ?? el).focus();
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return e.preventDefault();
      const at = document.activeElement;
      if (e.shiftKey && (at === first || !el.contains(at))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (at === last || !el.contains(at))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (opener?.isConnected) opener.focus();
    };
  }, [ref, active]);
}
