// @vitest-environment node
/**
 * An account created at checkout, on the real API (PGlite, requests through `app.inject`): "Create an account" at
 * the checkout's personal step makes the account and logs the shopper in there, so the cart moves to
 * the account and the order placed at the end belongs to it (before: the account was made after the
 * order, nobody was logged in and the order stayed a guest's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '../app/i18n';
import { checkoutT } from '../app/i18n/checkout';
import { openCheckoutOnRealShop, type CheckoutOnRealShop as Harness } from './support/checkout-on-real-shop';

let shop: Harness['shop'];
let tl: Harness['tl'];
let cart: Harness['cart'];
let checkoutState: Harness['checkoutState'];
let userState: Harness['userState'];
let renderCheckout: Harness['renderCheckout'];
let click: Harness['click'];

beforeAll(async () => {
  ({ shop, tl, cart, checkoutState, userState, renderCheckout, click } = await openCheckoutOnRealShop());
});
afterAll(async () => {
  await shop?.close();
});

const t = checkoutT(getT('en'));
const fill = (label: string, value: string) =>
  tl.fireEvent.input(tl.screen.getByLabelText(label, { exact: true, selector: 'input' }), {
    target: { value },
  });

describe('create an account at checkout', () => {
  it('logs the shopper in at the personal step and the order belongs to the new account', async () => {
    await checkoutState.checkout.ready;
    await userState.user.init();
    await cart.add({ sku: 'LAP-1002', qty: 1, name: 'Dell', price: 0 });
    await cart.idle();
    renderCheckout();
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
