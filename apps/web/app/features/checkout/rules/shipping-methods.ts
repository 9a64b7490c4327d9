import type { ShippingMethod } from '../../../lib/types';
import type { ChosenShippingMethod } from '../../../state/checkout';

/**
 * The shipping codes sent for a virtual cart (nothing to ship): the order contract requires
 * non-empty codes and the API ignores them for virtual carts.
 */
export const NO_SHIPPING: ChosenShippingMethod = { carrier_code: 'none', method_code: 'none' };

/** The method's name as the shopper reads it: carrier and method, a title repeated once. */
export function methodLabel(m: ShippingMethod): string {
  const parts = [...new Set([m.carrier_title, m.method_title].filter((x): x is string => Boolean(x)))];
  return parts.join(' – ') || m.title || m.method_code;
}

/** The method's price with VAT, in cents (0: free). */
export function methodPrice(m: ShippingMethod): number {
  return m.price_incl_tax ?? m.cost_incl_tax ?? m.amount ?? 0;
}

/** Whether a method of the list is the chosen one. */
export const isChosenMethod = (m: ChosenShippingMethod, chosen: ChosenShippingMethod | null | undefined) =>
  m.carrier_code === chosen?.carrier_code && m.method_code === chosen.method_code;

/** Whether the shopper's choice is still among the methods offered (it is then kept). */
export const keepsShippingMethod = (offered: ShippingMethod[], chosen: ChosenShippingMethod | null) =>
  Boolean(chosen && offered.some((m) => isChosenMethod(m, chosen)));

/** The method chosen for the shopper: the one flagged `default`, else the first (none offered: null). */
export function defaultShippingMethod(offered: ShippingMethod[]): ChosenShippingMethod | null {
  const first = offered.find((m) => m.default) ?? offered[0];
  return first ? { carrier_code: first.carrier_code, method_code: first.method_code } : null;
}
