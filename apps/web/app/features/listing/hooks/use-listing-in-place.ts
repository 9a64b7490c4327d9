import { useContext, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext } from 'react-router';
import { pushAddress, usePathNavigate } from '../../../lib/router';
import { enteredRoute, productsLoaded, routeHistory } from '../../../state/route-history';
import { ui } from '../../../state/ui';

/**
 * how late a listing's answer is before the header's loading bar shows: the bar's animation starts
 * this late too (styles.css `.global-loader::before`), so a bar put up earlier showed a still stripe
 */
export const LOADER_AFTER_MS = 150;

/** what a filter's link asks of the listing shown in place: true when it takes the click */
export type FollowInPlace = (to: string, options?: { scrollToTop?: boolean }) => boolean;

export interface InPlaceListing<T> {
  /** what the listing shows: the loader's data, or the answer of the last filter followed in place */
  data: T;
  /** the path and query the data is for when it is not the router's location, else null */
  at: string | null;
  follow: FollowInPlace;
}

/**
 * A filter's change shown without a router navigation: React Router's navigation of the whole page
 * (its loading state rendered over the whole tree, the route's data fetched and decoded, the tree
 * rendered again for its new location) was most of a filter's main-thread time. Here `load` asks the
 * search API for the new listing (the same request and the same shape as the route's loader), the
 * page renders it in place, and the address gets a new history entry as the router's navigation gave
 * it. Back and forward are the router's navigations to those addresses (their data from the loader,
 * as a reload's document is), and a new loader answer (any navigation) is shown as it comes.
 *
 * `load` answers null when it cannot make the listing (offline, another page than the first): the
 * router then navigates as before, as it does when the answer fails.
 */
export function useListingInPlace<T>(
  loaded: T,
  load: ((to: string) => Promise<(T & { products: readonly unknown[] }) | null>) | null,
): InPlaceListing<T> {
  const [shown, setShown] = useState<{ over: T; data: T; at: string } | null>(null);
  const navigate = usePathNavigate();
  // read at the answer, not subscribed to: a navigation started meanwhile wins over the answer
  const dataRouter = useContext(DataRouterContext);
  const latest = useRef(0);
  const current = shown?.over === loaded ? shown : null;
  // a loader's answer after a listing shown in place (back to the address it was left for, or
  // forward): the router may not see a new location (its own stayed where the listing was first
  // loaded), so the route followed is the address's, as its tracking would have had it
  const replaced = shown !== null && current === null;
  useLayoutEffect(() => {
    if (replaced) {
      const path = window.location.pathname + window.location.search;
      routeHistory.set((h) => enteredRoute(h, path));
    }
  }, [replaced, loaded]);

  const follow: FollowInPlace = (to, options = {}) => {
    if (!load || typeof window === 'undefined') return false;
    const ask = ++latest.current;
    const from = window.location.href;
    const routerKey = dataRouter?.router.state.location.key;
    const stillHere = () =>
      ask === latest.current &&
      window.location.href === from &&
      (!dataRouter ||
        (dataRouter.router.state.location.key === routerKey &&
          dataRouter.router.state.navigation.state === 'idle'));
    // the header's loading bar, as the router's navigation showed it: on a slow network the tap's
    // only answer until the listing comes. Shown once the answer is late (LOADER_AFTER_MS, when the
    // bar's own animation starts): an answer before it is drawn with no bar put up and taken down,
    // whose render, layer and frames were ~10 ms of a tick's main thread at 4× CPU slowdown
    const showLoader = window.setTimeout(() => {
      if (ask === latest.current) ui.setLoader(true);
    }, LOADER_AFTER_MS);
    const settled = () => {
      window.clearTimeout(showLoader);
      if (ask === latest.current) ui.setLoader(false);
    };
    const fallBack = () => {
      settled();
      if (stillHere()) navigate(to, { preventScrollReset: !options.scrollToTop });
    };
    load(to).then((data) => {
      if (!data) return fallBack();
      settled();
      if (!stillHere()) return;
      pushAddress(to);
      // as the router's navigation would have: the listing left is the previous route, this one's
      // products the count the way back from a product restores
      routeHistory.set((h) => productsLoaded(enteredRoute(h, to), data.products.length));
      setShown({ over: loaded, data, at: to });
      if (options.scrollToTop) window.scrollTo(0, 0);
    }, fallBack);
    return true;
  };

  return { data: current?.data ?? loaded, at: current?.at ?? null, follow };
}

/**
 * A click on one of the listing's filter links, taken by the listing shown in place when the page
 * has one (a plain click on a path link only): true when it was. The link's own handler (a list's, a
 * `Link`'s) then sees the event prevented and does nothing; without `follow` it navigates as before.
 */
export function inPlaceClick(
  follow: FollowInPlace | null | undefined,
  options: { scrollToTop?: boolean } = {},
) {
  return (event: MouseEvent<HTMLElement>): boolean => {
    if (!follow || event.defaultPrevented || event.button !== 0) return false;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!anchor || !event.currentTarget.contains(anchor)) return false;
    const target = anchor.getAttribute('target');
    if (target && target !== '_self') return false;
    const to = anchor.getAttribute('href') ?? '';
    if (!to.startsWith('/') || to.startsWith('//')) return false;
    if (!follow(to, options)) return false;
    event.preventDefault();
    return true;
  };
}
