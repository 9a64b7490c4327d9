// The one address rule: purpose × field × value → message key, and the API's
// schemas agree with it (any address the rule accepts for a purpose the API accepts, and back).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressErrors,
  addressSchemaFor,
  billingAddressErrors,
  deliveryAddressSchema,
  deliveryPurpose,
  isAddressValid,
  REQUIRED_ADDRESS_FIELDS,
  ADDRESS_PURPOSES,
  type AddressPurpose,
  type RuleAddress,
} from '../src/index.ts';

const full: RuleAddress = {
  firstname: 'Ona',
  lastname: 'Jonaitė',
  street: ['Laisvės al.', '10'],
  city: 'Kaunas',
  postcode: 'LT-44444',
  countryId: 'LT',
  telephone: '+370 600 00001',
};
const contact: RuleAddress = {
  firstname: 'Ona',
  lastname: 'Jonaitė',
  countryId: 'LT',
  telephone: '+37060000001',
};

describe('addressErrors: what each purpose requires (docs/decisions/)', () => {
  it.each(ADDRESS_PURPOSES)('a complete address is valid for %s', (purpose) => {
    expect(addressErrors(full, purpose)).toEqual({});
  });

  it('an empty address names exactly the required fields of each purpose', () => {
    expect(Object.keys(addressErrors({}, 'courier'))).toEqual([
      'firstname',
      'lastname',
      'street.0',
      'street.1',
      'city',
      'postcode',
      'countryId',
      'telephone',
    ]);
    expect(Object.keys(addressErrors({ ...full, street: [] }, 'courier'))).toEqual(['street.0', 'street.1']);
    expect(Object.keys(addressErrors({}, 'billing'))).toEqual(Object.keys(addressErrors({}, 'courier')));
    expect(Object.keys(addressErrors({}, 'pickup'))).toEqual([
      'firstname',
      'lastname',
      'countryId',
      'telephone',
    ]);
    expect(Object.keys(addressErrors({}, 'account'))).toEqual([
      'firstname',
      'lastname',
      'street.0',
      'city',
      'postcode',
      'countryId',
    ]);
    for (const p of ADDRESS_PURPOSES)
      expect(Object.keys(addressErrors({}, p)).sort()).toEqual([...REQUIRED_ADDRESS_FIELDS[p]].sort());
  });

  it('a pickup address needs no home address; a cart with nothing to ship is checked as billing', () => {
    expect(addressErrors(contact, 'pickup')).toEqual({});
    expect(deliveryPurpose('pickup')).toBe('pickup');
    expect(deliveryPurpose('courier')).toBe('courier');
    expect(deliveryPurpose('none')).toBe('billing');
  });

  type Row = [AddressPurpose, string, RuleAddress, string | null];
  const req = 'validation.required';
  it.each<Row>([
    // the phone: every delivery and billing, not a saved account address
    ['courier', 'telephone', { ...full, telephone: '' }, req],
    ['pickup', 'telephone', { ...contact, telephone: ' ' }, req],
    ['billing', 'telephone', { ...full, telephone: undefined }, req],
    ['account', 'telephone', { ...full, telephone: '' }, null],
    ['account', 'telephone', { ...full, telephone: 'call me' }, 'validation.invalid'],
    ['pickup', 'telephone', { ...contact, telephone: '+370 (600) 0000-1' }, null],
    // the house number: its own line, or a number in the street line
    ['courier', 'street.1', { ...full, street: ['Laisvės al.'] }, req],
    ['courier', 'street.1', { ...full, street: ['Laisvės al.', ''] }, req],
    ['courier', 'street.1', { ...full, street: ['Gedimino pr. 1'] }, null],
    // an account address may leave the house number out (older saved addresses; checkout asks it)
    ['account', 'street.1', { ...full, street: ['Laisvės al.'] }, null],
    ['billing', 'street.1', { ...full, street: ['Laisvės al.'] }, req],
    ['pickup', 'street.1', { ...contact, street: ['Laisvės al.'] }, null],
    ['courier', 'street.0', { ...full, street: ['', '10'] }, req],
    ['pickup', 'street.0', { ...contact, street: [] }, null],
    ['courier', 'city', { ...full, city: '  ' }, req],
    ['account', 'city', { ...full, city: undefined }, req],
    ['pickup', 'city', { ...contact, city: '' }, null],
    // the postcode: required for a home address, checked whenever given
    ['courier', 'postcode', { ...full, postcode: '' }, req],
    ['courier', 'postcode', { ...full, postcode: '12' }, 'validation.zipMinLength'],
    ['courier', 'postcode', { ...full, postcode: 'LT-4444' }, 'validation.zipFormat'],
    ['account', 'postcode', { ...full, countryId: 'LV', postcode: 'LV-1050' }, null],
    ['account', 'postcode', { ...full, countryId: 'EE', postcode: '10115' }, null],
    ['pickup', 'postcode', { ...contact, postcode: '123' }, 'validation.zipFormat'],
    ['pickup', 'postcode', { ...contact, postcode: '' }, null],
    // names
    ['courier', 'firstname', { ...full, firstname: 'O' }, 'validation.nameMinLength'],
    ['pickup', 'lastname', { ...contact, lastname: 'J0naitė' }, 'validation.alphaOnly'],
    ['account', 'firstname', { ...full, firstname: '' }, req],
    ['billing', 'lastname', { ...full, lastname: 'x'.repeat(256) }, 'validation.tooLong'],
    // the country
    ['pickup', 'countryId', { ...contact, countryId: 'Lithuania' }, 'validation.countryCode'],
    ['courier', 'countryId', { ...full, countryId: '' }, req],
    ['account', 'countryId', { ...full, countryId: 'lv', postcode: 'LV-1050' }, null],
    // a legal person: company name and code together, VAT code and Tax ID when given
    ['billing', 'company', { ...full, company_code: '123456789' }, req],
    ['billing', 'company_code', { ...full, company: 'UAB A' }, req],
    [
      'billing',
      'company_code',
      { ...full, company: 'UAB A', company_code: '12' },
      'validation.companyCodeMinLength',
    ],
    ['billing', 'company', { ...full }, null],
    ['billing', 'vat_id', { ...full, vat_id: 'LT12' }, 'validation.taxIdInvalid'],
    ['billing', 'vat_id', { ...full, vat_id: 'LT 123456789' }, null],
    ['account', 'tax_id', { ...full, tax_id: '12' }, 'validation.taxIdMinLength'],
    ['pickup', 'tax_id', { ...contact, tax_id: '12#45' }, 'validation.taxIdInvalid'],
    ['courier', 'region', { ...full, region: 'r'.repeat(256) }, 'validation.tooLong'],
  ])('%s: %s of %j → %s', (purpose, field, address, key) => {
    const errors = addressErrors(address, purpose) as Record<string, { key: string } | undefined>;
    expect(errors[field]?.key ?? null).toBe(key);
    // only that field is wrong
    expect(Object.keys(errors).filter((f) => f !== field)).toEqual([]);
  });

  it('a billing address that is the shipping address is judged by its company fields only', () => {
    const pickup = { ...contact, street: [], city: '', postcode: '' };
    expect(addressErrors(pickup, 'billing')).not.toEqual({});
    expect(billingAddressErrors(pickup, pickup)).toEqual({});
    // a legal person's blank company fields: both asked
    expect(billingAddressErrors({ ...pickup, company: '' }, pickup)).toEqual({
      company: { key: 'validation.required' },
      company_code: { key: 'validation.required' },
    });
    expect(Object.keys(billingAddressErrors({ ...pickup, firstname: 'Petras' }, pickup))).toEqual([
      'street.0',
      'street.1',
      'city',
      'postcode',
    ]);
  });
});

// ---------------------------------------------------------------- the API schemas agree

const text = (samples: string[]) => fc.constantFrom(...samples);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const addressArb: fc.Arbitrary<RuleAddress & { firstname: string; lastname: string; countryId: string }> =
  fc.record({
    firstname: text(['Ona', '', 'O', 'J0nas', ' Анна ', 'x'.repeat(256)]),
    lastname: text(['Jonaitė', '', "O'Brien-Smith", '1']),
    street: maybe(
      fc.array(text(['Laisvės al.', 'Gedimino pr. 1', '', '10', ' 5A ', 's'.repeat(256)]), { maxLength: 3 }),
    ),
    city: maybe(text(['Kaunas', '', '  ', 'c'.repeat(256)])),
    postcode: maybe(
      text(['LT-44444', '44444', 'LT 44444', 'LV-1050', '10115', '12', '', 'LT-4444', '1'.repeat(21)]),
    ),
    countryId: text(['LT', 'lv', 'EE', 'DE', '', 'Lithuania', 'L1']),
    telephone: maybe(text(['+37060000001', '', '+370 (600) 0-1', 'call me', '1'.repeat(33)])),
    company: maybe(text(['UAB A', '', 'c'.repeat(256)])),
    company_code: maybe(text(['123456789', '12', ''])),
    vat_id: maybe(text(['LT123456789', 'LT12', 'DE123', ''])),
    tax_id: maybe(text(['DE 123/456', '12', '12#45', ''])),
    region: maybe(text(['Kauno apskr.', '', 'r'.repeat(256)])),
  });

describe('the API schema of each purpose gives the rule’s verdict', () => {
  it.each(ADDRESS_PURPOSES)('%s: accepted by the rule ⇔ accepted by addressSchemaFor', (purpose) => {
    const schema = addressSchemaFor(purpose);
    fc.assert(
      fc.property(addressArb, (a) => {
        expect(schema.safeParse(a).success).toBe(isAddressValid(a, purpose));
      }),
      { numRuns: 400 },
    );
  });

  it('the order and cart delivery schema is the pickup rule (the services add the courier’s home address)', () => {
    fc.assert(
      fc.property(addressArb, (a) => {
        expect(deliveryAddressSchema.safeParse(a).success).toBe(isAddressValid(a, 'pickup'));
      }),
      { numRuns: 200 },
    );
  });

  it('what the schema refuses, it refuses at the rule’s fields with the rule’s keys', () => {
    const r = addressSchemaFor('courier').safeParse({ ...full, street: ['Laisvės al.'], telephone: '' });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(
        r.error.issues.map((i) => [i.path.join('.'), (i as { params?: { key?: string } }).params?.key]),
      ).toEqual([
        ['street.1', 'validation.required'],
        ['telephone', 'validation.required'],
      ]);
  });
});
