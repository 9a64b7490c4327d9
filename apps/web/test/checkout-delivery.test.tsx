// @vitest-environment node
/**
 * The delivery step asks the method first and then only the fields that method
 * needs. On the real API (PGlite, the API tests' fixture shop, plus the shop's own store as a
 * store-pickup point with opening hours): a courier asks the home address; a parcel locker asks
 * the point and the phone, no street, and its order is placed without one; store pickup shows the
 * store's address and opening hours, and again at review. (Environment set up as in
 * checkout-totals.test.tsx.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '../app/i18n';
import { checkoutT } from '../app/i18n/checkout';
import { openCheckoutOnRealShop, type CheckoutOnRealShop as Harness } from './support/checkout-on-real-shop';

let shop: Harness['shop'];
let tl: Harness['tl'];
let router: Harness['router'];
let cart: Harness['cart'];
let checkoutState: Harness['checkoutState'];
let renderCheckout: Harness['renderCheckout'];
let Checkout: Harness['Checkout'];
let click: Harness['click'];

beforeAll(async () => {
  ({ shop, tl, router, cart, checkoutState, renderCheckout, click, Checkout } = await openCheckoutOnRealShop(
    async (h) => {
      await h.api.database.query(
        `INSERT INTO shipping_methods (code, carrier_code, method_code, title, price_cents, countries, needs_pickup_point, position)
       VALUES ('storepickup_storepickup', 'storepickup', 'storepickup', '{"lt":"Atsiėmimas parduotuvėje","en":"Store pickup","ru":"Самовывоз"}', 0, '{LT}', true, 9)`,
      );
      await h.api.database.query(
        `INSERT INTO pickup_points (id, carrier_code, name, address, city, postcode, country_id, opening_hours)
       VALUES ('store-1', 'storepickup', 'Vitrina Vilnius', 'Gedimino pr. 9', 'Vilnius', 'LT-01103', 'LT',
         '{"1":"10:00-19:00","2":"10:00-19:00","3":"10:00-19:00","4":"10:00-19:00","5":"10:00-19:00","6":"10:00-16:00","7":null}')`,
      );
    },
  ));
});
afterEach(async () => {
  tl.cleanup();
  checkoutState.checkout.set(checkoutState.initialCheckout);
  cart.clear();
});
afterAll(async () => {
  await shop?.close();
});

const t = checkoutT(getT('en'));

const fill = (label: string, value: string) =>
  tl.fireEvent.input(tl.screen.getByLabelText(label, { exact: false, selector: 'input' }), {
    target: { value },
  });
const choose = async (label: RegExp) => {
  const radio = await tl.screen.findByLabelText(label, undefined, { timeout: 10_000 });
  await tl.act(async () => {
    tl.fireEvent.click(radio);
  });
};
const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent ?? null;

/** a cart with one Dell, the personal step done: the delivery step is open with its methods */
async function toDeliveryStep() {
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
  // the methods come first, the default (courier) chosen
  await tl.screen.findByLabelText(/^Courier/, undefined, { timeout: 10_000 });
}

describe('a returning customer at checkout', () => {
  it('"Already have an account? Log in" opens the existing login form', async () => {
    const { ui } = await import('../app/state/ui');
    await checkoutState.checkout.ready;
    await cart.add({
      sku: 'LAP-1002',
      qty: 1,
      name: 'Dell',
      price: 0,
      image: '/demo/test/1.png',
    });
    await cart.idle();
    const { MemoryRouter } = router;
    tl.render(
      <MemoryRouter initialEntries={['/en/checkout']}>
        <Checkout />
      </MemoryRouter>,
    );
    expect(tl.screen.getByText(t('checkout.haveAccount'))).toBeTruthy();
    expect(ui.store.get().authModal).toBe(false);
    await click(t('checkout.logIn'));
    expect(ui.store.get()).toMatchObject({ authModal: true, authElem: 'login' });
    ui.closeAuth();
  });
});

describe('the delivery step asks what the chosen method needs', () => {
  it('a courier: the home address and phone are required', async () => {
    await toDeliveryStep();
    expect((tl.screen.getByLabelText(/^Courier/) as HTMLInputElement).checked).toBe(true);
    await click(t('checkout.continue'));
    for (const id of ['streetAddress', 'apartmentNumber', 'city', 'zipCode', 'phoneNumber'])
      expect(errorOf(id), id).toBe(t.msg('validation.required'));
    // still the delivery step: no payment method offered yet
    expect(tl.screen.queryByLabelText(/^Cash on delivery/)).toBeNull();
  });

  it('a parcel locker: no home address asked; the point and the phone are; the order is placed without a street', async () => {
    await toDeliveryStep();
    await choose(/^Omniva parcel locker/);
    expect(tl.screen.queryByLabelText(t('checkout.street'))).toBeNull();
    expect(tl.screen.queryByLabelText(t('checkout.city'))).toBeNull();
    expect(tl.screen.getByText(t('checkout.pickupAddressNote'))).toBeTruthy();
    await click(t('checkout.continue'));
    expect(errorOf('phoneNumber')).toBe(t.msg('validation.required'));
    expect(document.querySelector('.pickup-picker .field-error')?.textContent).toBe(
      t.msg('validation.required'),
    );

    // the point, by keyboard: type, arrow down, enter
    const search = tl.screen.getByRole('combobox', { name: t('checkout.pickupPoint') });
    tl.fireEvent.focus(search);
    tl.fireEvent.input(search, { target: { value: 'Kaunas' } });
    await tl.waitFor(() => expect(tl.screen.getAllByRole('option').length).toBeGreaterThan(0));
    tl.fireEvent.keyDown(search, { key: 'ArrowDown' });
    tl.fireEvent.keyDown(search, { key: 'Enter' });
    // (the list of points may still be answered meanwhile on a loaded machine: wait for the choice)
    await tl.waitFor(() =>
      expect(tl.screen.getByTestId('pickup-chosen').textContent).toContain('Kaunas Mega'),
    );
    fill(t('checkout.phone'), '+37060000000');
    await click(t('checkout.continue'));

    const cod = await tl.screen.findByLabelText(/^Cash on delivery/, undefined, { timeout: 10_000 });
    await tl.act(async () => {
      tl.fireEvent.click(cod);
    });
    await click(t('checkout.continue'));
    const terms = await tl.screen.findByLabelText(t('checkout.terms'));
    expect(tl.screen.getByTestId('review-details').textContent).toContain(
      'Kaunas Mega, Islandijos pl. 32, Kaunas',
    );
    tl.fireEvent.click(terms);
    await click(/^Place the order/);
    await tl.screen.findByText('Thank you', undefined, { timeout: 10_000 });
    const [order] = await shop.api.database.query<{
      shipping_address: Record<string, unknown>;
      is_pickup: boolean;
    }>('SELECT shipping_address, is_pickup FROM orders ORDER BY id DESC LIMIT 1');
    expect(order?.is_pickup).toBe(true);
    expect(order?.shipping_address).toMatchObject({
      firstname: 'Jonas',
      street: [],
      telephone: '+37060000000',
      pickup_point: { id: 'omniva-LT-2' },
    });
  });

  it('store pickup: the store is chosen for the shopper and shown with its opening hours, also at review', async () => {
    await toDeliveryStep();
    await choose(/^Store pickup/);
    const hours = await tl.screen.findByTestId('opening-hours', undefined, { timeout: 10_000 });
    expect(tl.screen.getByTestId('pickup-chosen').textContent).toBe(
      'Vitrina Vilnius, Gedimino pr. 9, Vilnius',
    );
    expect(hours.textContent).toContain('Mon–Fri10:00–19:00');
    expect(hours.textContent).toContain('Sat10:00–16:00');
    expect(hours.textContent).toContain(`Sun${t('checkout.closed')}`);
    expect(tl.screen.queryByRole('combobox', { name: t('checkout.pickupPoint') })).toBeNull();
    expect(tl.screen.queryByLabelText(t('checkout.street'))).toBeNull();
    fill(t('checkout.phone'), '+37060000000');
    await click(t('checkout.continue'));
    await tl.screen.findByLabelText(/^Cash on delivery/, undefined, { timeout: 10_000 });
    // no delivery address to be "the same as": a billing address only when the shopper adds one
    expect(tl.screen.queryByLabelText(t('checkout.billingSameAsShipping'))).toBeNull();
    expect((tl.screen.getByLabelText(t('checkout.billingAddressAdd')) as HTMLInputElement).checked).toBe(
      false,
    );
    await click(t('checkout.continue'));
    await tl.screen.findByLabelText(t('checkout.terms'));
    const review = tl.screen.getByTestId('review-details');
    expect(review.textContent).toContain(t('checkout.deliveryTo', { method: 'Store pickup' }));
    expect(review.textContent).toContain('Mon–Fri10:00–19:00');
  });
});
