/**
 * The checkout route on the real API (PGlite, the API tests' fixture shop; requests through
 * `app.inject`), for the checkout component tests. PGlite does not start inside the jsdom
 * environment: the API starts first (`prepare` may write extra rows then), then a jsdom window is
 * installed at /en/checkout and the UI modules are loaded (as in mini-cart.test.tsx).
 */
import { installBrowserGlobals } from './browser-globals';
import { startRealShop, type RealShop } from './real-shop';

export async function openCheckoutOnRealShop(prepare?: (shop: RealShop) => Promise<void>) {
  const shop = await startRealShop();
  await prepare?.(shop);
  await installBrowserGlobals(shop.fetch, 'http://localhost/en/checkout');
  const tl = await import('@testing-library/react');
  const router = await import('react-router');
  const Checkout = (await import('../../app/routes/checkout')).default;
  const { createElement: h } = await import('react');
  // each step waits for the real API's answers: findBy's 1 s default failed under a loaded machine
  // (CI's PostgreSQL run, load ~15: "Unable to find a label … Cash on delivery")
  tl.configure({ asyncUtilTimeout: 10_000 });
  return {
    shop,
    tl,
    router,
    browserApi: (await import('../../app/api-client/api')).browserApi,
    cart: (await import('../../app/state/cart')).cart,
    checkoutState: await import('../../app/state/checkout'),
    userState: await import('../../app/state/user'),
    Checkout,
    /** the checkout at /en/checkout, its order leading to a stand-in thank-you page */
    renderCheckout: () =>
      tl.render(
        h(
          router.MemoryRouter,
          { initialEntries: ['/en/checkout'] },
          h(
            router.Routes,
            null,
            h(router.Route, { path: '/en/checkout', element: h(Checkout) }),
            h(router.Route, { path: '/en/order-completed', element: h('p', null, 'Thank you') }),
          ),
        ),
      ),
    /** clicks the button of that name, its effects awaited */
    click: async (name: string | RegExp) => {
      await tl.act(async () => {
        tl.fireEvent.click(tl.screen.getByRole('button', { name }));
      });
    },
  };
}

export type CheckoutOnRealShop = Awaited<ReturnType<typeof openCheckoutOnRealShop>>;
