// @vitest-environment jsdom
// Checkout client rules (accounts-checkout-routes.md §4 "Checkout"): details kept on the device on
// change and restored at start, without the password; "in checkout" for 30 minutes after the last
// change; after placement with no result code or 200 the order timestamp is stored, the cart cleared
// (without server sync: the caller's clearCart) and a chosen "create account" reset; any other code
// clears nothing. (Prefill after login: user.test.tsx "logs in: ... prefills checkout".)
import 'fake-indexeddb/auto';
import { IN_CHECKOUT_WINDOW_MS } from '@vitrina/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { idbGet } from '../app/lib/idb';
import {
  afterOrderPlaced,
  billingAddressOf,
  checkout,
  initialCheckout,
  isInCheckout,
  readStoredCheckout,
  updateCheckout,
  withBillingSameAsShipping,
  withConfirmedBilling,
  withPersonalDetails,
  withSavedAddress,
  type CheckoutState,
} from '../app/state/checkout';

type Stored = Partial<CheckoutState> | undefined;

/** a last change a minute ago (saved details older than 30 minutes are not restored) */
const RECENT = Date.now() - 60_000;

/** what the device holds, once the store's write has landed */
async function stored(expect: (s: Stored) => boolean): Promise<Stored> {
  for (let i = 0; i < 100; i++) {
    const value = (await idbGet('checkout')) as Stored;
    if (expect(value)) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the checkout was not written to the device');
}

const details = {
  personalDetails: {
    firstName: 'Ona',
    lastName: 'Jonaitė',
    emailAddress: 'ona@example.com',
    password: 'slaptas-123',
    createAccount: true,
  },
  shippingDetails: {
    firstName: 'Ona',
    lastName: 'Jonaitė',
    country: 'LT',
    streetAddress: 'Gedimino pr. 1',
    apartmentNumber: '2',
    city: 'Vilnius',
    state: '',
    region_id: null,
    zipCode: 'LT-01103',
    phoneNumber: '+37060000000',
    shippingMethod: { carrier_code: 'flatrate', method_code: 'flatrate' },
  },
};

describe('checkout state on the device', () => {
  beforeEach(async () => {
    checkout.set(initialCheckout);
    await stored((s) => s === undefined || s.personalDetails?.firstName === '');
  });

  it('keeps the details on change and restores them at start, never the password', async () => {
    await checkout.ready;
    const before = Date.now();
    updateCheckout(details);
    expect(checkout.get().modifiedAt).toBeGreaterThanOrEqual(before);
    const onDevice = await stored((s) => s?.personalDetails?.firstName === 'Ona');
    expect(onDevice?.shippingDetails).toEqual(details.shippingDetails);
    expect(onDevice?.personalDetails).toEqual({ ...details.personalDetails, password: '' });
    expect(JSON.stringify(onDevice)).not.toContain('slaptas-123');

    // a new page load: a fresh store reads the device
    vi.resetModules();
    const fresh = await import('../app/state/checkout');
    expect(fresh.checkout.get().shippingDetails.city).toBe(''); // the server-rendered initial state
    await fresh.checkout.ready;
    expect(fresh.checkout.get().shippingDetails).toEqual(details.shippingDetails);
    expect(fresh.checkout.get().personalDetails).toEqual({ ...details.personalDetails, password: '' });
    expect(fresh.isInCheckout(fresh.checkout.get())).toBe(true);
  });

  it('restores saved details only within the 30-minute "in checkout" window', () => {
    const saved = (minutesAgo: number) => ({
      ...initialCheckout,
      personalDetails: { ...initialCheckout.personalDetails, firstName: 'Ona', email: 'ona@example.com' },
      shippingDetails: { ...initialCheckout.shippingDetails, city: 'Vilnius' },
      queuedOrderId: 'q-1',
      modifiedAt: Date.now() - minutesAgo * 60_000,
    });
    const recent = readStoredCheckout(saved(29), initialCheckout);
    expect(recent.personalDetails.firstName).toBe('Ona');
    expect(recent.shippingDetails.city).toBe('Vilnius');
    const old = readStoredCheckout(saved(31), initialCheckout);
    expect(old.personalDetails).toEqual(initialCheckout.personalDetails);
    expect(old.shippingDetails).toEqual(initialCheckout.shippingDetails);
    expect(old.queuedOrderId).toBe('q-1'); // a queued order is never forgotten
  });

  it('counts as in checkout until 30 minutes after the last change', () => {
    updateCheckout({
      paymentDetails: { ...initialCheckout.paymentDetails, paymentMethod: 'cashondelivery' },
    });
    const last = checkout.get().modifiedAt;
    expect(isInCheckout(checkout.get(), last + IN_CHECKOUT_WINDOW_MS - 1)).toBe(true);
    expect(isInCheckout(checkout.get(), last + IN_CHECKOUT_WINDOW_MS)).toBe(false);
    expect(IN_CHECKOUT_WINDOW_MS).toBe(1_800_000);
    expect(isInCheckout(initialCheckout)).toBe(false);
  });

  it.each([undefined, 200])(
    'after placement with code %s: timestamp stored, cart cleared, "create account" reset',
    async (code) => {
      updateCheckout({ ...details, idempotency: { key: 'k-1', cartHash: 'h' } });
      const clearCart = vi.fn();
      expect(afterOrderPlaced(code, clearCart, 1_700_000_000_000)).toBe(true);
      expect(clearCart).toHaveBeenCalledTimes(1);
      const s = checkout.get();
      expect(s.orderTimestamp).toBe(1_700_000_000_000);
      expect(s.idempotency).toBeNull();
      expect(s.isThankYouPage).toBe(true);
      expect(s.personalDetails).toEqual({ ...details.personalDetails, password: '', createAccount: false });
      // the rest of the details stay for the next order
      expect(s.shippingDetails).toEqual(details.shippingDetails);
      const onDevice = await stored((v) => v?.orderTimestamp === 1_700_000_000_000);
      expect(onDevice?.personalDetails?.password).toBe('');
      expect(onDevice?.personalDetails?.createAccount).toBe(false);
    },
  );

  it('placed from elsewhere ("Order waiting!"): the thank-you state is left as it was', () => {
    updateCheckout({ ...details, isThankYouPage: false });
    expect(afterOrderPlaced(200, () => undefined, 2, false)).toBe(true);
    expect(checkout.get()).toMatchObject({ orderTimestamp: 2, isThankYouPage: false });
    updateCheckout({ queuedOrderId: 'q', isThankYouPage: true });
    afterOrderPlaced(200, () => undefined, 3, false);
    expect(checkout.get().isThankYouPage).toBe(true);
  });

  it('a chosen "create account" is left alone when it was not chosen', () => {
    updateCheckout({
      ...details,
      personalDetails: { ...details.personalDetails, createAccount: false, password: '' },
    });
    afterOrderPlaced(200, () => undefined, 1);
    expect(checkout.get().personalDetails.emailAddress).toBe('ona@example.com');
    expect(checkout.get().orderTimestamp).toBe(1);
  });

  it.each([400, 401, 500, 503])('after placement with code %s nothing is cleared', (code) => {
    updateCheckout({ ...details, idempotency: { key: 'k-2', cartHash: 'h' } });
    const before = checkout.get();
    const clearCart = vi.fn();
    expect(afterOrderPlaced(code, clearCart, 1_700_000_000_000)).toBe(false);
    expect(clearCart).not.toHaveBeenCalled();
    expect(checkout.get()).toBe(before);
    expect(checkout.get().personalDetails.password).toBe('slaptas-123'); // kept in memory for the retry
    expect(checkout.get().idempotency?.key).toBe('k-2'); // the retry sends the same key
  });
});

// spec §3 "Checkout": the state's fields, by the spec's names
describe('checkout state shape', () => {
  const address = [
    'firstName',
    'lastName',
    'country',
    'streetAddress',
    'apartmentNumber',
    'city',
    'state',
    'region_id',
    'zipCode',
    'phoneNumber',
  ];
  it.each([
    ['personalDetails', ['firstName', 'lastName', 'emailAddress', 'password', 'createAccount']],
    ['shippingDetails', [...address, 'shippingMethod']],
    [
      'paymentDetails',
      [...address, 'company', 'taxId', 'companyCode', 'paymentMethod', 'paymentMethodAdditional'],
    ],
  ] as const)('%s has the spec fields', (part, fields) => {
    const keys = Object.keys(initialCheckout[part]);
    for (const f of fields) expect(keys, `${part}.${f}`).toContain(f);
  });

  it.each(['personalDetails', 'shippingDetails', 'paymentDetails', 'isThankYouPage', 'modifiedAt'])(
    'has %s at the top level',
    (field) => expect(Object.keys(initialCheckout)).toContain(field),
  );

  it('keeps the chosen methods inside the details, not at the top level', () => {
    expect(initialCheckout).not.toHaveProperty('shippingMethod');
    expect(initialCheckout).not.toHaveProperty('paymentMethod');
    expect(initialCheckout.isThankYouPage).toBe(false);
    expect(initialCheckout.paymentDetails.sameAsShipping).toBe(true);
  });

  it('reads its own stored shape back unchanged (but the password)', () => {
    const state: CheckoutState = {
      ...initialCheckout,
      ...details,
      paymentDetails: {
        ...initialCheckout.paymentDetails,
        firstName: 'UAB',
        lastName: 'Bandymas',
        country: 'LV',
        streetAddress: 'Brīvības iela',
        apartmentNumber: '5',
        city: 'Rīga',
        region_id: 3,
        zipCode: 'LV-1010',
        phoneNumber: '+37120000000',
        company: 'UAB Bandymas',
        companyCode: '123456789',
        taxId: 'LT123456789',
        paymentMethod: 'neopay',
        paymentMethodAdditional: { bank: 'HABALT22' },
        buyerType: 'legal',
        sameAsShipping: false,
      },
      pickupPoint: {
        id: 'p1',
        name: 'Parduotuvė',
        address: 'Gatvė 1',
        city: 'Vilnius',
        // the store's hours are kept for the review
        openingHours: { '1': '10:00-19:00', '7': null },
      },
      idempotency: { key: 'k', cartHash: 'h' },
      orderTimestamp: 5,
      queuedOrderId: 'k',
      isThankYouPage: true,
      modifiedAt: RECENT, // within the 30-minute window: restored
    };
    const read = readStoredCheckout(JSON.parse(JSON.stringify(state)), initialCheckout);
    expect(read).toEqual({ ...state, personalDetails: { ...state.personalDetails, password: '' } });
  });
});

describe('a checkout stored in the old shape (before the spec shape) is migrated', () => {
  const old = {
    personalDetails: {
      firstName: 'Ona',
      lastName: 'Jonaitė',
      emailAddress: 'ona@example.com',
      password: '',
      createAccount: false,
    },
    shippingDetails: {
      streetAddress: 'Gedimino pr. 1',
      apartmentNumber: '2',
      city: 'Vilnius',
      zipCode: 'LT-01103',
      country: 'LT',
      phoneNumber: '+37060000000',
    },
    paymentDetails: {
      buyerType: 'legal',
      company: 'UAB A',
      companyCode: '123456789',
      taxId: '',
      paymentMethodAdditional: { bank: 'B1' },
    },
    shippingMethod: { carrier_code: 'omniva', method_code: 'parcel' },
    pickupPoint: { id: 'p9', name: 'P', address: 'A', city: 'Kaunas' },
    paymentMethod: 'neopay',
    idempotency: null,
    orderTimestamp: null,
    queuedOrderId: 'q-1',
    modifiedAt: RECENT,
  };

  it('moves the methods into the details, names the shipping address after the buyer, keeps the rest', () => {
    const s = readStoredCheckout(old, {
      ...initialCheckout,
      personalDetails: { ...initialCheckout.personalDetails, password: 'typed-here' },
    });
    expect(s.shippingDetails).toEqual({
      ...old.shippingDetails,
      firstName: 'Ona',
      lastName: 'Jonaitė',
      state: '',
      region_id: null,
      shippingMethod: { carrier_code: 'omniva', method_code: 'parcel' },
    });
    expect(s.paymentDetails).toMatchObject({
      paymentMethod: 'neopay',
      paymentMethodAdditional: { bank: 'B1' },
      buyerType: 'legal',
      company: 'UAB A',
      companyCode: '123456789',
      sameAsShipping: true,
    });
    expect(s.personalDetails.password).toBe('typed-here');
    expect(s.pickupPoint?.id).toBe('p9');
    expect(s.queuedOrderId).toBe('q-1');
    expect(s.isThankYouPage).toBe(true); // a queued order was the thank-you state
    expect(s.modifiedAt).toBe(RECENT);
    expect(s).not.toHaveProperty('shippingMethod');
    expect(s).not.toHaveProperty('paymentMethod');
  });

  it.each([undefined, null, 'x', 7, [], { shippingDetails: 'x', paymentDetails: [1], modifiedAt: 'y' }])(
    'anything unreadable (%j) gives the empty checkout',
    (raw) => {
      expect(readStoredCheckout(raw, initialCheckout)).toEqual(initialCheckout);
    },
  );
});

describe('shipping names and the billing address', () => {
  const base: CheckoutState = { ...initialCheckout, ...details };

  it('shipping names default from the personal details and follow them until edited', () => {
    let s = withPersonalDetails(initialCheckout, { firstName: 'Jonas' });
    expect(s.shippingDetails.firstName).toBe('Jonas');
    s = withPersonalDetails(s, { firstName: 'Jonas P', lastName: 'Jonaitis' });
    expect(s.shippingDetails).toMatchObject({ firstName: 'Jonas P', lastName: 'Jonaitis' });
    // edited for the delivery: kept when the buyer's name changes
    s = { ...s, shippingDetails: { ...s.shippingDetails, firstName: 'Petras' } };
    s = withPersonalDetails(s, { firstName: 'Jonas', lastName: 'Jonaitis-Žemaitis' });
    expect(s.shippingDetails).toMatchObject({ firstName: 'Petras', lastName: 'Jonaitis-Žemaitis' });
    expect(s.personalDetails).toMatchObject({ firstName: 'Jonas', lastName: 'Jonaitis-Žemaitis' });
  });

  it("billing is the shipping address by default; unchecked, the shopper's own", () => {
    expect(billingAddressOf(base)).toMatchObject({ streetAddress: 'Gedimino pr. 1', firstName: 'Ona' });
    let s = withBillingSameAsShipping(base, false);
    // starts from the shipping names and country, the rest to fill
    expect(s.paymentDetails).toMatchObject({
      sameAsShipping: false,
      firstName: 'Ona',
      lastName: 'Jonaitė',
      country: 'LT',
      streetAddress: '',
    });
    s = {
      ...s,
      paymentDetails: { ...s.paymentDetails, streetAddress: 'Laisvės al.', city: 'Kaunas', country: 'LT' },
    };
    expect(billingAddressOf(s)).toMatchObject({ streetAddress: 'Laisvės al.', city: 'Kaunas' });
    // checked again: the shipping address, the typed one kept should the box be unchecked again
    s = withBillingSameAsShipping(s, true);
    expect(billingAddressOf(s).streetAddress).toBe('Gedimino pr. 1');
    expect(withBillingSameAsShipping(s, false).paymentDetails.streetAddress).toBe('Laisvės al.');
  });

  it('confirming the payment step with "same as shipping" puts the shipping address in paymentDetails', () => {
    const s = withConfirmedBilling(base);
    expect(s.paymentDetails).toMatchObject({
      streetAddress: 'Gedimino pr. 1',
      city: 'Vilnius',
      zipCode: 'LT-01103',
      firstName: 'Ona',
    });
    const own = withBillingSameAsShipping(base, false);
    expect(withConfirmedBilling(own)).toBe(own);
  });
});

describe('two tabs', () => {
  it("keeps this tab's typed password when another tab writes the checkout", async () => {
    const { createStore } = await import('../app/state/store');
    const { serializeCheckout } = await import('../app/state/checkout');
    const options = {
      persistKey: 'checkout-two-tabs',
      serialize: serializeCheckout,
      deserialize: readStoredCheckout,
    };
    const tabA = createStore<CheckoutState>(initialCheckout, options);
    const tabB = createStore<CheckoutState>(initialCheckout, options);
    await Promise.all([tabA.ready, tabB.ready]);
    tabA.set((s) => ({
      ...s,
      personalDetails: { ...s.personalDetails, password: 'secret-123', createAccount: true },
    }));
    tabB.set((s) => ({ ...s, personalDetails: { ...s.personalDetails, firstName: 'Ona' } }));
    await vi.waitFor(() => expect(tabA.get().personalDetails.firstName).toBe('Ona'));
    expect(tabA.get().personalDetails.password).toBe('secret-123');
    expect(tabB.get().personalDetails.password).toBe('');
    tabA.close();
    tabB.close();
  });
});

describe('a login from checkout goes on with the saved details', () => {
  const saved = {
    street: ['Laisvės al.', '10'],
    city: 'Kaunas',
    postcode: 'LT-44444',
    countryId: 'LT',
    telephone: '+37060000009',
  };
  it('fills the empty delivery fields from the saved address', () => {
    const next = withSavedAddress(initialCheckout, saved);
    expect(next.shippingDetails).toMatchObject({
      streetAddress: 'Laisvės al.',
      apartmentNumber: '10',
      city: 'Kaunas',
      zipCode: 'LT-44444',
      country: 'LT',
      phoneNumber: '+37060000009',
    });
  });
  it('keeps what the shopper typed', () => {
    const typed = {
      ...initialCheckout,
      shippingDetails: {
        ...initialCheckout.shippingDetails,
        streetAddress: 'Narva mnt',
        country: 'EE',
        phoneNumber: '+3725000',
      },
    };
    const next = withSavedAddress(typed, saved);
    expect(next.shippingDetails).toMatchObject({
      streetAddress: 'Narva mnt',
      country: 'EE',
      phoneNumber: '+3725000',
    });
    expect(withSavedAddress(typed, undefined)).toBe(typed);
  });
  it('takes the saved region with the street and the saved Tax ID when none is typed', () => {
    const withRegion = { ...saved, region: 'Kauno apskritis', tax_id: 'LT-99 123/45' };
    const next = withSavedAddress(initialCheckout, withRegion);
    expect(next.shippingDetails.state).toBe('Kauno apskritis');
    expect(next.paymentDetails.taxId).toBe('LT-99 123/45');
    const typed = {
      ...initialCheckout,
      shippingDetails: { ...initialCheckout.shippingDetails, streetAddress: 'Narva mnt', state: '' },
      paymentDetails: { ...initialCheckout.paymentDetails, taxId: 'EE-1' },
    };
    const kept = withSavedAddress(typed, withRegion);
    // the region belongs to the saved street, not to the one typed
    expect(kept.shippingDetails.state).toBe('');
    expect(kept.paymentDetails.taxId).toBe('EE-1');
  });
});
