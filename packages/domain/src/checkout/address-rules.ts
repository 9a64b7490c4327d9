// Address validity, once: accounts-checkout-routes.md §5 "Validation rules" applied
// to an address in the API's field names, for what the address is for. The checkout form, the account
// form (through their mapping functions to these names) and the API's schemas and services all ask
// this module, so the same address gets the same verdict everywhere. docs/decisions/: which fields
// each purpose requires.
import type { DeliveryKind } from './delivery.ts';
import {
  validateAlphaOnly,
  validateCompanyCode,
  validateNameLength,
  validateTaxId,
  validateVatCode,
  validateZip,
  type FieldCheck,
  type FieldError,
} from './validation.ts';

/**
 * What an address is for: the delivery address of a courier or of a pickup (parcel locker, store),
 * a billing address (also the buyer's address of a cart with nothing to ship), a saved account address.
 */
export type AddressPurpose = 'courier' | 'pickup' | 'billing' | 'account';
export const ADDRESS_PURPOSES: readonly AddressPurpose[] = ['courier', 'pickup', 'billing', 'account'];

/** An address in the API's field names (any field may be missing: the rule says which are required). */
export interface RuleAddress {
  firstname?: string | undefined;
  lastname?: string | undefined;
  street?: readonly string[] | undefined;
  city?: string | undefined;
  postcode?: string | undefined;
  countryId?: string | undefined;
  telephone?: string | undefined;
  company?: string | undefined;
  company_code?: string | undefined;
  vat_id?: string | undefined;
  tax_id?: string | undefined;
  region?: string | undefined;
}

/** The fields the rule speaks of, as API paths: `street.0` the street, `street.1` the house number. */
export type AddressField =
  | 'firstname'
  | 'lastname'
  | 'street.0'
  | 'street.1'
  | 'city'
  | 'postcode'
  | 'countryId'
  | 'telephone'
  | 'company'
  | 'company_code'
  | 'vat_id'
  | 'tax_id'
  | 'region';

/** The fields in the order their errors are listed (the forms' order). */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  'firstname',
  'lastname',
  'street.0',
  'street.1',
  'city',
  'postcode',
  'countryId',
  'telephone',
  'company',
  'company_code',
  'vat_id',
  'tax_id',
  'region',
];

/** the home (postal) address: street, house number, city, postcode */
export const HOME_FIELDS: readonly AddressField[] = ['street.0', 'street.1', 'city', 'postcode'];
const CONTACT: readonly AddressField[] = ['firstname', 'lastname', 'countryId'];

/**
 * The fields each purpose requires (docs/decisions/). The name and country always; the phone
 * wherever a carrier or the invoice may need to reach the buyer (every delivery, billing); the home
 * address (street, house number, city, postcode) for a courier and a billing address, never for a
 * pickup. A saved account address needs no phone and no house number (street, city and postcode as
 * the account form always asked): the checkout asks what is missing when the address is used, and a
 * customer's older addresses saved without a house number never block saving the address book.
 */
export const REQUIRED_ADDRESS_FIELDS: Readonly<Record<AddressPurpose, readonly AddressField[]>> = {
  courier: [...CONTACT, 'telephone', ...HOME_FIELDS],
  pickup: [...CONTACT, 'telephone'],
  billing: [...CONTACT, 'telephone', ...HOME_FIELDS],
  account: [...CONTACT, 'street.0', 'city', 'postcode'],
};

/** The purpose of an order's delivery address: nothing to ship → the buyer's (billing) address. */
export const deliveryPurpose = (kind: DeliveryKind): AddressPurpose =>
  kind === 'pickup' ? 'pickup' : kind === 'none' ? 'billing' : 'courier';

/** Longest values the API stores. */
export const ADDRESS_MAX_LENGTH: Readonly<Record<AddressField, number>> = {
  firstname: 255,
  lastname: 255,
  'street.0': 255,
  'street.1': 255,
  city: 255,
  postcode: 20,
  countryId: 2,
  telephone: 32,
  company: 255,
  company_code: 64,
  vat_id: 64,
  tax_id: 64,
  region: 255,
};

const PHONE = /^[+\d\s()/-]*$/;
const COUNTRY = /^[A-Za-z]{2}$/;

const trimmed = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

function valueOf(a: RuleAddress, f: AddressField): string {
  if (f === 'street.0') return trimmed(a.street?.[0]);
  if (f === 'street.1') return trimmed(a.street?.[1]);
  return trimmed(a[f]);
}

/**
 * A legal person's address: one that carries `company` or `company_code` (even empty: the form's
 * legal-person fields left blank). Both are then required.
 */
export const isLegalPersonAddress = (a: RuleAddress) =>
  a.company !== undefined || a.company_code !== undefined;

/**
 * The house number: its own line (street line 2), or a number already in the street line
 * ("Gedimino pr. 1", as API clients and imported addresses write it).
 */
const hasHouseNumber = (a: RuleAddress) =>
  Boolean(valueOf(a, 'street.1')) || /\d/.test(valueOf(a, 'street.0'));

function checkField(a: RuleAddress, f: AddressField, required: boolean): FieldCheck {
  const v = valueOf(a, f);
  // a legal person's company name and code are required whatever the purpose
  const legal = (f === 'company' || f === 'company_code') && isLegalPersonAddress(a);
  const missing = f === 'street.1' ? !hasHouseNumber(a) : !v;
  if (missing) return required || legal ? { key: 'validation.required' } : null;
  if (!v) return null;
  if (f === 'countryId') return COUNTRY.test(v) ? null : { key: 'validation.countryCode' };
  if (v.length > ADDRESS_MAX_LENGTH[f])
    return { key: 'validation.tooLong', params: { max: ADDRESS_MAX_LENGTH[f] } };
  switch (f) {
    case 'firstname':
    case 'lastname':
      return validateNameLength(v) ?? validateAlphaOnly(v);
    case 'postcode':
      return validateZip(valueOf(a, 'countryId'), v);
    case 'telephone':
      return PHONE.test(v) ? null : { key: 'validation.invalid' };
    case 'company_code':
      return validateCompanyCode(v);
    case 'vat_id':
      return validateVatCode(v);
    case 'tax_id':
      return validateTaxId(v);
    default:
      return null;
  }
}

/**
 * The errors of an address for a purpose, per field (message keys of messages.ts, the spec's
 * catalogue), in ADDRESS_FIELDS order; empty: valid. First failing check of a field wins: required,
 * length, then the field's own rule (names ≥ 2 letters and letters only, the country's postcode
 * format, company code ≥ 3, VAT code and Tax ID formats). Optional fields are checked when given.
 */
export function addressErrors(
  a: RuleAddress,
  purpose: AddressPurpose,
): Partial<Record<AddressField, FieldError>> {
  const required = new Set(REQUIRED_ADDRESS_FIELDS[purpose]);
  const out: Partial<Record<AddressField, FieldError>> = {};
  for (const f of ADDRESS_FIELDS) {
    const e = checkField(a, f, required.has(f));
    if (e) out[f] = e;
  }
  return out;
}

export const isAddressValid = (a: RuleAddress, purpose: AddressPurpose) =>
  Object.keys(addressErrors(a, purpose)).length === 0;

const POSTAL: readonly (keyof RuleAddress)[] = [
  'firstname',
  'lastname',
  'city',
  'postcode',
  'countryId',
  'telephone',
];

/**
 * Whether a billing address is the shipping address (the checkout's "same as shipping", sent as a
 * copy, with a legal person's company fields added): it then takes the shipping address' verdict and
 * only its company fields are the billing rule's.
 */
export function isSameAddress(billing: RuleAddress, shipping: RuleAddress): boolean {
  const street = (a: RuleAddress) =>
    (a.street ?? [])
      .map((s) => s.trim())
      .filter(Boolean)
      .join('\n');
  return (
    street(billing) === street(shipping) && POSTAL.every((k) => trimmed(billing[k]) === trimmed(shipping[k]))
  );
}

/**
 * The errors of an order's (or a cart's) billing address: the billing rule when it is an address of
 * its own; only its company fields (and the optional fields given) when it is the shipping address.
 */
export function billingAddressErrors(
  billing: RuleAddress,
  shipping: RuleAddress,
): Partial<Record<AddressField, FieldError>> {
  const all = addressErrors(billing, 'billing');
  if (!isSameAddress(billing, shipping)) return all;
  const own: AddressField[] = ['company', 'company_code', 'vat_id', 'tax_id'];
  return Object.fromEntries(Object.entries(all).filter(([f]) => own.includes(f as AddressField)));
}
