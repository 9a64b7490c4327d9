// @vitest-environment node
/**
 * The region and Tax ID at checkout, on the real API (PGlite, requests through `app.inject`): the address' "state"
 * (region) field is rendered at the checkout's shipping step (and in the billing address when it is
 * the buyer's own) and reaches the order as the address' `region`; a legal person's Tax ID reaches it
 * as the billing address' `tax_id`, checked with validateTaxId's messages first.
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
const input = (label: string) =>
  tl.screen.getByLabelText(label, { exact: true, selector: 'input' }) as HTMLInputElement;
const fill = (label: string, value: string) => tl.fireEvent.input(input(label), { target: { value } });

describe('checkout: the state/region field and the Tax ID', () => {
  it("renders the region, sends it as the addresses' region and the Tax ID as the billing tax_id", async () => {
    await checkoutState.checkout.ready;
    await userState.user.init();
    await cart.add({ sku: 'LAP-1002', qty: 1, name: 'Dell', price: 0 });
    await cart.idle();
    renderCheckout();
    fill(t('checkout.firstName'), 'Rasa');
    fill(t('checkout.lastName'), 'Rasaitė');
    fill(t('checkout.email'), 'rasa.region@example.com');
    await click(t('checkout.continue'));

    await tl.screen.findByLabelText(t('checkout.street'), undefined, { timeout: 10_000 });
    // the region field: optional, an address-level1 of the shipping section
    const region = input(t('checkout.state'));
    expect(region.required).toBe(false);
    expect(region.getAttribute('autocomplete')).toBe('shipping address-level1');
    fill(t('checkout.street'), 'Gedimino pr.');
    fill(t('checkout.house'), '1');
    fill(t('checkout.city'), 'Vilnius');
    fill(t('checkout.state'), 'Vilniaus apskritis');
    fill(t('checkout.zip'), 'LT-01103');
    fill(t('checkout.phone'), '+37060000000');
    await tl.screen.findByLabelText(/^Courier/, undefined, { timeout: 10_000 });
    await click(t('checkout.continue'));

    const cod = await tl.screen.findByLabelText(/^Cash on delivery/);
    await tl.act(async () => {
      tl.fireEvent.click(cod);
      tl.fireEvent.click(tl.screen.getByLabelText(t('checkout.legalPerson')));
    });
    fill(t('checkout.company'), 'UAB Rasa');
    fill(t('checkout.companyCode'), '123456789');
    // validateTaxId's message first, then a valid Tax ID
    fill(t('checkout.taxId'), '12#45');
    await click(t('checkout.continue'));
    expect(await tl.screen.findByText(t.msg('validation.taxIdInvalid'))).toBeTruthy();
    fill(t('checkout.taxId'), 'LT-99 123/45');
    await click(t('checkout.continue'));
    tl.fireEvent.click(await tl.screen.findByLabelText(t('checkout.terms')));
    await click(/^Place the order/);
    await tl.screen.findByText('Thank you', undefined, { timeout: 10_000 });

    const [order] = await shop.api.database.query<{
      shipping_address: Record<string, unknown>;
      billing_address: Record<string, unknown>;
    }>('SELECT shipping_address, billing_address FROM orders WHERE email = $1 ORDER BY id DESC LIMIT 1', [
      'rasa.region@example.com',
    ]);
    expect(order?.shipping_address).toMatchObject({ region: 'Vilniaus apskritis', city: 'Vilnius' });
    expect(order?.billing_address).toMatchObject({
      region: 'Vilniaus apskritis',
      company: 'UAB Rasa',
      company_code: '123456789',
      tax_id: 'LT-99 123/45',
    });
  });
});
