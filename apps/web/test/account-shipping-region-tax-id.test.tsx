// @vitest-environment node
/**
 * The region and Tax ID in the account: the shipping address form (routes/my-account-shipping.tsx) has the
 * address' "state" (region) and the Tax ID, against the real API (PGlite, requests through
 * `app.inject`): a wrong Tax ID is refused with validateTaxId's message and nothing is saved; saved,
 * both are in the customer's address on the server and shown again when the form opens anew, and a
 * later login fills them into the checkout with the rest of the saved address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as TL from '@testing-library/react';
import type * as Router from 'react-router';
import type * as ShippingRoute from '../app/routes/my-account-shipping';
import type * as UserModule from '../app/state/user';
import type * as CheckoutModule from '../app/state/checkout';
import { getT } from '../app/i18n';
import { checkoutT } from '../app/i18n/checkout';
import { installBrowserGlobals } from './support/browser-globals';
import { startRealShop, type RealShop } from './support/real-shop';
import { PASSWORD } from '../../api/test/user-helpers.ts';

let shop: RealShop;
let tl: typeof TL;
let MemoryRouter: typeof Router.MemoryRouter;
let MyAccountShipping: typeof ShippingRoute.default;
let user: typeof UserModule.user;
let checkout: typeof CheckoutModule.checkout;

beforeAll(async () => {
  shop = await startRealShop({ MAIL_OUTBOX_INTERVAL_MS: '0' });
  await installBrowserGlobals(shop.fetch, 'http://localhost/en/my-account/shipping');
  tl = await import('@testing-library/react');
  ({ MemoryRouter } = await import('react-router'));
  ({ default: MyAccountShipping } = await import('../app/routes/my-account-shipping'));
  ({ user } = await import('../app/state/user'));
  ({ checkout } = await import('../app/state/checkout'));
});
afterAll(async () => {
  tl?.cleanup();
  user?.dispose();
  await shop?.close();
});

const t = checkoutT(getT('en'));
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const show = () =>
  tl.render(
    <MemoryRouter initialEntries={['/en/my-account/shipping']}>
      <MyAccountShipping />
    </MemoryRouter>,
  );

describe("account: the shipping address' region and Tax ID", () => {
  it('renders both, refuses a wrong Tax ID, saves both to the account and shows them again', async () => {
    const who = await shop.newCustomer();
    await tl.act(async () => {
      await user.store.ready;
      await user.login(who.email, PASSWORD);
    });
    show();
    const region = tl.screen.getByLabelText(t('checkout.state')) as HTMLInputElement;
    const taxId = tl.screen.getByLabelText(t('checkout.taxId')) as HTMLInputElement;
    expect(region.id).toBe('ship-region');
    expect(region.getAttribute('autocomplete')).toBe('address-level1');
    expect(taxId.id).toBe('ship-tax_id');
    expect(region.required || taxId.required).toBe(false);

    const type = (id: string, value: string) => tl.fireEvent.input(field(id), { target: { value } });
    type('ship-street', 'Gedimino pr.');
    type('ship-house', '9');
    type('ship-city', 'Vilnius');
    type('ship-region', 'Vilniaus apskritis');
    type('ship-postcode', '01103');
    type('ship-telephone', '+37060000000');
    type('ship-tax_id', '12#45');
    const submit = () =>
      tl.act(async () => tl.fireEvent.submit(field('ship-street').form as HTMLFormElement));
    await submit();
    expect(await tl.screen.findByText(t.msg('validation.taxIdInvalid'))).toBeTruthy();
    const addresses = async () =>
      (
        await shop.api.database.query<{ addresses: Record<string, unknown>[] }>(
          'SELECT addresses FROM customers WHERE id = $1',
          [who.id],
        )
      )[0]?.addresses ?? [];
    expect(await addresses()).toEqual([]);

    type('ship-tax_id', 'LT-99 123/45');
    await submit();
    await tl.waitFor(async () => expect((await addresses()).length).toBe(1));
    expect((await addresses())[0]).toMatchObject({
      street: ['Gedimino pr.', '9'],
      region: 'Vilniaus apskritis',
      tax_id: 'LT-99 123/45',
      postcode: 'LT-01103',
      default_shipping: true,
    });

    // opened anew with the profile from the server: both are shown
    tl.cleanup();
    await tl.act(async () => {
      await user.refreshProfile();
    });
    show();
    expect(field('ship-region').value).toBe('Vilniaus apskritis');
    expect(field('ship-tax_id').value).toBe('LT-99 123/45');

    // a later login (an empty checkout) goes on with the saved address: its region and Tax ID too
    tl.cleanup();
    await tl.act(async () => {
      // logout empties the checkout details
      await user.logout({ silent: true });
      await user.login(who.email, PASSWORD);
    });
    const state = checkout.get();
    expect(state.shippingDetails).toMatchObject({
      streetAddress: 'Gedimino pr.',
      city: 'Vilnius',
      state: 'Vilniaus apskritis',
    });
    expect(state.paymentDetails.taxId).toBe('LT-99 123/45');
  });
});
