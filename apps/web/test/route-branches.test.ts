import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import routes from '../app/routes';
import { areaOf, isOtherArea, routesForArea, type ManifestRoute } from '../app/lib/route-branches';

// The manifest as React Router's build writes it: the root route, each route's parent by id.
type Entry = { id: string; path?: string; index?: boolean; children?: Entry[] };
function manifestOf(entries: Entry[]): Record<string, ManifestRoute> {
  const out: Record<string, ManifestRoute> = { root: { id: 'root', path: '' } };
  const add = (list: Entry[], parentId: string) => {
    for (const e of list) {
      out[e.id] = { id: e.id, parentId, path: e.path, index: e.index };
      if (e.children) add(e.children, e.id);
    }
  };
  add(entries as Entry[], 'root');
  return out;
}
const manifest = manifestOf(routes as Entry[]);

/** the route tree React Router's createClientRoutes makes of a manifest (ids and paths only) */
function treeOf(m: Record<string, ManifestRoute>, parentId?: string): RouteObject[] {
  return Object.values(m)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index ? { id: r.id, index: true } : { id: r.id, path: r.path, children: treeOf(m, r.id) },
    ) as RouteObject[];
}
const ids = (tree: RouteObject[], path: string) => matchRoutes(tree, path)?.map((m) => m.route.id);

/** the branches React Router's flattenRoutes makes: a route's optional segments double its own and its children's */
function branches(tree: RouteObject[], factor = 1): number {
  return tree.reduce((n, r) => {
    const own = factor * 2 ** (r.path?.match(/\?(\/|$)/g)?.length ?? 0);
    return n + own + branches(r.children ?? [], own);
  }, 0);
}

const full = treeOf(manifest);

describe('routesForArea', () => {
  it.each([
    '/',
    '/en',
    '/ru',
    '/ru/pwa.html',
    '/c/kompiuteriai',
    '/en/c/computers/laptops',
    '/c/news',
    '/p/PHN-1/phone',
    '/ru/p/PHN-1/phone/PHN-1-RED',
    '/en/search',
    '/ru/my-account/orders/12',
    '/newsletter/a@b.lt/123',
    '/i/about',
    '/apie-mus',
    '/en/about-us',
    '/ru/about-us',
    '/about-us',
    '/en/apie-mus',
    '/lt/search',
    '/de/c/x',
    '/ru/en/search',
    '/admin',
    '/admin/login',
    '/admin/orders/5',
    '/en/admin/orders/5',
    '/en/admin/products/X-1/images',
    '/admin/nothing-here',
    '/en/admin/nothing-here',
    '/ru/admin',
  ])('%s matches the same routes as with the full table', (path) => {
    const own = routesForArea(manifest, path);
    expect(own).not.toBeNull();
    expect(ids(treeOf(own!), path)).toEqual(ids(full, path));
  });

  it('makes one branch per page instead of four', () => {
    const counts = ['/', '/en/search', '/ru', '/admin', '/en/admin/orders'].map((p) =>
      branches(treeOf(routesForArea(manifest, p)!)),
    );
    const all = branches(full);
    for (const n of counts) expect(n).toBeLessThan(all / 2.5);
  });

  it('keeps the full table for /en/ru/…, which the server answers 404', () => {
    expect(areaOf('/en/ru/search')).toBeNull();
    expect(routesForArea(manifest, '/en/ru/search')).toBeNull();
  });

  it('leaves the back office out of a shop page and the other store views’ static pages out', () => {
    const lt = routesForArea(manifest, '/c/x')!;
    expect(Object.keys(lt).some((id) => id.startsWith('admin'))).toBe(false);
    expect(lt['static-about-us-lt']).toBeDefined();
    expect(lt['static-about-us-en']).toBeUndefined();
    expect(lt.search?.path).toBe('search');
    expect(routesForArea(manifest, '/ru/c/x')!.search?.path).toBe('ru/search');
    expect(routesForArea(manifest, '/en/admin')!['admin-layout']?.path).toBe('en/admin');
  });
});

describe('isOtherArea', () => {
  it.each([
    ['/c/x', '/p/A/a', false],
    ['/c/x', '/en/c/x', true],
    ['/en/c/x', '/en/search?q=a', false],
    ['/en/c/x', '/ru', true],
    ['/ru', '/', true],
    ['/', '/admin', true],
    ['/admin/orders', '/admin/orders/5', false],
    ['/admin', '/en/admin', true],
    ['/en/admin', '/en/search', true],
    ['/en', '/en/ru/search', true],
    ['/c/x', '?page=2', false],
  ])('%s → %s: %s', (from, to, other) => {
    expect(isOtherArea(from, to)).toBe(other);
  });
});
