import { PAYMENT_MOKILIZINGAS, PAYMENT_NEOPAY, paymentMethodAllowed } from '@vitrina/domain';
import type { PaymentMethod } from '../../../lib/types';

/**
 * The methods offered at the payment step: cash on delivery is hidden for virtual carts (spec §5),
 * the API's rule, also for a list cached on the device.
 */
export const offeredPaymentMethods = (list: PaymentMethod[], virtual: boolean) =>
  list.filter((m) => paymentMethodAllowed({ ...m, kind: m.kind ?? 'online' }, virtual));

/** Whether the shopper's choice is still among the methods offered (it is then kept). */
export const keepsPaymentMethod = (offered: PaymentMethod[], current: string | null) =>
  Boolean(current && offered.some((m) => m.code === current));

/** The method preselected for the shopper: the one flagged `default`, else the first. */
export const defaultPaymentMethod = (offered: PaymentMethod[]): string | null =>
  (offered.find((m) => m.default) ?? offered[0])?.code ?? null;

/**
 * Spec §4: placing the order fires only for a server method. A method that is not one must place
 * the order itself after its own client-side step; the offline methods (cash on delivery, bank
 * transfer) have none, so they place it at once. Any other non-server method is refused.
 */
export const canPlaceOrder = (m: Pick<PaymentMethod, 'is_server_method' | 'offline'> | undefined) =>
  Boolean(m && (m.is_server_method || m.offline));

/** Payment methods whose provider page the browser goes to after the order is placed (spec §4 "Bank payment"). */
const REDIRECT_METHODS = new Set([PAYMENT_NEOPAY, PAYMENT_MOKILIZINGAS]);

export const redirectsToProvider = (code: string) => REDIRECT_METHODS.has(code);
