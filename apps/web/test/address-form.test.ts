/**
 * The checkout and account forms map their fields to the API's address and ask
 * the domain's one address rule, so they give the API's verdict. The two places where the forms
 * disagreed with the API before: a house number written in the street line ("Gedimino pr. 1") is a
 * house number, and a saved account address needs no phone (the checkout asks it for a delivery);
 * a saved account address needs no house number either (older saved addresses never block a save).
 */
import { addressErrors, addressSchemaFor, isAddressValid } from '@vitrina/domain';
import { describe, expect, it } from 'vitest';
import {
  accountAddress,
  accountFormErrors,
  checkoutAddress,
  type AccountAddressValues,
} from '../app/state/address-form';
import { validateDelivery } from '../app/features/checkout/rules/form-errors';
import { getT } from '../app/i18n';
import { initialCheckout } from '../app/state/checkout';

const t = getT('en');
const shipping = {
  ...initialCheckout.shippingDetails,
  firstName: 'Ona',
  lastName: 'Jonaitė',
  country: 'LT',
  streetAddress: 'Gedimino pr.',
  apartmentNumber: '1',
  city: 'Vilnius',
  zipCode: '01100',
  phoneNumber: '+37060000001',
};
const account: AccountAddressValues = {
  firstname: 'Ona',
  lastname: 'Jonaitė',
  street: 'Laisvės al.',
  house: '10',
  city: 'Kaunas',
  postcode: 'LT-44444',
  countryId: 'LT',
  telephone: '',
  region: '',
  tax_id: '',
};

describe('checkout: the courier rule on the API address', () => {
  it('takes the house number in the street line; asks it when neither line has one', () => {
    expect(
      validateDelivery(t, { ...shipping, streetAddress: 'Gedimino pr. 1', apartmentNumber: '' }, 'courier'),
    ).toEqual({});
    expect(validateDelivery(t, { ...shipping, apartmentNumber: '' }, 'courier')).toEqual({
      apartmentNumber: t.msg('validation.required'),
    });
  });

  it('the form and the API give one verdict for the same address', () => {
    for (const over of [
      {},
      { apartmentNumber: '' },
      { phoneNumber: '' },
      { zipCode: '123' },
      { lastName: 'J0' },
    ]) {
      const form = { ...shipping, ...over };
      const api = addressSchemaFor('courier').safeParse(checkoutAddress('ona@example.com', form)).success;
      expect(Object.keys(validateDelivery(t, form, 'courier')).length === 0, JSON.stringify(over)).toBe(api);
    }
  });
});

describe('account: the account rule on the API address', () => {
  it('needs neither a phone nor a house number (the checkout asks them when the address is used)', () => {
    expect(accountFormErrors(account)).toEqual({});
    expect(accountFormErrors({ ...account, house: '' })).toEqual({});
    expect(accountFormErrors({ ...account, street: 'Laisvės al. 10', house: '' })).toEqual({});
    expect(accountFormErrors({ ...account, street: '', postcode: '12', telephone: 'x' })).toEqual({
      street: { key: 'validation.required' },
      postcode: { key: 'validation.zipMinLength', params: { min: 3 } },
      telephone: { key: 'validation.invalid' },
    });
  });

  it('sends what the API accepts for an account address', () => {
    const sent = accountAddress({ ...account, postcode: '44444' });
    expect(sent).toMatchObject({ street: ['Laisvės al.', '10'], postcode: 'LT-44444' });
    expect(isAddressValid(sent, 'account')).toBe(true);
    expect(addressSchemaFor('account').safeParse(sent).success).toBe(true);
    expect(addressErrors(accountAddress({ ...account, house: '' }), 'account')).toEqual({});
    // the same address used for a courier delivery is asked its house number
    expect(addressErrors(accountAddress({ ...account, house: '' }), 'courier')).toMatchObject({
      'street.1': { key: 'validation.required' },
    });
  });
});
