// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { BankSelector } from '../app/features/checkout/components/BankSelector';
import { PickupPointPicker } from '../app/features/checkout/components/PickupPointPicker';
import { filterPickupPoints } from '../app/features/checkout/rules/pickup-points';
import { getT } from '../app/i18n';
import { createApi } from '../app/api-client/api';
import type { PickupPoint } from '../app/lib/types';
import { AddressFields } from '../app/features/checkout/components/AddressFields';
import { checkoutAddress } from '../app/state/address-form';
import {
  validateAddress,
  validatePayment,
  validatePersonal,
} from '../app/features/checkout/rules/form-errors';
import { canPlaceOrder } from '../app/features/checkout/rules/payment-methods';
import { paymentStatusOf } from '../app/routes/order-completed';
import {
  afterOrderPlaced,
  checkout,
  initialCheckout,
  serializeCheckout,
  updateCheckout,
} from '../app/state/checkout';

afterEach(() => {
  cleanup();
  checkout.set(initialCheckout);
});

const POINTS: PickupPoint[] = [
  {
    id: 'o-1',
    carrier_code: 'omniva',
    name: 'Vilnius Akropolis',
    address: 'Ozo g. 25',
    city: 'Vilnius',
    postcode: 'LT-07150',
    country_id: 'LT',
    opening_hours: null,
  },
  {
    id: 'o-2',
    carrier_code: 'omniva',
    name: 'Kaunas Mega',
    address: 'Islandijos pl. 32',
    city: 'Kaunas',
    postcode: 'LT-47446',
    country_id: 'LT',
    opening_hours: null,
  },
  {
    id: 'o-3',
    carrier_code: 'omniva',
    name: 'Vilnius Panorama',
    address: 'Saltoniškių g. 9',
    city: 'Vilnius',
    postcode: 'LT-08105',
    country_id: 'LT',
    opening_hours: null,
  },
];

describe('checkout state after placing the order (spec §4)', () => {
  it('200 or no code: stores the timestamp, clears the cart, empties the password and createAccount', () => {
    updateCheckout({
      personalDetails: {
        ...initialCheckout.personalDetails,
        firstName: 'Ona',
        password: 'secret-123',
        createAccount: true,
      },
      idempotency: { key: 'k', cartHash: 'h' },
    });
    let cleared = 0;
    expect(afterOrderPlaced(200, () => (cleared += 1), 1234)).toBe(true);
    const s = checkout.get();
    expect(cleared).toBe(1);
    expect(s.orderTimestamp).toBe(1234);
    expect(s.personalDetails).toMatchObject({ firstName: 'Ona', password: '', createAccount: false });
    expect(s.idempotency).toBeNull();
    expect(afterOrderPlaced(undefined, () => (cleared += 1))).toBe(true);
    expect(cleared).toBe(2);
  });

  it('any other code clears nothing', () => {
    updateCheckout({
      personalDetails: { ...initialCheckout.personalDetails, password: 'secret-123', createAccount: true },
      idempotency: { key: 'k', cartHash: 'h' },
    });
    let cleared = 0;
    expect(afterOrderPlaced(500, () => (cleared += 1))).toBe(false);
    expect(cleared).toBe(0);
    expect(checkout.get()).toMatchObject({ orderTimestamp: null, idempotency: { key: 'k' } });
    expect(checkout.get().personalDetails).toMatchObject({ password: 'secret-123', createAccount: true });
  });

  it('never writes the password to the device', () => {
    const state = {
      ...initialCheckout,
      personalDetails: { ...initialCheckout.personalDetails, password: 'secret-123', createAccount: true },
    };
    const stored = JSON.stringify(serializeCheckout(state));
    expect(stored).not.toContain('secret-123');
    expect(stored).toContain('"createAccount":true');
  });
});

describe('checkout validation', () => {
  const t = getT('lt');
  it('asks for a password of 8+ characters, repeated, only when creating an account', () => {
    const base = {
      firstName: 'Ona',
      lastName: 'Onaitė',
      emailAddress: 'ona@example.com',
      password: '',
      createAccount: false,
      passwordRepeat: '',
    };
    expect(validatePersonal(t, base)).toEqual({});
    expect(
      validatePersonal(t, { ...base, createAccount: true, password: 'short', passwordRepeat: 'short' }),
    ).toEqual({ password: t.msg('validation.passwordMinLength', { min: 8 }) });
    expect(
      validatePersonal(t, { ...base, createAccount: true, password: 'long-enough', passwordRepeat: 'other' }),
    ).toEqual({
      passwordRepeat: t.msg('validation.passwordsMustMatch'),
    });
  });

  it('a legal person needs the company name and code; the VAT code is optional but checked', () => {
    const legal = { ...initialCheckout.paymentDetails, buyerType: 'legal' as const };
    expect(validatePayment(t, initialCheckout.paymentDetails)).toEqual({});
    expect(Object.keys(validatePayment(t, legal))).toEqual(['company', 'companyCode']);
    expect(validatePayment(t, { ...legal, company: 'UAB A', companyCode: '12' })).toEqual({
      companyCode: t.msg('validation.companyCodeMinLength', { min: 3 }),
    });
    expect(validatePayment(t, { ...legal, company: 'UAB A', companyCode: '123456789' })).toEqual({});
    expect(
      validatePayment(t, { ...legal, company: 'UAB A', companyCode: '123456789', vatCode: 'LT12' }),
    ).toEqual({ vatCode: t.msg('validation.taxIdInvalid') });
    expect(
      validatePayment(t, { ...legal, company: 'UAB A', companyCode: '123456789', vatCode: 'LT123456789' }),
    ).toEqual({});
  });

  it("the Tax ID is optional and checked with validateTaxId's messages", () => {
    const company = {
      ...initialCheckout.paymentDetails,
      buyerType: 'legal' as const,
      company: 'UAB A',
      companyCode: '123456789',
    };
    expect(validatePayment(t, { ...company, taxId: '' })).toEqual({});
    expect(validatePayment(t, { ...company, taxId: '12' })).toEqual({
      taxId: t.msg('validation.taxIdMinLength', { min: 3 }),
    });
    expect(validatePayment(t, { ...company, taxId: '12#45' })).toEqual({
      taxId: t.msg('validation.taxIdInvalid'),
    });
    expect(validatePayment(t, { ...company, taxId: 'DE 123/456' })).toEqual({});
  });

  const billing = {
    ...initialCheckout.paymentDetails,
    sameAsShipping: false,
    firstName: 'Ona',
    lastName: 'Jonaitė',
    country: 'LT',
    streetAddress: 'Laisvės al.',
    apartmentNumber: '10',
    city: 'Kaunas',
    zipCode: 'LT-44444',
    phoneNumber: '+37060000001',
  };

  it('a billing address other than the shipping one is checked with the same rules', () => {
    // "same as shipping" (the default): nothing of the billing address to check
    expect(validatePayment(t, { ...initialCheckout.paymentDetails, streetAddress: '' })).toEqual({});
    const empty = { ...initialCheckout.paymentDetails, sameAsShipping: false };
    expect(Object.keys(validatePayment(t, empty)).sort()).toEqual(
      ['apartmentNumber', 'city', 'firstName', 'lastName', 'phoneNumber', 'streetAddress', 'zipCode'].sort(),
    );
    expect(validatePayment(t, billing)).toEqual({});
    expect(validatePayment(t, { ...billing, zipCode: 'LT-4444', lastName: 'J0naitė' })).toEqual({
      zipCode: t.msg('validation.zipFormat', { format: 'LT-00000' }),
      lastName: t.msg('validation.alphaOnly'),
    });
    // the same rules as the shipping address
    const { zipCode, lastName } = validateAddress(t, { ...billing, zipCode: 'LT-4444', lastName: 'J0naitė' });
    expect({ zipCode, lastName }).toEqual(
      validatePayment(t, { ...billing, zipCode: 'LT-4444', lastName: 'J0naitė' }),
    );
    // a legal person with its own billing address: both checked
    expect(Object.keys(validatePayment(t, { ...billing, city: '', buyerType: 'legal' }))).toEqual([
      'city',
      'company',
      'companyCode',
    ]);
  });

  it("sends the billing address as the API's address, with the buyer's e-mail", () => {
    expect(checkoutAddress(' ona@example.com ', { ...billing, zipCode: '44444', region_id: 2 })).toEqual({
      firstname: 'Ona',
      lastname: 'Jonaitė',
      email: 'ona@example.com',
      street: ['Laisvės al.', '10'],
      city: 'Kaunas',
      postcode: 'LT-44444',
      countryId: 'LT',
      telephone: '+37060000001',
      region_id: 2,
    });
  });

  it('places the order only for server methods, or offline methods that have no client step', () => {
    expect(canPlaceOrder({ is_server_method: true, offline: false })).toBe(true);
    expect(canPlaceOrder({ is_server_method: false, offline: true })).toBe(true);
    expect(canPlaceOrder({ is_server_method: false, offline: false })).toBe(false);
    expect(canPlaceOrder(undefined)).toBe(false);
  });
});

describe('AddressFields', () => {
  it('labels every control, names it by its ids and autocomplete section, reports changes', () => {
    const changes: unknown[] = [];
    render(
      <MemoryRouter initialEntries={['/en/checkout']}>
        <AddressFields
          section="billing"
          idOf={(f) => `billing-${f}`}
          value={initialCheckout.paymentDetails}
          errors={{ city: 'Required' }}
          onChange={(patch) => changes.push(patch)}
        />
      </MemoryRouter>,
    );
    const street = screen.getByLabelText('Street name');
    expect(street.id).toBe('billing-streetAddress');
    expect(street.getAttribute('autocomplete')).toBe('billing address-line1');
    expect(screen.getByLabelText('City').getAttribute('aria-describedby')).toBe('billing-city-error');
    fireEvent.input(street, { target: { value: 'Laisvės al.' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'LV' } });
    expect(changes).toEqual([{ streetAddress: 'Laisvės al.' }, { country: 'LV' }]);
  });
});

describe('payment return page status', () => {
  it('trusts the server for provider orders, the redirect hint only without the order', () => {
    expect(paymentStatusOf('NEOPAY', 'paid', 'failed')).toBe('paid');
    expect(paymentStatusOf('MOKILIZINGAS', 'cancelled', null)).toBe('cancelled');
    expect(paymentStatusOf('NEOPAY', 'weird', null)).toBe('pending');
    expect(paymentStatusOf('cashondelivery', 'pending', null)).toBeNull();
    expect(paymentStatusOf(undefined, undefined, 'failed')).toBe('failed');
    expect(paymentStatusOf(undefined, undefined, 'unverified')).toBe('pending');
    expect(paymentStatusOf(undefined, undefined, null)).toBeNull();
  });
});

describe('payment API helpers', () => {
  it('builds the provider links from the cart id and the bank', () => {
    const api = createApi({ fetch: () => Promise.reject(new Error('no')), baseUrl: '', storeCode: 'en' });
    expect(api.payment.redirectUrl('NEOPAY', 'cart-abc', 'HABALT22')).toBe(
      '/vsbridge/neopay/payment/cart-abc/HABALT22',
    );
    expect(api.payment.redirectUrl('NEOPAY', 'cart-abc', undefined)).toBe(
      '/vsbridge/neopay/payment/cart-abc/-',
    );
    expect(api.payment.redirectUrl('MOKILIZINGAS', 'cart-abc')).toBe(
      '/vsbridge/mokilizingas/payment/cart-abc',
    );
  });
});

function Picker() {
  const [value, setValue] = useState<string | null>(null);
  return <PickupPointPicker points={POINTS} value={value} onChange={(p) => setValue(p.id)} />;
}

describe('PickupPointPicker', () => {
  it('filters by every typed word', () => {
    expect(filterPickupPoints(POINTS, 'vilnius').map((p) => p.id)).toEqual(['o-1', 'o-3']);
    expect(filterPickupPoints(POINTS, 'vilnius pano').map((p) => p.id)).toEqual(['o-3']);
    expect(filterPickupPoints(POINTS, '  ')).toHaveLength(3);
  });

  it('is a keyboard-usable combobox: type, arrow down, enter', () => {
    render(
      <MemoryRouter initialEntries={['/en/checkout']}>
        <Picker />
      </MemoryRouter>,
    );
    const input = screen.getByRole('combobox', { name: 'Pickup point' });
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: 'vilnius' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Vilnius Akropolis, Ozo g. 25, Vilnius',
      'Vilnius Panorama, Saltoniškių g. 9, Vilnius',
    ]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toMatch(/opt-o-3$/);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('pickup-chosen').textContent).toBe(
      'Vilnius Panorama, Saltoniškių g. 9, Vilnius',
    );
    // Escape closes; a click chooses
    fireEvent.input(input, { target: { value: 'kaunas' } });
    fireEvent.mouseDown(screen.getByRole('option'));
    expect(screen.getByTestId('pickup-chosen').textContent).toContain('Kaunas Mega');
    fireEvent.input(input, { target: { value: 'nowhere' } });
    expect(screen.getByRole('option').textContent).toBe('No pickup points match.');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('an arrow pressed while no point matches (or the points are still loading) leaves the first one to choose', () => {
    const chosen: string[] = [];
    const picker = (points: PickupPoint[]) => (
      <MemoryRouter initialEntries={['/en/checkout']}>
        <PickupPointPicker points={points} value={null} onChange={(p) => chosen.push(p.id)} />
      </MemoryRouter>
    );
    const { rerender } = render(picker([]));
    const input = screen.getByRole('combobox', { name: 'Pickup point' });
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: 'vilnius' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    rerender(picker(POINTS));
    expect(input.getAttribute('aria-activedescendant')).toMatch(/opt-o-1$/);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen).toEqual(['o-1']);
  });
});

describe('BankSelector', () => {
  it('labels sandbox banks and lets the shopper choose or leave it to the provider', () => {
    const chosen: (string | undefined)[] = [];
    const selector = (value: string | undefined) => (
      <MemoryRouter initialEntries={['/lt/checkout']}>
        <BankSelector
          banks={[{ bic: 'HABALT22', name: 'Swedbank (sandbox)', country: 'LT', sandbox: true }]}
          value={value}
          onChange={(b) => chosen.push(b)}
        />
      </MemoryRouter>
    );
    const { rerender } = render(selector(undefined));
    const bank = screen.getByLabelText('Swedbank (sandbox)') as HTMLInputElement;
    const provider = screen.getByLabelText('Banką pasirinksiu mokėjimo puslapyje') as HTMLInputElement;
    expect(screen.getByText('Bandomoji aplinka: bandomieji bankai, pinigai nepervedami.')).toBeTruthy();
    expect(provider.checked).toBe(true);
    fireEvent.click(bank);
    expect(chosen).toEqual(['HABALT22']);
    // the check follows `value` (the checkout's state), which the click asked to change
    rerender(selector('HABALT22'));
    expect([bank.checked, provider.checked]).toEqual([true, false]);
    fireEvent.click(provider);
    expect(chosen).toEqual(['HABALT22', undefined]);
    rerender(selector(undefined));
    expect([bank.checked, provider.checked]).toEqual([false, true]);
  });
});
