import { useLayoutEffect, useRef, type MouseEvent, type RefObject } from 'react';

/**
 * The value a shopper ticks in the phone's open filter sheet stays where it was on the screen when the
 * answer is shown: the sheet scrolls by what the answer moved it (the applied filters' chips put up
 * at its top, a price range or a value above it come or go), as Chromium's own scroll anchoring does
 * once a scroller is scrolled, but not at its top, where a first tick always is.
 * Without it the ticked value jumped down under the finger, and the pointer (a mouse's, a pen's)
 * was left over another value: its `mouseout`/`over` events, `:hover` style and repaint were
 * ~10–20 ms of a tick's main thread at 4× CPU slowdown, after its own frame.
 *
 * `scroller` is the sheet (a scroll container while open on a phone; elsewhere scrolling it does
 * nothing), `shownAt` the path and query the listing shows; `around` wraps a link's click handler
 * that answers true when it took the click for the listing shown in place.
 */
export function useTickAnchor(scroller: RefObject<HTMLElement | null>, shownAt: string, open: boolean) {
  const held = useRef<{ link: Element; top: number; to: string } | null>(null);
  // after the commit that shows the answer the link was followed for, before its frame is drawn
  useLayoutEffect(() => {
    const h = held.current;
    if (!h || h.to !== shownAt) return;
    held.current = null;
    const box = scroller.current;
    if (!box || !h.link.isConnected || !box.contains(h.link)) return;
    const moved = h.link.getBoundingClientRect().top - h.top;
    if (moved !== 0) box.scrollTop += moved;
  });
  return {
    around:
      (take: (event: MouseEvent<HTMLElement>) => boolean) =>
      (event: MouseEvent<HTMLElement>): boolean => {
        if (!take(event)) return false;
        const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
        const to = link?.getAttribute('href');
        held.current = open && link && to ? { link, top: link.getBoundingClientRect().top, to } : null;
        return true;
      },
  };
}
