// The storefront's address forms in the API's field names: each form maps its
// values to the API's address through one function here, is judged by the domain's one address
// rule (address-rules.ts) on that address, and maps the rule's fields back to its own names.
import {
  addressErrors,
  billingAddressErrors,
  deliveryPurpose,
  normaliseZip,
  type AddressField,
  type AddressPurpose,
  type DeliveryKind,
  type FieldError,
} from '@vitrina/domain';
import type { AddressDetails, PaymentDetails } from './checkout';
import type { Address, CustomerAddress } from '../lib/types';

type FieldErrors<K extends PropertyKey> = Partial<Record<K, FieldError>>;

/** The rule's errors under a form's field names (`names`: the form field of each API field it has). */
export function formErrors<K extends PropertyKey>(
  errors: FieldErrors<AddressField>,
  names: Partial<Record<AddressField, K>>,
): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const [f, e] of Object.entries(errors) as [AddressField, FieldError][]) {
    const name = names[f];
    if (name !== undefined && !out[name]) out[name] = e;
  }
  return out;
}

// ---------------------------------------------------------------- checkout

/** The checkout form's name of each API address field. */
export const CHECKOUT_FIELDS: Readonly<Record<AddressField, keyof PaymentDetails>> = {
  firstname: 'firstName',
  lastname: 'lastName',
  'street.0': 'streetAddress',
  'street.1': 'apartmentNumber',
  city: 'city',
  postcode: 'zipCode',
  countryId: 'country',
  telephone: 'phoneNumber',
  company: 'company',
  company_code: 'companyCode',
  vat_id: 'vatCode',
  tax_id: 'taxId',
  region: 'state',
};

/**
 * The API's address from the checkout form's: the e-mail is the personal details'. A pickup address
 * has no home address (street, city and postcode are sent empty: the order takes the pickup point).
 */
export function checkoutAddress(email: string, a: AddressDetails, kind: DeliveryKind = 'courier'): Address {
  const home = kind !== 'pickup';
  return {
    firstname: a.firstName.trim(),
    lastname: a.lastName.trim(),
    email: email.trim(),
    street: home ? [a.streetAddress.trim(), a.apartmentNumber.trim()] : [],
    city: home ? a.city.trim() : '',
    postcode: home ? (normaliseZip(a.country, a.zipCode) ?? a.zipCode.trim()) : '',
    countryId: a.country,
    telephone: a.phoneNumber.trim(),
    ...(a.region_id !== null ? { region_id: a.region_id } : {}),
    ...(a.state.trim() ? { region: a.state.trim() } : {}),
  };
}

/**
 * The order's billing address: the billing address fields (the shipping address' when "same as
 * shipping", sent for its delivery kind) and, for a legal person, the company fields (blank ones
 * included, so the rule asks for them).
 */
export function checkoutBillingAddress(
  email: string,
  billing: AddressDetails,
  pd: PaymentDetails,
  kind: DeliveryKind = 'courier',
): Address {
  const address = checkoutAddress(email, billing, pd.sameAsShipping ? kind : 'courier');
  if (pd.buyerType !== 'legal') return address;
  return {
    ...address,
    company: pd.company.trim(),
    company_code: pd.companyCode.trim(),
    ...(pd.vatCode.trim() ? { vat_id: pd.vatCode.replace(/\s+/g, '').toUpperCase() } : {}),
    ...(pd.taxId.trim() ? { tax_id: pd.taxId.trim() } : {}),
  };
}

/** The checkout's delivery address checked for its delivery kind (a pickup asks no home address). */
export function deliveryFormErrors(a: AddressDetails, kind: DeliveryKind): FieldErrors<keyof AddressDetails> {
  return formErrors(
    addressErrors(checkoutAddress('', a, kind), deliveryPurpose(kind)),
    CHECKOUT_FIELDS as Partial<Record<AddressField, keyof AddressDetails>>,
  );
}

/** An address of the checkout form checked for a purpose. */
export function addressFormErrors(
  a: AddressDetails,
  purpose: AddressPurpose,
): FieldErrors<keyof AddressDetails> {
  return formErrors(
    addressErrors(checkoutAddress('', a), purpose),
    CHECKOUT_FIELDS as Partial<Record<AddressField, keyof AddressDetails>>,
  );
}

/**
 * The payment step: "same as shipping" leaves only a legal person's company fields to check (the
 * shipping address was checked at delivery, as the API does: billingAddressErrors); a billing
 * address of its own is checked with the billing rule.
 */
export function paymentFormErrors(pd: PaymentDetails): FieldErrors<keyof PaymentDetails> {
  const billing = checkoutBillingAddress('', pd, pd);
  return formErrors(
    pd.sameAsShipping ? billingAddressErrors(billing, billing) : addressErrors(billing, 'billing'),
    CHECKOUT_FIELDS,
  );
}

// ---------------------------------------------------------------- account

/** The account address form's values (my-account-shipping). */
export interface AccountAddressValues extends Record<string, string> {
  firstname: string;
  lastname: string;
  street: string;
  /** the house (and flat) number: the street's second line */
  house: string;
  city: string;
  postcode: string;
  countryId: string;
  telephone: string;
  /** the spec's "state", optional */
  region: string;
  /** the spec's Tax ID, optional */
  tax_id: string;
}

/** The account form's name of each API address field it has. */
export const ACCOUNT_FIELDS: Partial<Record<AddressField, keyof AccountAddressValues>> = {
  firstname: 'firstname',
  lastname: 'lastname',
  'street.0': 'street',
  'street.1': 'house',
  city: 'city',
  postcode: 'postcode',
  countryId: 'countryId',
  telephone: 'telephone',
  region: 'region',
  tax_id: 'tax_id',
};

/** The API's saved address from the account form's values. */
export function accountAddress(v: AccountAddressValues): CustomerAddress {
  return {
    firstname: v.firstname.trim(),
    lastname: v.lastname.trim(),
    street: v.house.trim() ? [v.street.trim(), v.house.trim()] : [v.street.trim()],
    city: v.city.trim(),
    postcode: normaliseZip(v.countryId, v.postcode) ?? v.postcode.trim(),
    countryId: v.countryId,
    telephone: v.telephone.trim(),
    ...(v.region.trim() ? { region: v.region.trim() } : {}),
    ...(v.tax_id.trim() ? { tax_id: v.tax_id.trim() } : {}),
  };
}

/** The account form checked with the account rule. */
export const accountFormErrors = (v: AccountAddressValues): FieldErrors<keyof AccountAddressValues> =>
  formErrors(addressErrors(accountAddress(v), 'account'), ACCOUNT_FIELDS);
