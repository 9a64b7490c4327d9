/**
 * The shop's `Link`: React Router's, at a fraction of its cost for the shop's own links.
 *
 * A category page renders ~140 links (menu, product cards, filters, pages, footer). React Router's
 * `Link` resolves each one against the route matches (useResolvedPath, twice: once more in its click
 * handler), reads the location and keeps two states for prefetching: about 1 ms of the server's
 * CPU per rendered category page, and as much work again in the
 * browser's hydration. Every link of the shop is an absolute path of its own (lib/urls.ts), so
 * there is nothing to resolve: this `Link` renders the `<a href>` React Router would and navigates
 * on a plain click as its click handler does (same-page links replace the history entry), with
 * the router's `navigate` only (lib/router.ts usePathNavigate: no re-render at each navigation's state). `prefetch="intent"` prefetches the page's modules and data on hover or focus
 * (after 100 ms, as React Router does). Anything else (a relative or external `to`, an object,
 * `reloadDocument`, another prefetch mode) is React Router's own `Link`.
 */
import { forwardRef, useContext, useEffect, useState, type ForwardedRef, type MouseEvent } from 'react';
import {
  Link as RouterLink,
  PrefetchPageLinks,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  createPath,
  type LinkProps,
} from 'react-router';
import { isOtherArea } from './route-branches';
import { usePathNavigate } from './router';

export type { LinkProps };

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  // at every render, whichever element it answers (a hook is never called conditionally)
  const router = usePathLinkRouter();
  const { to, reloadDocument, relative, mask, defaultShouldRevalidate, prefetch = 'none' } = props;
  const ownPath = typeof to === 'string' && to.startsWith('/') && !to.startsWith('//');
  const plain = !reloadDocument && !relative && mask === undefined && defaultShouldRevalidate === undefined;
  if (!ownPath || !plain || (prefetch !== 'none' && prefetch !== 'intent'))
    return <RouterLink ref={ref} {...props} />;
  // only the links that prefetch keep prefetch state (the filters, pages and footer do not)
  if (prefetch === 'intent') return <PrefetchingPathLink ref={ref} {...props} to={to} />;
  // the <a> itself, not a component of its own: a plain link is one component to hydrate and to
  // render again (a category page has ~140; a filter's tick renders ~80 of them again)
  return pathAnchor({ ...props, to }, ref, router);
});

export type PathLinkProps = LinkProps & { to: string };

/** What a path link reads of the router: the router itself, not its state (lib/router.ts). */
function usePathLinkRouter() {
  const navigate = usePathNavigate();
  // read at the click, so a navigation re-renders no link
  const dataRouter = useContext(DataRouterContext);
  return { navigate, dataRouter };
}

/** The `<a>` of a path link, navigating on a plain click as React Router's Link does. */
function pathAnchor(
  {
    to,
    onClick,
    replace,
    state,
    preventScrollReset,
    viewTransition,
    // PrefetchingPathLink's
    prefetch: _prefetch,
    target,
    // React Router's lazy route discovery; the shop lists every route up front (react-router.config.ts)
    discover: _discover,
    // undefined here (Link): kept off the <a>
    reloadDocument: _reloadDocument,
    relative: _relative,
    mask: _mask,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  }: PathLinkProps,
  ref: ForwardedRef<HTMLAnchorElement>,
  { navigate, dataRouter }: ReturnType<typeof usePathLinkRouter>,
) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    followPathLink(event, target, { navigate, dataRouter }, to, {
      replace,
      state,
      preventScrollReset,
      viewTransition,
    });
  }

  return <a {...rest} ref={ref} href={to} target={target} onClick={handleClick} />;
}

/**
 * A plain click on a path link navigates in the router as React Router's Link does: the same page's
 * link replaces the history entry; another store view's page, a modified click or another target is
 * left to the browser.
 */
function followPathLink(
  event: MouseEvent<HTMLElement>,
  target: string | undefined,
  { navigate, dataRouter }: ReturnType<typeof usePathLinkRouter>,
  to: string,
  { replace, ...options }: Pick<LinkProps, 'replace' | 'state' | 'preventScrollReset' | 'viewTransition'>,
) {
  if (event.defaultPrevented || !isPlainClick(event, target)) return;
  const location = dataRouter ? dataRouter.router.state.location : window.location;
  // another store view's page is not in this page's route table (lib/route-branches.ts): the
  // browser follows the href, a document navigation
  if (dataRouter && isOtherArea(location.pathname, to)) return;
  event.preventDefault();
  const here = createPath(location);
  navigate(to, { replace: replace ?? here === to, ...options });
}

/**
 * The click handler of a list of plain `<a href>` path links, the list's one handler in place of a
 * `Link` component each: a filter's values are ~50 links whose URLs all change at every tick, and
 * each `Link` was a component to render again with its hooks and its own handler. A click (or Enter
 * on a focused link, which the browser sends as a click) on one of them navigates as `Link` does,
 * with `options` for every link of the list.
 */
export function usePathLinkClicks(
  options: Pick<LinkProps, 'state' | 'preventScrollReset' | 'viewTransition'> = {},
): (event: MouseEvent<HTMLElement>) => void {
  const router = usePathLinkRouter();
  return (event) => {
    const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    const to = anchor.getAttribute('href') ?? '';
    if (!to.startsWith('/') || to.startsWith('//')) return;
    followPathLink(event, anchor.getAttribute('target') ?? undefined, router, to, options);
  };
}

/**
 * a path link that prefetches the page's modules and data on intent (`prefetch="intent"`); exported
 * for a listing's card, whose link is always such a link: `Link`'s choice of element was one
 * component more in each card a filter's tick renders anew
 */
export const PrefetchingPathLink = forwardRef<HTMLAnchorElement, PathLinkProps>(
  function PrefetchingPathLink(props, ref) {
    const router = usePathLinkRouter();
    const intent = usePrefetchIntent(props);
    return (
      <>
        {pathAnchor({ ...props, ...intent.handlers }, ref, router)}
        {intent.active ? <FrameworkPrefetch page={props.to} /> : null}
      </>
    );
  },
);

/** the left button, no modifier key, and a link that opens in this tab (React Router's rule) */
function isPlainClick(event: MouseEvent<HTMLElement>, target: string | undefined): boolean {
  return (
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

type IntentHandlers = Pick<
  LinkProps,
  'onFocus' | 'onBlur' | 'onMouseEnter' | 'onMouseLeave' | 'onTouchStart'
>;

/**
 * The page's modules and data prefetched, inside React Router's framework; nothing outside it
 * (component tests). Only this part, rendered while a link is hovered or focused, reads the
 * framework's context: HydratedRouter gives that context a new value at every new location, and
 * every prefetching link that read it (the cards', the menu's, the tiles') rendered again at each
 * filter, sort or page in a commit of its own.
 */
function FrameworkPrefetch({ page }: { page: string }) {
  return useContext(FrameworkContext) ? <PrefetchPageLinks page={page} /> : null;
}

/** Prefetch once the pointer or the focus has rested on the link for 100 ms (React Router's `prefetch="intent"`). */
function usePrefetchIntent(theirs: IntentHandlers) {
  const [intent, setIntent] = useState(false);
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (!intent) return;
    const id = setTimeout(() => setActive(true), 100);
    return () => clearTimeout(id);
  }, [intent]);
  const start = () => setIntent(true);
  const stop = () => {
    setIntent(false);
    setActive(false);
  };
  const handlers: IntentHandlers = {
    onFocus: (e) => (theirs.onFocus?.(e), start()),
    onBlur: (e) => (theirs.onBlur?.(e), stop()),
    onMouseEnter: (e) => (theirs.onMouseEnter?.(e), start()),
    onMouseLeave: (e) => (theirs.onMouseLeave?.(e), stop()),
    onTouchStart: (e) => (theirs.onTouchStart?.(e), start()),
  };
  return { active, handlers };
}
