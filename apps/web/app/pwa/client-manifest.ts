/**
 * The client manifest served at `/dist/client-manifest.json` (accounts-checkout-routes.md §7: "GET a
 * client manifest at /dist to prefetch assets"): every built asset, and the chunks of each of the
 * spec's page groups (catalogue-and-cart.md §2 "Page groups named for prefetching"), derived from
 * React Router's build manifest. Written by scripts/build-pwa.ts.
 */

/** The part of React Router's browser manifest (`window.__reactRouterManifest`) read here. */
export interface RouterManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; module: string; imports?: string[]; css?: string[] }>;
}

export interface ClientManifest {
  /** Changes with every build (the service worker's precache revision of this file). */
  version: string;
  /** Every file of the client build, relative to the site root, with its size in bytes. */
  assets: { url: string; bytes: number }[];
  /** The chunks to prefetch for each page group, app shell (entry + root) first. */
  groups: Record<string, string[]>;
}

const STORE_SUFFIX = /-(lt|en|ru)$/;

/**
 * The spec's page group of a route id (`product-en` → product). Groups not backed by their own
 * route (error, empty and minimal layouts) are rendered by the root route; the newsletter modal
 * is the lazy NewsletterPopup chunk and the languages switch is part of the header.
 */
export function pageGroupOf(routeId: string): string | null {
  // the back office is no page group of the shop
  if (routeId === 'root' || isBackOfficeRoute(routeId)) return null;
  const name = routeId.replace(STORE_SUFFIX, '');
  if (name === 'home' || name === 'home-pwa') return 'home';
  if (name === 'cms-page') return 'cms page';
  if (name.startsWith('static-')) return 'static page';
  if (name.startsWith('my-account')) return 'my-account';
  if (name === 'order-completed') return 'order confirmation';
  if (name === 'search') return 'search panel';
  return name;
}

/** Lazy chunks that are page groups of their own (by the file name Vite gives them). */
const LAZY_GROUPS: [RegExp, string][] = [[/\/NewsletterPopup-[\w-]+\.js$/, 'newsletter modal']];

/**
 * Chunks of each page group: the app shell (entry, root) plus the group's route modules; `assets`
 * (all built files) supplies the lazily loaded modals.
 */
export function prefetchGroups(manifest: RouterManifest, assets: string[] = []): Record<string, string[]> {
  const root = manifest.routes.root;
  const shell = unique([
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
    ...(root ? [root.module, ...(root.imports ?? []), ...(root.css ?? [])] : []),
  ]);
  const groups: Record<string, string[]> = { error: shell, 'empty layout': shell, 'minimal layout': shell };
  for (const route of Object.values(manifest.routes)) {
    const group = pageGroupOf(route.id);
    if (!group) continue;
    groups[group] = unique([
      ...(groups[group] ?? shell),
      route.module,
      ...(route.imports ?? []),
      ...(route.css ?? []),
    ]);
  }
  for (const [pattern, group] of LAZY_GROUPS) {
    const chunks = assets.filter((url) => pattern.test(url));
    if (chunks.length) groups[group] = unique([...shell, ...chunks]);
  }
  return groups;
}

/** the back office's routes (app/routes.ts: ids `admin-<page>`) */
export function isBackOfficeRoute(routeId: string): boolean {
  return routeId.startsWith('admin-');
}

/**
 * The files only the back office uses (its code in chunks the shop never loads): the
 * modules, imports and styles of its routes that no shop route, the root or the entry needs. The
 * service worker does not precache them.
 */
export function backOfficeOnlyFiles(manifest: RouterManifest): Set<string> {
  const shop = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  const office = new Set<string>();
  for (const route of Object.values(manifest.routes)) {
    const files = [route.module, ...(route.imports ?? []), ...(route.css ?? [])];
    for (const f of files) (isBackOfficeRoute(route.id) ? office : shop).add(f);
  }
  return new Set([...office].filter((f) => !shop.has(f)));
}

/** Reads `window.__reactRouterManifest={...};` as written by React Router's build. */
export function parseRouterManifest(source: string): RouterManifest {
  const start = source.indexOf('{');
  const end = source.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('not a React Router manifest');
  return JSON.parse(source.slice(start, end + 1)) as RouterManifest;
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
