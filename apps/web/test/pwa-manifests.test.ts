import { STORE_CODES } from '@vitrina/domain';
import { describe, expect, it } from 'vitest';
import {
  backOfficeOnlyFiles,
  pageGroupOf,
  parseRouterManifest,
  prefetchGroups,
  type RouterManifest,
} from '../app/pwa/client-manifest';
import { manifestPath, webManifest } from '../app/pwa/web-manifest';

describe('webManifest: one per store view', () => {
  it.each(STORE_CODES)('%s: installable fields, start URL and scope of the store view', (code) => {
    const m = webManifest(code);
    const home = code === 'lt' ? '/' : `/${code}`;
    expect(m.start_url).toBe(home);
    expect(m.scope).toBe(home);
    expect(m.display).toBe('standalone');
    expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(m.name.length).toBeGreaterThan(0);
    expect(m.short_name.length).toBeLessThanOrEqual(12);
    // the shop's name and promises filled in (the settings' defaults at build time), no placeholder left
    expect(m.short_name).toBe('Vitrina');
    expect(`${m.name} ${m.description}`).not.toMatch(/[{}]/);
    expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    expect(manifestPath(code)).toBe(
      code === 'lt' ? '/manifest.webmanifest' : `/${code}/manifest.webmanifest`,
    );
  });

  it('names are in the store view language', () => {
    expect(webManifest('lt').lang).toBe('lt-LT');
    expect(webManifest('ru').description).not.toBe(webManifest('en').description);
  });
});

const ROUTER_MANIFEST: RouterManifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/jsx.js'] },
  routes: {
    root: {
      id: 'root',
      module: '/assets/root.js',
      imports: ['/assets/store.js'],
      css: ['/assets/styles.css'],
    },
    'home-lt': { id: 'home-lt', module: '/assets/home.js' },
    'home-pwa-en': { id: 'home-pwa-en', module: '/assets/home.js' },
    'product-en': { id: 'product-en', module: '/assets/product.js', imports: ['/assets/Price.js'] },
    'static-warranty-service-ru': { id: 'static-warranty-service-ru', module: '/assets/cms-page.js' },
    'my-account-orders-lt': { id: 'my-account-orders-lt', module: '/assets/my-account-orders.js' },
    'order-completed-en': { id: 'order-completed-en', module: '/assets/order-completed.js' },
    'search-ru': { id: 'search-ru', module: '/assets/search.js' },
  },
};

describe('client manifest: page groups for prefetch', () => {
  it.each([
    ['product-en', 'product'],
    ['home-pwa-lt', 'home'],
    ['cms-page-ru', 'cms page'],
    ['static-warranty-service-en', 'static page'],
    ['my-account-details-lt', 'my-account'],
    ['order-completed-ru', 'order confirmation'],
    ['search-en', 'search panel'],
    ['not-found-lt', 'not-found'],
    ['reset-password-en', 'reset-password'],
    ['checkout-ru', 'checkout'],
    ['root', null],
    ['admin-orders', null],
    ['admin-layout', null],
  ])('%s → %s', (id, group) => {
    expect(pageGroupOf(id)).toBe(group);
  });

  it('each group lists the app shell first, then its own chunks, once each', () => {
    const groups = prefetchGroups(ROUTER_MANIFEST, ['/assets/NewsletterPopup-Ab_1.js', '/assets/x.js']);
    const shell = [
      '/assets/entry.js',
      '/assets/jsx.js',
      '/assets/root.js',
      '/assets/store.js',
      '/assets/styles.css',
    ];
    expect(groups.product).toEqual([...shell, '/assets/product.js', '/assets/Price.js']);
    expect(groups.home).toEqual([...shell, '/assets/home.js']);
    expect(groups['static page']).toEqual([...shell, '/assets/cms-page.js']);
    expect(groups.error).toEqual(shell);
    expect(groups['minimal layout']).toEqual(shell);
    expect(groups['newsletter modal']).toEqual([...shell, '/assets/NewsletterPopup-Ab_1.js']);
    expect(Object.keys(groups)).toEqual(
      expect.arrayContaining(['my-account', 'order confirmation', 'search panel', 'empty layout']),
    );
  });

  it('reads React Router’s manifest file', () => {
    const source = `window.__reactRouterManifest=${JSON.stringify(ROUTER_MANIFEST)};`;
    expect(parseRouterManifest(source)).toEqual(ROUTER_MANIFEST);
    expect(() => parseRouterManifest('nothing here')).toThrow();
  });
});

describe('client manifest: the back office', () => {
  it('its own chunks are set apart; chunks a shop route also uses are not', () => {
    const manifest: RouterManifest = {
      entry: { module: '/assets/entry.client.js', imports: ['/assets/shell.js'] },
      routes: {
        root: { id: 'root', module: '/assets/root.js', imports: ['/assets/shell.js'] },
        'product-lt': { id: 'product-lt', module: '/assets/product.js', imports: ['/assets/shell.js', '/assets/Price.js'] },
        'admin-layout': { id: 'admin-layout', module: '/assets/layout.js', imports: ['/assets/shell.js', '/assets/i18n.js'] },
        'admin-order': {
          id: 'admin-order',
          module: '/assets/order.js',
          imports: ['/assets/i18n.js', '/assets/Price.js'],
          css: ['/assets/admin.css'],
        },
      },
    };
    expect([...backOfficeOnlyFiles(manifest)].sort()).toEqual(['/assets/admin.css', '/assets/i18n.js', '/assets/layout.js', '/assets/order.js']);
  });
});
