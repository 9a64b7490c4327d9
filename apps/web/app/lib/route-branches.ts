/**
 * The browser's route table with one branch per page.
 *
 * routes.ts registers every shop page once under the optional segments `en?/ru?` (and the back office
 * under `en?/admin`), which React Router expands into four branches a page (/x, /en/x, /ru/x,
 * /en/ru/x): ~160 branches that the browser flattened and ranked twice while making its router, one
 * unit of the hydration React cannot slice, more than half its JavaScript (records 0082, 0088). A page
 * only ever navigates inside its own area (one store view, or the back office in one language), so
 * before the hydration the manifest's paths are fixed to the page's prefix and the routes of other
 * areas are left out; a navigation to another area is a document navigation (`isOtherArea`, used by
 * lib/link.tsx and lib/router.ts), as the server answers it with its full table.
 *
 * The server keeps the full table: every URL, the 404 for /en/ru/…, the hreflang links and the
 * prerendered pages are its answers and do not change.
 */
import { storeCodeOf, isStorePrefixPair } from './store';

const STORE_PREFIX = 'en?/ru?';
const ADMIN_PREFIX = 'en?/admin';
/** the static pages' route ids end in their slug's store view (routes.ts `static-<identifier>-<store>`) */
const STATIC_ROUTE = /^static-.+-(lt|en|ru)$/;

/** What a manifest route holds that the rewrite reads (React Router's `window.__reactRouterManifest.routes`). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

/**
 * The area of a pathname: its store view ('lt', 'en', 'ru'), the back office in one language
 * ('admin', 'en/admin'), or null for /en/ru/… (no store view: the server answers 404, and the
 * browser keeps the full table for it).
 */
export function areaOf(pathname: string): string | null {
  if (isStorePrefixPair(pathname)) return null;
  const admin = /^\/(en\/)?admin(?:\/|$)/.exec(pathname);
  if (admin) return admin[1] ? 'en/admin' : 'admin';
  return storeCodeOf(pathname);
}

/** Whether a navigation from one path to another leaves the page's area (a document navigation). */
export function isOtherArea(from: string, to: string): boolean {
  if (!to.startsWith('/') || to.startsWith('//')) return false;
  const target = areaOf(to.replace(/[?#].*$/, ''));
  return target === null || target !== areaOf(from);
}

/**
 * The routes of the page at `pathname` with one branch per page: `en?/ru?` and `en?/admin` fixed to
 * the page's prefix, the back office left out of a shop page, the static pages of other store views
 * left out. Null when the page keeps the full table (/en/ru/…).
 */
export function routesForArea<R extends ManifestRoute>(
  routes: Record<string, R>,
  pathname: string,
): Record<string, R> | null {
  const area = areaOf(pathname);
  if (area === null) return null;
  const inAdmin = area.endsWith('admin');
  // the back office's pages fall back to its store view's not-found route, as on the server
  const storeCode = inAdmin ? (area === 'en/admin' ? 'en' : 'lt') : area;
  const prefix = storeCode === 'lt' ? '' : storeCode;
  const leftOut = (route: R): boolean => {
    const staticStore = STATIC_ROUTE.exec(route.id)?.[1];
    if (staticStore && staticStore !== storeCode) return true;
    if (!inAdmin && (route.path ?? '').startsWith(ADMIN_PREFIX)) return true;
    const parent = route.parentId === undefined ? undefined : routes[route.parentId];
    return parent !== undefined && leftOut(parent);
  };
  const out: Record<string, R> = {};
  for (const [id, route] of Object.entries(routes)) {
    if (leftOut(route)) continue;
    const path = route.path ?? '';
    if (path.startsWith(STORE_PREFIX))
      out[id] = { ...route, path: joined(prefix, path.slice(STORE_PREFIX.length)) };
    else if (path.startsWith(ADMIN_PREFIX))
      out[id] = { ...route, path: joined(prefix, `admin${path.slice(ADMIN_PREFIX.length)}`) };
    else out[id] = route;
  }
  return out;
}

/** `prefix` and the rest of a path ('' or '/…'), without an empty segment. */
function joined(prefix: string, rest: string): string {
  const tail = rest.replace(/^\//, '');
  if (!prefix) return tail;
  return tail ? `${prefix}/${tail}` : prefix;
}

declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
  }
}

/** Narrows the page's route manifest to its area before React Router makes its router from it. */
export function narrowRouteManifest(): void {
  const manifest = window.__reactRouterManifest;
  const own = manifest && routesForArea(manifest.routes, window.location.pathname);
  if (manifest && own) manifest.routes = own;
}
