// @vitest-environment node
/**
 * A cart filled entirely offline has lines but no server cart id.
 * The checkout used to say "Your shopping cart is empty."; now, offline, it shows the lines and says
 * the options load when the network is back, and once online it connects the cart (the sync creates
 * the server cart with the lines) and the checkout opens on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '../app/i18n';
import { checkoutT } from '../app/i18n/checkout';
import { cartT } from '../app/i18n/cart';
import { openCheckoutOnRealShop, type CheckoutOnRealShop as Harness } from './support/checkout-on-real-shop';

let shop: Harness['shop'];
let tl: Harness['tl'];
let router: Harness['router'];
let cart: Harness['cart'];
let checkoutState: Harness['checkoutState'];
let Checkout: Harness['Checkout'];

beforeAll(async () => {
  ({ shop, tl, router, cart, checkoutState, Checkout } = await openCheckoutOnRealShop());
});
afterAll(async () => {
  await shop?.close();
});

const t = checkoutT(cartT(getT('en')));
const setOnline = (online: boolean) => {
  shop.offline.value = !online;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

describe('a cart filled offline at the checkout', () => {
  it('is not called empty offline, and is connected and checked out once online', async () => {
    await checkoutState.checkout.ready;
    setOnline(false);
    await cart.add({ sku: 'LAP-1002', qty: 1, name: 'Dell', price: 3630 }).catch(() => undefined);
    await cart.idle();
    expect(cart.store.get().items).toHaveLength(1);
    expect(cart.store.get().cartServerToken).toBeNull();

    const { MemoryRouter, Routes, Route } = router;
    tl.render(
      <MemoryRouter initialEntries={['/en/checkout']}>
        <Routes>
          <Route path="/en/checkout" element={<Checkout />} />
        </Routes>
      </MemoryRouter>,
    );
    await tl.screen.findByText(t('checkout.offlineCart'));
    expect(tl.screen.queryByText(t('cart.empty'))).toBeNull();
    expect(tl.screen.getByText('Dell')).toBeTruthy();

    await tl.act(async () => {
      setOnline(true);
    });
    // the sync made the server cart: the checkout's first step is there
    await tl.screen.findByLabelText(
      t('checkout.email'),
      { exact: true, selector: 'input' },
      { timeout: 10_000 },
    );
    await cart.idle();
    const token = cart.store.get().cartServerToken;
    expect(token).not.toBeNull();
    const [row] = await shop.api.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM cart_items WHERE cart_id = $1',
      [token],
    );
    expect(row?.n).toBe(1);
  });
});
