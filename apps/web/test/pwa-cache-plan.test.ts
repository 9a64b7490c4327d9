import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cachePlanFor, mayKeepCopy, type CachePlan } from '../app/pwa/cache-plan';

const ORIGIN = 'https://shop.example';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe('cachePlanFor: which strategy the service worker applies', () => {
  it.each<[string, string, string, CachePlan]>([
    // app shell and route chunks
    ['GET', '/assets/root-DnOxVG6T.js', 'cors', 'static'],
    ['GET', '/assets/styles-DM_rBF-M.css', 'no-cors', 'static'],
    ['GET', '/icons/icon-192.png', 'no-cors', 'static'],
    ['GET', '/favicon.svg', 'no-cors', 'static'],
    ['GET', '/manifest.webmanifest', 'cors', 'static'],
    ['GET', '/en/manifest.webmanifest', 'cors', 'static'],
    ['GET', '/ru/manifest.webmanifest', 'cors', 'static'],
    ['GET', '/dist/client-manifest.json', 'cors', 'static'],
    // images: cache first
    ['GET', '/vsbridge/image/300/300/resize/p/a.jpg', 'no-cors', 'image'],
    ['GET', '/media/catalog/product/a.jpg', 'no-cors', 'image'],
    // catalogue reads: stale-while-revalidate
    ['GET', '/vsbridge/catalog/vue_storefront_catalog_en/product/_search?request=%7B%7D', 'cors', 'catalog'],
    ['GET', '/vsbridge/products/render-list?skus=A', 'cors', 'catalog'],
    ['GET', '/vsbridge/home-page?storeCode=en', 'cors', 'catalog'],
    ['GET', '/api/url/map?url=/p/a', 'cors', 'catalog'],
    // pages and React Router data: network first with the cached copy as fallback
    ['GET', '/', 'navigate', 'page'],
    ['GET', '/en/c/laptops?sort=price', 'navigate', 'page'],
    ['GET', '/ru/p/SKU-1/phone', 'navigate', 'page'],
    ['GET', '/en/c/laptops.data', 'cors', 'route-data'],
    ['GET', '/_root.data?_routes=home-lt', 'cors', 'route-data'],
    ['GET', '/__manifest?p=%2Fen%2Fp%2Fa&version=abc', 'cors', 'route-data'],
    // a cached page's router data, apart from its document (apps/server/src/router-data.ts)
    ['GET', '/_page-data/en/c/laptops?sort=price', 'cors', 'route-data'],
    ['GET', '/_page-data/', 'cors', 'route-data'],
    // never cached: cart, order, user, payment and every other API call
    ['GET', '/vsbridge/cart/pull?cartId=x', 'cors', 'network-only'],
    ['GET', '/vsbridge/cart/totals?cartId=x', 'cors', 'network-only'],
    ['POST', '/vsbridge/cart/update?cartId=x', 'cors', 'network-only'],
    ['POST', '/vsbridge/order/create', 'cors', 'network-only'],
    ['GET', '/vsbridge/order/pull?number=1', 'cors', 'network-only'],
    ['GET', '/vsbridge/user/me', 'cors', 'network-only'],
    ['GET', '/vsbridge/user/order-history', 'cors', 'network-only'],
    ['GET', '/vsbridge/neopay/payment/banks/1', 'cors', 'network-only'],
    ['GET', '/vsbridge/stock/check?sku=A', 'cors', 'network-only'],
    ['GET', '/vsbridge/review/list?productId=1', 'cors', 'network-only'],
    ['POST', '/api/url/map', 'cors', 'network-only'],
    ['POST', '/en/c/laptops.data', 'cors', 'network-only'],
    ['POST', '/en/checkout', 'navigate', 'network-only'],
    ['GET', '/service-worker.js', 'same-origin', 'network-only'],
    ['GET', '/healthz', 'cors', 'network-only'],
    // the back office: never kept on the device
    ['GET', '/admin', 'navigate', 'network-only'],
    ['GET', '/en/admin/orders?status=paid', 'navigate', 'network-only'],
    ['GET', '/admin/orders/12.data', 'cors', 'network-only'],
    ['GET', '/administrator-guide', 'navigate', 'page'],
    ['GET', '/robots.txt', 'no-cors', 'network-only'],
    ['GET', '/sitemap.xml', 'navigate', 'network-only'],
    ['GET', '/sitemap/products-1.xml', 'navigate', 'network-only'],
  ])('%s %s (%s) → %s', (method, path, mode, plan) => {
    expect(cachePlanFor({ method, url: `${ORIGIN}${path}`, mode }, ORIGIN)).toBe(plan);
  });

  it('never caches another origin', () => {
    expect(
      cachePlanFor({ method: 'GET', url: 'https://cdn.example/assets/a.js', mode: 'cors' }, ORIGIN),
    ).toBe('network-only');
    expect(cachePlanFor({ method: 'GET', url: 'https://cdn.example/', mode: 'navigate' }, ORIGIN)).toBe(
      'network-only',
    );
  });

  it('an unparsable URL goes to the network', () => {
    expect(cachePlanFor({ method: 'GET', url: 'not a url', mode: 'cors' }, ORIGIN)).toBe('network-only');
  });

  it('property: no cart, order, user or payment call is ever cached, whatever the method or mode', () => {
    const privatePrefix = fc.constantFrom(
      '/vsbridge/cart/',
      '/vsbridge/order/',
      '/vsbridge/user/',
      '/vsbridge/neopay/payment/',
      '/vsbridge/mokilizingas/payment/',
      '/vsbridge/pickup-points/',
    );
    fc.assert(
      fc.property(
        privatePrefix,
        fc.webSegment(),
        fc.constantFrom('GET', 'POST', 'DELETE'),
        fc.constantFrom('navigate', 'cors', 'no-cors', 'same-origin'),
        (prefix, rest, method, mode) =>
          cachePlanFor({ method, url: `${ORIGIN}${prefix}${rest}`, mode }, ORIGIN) === 'network-only',
      ),
    );
  });

  it('property: anything but GET goes to the network', () => {
    fc.assert(
      fc.property(
        fc.webPath(),
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'),
        (path, method) =>
          cachePlanFor({ method, url: `${ORIGIN}${path || '/'}`, mode: 'navigate' }, ORIGIN) ===
          'network-only',
      ),
    );
  });

  it('a document navigation to a shop page is a page', () => {
    expect(cachePlanFor(get('/en/i/about-us', 'navigate'), ORIGIN)).toBe('page');
  });
});

describe('mayKeepCopy: URLs with a secret are never stored on the device', () => {
  it.each([
    ['/en/c/laptops?sort=price', true],
    ['/en/search?q=lenovo', true],
    ['/en/reset-password?token=abc&email=a%40b.lt', false],
    ['/order-completed?number=1&token=xyz', false],
    ['/en/newsletter/a%40b.lt/1?code=123', false],
    ['/en/checkout.data?orderToken=1', false],
    ['/en/newsletter/a%40b.lt/123', false],
    ['/newsletter', true],
    ['/ru/review/tok/5.data', false],
  ])('%s → %s', (path, keep) => {
    expect(mayKeepCopy(`${ORIGIN}${path}`)).toBe(keep);
  });
  it('an unparsable URL is not stored', () => {
    expect(mayKeepCopy('::')).toBe(false);
  });
});
