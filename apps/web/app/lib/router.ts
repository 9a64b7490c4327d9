import { createContext, useCallback, useContext } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  useNavigate,
  useRouteLoaderData,
  type NavigateOptions,
} from 'react-router';
import { afterPaint } from './idle';
import { isOtherArea } from './route-branches';

/**
 * React Router's hooks that read the router's state re-render their component at every change of
 * that state: a navigation's start, its loading, its end. `useNavigate`, `useSubmit` and `useParams`
 * read the route context, a new object at each of those renders; `useRouteLoaderData` and
 * `useMatches` the whole state. A filter's tick or a grade's choice then rendered every link, the
 * header, the footer and the filters three times over (bench/interactions.ts). These two read what
 * does not change with a navigation instead.
 */

/**
 * Navigates to one of the shop's absolute paths (lib/urls.ts) through the router itself, read at the
 * call, so the component does not subscribe to the route context. An absolute path has nothing to
 * resolve against the route it is called from, which is all `useNavigate` adds. Outside a data
 * router (a component test's plain router), React Router's `useNavigate`.
 */
export function usePathNavigate(): (to: string, options?: NavigateOptions) => void {
  const dataRouter = useContext(DataRouterContext);
  // Whether a data router is above a component never changes during its life: the hooks called stay the same.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const navigate = dataRouter ? null : useNavigate();
  const router = dataRouter?.router;
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      // another store view's page is not in this page's route table (lib/route-branches.ts)
      if (router && isOtherArea(router.state.location.pathname, to)) {
        if (options?.replace) window.location.replace(to);
        else window.location.assign(to);
      } else if (router) void router.navigate(to, options);
      else void navigate?.(to, options);
    },
    [router, navigate],
  );
}

/**
 * Puts `path` in the address bar in place of the current entry without a router navigation (a
 * product's variant: the page shows it from its own state). The entry's state is kept: React Router
 * reads its position in the history there, so the back button leaves for the page before as after
 * a replacing navigation, and coming forward again opens `path` itself. Outside a browser, nothing.
 */
export function replaceAddress(path: string): void {
  if (typeof window === 'undefined') return;
  window.history.replaceState(window.history.state, '', path);
}

/**
 * Puts `path` in the address bar as a new history entry without a router navigation (a listing's
 * filter: the listing shows it from its own answer). The entry is written as React Router writes
 * its own (its position one after the current one, a key of its own), so its back and forward
 * count the entries right, and coming back to it is a navigation to `path` like any other. Outside a
 * browser, nothing.
 */
export function pushAddress(path: string): void {
  if (typeof window === 'undefined') return;
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.pushState({ usr: null, key, idx: typeof idx === 'number' ? idx + 1 : 0 }, '', path);
}

/** the address a choice put off to after its paint, and how to drop it */
let pendingAddress: { cancel: () => void } | null = null;

/**
 * `replaceAddress` after the next paint: Chromium's `history.replaceState` is a same-document
 * navigation of its own (~2.5 ms at 1×, ~10 ms at 4× CPU slowdown), the largest script of a grade's
 * click, and the shopper sees the choice, not the address bar. The latest call wins (two fast choices
 * write the second); it is written at once when the page is hidden or left before the
 * paint, and dropped if the entry changed meanwhile (a navigation or back: React Router's entry key, or
 * the address, is no longer the one the choice was made on), so it never renames another page's entry.
 */
export function replaceAddressAfterPaint(path: string): void {
  if (typeof window === 'undefined') return;
  pendingAddress?.cancel();
  const entryKey = (window.history.state as { key?: unknown } | null)?.key;
  const at = window.location.href;
  let stopPaint = () => {};
  const drop = () => {
    stopPaint();
    window.removeEventListener('pagehide', write);
    document.removeEventListener('visibilitychange', whenHidden);
    pendingAddress = null;
  };
  function write() {
    drop();
    const key = (window.history.state as { key?: unknown } | null)?.key;
    if (key === entryKey && window.location.href === at) replaceAddress(path);
  }
  function whenHidden() {
    if (document.visibilityState === 'hidden') write();
  }
  stopPaint = afterPaint(write);
  window.addEventListener('pagehide', write);
  document.addEventListener('visibilitychange', whenHidden);
  pendingAddress = { cancel: drop };
}

/** The root route's data as the layout holds it (root.tsx): its menu, store information and blocks. */
export interface RootData {
  menu?: unknown;
  storeInfo?: unknown;
  blocks?: unknown;
}

/**
 * The root route's loader data, given by the layout: the same object until the root loader runs again
 * (a language change), so its readers render again only then.
 */
export const RootDataContext = createContext<RootData | null>(null);

/**
 * The root route's loader data: the layout's (RootDataContext), else React Router's (a component
 * rendered alone, or the error boundary, which has no layout above it).
 */
export function useRootData<T extends RootData>(): T | undefined {
  const given = useContext(RootDataContext);
  // Whether the layout is above a component never changes during its life (as lib/store.ts useStoreCode).
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return (given ?? useRouteLoaderData('root')) as T | undefined;
}
