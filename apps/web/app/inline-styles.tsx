/**
 * The stylesheet, inlined in the server-rendered <head> (Lighthouse "render-blocking
 * resources"): a <link rel=stylesheet> held the first paint of every page for one more round trip.
 * The home page, the listings, the product page and the search page inline only the rules of
 * styles.css that can match them (scripts/page-styles.ts: about half of the sheet, so a catalogue
 * document fits a phone connection's first round trip, ~14.6 kB, and its first style recalc matches
 * fewer rules); once such a page has hydrated, the browser fetches the whole sheet as a file at an idle
 * moment, into its cache only, and applies it when something needs it: a client-side navigation to
 * another page type, or an overlay (it comes after the inline rules and holds them all in their
 * order: the cascade does not change). Applied at idle, it restyled the whole document for rules
 * the page did not use (440-655 elements, 5-9.5 ms of main thread on a 2-core machine, four times
 * that on a phone). Every other page inlines the whole sheet. The @font-face rules are apart (fonts.css), inlined first in every page and never
 * in that file. The rules only the checkout, order-completed and account pages use are apart, in
 * checkout-account.css, which those routes link.
 *
 * The CSS text is only in the server bundle: `import.meta.env.SSR` is a build-time constant, so the
 * client build drops the `?inline` import. On the client the element keeps the text the server wrote
 * (React does not patch a mismatched dangerouslySetInnerHTML while hydrating; passing the same text
 * keeps it quiet in development too).
 *
 * The storefront's Content-Security-Policy (apps/server/src/page-security.ts) admits it by the
 * answer's nonce in style-src, not 'unsafe-inline'; the whole sheet's file is same-origin ('self').
 */
import { use, useContext, useEffect } from 'react';
import {
  matchRoutes,
  UNSAFE_DataRouterContext,
  useMatches,
  useNavigation,
  type Location,
} from 'react-router';
import fonts from './fonts.css?inline';
import * as styles from './styles.css?inline';
import wholeSheetHref from './styles.css?url';
import { loadAllMessages } from './i18n';
import { whenIdle } from './lib/idle';
import { pageTypeOfRoute } from './style-page-types';

const STYLE_ID = 'vitrina-styles';

/** the server build's `styles.css?inline` also exports each page type's sheet (scripts/page-styles.ts) */
const pageSheets = (styles as { pageSheets?: Record<string, string> }).pageSheets;

/** the document's first render: its sheet's text and page type, read once (see stylesOf) */
let served: { text: string; part: string | undefined } | undefined;

/**
 * On the server: the page type's sheet, or the whole one. In the browser: what the server wrote, read
 * once: a document rendered anew in the browser (an error at the root) must get the server's text,
 * and a client-side navigation keeps the first page's element as it is. Preact removes the old <html>
 * before it renders the new one (a browser build on Preact, apps/web/preact-aliases.ts), so a second
 * read found no stylesheet and wrote an empty one.
 */
function stylesOf(routeId: string | undefined): { text: string; part: string | undefined } {
  if (import.meta.env.SSR) {
    const part = routeId ? pageTypeOfRoute(routeId) : undefined;
    const text = part ? pageSheets?.[part] : undefined;
    // the fonts first, as they were at the top of styles.css (fonts.css: not in the file loaded later)
    return text ? { text: fonts + text, part } : { text: fonts + styles.default, part: undefined };
  }
  if (!served) {
    const element = document.getElementById(STYLE_ID);
    if (element?.textContent) served = { text: element.textContent, part: element.dataset.part };
  }
  return served ?? { text: '', part: undefined };
}

/** the whole sheet's file, once loaded (or failed: the page then keeps its inline part) */
let wholeSheet: Promise<void> | undefined;

/** the whole sheet's file asked for, into the browser's cache: once per document */
let prefetched = false;

/**
 * The whole sheet's file fetched, not applied: a `prefetch` link is kept in the HTTP cache (the file is
 * fingerprinted and immutable), so applying it later reads no network.
 */
function prefetchWholeSheet(): void {
  if (prefetched || wholeSheet) return;
  prefetched = true;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = wholeSheetHref;
  document.head.append(link);
}

/** the whole sheet as a file, after the inline part: once per document */
function loadWholeSheet(): Promise<void> {
  if (!wholeSheet) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = wholeSheetHref;
    wholeSheet = new Promise((resolve) => {
      link.onload = link.onerror = () => resolve();
    });
    document.head.append(link);
  }
  return wholeSheet;
}

/** is the page's inline sheet only a part of the whole (a page type's) */
const partial = () => Boolean(stylesOf(undefined).part);

/**
 * is the server's document one of the first screens' page types (style-page-types.ts), whose code
 * names only the messages loaded before hydration (i18n/domain-messages.catalogue.ts)
 */
export const servesFirstScreen = partial;

/** the whole sheet and every message in (or failed), once per document */
let rest: Promise<void> | undefined;
let restIn = false;

/**
 * What a first screen's page type leaves out and an overlay or a page of another type may need: the
 * whole sheet, and the messages no first screen shows (i18n/domain-messages.client.ts: a first screen's
 * are loaded before it hydrates). A failure (offline, the file not cached) leaves the page as it is.
 */
function loadRest(): Promise<void> {
  rest ??= Promise.all([loadWholeSheet(), loadAllMessages().catch(() => undefined)]).then(() => {
    restIn = true;
  });
  return rest;
}

/**
 * An overlay's module (scripts/page-styles.ts OVERLAY_MODULES), after the whole sheet and every
 * message (loadRest): a page type's inline part leaves the overlays' rules out, and the page applies
 * the whole sheet only when something needs it: an overlay waits for it, never shows unstyled.
 */
export function withWholeSheet<T>(module: Promise<T>): Promise<T> {
  if (import.meta.env.SSR || !partial()) return module;
  return Promise.all([module, loadRest()]).then(([m]) => m);
}

/**
 * Does a navigation to `location` show a page that may need rules the inline part lacks: a page of
 * another type, or one no route matches. A change of the same page's query (a filter, a sort, the
 * next page of a listing) or another page of the same type does not: the part holds every rule the
 * type's code can use.
 */
function leavesPart(
  routes: Parameters<typeof matchRoutes>[0] | undefined,
  location: Location,
  basename: string | undefined,
  part: string,
): boolean {
  const id = routes ? matchRoutes(routes, location, basename)?.at(-1)?.route.id : undefined;
  return !id || pageTypeOfRoute(id) !== part;
}

export function InlineStyles({ nonce }: { nonce?: string | undefined }) {
  const matches = useMatches();
  const { text, part } = stylesOf(matches.at(-1)?.id);
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // the next page of a client-side navigation may be another type: the whole sheet is applied when
  // that navigation starts (its file is usually in the cache by then, fetched at the first idle
  // moment after hydration), while the next page's data is requested
  const navigation = useNavigation();
  const leaving =
    part !== undefined &&
    navigation.state !== 'idle' &&
    leavesPart(router?.routes, navigation.location, router?.basename, part);
  useEffect(() => {
    if (!part) return;
    return whenIdle(() => {
      prefetchWholeSheet();
      // small (~4.5 KiB gzip): registered at once, so an action's messages never wait for it
      void loadAllMessages().catch(() => undefined);
    });
  }, [part]);
  useEffect(() => {
    if (leaving) void loadRest();
  }, [leaving]);
  // A page of another type may need rules only the whole sheet has, and a script-inserted stylesheet
  // does not hold the browser's paint: when the next page's data came before the file (a tap soon
  // after hydration, before the idle prefetch had the file in the cache), the page was committed
  // and painted without its rules. Its render waits for the file instead: the router's state update
  // is a transition, so React keeps the previous page on screen until the file is applied. A page of
  // the same type never waits, nor does the first render (its type is the part's).
  const shown = matches.at(-1)?.id;
  if (part !== undefined && !restIn && (!shown || pageTypeOfRoute(shown) !== part)) use(loadRest());
  return <style id={STYLE_ID} nonce={nonce} data-part={part} dangerouslySetInnerHTML={{ __html: text }} />;
}
