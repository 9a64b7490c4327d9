/**
 * What kind of payment a method is, decided once from the shop's configuration:
 * the API tells every client the kind with the method and with the order, so no screen compares a
 * method code with a constant (cash on delivery's code is a setting, `COD_PAYMENT_CODE`).
 */
import { PAYMENT_BANK_TRANSFER, PAYMENT_CASH_ON_DELIVERY } from '../base/index.ts';

export type PaymentKind = 'cash_on_delivery' | 'bank_transfer' | 'online' | 'offline';

export type PaymentKindConfig = { codPaymentCode: string };

export const DEFAULT_PAYMENT_KIND_CONFIG: PaymentKindConfig = { codPaymentCode: PAYMENT_CASH_ON_DELIVERY };

/** the kind of a method: cash on delivery by the configured code, the bank transfer, else by its `offline` flag */
export function paymentKindOf(
  method: { code: string; offline?: boolean | null },
  config: PaymentKindConfig,
): PaymentKind {
  if (method.code === config.codPaymentCode) return 'cash_on_delivery';
  if (method.code === PAYMENT_BANK_TRANSFER) return 'bank_transfer';
  return method.offline ? 'offline' : 'online';
}

/**
 * May a cart use the method? Cash on delivery is never offered for a virtual cart (nothing is delivered
 * to pay on; accounts-checkout-routes.md §5), and a virtual cart takes only methods allowed for it.
 */
export function paymentMethodAllowed(
  method: { kind: PaymentKind; allowed_for_virtual?: boolean | null },
  virtual: boolean,
): boolean {
  if (!virtual) return true;
  return method.kind !== 'cash_on_delivery' && method.allowed_for_virtual !== false;
}
