/**
 * The current and the previous route (accounts-checkout-routes.md §2: "Current and previous route
 * are tracked, with scroll position and the number of category products loaded, for back
 * navigation"). Kept in memory for this tab: the product page offers the way back
 * to the listing it was opened from (components/BackToList.tsx), which opens it again with the same
 * products (its page and filters travel in the path) at the same scroll position.
 */
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { createStore } from './store';

export interface TrackedRoute {
  /** pathname and query string */
  path: string;
  /** how far the page was scrolled when it was left */
  scrollY: number;
  /** a category listing: the number of its products on screen (null: not a listing) */
  productsLoaded: number | null;
}

export interface RouteHistory {
  current: TrackedRoute | null;
  previous: TrackedRoute | null;
}

export const initialRouteHistory: RouteHistory = { current: null, previous: null };
export const routeHistory = createStore<RouteHistory>(initialRouteHistory);

/** A route change: the current route, as it was left, becomes the previous one. Same path: no change. */
export function enteredRoute(h: RouteHistory, path: string): RouteHistory {
  if (h.current?.path === path) return h;
  return { previous: h.current, current: { path, scrollY: 0, productsLoaded: null } };
}

/** The current route scrolled (kept as it is left). */
export function scrolledTo(h: RouteHistory, scrollY: number): RouteHistory {
  return h.current && h.current.scrollY !== scrollY ? { ...h, current: { ...h.current, scrollY } } : h;
}

/** The category page says how many products it shows. */
export function productsLoaded(h: RouteHistory, count: number | null): RouteHistory {
  return h.current && h.current.productsLoaded !== count
    ? { ...h, current: { ...h.current, productsLoaded: count } }
    : h;
}

/** In the app's root: follows the location and the scroll position. */
export function useRouteTracking() {
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  // a layout effect: it runs before the pages' own effects (useProductsLoaded) of the same change
  useLayoutEffect(() => {
    routeHistory.set((h) => enteredRoute(h, path));
  }, [path]);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => routeHistory.set((h) => scrolledTo(h, Math.round(window.scrollY))));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
}

/** In the category page: the number of products it shows, for the way back to it. */
export function useProductsLoaded(count: number | null) {
  // each route entered (another page of the listing may show as many products)
  const { key } = useLocation();
  useEffect(() => {
    routeHistory.set((h) => productsLoaded(h, count));
  }, [count, key]);
}
