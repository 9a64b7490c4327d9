import { useEffect, useRef } from 'react';
import { useLocation, useParams } from 'react-router';
import { pageOfPath } from './urls';

/**
 * Moves the focus to the new page after a client-side navigation to another path, as a full page
 * load would leave it at the top: to the main content's heading (its h1), or the main landmark when
 * the page has none. A screen reader then reads the new page's title; a keyboard user's next Tab is
 * in the new content, not somewhere in the old one. Not on the first render (the browser's own
 * load), not when only the query string changes (a filter, the sort, "show more": the control used
 * keeps the focus) or only a product's variant (a grade's radio keeps it: lib/urls.ts pageOfPath),
 * and not when a dialog or the search field holds it.
 */
export function useFocusMainOnNavigation(): void {
  const { childSku } = useParams();
  const pathname = pageOfPath(useLocation().pathname, childSku);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // after the new route's content is in the document
    const frame = requestAnimationFrame(() => focusMain(document));
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** the focus to `main h1`, else `main`; false when something that keeps the focus holds it */
export function focusMain(doc: Document): boolean {
  const active = doc.activeElement;
  if (active && active !== doc.body && active.closest('dialog[open], [role="dialog"], [role="search"]'))
    return false;
  const main = doc.querySelector<HTMLElement>('main');
  if (!main) return false;
  const target = main.querySelector<HTMLElement>('h1') ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return doc.activeElement === target;
}
