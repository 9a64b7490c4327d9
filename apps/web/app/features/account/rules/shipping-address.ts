import type { CustomerAddress, CustomerProfile } from '../../../lib/types';
import type { AccountAddressValues } from '../../../state/address-form';

/** A saved address as the form's values (empty, with the customer's names, when there is none). */
export const toValues = (
  a: CustomerAddress | undefined,
  first: string,
  last: string,
): AccountAddressValues => ({
  firstname: a?.firstname ?? first,
  lastname: a?.lastname ?? last,
  street: a?.street?.[0] ?? '',
  house: a?.street?.[1] ?? '',
  city: a?.city ?? '',
  postcode: a?.postcode ?? '',
  countryId: a?.countryId ?? 'LT',
  telephone: a?.telephone ?? '',
  region: a?.region ?? '',
  tax_id: a?.tax_id ?? '',
});

/** The values of the default shipping address (else the first one) of a profile. */
export const addressValues = (c: CustomerProfile): AccountAddressValues =>
  toValues(c.addresses.find((x) => x.default_shipping) ?? c.addresses[0], c.firstname, c.lastname);

/**
 * The profile's addresses with `address` as the default shipping and billing one: first, before the
 * others that are not the default shipping address (20 at most).
 */
export const withDefaultAddress = (current: CustomerProfile, address: CustomerAddress): CustomerAddress[] => [
  { ...address, default_shipping: true, default_billing: true },
  ...current.addresses.filter((a) => !a.default_shipping).slice(0, 19),
];
