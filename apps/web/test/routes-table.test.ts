import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import routes from '../app/routes';
import { isStorePrefixPair, storeCodeOf } from '../app/lib/store';

// One route entry per page for the three store views (102 routes matched in order before)
type Entry = { id?: string; path?: string; index?: boolean; children?: Entry[] };
const toObjects = (entries: Entry[]): RouteObject[] =>
  entries.map((e) =>
    e.index
      ? { id: e.id, index: true }
      : { id: e.id, path: e.path, children: e.children ? toObjects(e.children) : undefined },
  ) as RouteObject[];
const table = toObjects(routes as Entry[]);
const routeOf = (path: string) => matchRoutes(table, path)?.at(-1)?.route.id;

describe('routes.ts', () => {
  it('registers each page once (the static pages once per slug)', () => {
    const ids = (routes as Entry[]).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id?.startsWith('product'))).toEqual(['product']);
    expect(ids.length).toBeLessThan(70); // 11 static pages × 3 slugs among them
  });

  it.each([
    ['/', 'home', 'lt'],
    ['/en', 'home', 'en'],
    ['/ru', 'home', 'ru'],
    ['/ru/pwa.html', 'home-pwa', 'ru'],
    ['/c/kompiuteriai', 'category', 'lt'],
    ['/en/c/computers/laptops', 'category', 'en'],
    // a category whose slug is a page's name stays a category (static segments, no `:lang?` parameter)
    ['/c/news', 'category', 'lt'],
    ['/c/search', 'category', 'lt'],
    ['/p/PHN-1/phone', 'product', 'lt'],
    ['/ru/p/PHN-1/phone/PHN-1-RED', 'product', 'ru'],
    ['/en/search', 'search', 'en'],
    ['/ru/my-account/orders/12', 'my-account-order', 'ru'],
    ['/i/about', 'cms-page', 'lt'],
    ['/apie-mus', 'static-about-us-lt', 'lt'],
    ['/en/about-us', 'static-about-us-en', 'en'],
    ['/ru/about-us', 'static-about-us-ru', 'ru'],
    // the English slug is no Lithuanian page, the Lithuanian one no English page
    ['/about-us', 'not-found', 'lt'],
    ['/en/apie-mus', 'not-found', 'en'],
    // unknown prefixes: the lt store's not-found route (URL dispatcher), as before
    ['/lt/search', 'not-found', 'lt'],
    ['/de/c/x', 'not-found', 'lt'],
    ['/ru/en/search', 'not-found', 'ru'],
    ['/admin', 'admin-orders', 'lt'],
    ['/en/admin/orders/5', 'admin-order', 'en'],
    ['/ru/admin', 'not-found', 'ru'],
  ])('%s → %s (%s)', (path, id, store) => {
    expect(routeOf(path)).toBe(id);
    expect(storeCodeOf(path)).toBe(store);
    expect(isStorePrefixPair(path)).toBe(false);
  });

  it('/en/ru/… is matched by the optional prefix but is no store view: the root loader answers 404', () => {
    expect(routeOf('/en/ru/search')).toBe('search');
    expect(isStorePrefixPair('/en/ru/search')).toBe(true);
    expect(isStorePrefixPair('/en/ru')).toBe(true);
    expect(isStorePrefixPair('/en/russia')).toBe(false);
  });
});
