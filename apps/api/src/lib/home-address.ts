/**
 * The rest of the one address rule (domain address-rules.ts) once the delivery method is known.
 * The schema checked what every delivery needs (domain
 * deliveryAddressSchema: the pickup rule); here a courier's address is checked with the courier
 * rule (home address, house number), a cart with nothing to ship with the billing rule, and a
 * billing address of its own with the billing rule.
 */
import {
  addressErrors,
  billingAddressErrors,
  deliveryKindOf,
  deliveryPurpose,
  type AddressField,
  type FieldError,
  type RuleAddress,
} from '@vitrina/domain';
import { fieldsError } from '../http/errors.ts';

/** a courier's missing home address, in the words of a courier delivery */
const COURIER_KEYS: Partial<Record<AddressField, string>> = {
  'street.0': 'delivery.streetRequired',
  'street.1': 'delivery.streetRequired',
  city: 'delivery.cityRequired',
  postcode: 'delivery.postcodeRequired',
};

type Issue = { field: string; key: string; params?: Record<string, string | number> };

function issues(errors: Partial<Record<AddressField, FieldError>>, path: string, courier: boolean): Issue[] {
  const out: Issue[] = [];
  for (const [f, e] of Object.entries(errors) as [AddressField, FieldError][]) {
    const courierKey = courier && e.key === 'validation.required' ? COURIER_KEYS[f] : undefined;
    // the street and the house number are one field for a courier: "needs the street and house number"
    const field = courierKey === 'delivery.streetRequired' ? `${path}.street` : `${path}.${f}`;
    if (out.some((i) => i.field === field)) continue;
    out.push(
      courierKey
        ? { field, key: courierKey }
        : { field, key: e.key, ...(e.params ? { params: e.params } : {}) },
    );
  }
  return out;
}

/**
 * Refuses (400, each field named, in the request's language) a shipping address that lacks what
 * its delivery method needs, and a billing address of its own that breaks the billing rule.
 */
export function assertOrderAddresses(
  method: { needs_pickup_point: boolean; carrier_code: string } | undefined,
  virtual: boolean,
  shipping: RuleAddress,
  billing: RuleAddress | undefined,
  /** the addresses' path in the request, e.g. `addressInformation` */
  path: string,
): void {
  const kind = deliveryKindOf(method, virtual);
  const found = issues(
    addressErrors(shipping, deliveryPurpose(kind)),
    `${path}.shippingAddress`,
    kind === 'courier',
  );
  if (billing)
    found.push(...issues(billingAddressErrors(billing, shipping), `${path}.billingAddress`, false));
  if (found.length) throw fieldsError(found);
}
