import type { AddressDetails } from '../../../state/checkout';

/**
 * An address on one line, as a done step repeats it (delivery, billing): name, street with house
 * number, city, region, postcode, country; a part left empty is left out (no ", ," for an address
 * without a flat or a region). `countryName` names the country in the shopper's language.
 */
export function addressLine(a: AddressDetails, countryName: (code: string) => string): string {
  const parts = [
    `${a.firstName} ${a.lastName}`,
    `${a.streetAddress} ${a.apartmentNumber}`,
    a.city,
    a.state,
    a.zipCode,
    a.country ? countryName(a.country) : '',
  ];
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
}
