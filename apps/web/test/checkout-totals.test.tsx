// @vitest-environment node
/**
 * The checkout on the real API (PGlite, the API tests' fixture shop; requests
 * through `app.inject`). The payment step offers each method with its fee and tells the cart the
 * chosen one; the review's totals then carry the fee as a summary line, the "Place the order"
 * button shows the final total, and the order placed charges exactly that grand total. Shipping
 * prices are the imported net amounts made gross (courier 3.30 net → 3.99 €), a free one says "Free".
 * PGlite does not start inside the jsdom environment: the API starts first, then a jsdom window is
 * installed and the UI modules are loaded (as in mini-cart.test.tsx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '../app/i18n';
import { checkoutT } from '../app/i18n/checkout';
import { openCheckoutOnRealShop, type CheckoutOnRealShop as Harness } from './support/checkout-on-real-shop';

let shop: Harness['shop'];
let tl: Harness['tl'];
let cart: Harness['cart'];
let checkoutState: Harness['checkoutState'];
let renderCheckout: Harness['renderCheckout'];
let click: Harness['click'];

beforeAll(async () => {
  ({ shop, tl, cart, checkoutState, renderCheckout, click } = await openCheckoutOnRealShop());
});
afterAll(async () => {
  await shop?.close();
});

const t = checkoutT(getT('en'));
const NBSP = '\u00A0';
const euros = (text: string) => `${text}${NBSP}€`;

const fill = (label: string, value: string) =>
  tl.fireEvent.input(tl.screen.getByLabelText(label, { exact: false, selector: 'input' }), {
    target: { value },
  });
const summary = (code: string) =>
  document.querySelector(`.checkout-summary .totals-${code} dd`)?.textContent ?? null;

/** a cart with one Dell (36.30 €), the checkout filled up to its payment step */
async function toPaymentStep() {
  await checkoutState.checkout.ready;
  await cart.add({
    sku: 'LAP-1002',
    qty: 1,
    name: 'Dell',
    price: 0,
    image: '/demo/test/1.png',
  });
  await cart.idle();
  renderCheckout();

  fill(t('checkout.firstName'), 'Jonas');
  fill(t('checkout.lastName'), 'Jonaitis');
  fill(t('checkout.email'), 'jonas@example.com');
  await click(t('checkout.continue'));

  // the delivery step offers its methods first: the courier imported at 3.30 net is offered at
  // 3.99 € incl. 21 % VAT (the subtotal 36.30 € < 99 €), and asks the home address
  const courier = await tl.screen.findByLabelText(/^Courier/);
  expect(courier.closest('.method')?.textContent).toContain(euros('3.99'));
  fill(t('checkout.street'), 'Gedimino pr.');
  fill(t('checkout.house'), '1');
  fill(t('checkout.city'), 'Vilnius');
  fill(t('checkout.zip'), 'LT-01103');
  fill(t('checkout.phone'), '+37060000000');
  await click(t('checkout.continue'));
}

describe('checkout totals', () => {
  it('shows the payment fee before the order, and the order charges the grand total shown', async () => {
    await toPaymentStep();
    // the payment step: cash on delivery offered with its fee, and chosen
    const cod = await tl.screen.findByLabelText(/^Cash on delivery/);
    expect(cod.closest('.method')?.textContent).toContain(euros('3.00'));
    await tl.act(async () => {
      tl.fireEvent.click(cod);
    });
    await click(t('checkout.continue'));
    await tl.screen.findByLabelText(t('checkout.terms'));

    // the review: subtotal 36.30 + courier 3.99 + the fee 3.00 as its own line = 43.29
    await tl.waitFor(() => expect(summary('payment')).toBe(euros('3.00')));
    expect(summary('shipping')).toBe(euros('3.99'));
    expect(summary('grand_total')).toBe(euros('43.29'));
    const place = tl.screen.getByRole('button', { name: /^Place the order/ });
    expect(place.textContent).toBe(t('checkout.placeOrderTotal', { total: euros('43.29') }));

    tl.fireEvent.click(tl.screen.getByLabelText(t('checkout.terms')));
    await tl.act(async () => {
      tl.fireEvent.click(place);
    });
    await tl.screen.findByText('Thank you', undefined, { timeout: 10_000 });
    const [order] = await shop.api.database.query<{
      grand_total: number;
      payment_fee: number;
      shipping_incl_tax: number;
    }>('SELECT grand_total, payment_fee, shipping_incl_tax FROM orders ORDER BY id DESC LIMIT 1');
    expect(order).toEqual({ grand_total: 4329, payment_fee: 300, shipping_incl_tax: 399 });
  });

  it('offline at the payment step: the review goes on but does not call its totals final', async () => {
    tl.cleanup();
    await toPaymentStep();
    const cod = await tl.screen.findByLabelText(/^Cash on delivery/);
    shop.offline.value = true;
    try {
      await tl.act(async () => {
        tl.fireEvent.click(cod);
      });
      await click(t('checkout.continue'));
      await tl.screen.findByText(t('checkout.totalsUnconfirmed'));
      expect(tl.screen.getByRole('button', { name: /^Place the order/ }).textContent).toBe(
        t('checkout.placeOrder'),
      );
    } finally {
      shop.offline.value = false;
    }
  });
});
