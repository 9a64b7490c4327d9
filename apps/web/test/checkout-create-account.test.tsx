// @vitest-environment node
/**
 * Issue #14 item 9 on the real API (PGlite, requests through `app.inject`): "Create an account" at
 * the checkout's personal step makes the account and logs the shopper in there, so the cart moves to
 * the account and the order placed at the end belongs to it (before: the account was made after the
 * order, nobody was logged in and the order stayed a guest's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as TL from '@testing-library/react';
import type * as Router from 'react-router';
import type * as ApiModule from '../app/lib/api';
import type * as CartModule from '../app/state/cart';
import type * as CheckoutModule from '../app/state/checkout';
import type * as CheckoutRoute from '../app/routes/checkout';
import type * as UserModule from '../app/state/user';
import { getT } from '../app/i18n';
import { installBrowserGlobals } from './support/browser-globals';
import { startRealShop, type RealShop } from './support/real-shop';

let shop: RealShop;
let tl: typeof TL;
let router: typeof Router;
let browserApi: typeof ApiModule.browserApi;
let cart: typeof CartModule.cart;
let checkoutState: typeof CheckoutModule;
let userState: typeof UserModule;
let Checkout: typeof CheckoutRoute.default;

beforeAll(async () => {
  shop = await startRealShop();
  await installBrowserGlobals(shop.fetch, 'http://localhost/en/checkout');
  tl = await import('@testing-library/react');
  router = await import('react-router');
  ({ browserApi } = await import('../app/lib/api'));
  ({ cart } = await import('../app/state/cart'));
  checkoutState = await import('../app/state/checkout');
  userState = await import('../app/state/user');
  Checkout = (await import('../app/routes/checkout')).default;
});
afterAll(async () => {
  await shop?.close();
});

const t = getT('en');
async function click(name: string | RegExp) {
  await tl.act(async () => {
    tl.fireEvent.click(tl.screen.getByRole('button', { name }));
  });
}
const fill = (label: string, value: string) =>
  tl.fireEvent.input(tl.screen.getByLabelText(label, { exact: true, selector: 'input' }), {
    target: { value },
  });

describe('create an account at checkout (issue #14 item 9)', () => {
  it('logs the shopper in at the personal step and the order belongs to the new account', async () => {
    await checkoutState.checkout.ready;
    await userState.user.init(browserApi('en'));
    await cart.add(browserApi('en'), { sku: 'LAP-1002', qty: 1, name: 'Dell', price: 0 });
    await cart.idle();
    const { MemoryRouter, Routes, Route } = router;
    tl.render(
      <MemoryRouter initialEntries={['/en/checkout']}>
        <Routes>
          <Route path="/en/checkout" element={<Checkout />} />
          <Route path="/en/order-completed" element={<p>Thank you</p>} />
        </Routes>
      </MemoryRouter>,
    );
    // a returning customer could log in instead
    expect(tl.screen.getByRole('button', { name: t('checkout.logIn') })).toBeTruthy();
    fill(t('checkout.firstName'), 'Rasa');
    fill(t('checkout.lastName'), 'Rasaitė');
    fill(t('checkout.email'), 'rasa.checkout@example.com');
    await tl.act(async () => {
      tl.fireEvent.click(tl.screen.getByLabelText(t('checkout.createAccount')));
    });
    fill(t('checkout.password'), 'rasos-slaptazodis');
    fill(t('checkout.passwordRepeat'), 'rasos-slaptazodis');
    await click(t('checkout.continue'));

    // logged in before the shipping step; the password is not kept in the checkout state
    await tl.screen.findByLabelText(t('checkout.street'), undefined, { timeout: 10_000 });
    expect(userState.isLoggedIn(userState.user.store.get())).toBe(true);
    expect(checkoutState.checkout.get().personalDetails.password).toBe('');
    expect(tl.screen.queryByRole('button', { name: t('checkout.logIn') })).toBeNull();
    await cart.idle();

    fill(t('checkout.street'), 'Gedimino pr.');
    fill(t('checkout.house'), '1');
    fill(t('checkout.city'), 'Vilnius');
    fill(t('checkout.zip'), 'LT-01103');
    fill(t('checkout.phone'), '+37060000000');
    await tl.screen.findByLabelText(/^Courier/, undefined, { timeout: 10_000 });
    await click(t('checkout.continue'));
    const cod = await tl.screen.findByLabelText(/^Cash on delivery/);
    await tl.act(async () => {
      tl.fireEvent.click(cod);
    });
    await click(t('checkout.continue'));
    tl.fireEvent.click(await tl.screen.findByLabelText(t('checkout.terms')));
    await click(/^Place the order/);
    await tl.screen.findByText('Thank you', undefined, { timeout: 10_000 });

    const [order] = await shop.api.database.query<{ email: string; customer_email: string | null }>(
      `SELECT o.email, c.email AS customer_email FROM orders o LEFT JOIN customers c ON c.id = o.customer_id
       ORDER BY o.id DESC LIMIT 1`,
    );
    expect(order).toEqual({
      email: 'rasa.checkout@example.com',
      customer_email: 'rasa.checkout@example.com',
    });
  });
});
