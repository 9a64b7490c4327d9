import { ui } from '../state/ui';

/**
 * The focus moved on from the search field or the panel (Tab to the header's other controls): the
 * panel closes, so that it neither stays over the page nor puts its links in the Tab order. A click
 * on the page outside closes it through the backdrop; a focus lost to nothing (a click on the
 * panel's text) keeps it.
 */
export function closeSearchPanelOnFocusOut(e: { relatedTarget: EventTarget | null }): void {
  const next = e.relatedTarget;
  if (next instanceof Element && !next.closest('.search-form, #search-panel')) ui.close('searchpanel');
}
