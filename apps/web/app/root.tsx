import { useHydrated, useHydratedMarker } from './lib/hydrated-marker';
import { routeErrorMessage } from './api-client/route-error';
import { setUrlDispatcher, urlDispatcherOn } from './lib/urls';
import { CATEGORY_LIST_SIZE, CATEGORY_LIST_SORT, ROOT_CATEGORY_ID } from '@vitrina/domain';
import { lazy, memo, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import {
  Links,
  data,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import { AccountBoot } from './components/AccountBoot';
import { Backdrop } from './components/Backdrop';
import { Footer } from './components/Footer';
import { HydrateLater } from './components/ui/HydrateLater';
import { GlobalLoader } from './components/GlobalLoader';
import { Header } from './components/Header';
import { LanguageSuggestion } from './components/LanguageSuggestion';
import { NotFound } from './components/NotFound';
import { ServerError } from './components/ServerError';
import { Notifications } from './components/Notifications';
import { OfflineFallback } from './components/OfflineFallback';
import { PwaStatus } from './components/PwaStatus';
import { getT, loadAllMessages, loadDictionary, setShopFacts, useT } from './i18n';
import { dictionaryFilesOf } from './i18n/dictionary-files';
import { serverApi } from './api-client/api.server';
import type { LayoutName, RouteHandle } from './lib/handle';
import { toMenu, type MenuItem } from './components/navigation/menu';
import type { StoreInfo } from './lib/types';
import { WEB_FONTS_SCRIPT, useWebFonts } from './lib/fonts';
import { HISTORY_INDEX_SCRIPT } from './lib/history-index';
import {
  StoreCodeContext,
  isStorePrefixPair,
  storeCodeOf,
  storeCodeOfRequest,
  useStoreCode,
} from './lib/store';
import { ApiError } from './api-client/api';
import { cartBase, cartSettled, enginesWanted, hasQueuedTasks, loadCart } from './state/cart-view';
import { userSession } from './state/user-view';
import { useRouteTracking } from './state/route-history';
import { useFocusMainOnNavigation } from './lib/focus-after-navigation';
import { RootDataContext } from './lib/router';
import { useUi } from './state/ui';
import { useOnline } from './pwa/connection';
import { isOfflineFailure } from './pwa/offline';
import { usePwa } from './pwa/use-pwa';
import { THEME_COLOR, manifestPath } from './pwa/theme';
import { InlineStyles, withWholeSheet } from './inline-styles';
import { useCspNonce } from './lib/csp-nonce';
import { whenIdle } from './lib/idle';
import { LAYOUT_BLOCKS } from './components/cms-blocks';

const MiniCart = lazy(() => withWholeSheet(import('./features/cart')).then((m) => ({ default: m.MiniCart })));
const WishlistDrawer = lazy(() =>
  withWholeSheet(import('./components/WishlistDrawer')).then((m) => ({ default: m.WishlistDrawer })),
);
const SideMenu = lazy(() =>
  withWholeSheet(import('./components/SideMenu')).then((m) => ({ default: m.SideMenu })),
);

/**
 * The menu (the children of the root category, id 2) and the footer's store information (seller's
 * details, payment and delivery methods), in the request's store view.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (isStorePrefixPair(new URL(request.url).pathname)) throw data(null, { status: 404 });
  const storeCode = storeCodeOfRequest(request);
  const api = serverApi(context, storeCode);
  // The layout's CMS blocks (components/cms-blocks.ts); without them the footer shows its own terms.
  const blocks = api.cmsBlocks([...LAYOUT_BLOCKS]).catch((e: unknown) => {
    console.error('cms-blocks', e);
    return {} as Record<string, string>;
  });
  const [menu, storeInfo] = await Promise.all([
    api
      .searchCategories({
        filters: { parent_id: ROOT_CATEGORY_ID },
        sort: CATEGORY_LIST_SORT,
        // the spec's category list: 4000 by position (catalogue-and-cart.md §9), not a first page
        size: CATEGORY_LIST_SIZE,
        includeFields: ['id', 'name', 'slug', 'position', 'is_active', 'include_in_menu', 'children_data'],
      })
      .then((res) => toMenu(res.items, 2, true))
      .catch((e: unknown): MenuItem[] => {
        // The page still renders without a menu; the failure is logged only.
        console.error('menu', e);
        return [];
      }),
    api.storeInfo().catch((e: unknown): StoreInfo | null => {
      console.error('store info', e);
      return null;
    }),
  ]);
  // the shop's name and promises in this store view, for the texts that name them (i18n setShopFacts)
  if (storeInfo?.shop) setShopFacts(storeCode, storeInfo.shop);
  // URL_DISPATCHER: the browser builds the same links as the server
  return { storeCode, menu, storeInfo, blocks: await blocks, urlDispatcher: urlDispatcherOn() };
}

/**
 * A page in another language (the language switch is a client navigation) renders only once its
 * dictionary has arrived: the browser holds the dictionaries it has used (i18n/index.ts).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([
    serverLoader(),
    // its messages whole: the page need not be a first screen's type (i18n/domain-messages.client.ts)
    loadDictionary(storeCodeOfRequest(request)).then(loadAllMessages),
  ]);
  return data;
}

/** The menu is per store view: reload it only when the language changes. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (storeCodeOf(currentUrl.pathname) !== storeCodeOf(nextUrl.pathname)) return true;
  if (isStorePrefixPair(nextUrl.pathname)) return true;
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search
    ? defaultShouldRevalidate
    : false;
}

export const meta: Route.MetaFunction = ({ error, location }) => {
  const t = getT(storeCodeOf(location.pathname));
  if (!error) return [{ title: t('site.name') }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: `${notFound ? t('error.notFoundTitle') : t('error.title')} | ${t('site.name')}` },
    { name: 'robots', content: 'noindex' },
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const storeCode = storeCodeOf(useLocation().pathname);
  const nonce = useCspNonce();
  const hydrated = useHydrated();
  useHydratedMarker();
  useWebFonts();
  return (
    <html lang={storeCode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        {/* only once hydrated: Chromium fetches a manifest while the page loads, beside its largest
            image (Lighthouse's phone counted it, on a connection of its own, in the largest paint);
            installing needs the service worker, which starts after hydration too */}
        {hydrated ? <link rel="manifest" href={manifestPath(storeCode)} /> : null}
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {/* The head in the order React's server render writes it: its hoisted <title>, <meta> and
            <link> (not a stylesheet) before the script and the stylesheet. A browser build on Preact
            (apps/web/preact-aliases.ts) hydrates without reordering: Preact pairs the server's
            elements by tag name in order and keeps their attributes. So the favicon is here, not in
            `links`, and <Links /> (the routes' stylesheets, which React leaves in place) comes last. */}
        <Meta />
        {/* raster: Chromium parses an SVG icon as a document on the page's main thread, again after
            every same-document navigation (a filter, a sort); a PNG decodes in well under 1 ms */}
        <link rel="icon" href="/icons/icon-32.png" sizes="32x32" type="image/png" nonce={nonce} />
        <link rel="icon" href="/icons/icon-192.png" sizes="192x192" type="image/png" nonce={nonce} />
        {/* Inter from the first paint only on a device that holds its files (lib/fonts.ts) */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: WEB_FONTS_SCRIPT }} />
        {/* the router's history index, written before the first paint, not in the hydration */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HISTORY_INDEX_SCRIPT }} />
        <InlineStyles nonce={nonce} />
        {/* the dictionary the client entry awaits before hydrating, fetched with the entry instead of
            after it (none in the browser's render: the server's first-paint step takes these links
            out of the head, apps/server/src/first-paint.ts) */}
        {dictionaryFilesOf(storeCode).map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <Links />
      </head>
      <body>
        <StoreCodeContext.Provider value={storeCode}>{children}</StoreCodeContext.Provider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * On start (after the persisted cart is read) and on reconnect: reconcile the cart with the server.
 * The cart's engine (state/cart.ts) is loaded for it only when the device holds a cart.
 */
function useCartSync() {
  // the cart asks for the API of the store view shown at each call; another store view syncs again
  const storeCode = useStoreCode();
  useEffect(() => {
    let cancelled = false;
    const sync = () => {
      const { cartServerToken, items } = cartBase.store.get();
      // a cart filled offline has lines but no server cart yet: sync connects it (spec "Cart connection")
      if (!cancelled && (cartServerToken || items.length > 0))
        loadCart()
          .then((cart) => (cancelled ? undefined : cart.sync()))
          .catch((e: unknown) => {
            // a 401 is the session layer's: it refreshes or logs out silently, which empties the cart
            // and the next add opens a guest cart (spec §4 "Cart connection": retry as a guest)
            if (e instanceof ApiError && e.code === 401) return;
            console.error('cart sync', e);
          });
    };
    void cartBase.store.ready.then(sync);
    window.addEventListener('online', sync);
    return () => {
      cancelled = true;
      window.removeEventListener('online', sync);
    };
  }, [storeCode]);
}

/**
 * The sync queue (state/sync-boot.ts: queued tasks sent, offline orders, the checkout's methods
 * cached for offline) is started once there is something for it: a cart or a session on the
 * device, a queued task, or the first cart or account action (state/cart-view.ts `enginesWanted`).
 * A first visit that only browses loads none of it.
 */
function useSyncQueue() {
  // the queue is connected to the API of the store view shown; another store view connects it again
  const storeCode = useStoreCode();
  const t = useT();
  useEffect(() => {
    let live = true;
    let stop: (() => void) | null = null;
    const start = () =>
      // its notices name messages no first screen shows
      Promise.all([import('./state/sync-boot'), loadAllMessages()])
        .then(([m]) => {
          if (live && !stop) stop = m.startSyncQueue(t);
        })
        .catch((e: unknown) => console.error('sync queue', e));
    const held = Promise.all([cartBase.store.ready, userSession.ready]).then(async () => {
      const c = cartBase.store.get();
      return Boolean(c.cartServerToken || c.items.length > 0 || userSession.get().token) || hasQueuedTasks();
    });
    void held.then((yes) => (yes ? start() : undefined));
    // Asked for by a click (the first add): the queue's chunk, its preload links and its first run
    // (the checkout's methods fetched) wait for the add's own sync and then for the browser's next
    // idle moment, so they neither delay the click's answer nor compete with the add's requests.
    let cancelIdle: (() => void) | null = null;
    void enginesWanted
      .then(() => cartSettled().catch(() => undefined))
      .then(() => {
        if (live) cancelIdle = whenIdle(() => void start());
      });
    return () => {
      live = false;
      cancelIdle?.();
      stop?.();
    };
  }, [storeCode, t]);
}

/** Overlays are code-split: their JavaScript loads the first time one opens. */
function Overlays({ menu }: { menu: MenuItem[] }) {
  const microcart = useUi((s) => s.microcart);
  const sidebar = useUi((s) => s.sidebar);
  const wishlist = useUi((s) => s.wishlist);
  return (
    <Suspense fallback={null}>
      {microcart ? <MiniCart /> : null}
      {wishlist ? <WishlistDrawer /> : null}
      {sidebar ? <SideMenu menu={menu} /> : null}
    </Suspense>
  );
}

/**
 * Memoised: the root's `App` renders at every change of the router's state (it reads the matches),
 * and what the shell shows changes only with the layout and the root's data. Its parts read the
 * location, the navigation and the stores through their own hooks.
 */
const Shell = memo(function Shell({
  layout,
  menu,
  storeInfo = null,
  children,
}: {
  layout: LayoutName;
  menu: MenuItem[];
  storeInfo?: StoreInfo | null;
  children: ReactNode;
}) {
  // the back office (routes/admin): none of the shop's header, footer, overlays or notifications
  if (layout === 'bare') return <>{children}</>;
  if (layout === 'empty') {
    return (
      <>
        <PwaStatus />
        <main id="main">
          <GlobalLoader />
          {children}
        </main>
        <Notifications />
      </>
    );
  }
  const minimal = layout === 'minimal';
  return (
    <>
      <Header menu={menu} minimal={minimal} />
      <PwaStatus />
      <main id="main" className="container">
        {children}
      </main>
      {/* at idle after the page's hydration, not in the shopper's first tap */}
      <HydrateLater idle>
        <Footer minimal={minimal} info={storeInfo} />
      </HydrateLater>
      <Backdrop />
      <Overlays menu={menu} />
      <Notifications />
      {minimal ? null : <LanguageSuggestion />}
    </>
  );
});

export default function App({ loaderData }: Route.ComponentProps) {
  // before any page below renders a link (a process-wide setting: the same for every render)
  setUrlDispatcher(loaderData.urlDispatcher === true);
  // before any text names the shop (the browser did not run the server's loader)
  if (loaderData.storeInfo?.shop) setShopFacts(loaderData.storeCode, loaderData.storeInfo.shop);
  const matches = useMatches();
  // the deepest route that names a layout (the back office's pages inherit their frame's 'bare')
  const handle = matches.findLast((m) => (m.handle as RouteHandle | undefined)?.layout)?.handle as
    RouteHandle | undefined;
  useCartSync();
  useSyncQueue();
  useRouteTracking();
  useFocusMainOnNavigation();
  usePwa();
  // made once, so the memoised shell keeps its children: both read the router and the stores themselves
  const page = useMemo(
    () => (
      <>
        <Outlet />
        <AccountBoot />
      </>
    ),
    [],
  );
  return (
    // the root's data to its readers (lib/router.ts): the same object until the root loader runs again
    <RootDataContext.Provider value={loaderData}>
      <Shell layout={handle?.layout ?? 'default'} menu={loaderData.menu} storeInfo={loaderData.storeInfo}>
        {page}
      </Shell>
    </RootDataContext.Provider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>('root');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const location = useLocation();
  const online = useOnline();
  // a page whose data did not load because the device is offline
  const offline = !notFound && isOfflineFailure(error, online);
  if (!notFound && !offline) console.error(error);
  return (
    <Shell layout="minimal" menu={root?.menu ?? []} storeInfo={root?.storeInfo ?? null}>
      {notFound ? (
        <NotFound />
      ) : offline ? (
        <OfflineFallback pathname={location.pathname} search={location.search} />
      ) : (
        <ServerError message={routeErrorMessage(error)} />
      )}
    </Shell>
  );
}
