/**
 * A courier needs a home address; a parcel locker or store pickup does not (issue #13 "Paying").
 * The address schema lets street, city and postcode be left out (domain deliveryAddressSchema); the
 * cart's shipping information and the order ask for them here, once the method is known.
 */
import { deliveryKindOf, missingHomeAddress } from '@vitrina/domain';
import { fieldsError } from '../http/errors.ts';

const KEYS = {
  street: 'delivery.streetRequired',
  city: 'delivery.cityRequired',
  postcode: 'delivery.postcodeRequired',
} as const;

/** Refuses (400, each missing field named, in the request's language) a courier address without its home address. */
export function assertHomeAddress(
  method: { needs_pickup_point: boolean; carrier_code: string } | undefined,
  virtual: boolean,
  address: { street?: readonly string[]; city?: string | undefined; postcode?: string | undefined },
  /** the address' path in the request, e.g. `addressInformation.shippingAddress` */
  path: string,
): void {
  const missing = missingHomeAddress(deliveryKindOf(method, virtual), address);
  if (missing.length) throw fieldsError(missing.map((f) => ({ field: `${path}.${f}`, key: KEYS[f] })));
}
