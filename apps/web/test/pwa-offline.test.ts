import { describe, expect, it } from 'vitest';
import {
  homeOf,
  isOfflineFailure,
  offlineDocument,
  offlinePageKind,
  redirectsHomeOffline,
  type OfflinePageKind,
} from '../app/pwa/offline';

describe('offlinePageKind', () => {
  it.each<[string, OfflinePageKind]>([
    ['/', 'home'],
    ['/en', 'home'],
    ['/ru/', 'home'],
    ['/pwa.html', 'home'],
    ['/en/pwa.html', 'home'],
    ['/p/SKU-1/phone', 'product'],
    ['/en/p/SKU-1/phone/SKU-1-RED', 'product'],
    ['/c/nesiojami-kompiuteriai', 'category'],
    ['/ru/c/laptops', 'category'],
    ['/i/about', 'cms'],
    ['/en/i/about', 'cms'],
    ['/search', 'search'],
    ['/en/search', 'search'],
    ['/checkout', 'other'],
    ['/en/my-account', 'other'],
    ['/en/reset-password', 'other'],
    ['/en/no-such-page', 'other'],
  ])('%s → %s', (path, kind) => {
    expect(offlinePageKind(path)).toBe(kind);
  });

  it('static pages are CMS pages: Lithuanian slugs at the root, the English identifier under /en and /ru', () => {
    expect(offlinePageKind('/en/warranty-service')).toBe('cms');
    expect(offlinePageKind('/ru/warranty-service')).toBe('cms');
    expect(offlinePageKind('/warranty-service')).toBe('other');
  });
});

describe('redirectsHomeOffline (spec §8: product, category or CMS page never seen)', () => {
  it.each<[OfflinePageKind, boolean]>([
    ['product', true],
    ['category', true],
    ['cms', true],
    ['home', false],
    ['search', false],
    ['other', false],
  ])('%s → %s', (kind, redirects) => {
    expect(redirectsHomeOffline(kind)).toBe(redirects);
  });
});

describe('isOfflineFailure', () => {
  it('any failure while the browser reports offline', () => {
    expect(isOfflineFailure(new Error('boom'), false)).toBe(true);
  });
  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])(
    'a fetch TypeError (%s) while online',
    (message) => {
      expect(isOfflineFailure(new TypeError(message), true)).toBe(true);
    },
  );
  it('not other errors while online', () => {
    expect(isOfflineFailure(new Error('Failed to fetch'), true)).toBe(false);
    expect(isOfflineFailure(new TypeError('x is undefined'), true)).toBe(false);
    expect(isOfflineFailure({ status: 500 }, true)).toBe(false);
  });
});

describe('offlineDocument: what the worker answers for a page it never saw', () => {
  it('a product in English: the spec message and a redirect to the English home', () => {
    const doc = offlineDocument('/en/p/SKU-1/phone');
    expect(doc.redirect).toBe('/en');
    expect(doc.html).toContain(
      'The product, category or CMS page is not available in Offline mode. Redirecting to Home.',
    );
    expect(doc.html).toContain('<meta http-equiv="refresh" content="3;url=/en">');
    expect(doc.html).toContain('<html lang="en">');
  });

  it('a category in Lithuanian and a CMS page in Russian are translated and go to their home', () => {
    const lt = offlineDocument('/c/telefonai');
    expect(lt.redirect).toBe('/');
    expect(lt.html).toContain('<html lang="lt">');
    expect(lt.html).toContain('neišsaugotas šiame įrenginyje');
    const ru = offlineDocument('/ru/i/about');
    expect(ru.redirect).toBe('/ru');
    expect(ru.html).toContain('не сохранена на устройстве, а интернета нет');
  });

  it('another page: a note and a link home, no redirect', () => {
    const doc = offlineDocument('/en/checkout');
    expect(doc.redirect).toBeNull();
    expect(doc.html).not.toContain('http-equiv="refresh"');
    expect(doc.html).toContain('This page is not saved on this device');
    expect(doc.html).toContain('href="/en"');
  });

  it('homeOf keeps the store view', () => {
    expect(homeOf('/ru/p/a/b')).toBe('/ru');
    expect(homeOf('/p/a/b')).toBe('/');
  });
});
