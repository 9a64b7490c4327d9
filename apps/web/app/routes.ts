import { type RouteConfig, type RouteConfigEntry, index, route } from '@react-router/dev/routes';
import { STATIC_PAGES } from './components/navigation/static-pages';

/**
 * Every page is registered once for the three store views: lt at the root, en under /en, ru under
 * /ru, through the optional static segments `en?/ru?` (React Router expands them into the four
 * paths /x, /en/x, /ru/x and /en/ru/x; the root loader answers 404 to the last, lib/store.ts
 * `isStorePrefixPair`). Static segments, not a `:lang?` parameter: a parameter would also match
 * `/c/news` as the news page of a store view "c". One entry per page keeps the route table, which
 * every request matches and every page's manifest lists, a third of the size (102
 * routes before). Route ids are the page's name (e.g. `product`); the store view of a request is
 * derived from the URL prefix (see lib/store.ts), never from the id.
 *
 * The static pages have a Lithuanian slug at the root and the English one under /en and /ru: one
 * entry per slug (`static-<identifier>-<store>`).
 */
const STORE_PREFIX = 'en?/ru?';

function storeRoutes(): RouteConfigEntry[] {
  const p = (path: string) => `${STORE_PREFIX}/${path}`;
  return [
    route(STORE_PREFIX, 'routes/home.tsx', { id: 'home' }),
    route(p('pwa.html'), 'routes/home.tsx', { id: 'home-pwa' }),
    // a splat: a category's slug may be a path, as an imported Magento url_path is ("electronics/phones")
    route(p('c/*'), 'routes/category.tsx', { id: 'category' }),
    // One route for /p/:parentSku/:slug and /p/:parentSku/:slug/:childSku, so choosing a variant
    // stays on the same route and does not reload the product (see shouldRevalidate there).
    route(p('p/:parentSku/:slug/:childSku?'), 'routes/product.tsx', { id: 'product' }),
    route(p('search'), 'routes/search.tsx', { id: 'search' }),
    route(p('checkout'), 'routes/checkout.tsx', { id: 'checkout' }),
    route(p('order-completed'), 'routes/order-completed.tsx', { id: 'order-completed' }),
    route(p('withdrawal'), 'routes/withdrawal.tsx', { id: 'withdrawal' }),
    route(p('my-account'), 'routes/my-account.tsx', { id: 'my-account' }),
    // The account area and the engagement pages: client-rendered private data, own chunks.
    route(p('my-account/details'), 'routes/my-account-details.tsx', { id: 'my-account-details' }),
    route(p('my-account/shipping-details'), 'routes/my-account-shipping.tsx', { id: 'my-account-shipping' }),
    route(p('my-account/newsletter'), 'routes/my-account-newsletter.tsx', { id: 'my-account-newsletter' }),
    route(p('my-account/orders'), 'routes/my-account-orders.tsx', { id: 'my-account-orders' }),
    route(p('my-account/orders/:orderId'), 'routes/my-account-order.tsx', { id: 'my-account-order' }),
    route(p('my-account/recently-viewed'), 'routes/my-account-recently-viewed.tsx', {
      id: 'my-account-recently-viewed',
    }),
    route(p('reset-password'), 'routes/reset-password.tsx', { id: 'reset-password' }),
    route(p('newsletter/:email?/:code?'), 'routes/newsletter.tsx', { id: 'newsletter' }),
    route(p('review/:orderToken/:number'), 'routes/review.tsx', { id: 'review' }),
    route(p('special-offers'), 'routes/special-offers.tsx', { id: 'special-offers' }),
    route(p('i/:slug'), 'routes/cms-page.tsx', { id: 'cms-page' }),
    ...STATIC_PAGES.flatMap((page) => [
      route(page.lt, 'routes/cms-page.tsx', { id: `static-${page.identifier}-lt` }),
      route(`en/${page.identifier}`, 'routes/cms-page.tsx', { id: `static-${page.identifier}-en` }),
      route(`ru/${page.identifier}`, 'routes/cms-page.tsx', { id: `static-${page.identifier}-ru` }),
    ]),
    // Catalogue screens kept on the device and news.
    route(p('wishlist'), 'routes/wishlist.tsx', { id: 'wishlist' }),
    route(p('compare'), 'routes/compare.tsx', { id: 'compare' }),
    route(p('news'), 'routes/news.tsx', { id: 'news' }),
    route(p('news/:slug'), 'routes/news-item.tsx', { id: 'news-item' }),
    route(p('error'), 'routes/error.tsx', { id: 'error' }),
    route(p('*'), 'routes/not-found.tsx', { id: 'not-found' }),
  ];
}

/**
 * The back office: /admin in Lithuanian, /en/admin in English (the staff's
 * languages), one route each for both through the optional `en?` segment (every route is a line of
 * the route manifest every shop page loads: one set keeps that growth small). Its modules live in
 * routes/admin and app/admin, outside the shop's shell chunk, so the shop never loads them. Route
 * ids: `admin-<page>`.
 */
function adminRoutes(): RouteConfigEntry[] {
  const base = 'en?/admin';
  return [
    route(`${base}/login`, 'routes/admin/login.tsx', { id: 'admin-login' }),
    route(`${base}/logout`, 'routes/admin/logout.tsx', { id: 'admin-logout' }),
    route(`${base}/password`, 'routes/admin/password.tsx', { id: 'admin-password' }),
    route(base, 'routes/admin/layout.tsx', { id: 'admin-layout' }, [
      index('routes/admin/orders.tsx', { id: 'admin-orders' }),
      route('orders/:id', 'routes/admin/order.tsx', { id: 'admin-order' }),
      route('overview', 'routes/admin/overview.tsx', { id: 'admin-overview' }),
      route('customers', 'routes/admin/customers.tsx', { id: 'admin-customers' }),
      route('customers/:id', 'routes/admin/customer.tsx', { id: 'admin-customer' }),
      route('reviews', 'routes/admin/reviews.tsx', { id: 'admin-reviews' }),
      route('messages', 'routes/admin/messages.tsx', { id: 'admin-messages' }),
      route('subscribers', 'routes/admin/subscribers.tsx', { id: 'admin-subscribers' }),
      route('accounts', 'routes/admin/accounts.tsx', { id: 'admin-accounts' }),
      route('two-factor', 'routes/admin/two-factor.tsx', { id: 'admin-two-factor' }),
      route('returns', 'routes/admin/returns.tsx', { id: 'admin-returns' }),
      route('returns/:id', 'routes/admin/return.tsx', { id: 'admin-return' }),
      route('privacy', 'routes/admin/privacy.tsx', { id: 'admin-privacy' }),
      route('settings', 'routes/admin/settings.tsx', { id: 'admin-settings' }),
      route('demo', 'routes/admin/demo.tsx', { id: 'admin-demo' }),
      route('tax', 'routes/admin/tax.tsx', { id: 'admin-tax' }),
      route('products', 'routes/admin/products.tsx', { id: 'admin-products' }),
      route('products/csv', 'routes/admin/products-csv.tsx', { id: 'admin-products-csv' }),
      route('products/:sku', 'routes/admin/product.tsx', { id: 'admin-product' }),
      route('products/:sku/images', 'routes/admin/product-images.tsx', { id: 'admin-product-images' }),
      route('promotions', 'routes/admin/promotions.tsx', { id: 'admin-promotions' }),
      route('promotions/:code', 'routes/admin/promotion.tsx', { id: 'admin-promotion' }),
      route('delivery', 'routes/admin/delivery.tsx', { id: 'admin-delivery' }),
      route('content/banners', 'routes/admin/banners.tsx', { id: 'admin-banners' }),
      route('content/banners/:id', 'routes/admin/banner.tsx', { id: 'admin-banner' }),
      route('categories', 'routes/admin/categories.tsx', { id: 'admin-categories' }),
      route('categories/:id', 'routes/admin/category.tsx', { id: 'admin-category' }),
      route('attributes', 'routes/admin/attributes.tsx', { id: 'admin-attributes' }),
      route('attributes/:id', 'routes/admin/attribute.tsx', { id: 'admin-attribute' }),
      route('pickup-points', 'routes/admin/pickup-points.tsx', { id: 'admin-pickup-points' }),
      route('pickup-points/import', 'routes/admin/pickup-points-import.tsx', {
        id: 'admin-pickup-points-import',
      }),
      route('pickup-points/:id', 'routes/admin/pickup-point.tsx', { id: 'admin-pickup-point' }),
      route('content/:kind', 'routes/admin/content.tsx', { id: 'admin-content' }),
      route('content/:kind/:id', 'routes/admin/content-item.tsx', { id: 'admin-content-item' }),
      route('webhooks', 'routes/admin/webhooks.tsx', { id: 'admin-webhooks' }),
      route('webhooks/:id', 'routes/admin/webhook.tsx', { id: 'admin-webhook' }),
    ]),
  ];
}

export default [...adminRoutes(), ...storeRoutes()] satisfies RouteConfig;
