import { isStorePickup, PAYMENT_MOKILIZINGAS } from '@vitrina/domain';
import type { PaymentMethod, ShippingMethod } from '../../../lib/types';

/** The marks a method tile shows: drawn by the shop, so no carrier's or bank's logo is used without leave. */
export type MethodMark = 'courier' | 'locker' | 'store' | 'online' | 'transfer' | 'cash' | 'leasing';

/** A delivery method's mark: the shop's own store, a pickup point (parcel locker), or a courier. */
export function shippingMark(m: Pick<ShippingMethod, 'carrier_code' | 'needs_pickup_point'>): MethodMark {
  if (isStorePickup(m)) return 'store';
  return m.needs_pickup_point ? 'locker' : 'courier';
}

/** A payment method's mark, by what paying with it is like (payment-kinds.ts). */
export function paymentMark(m: Pick<PaymentMethod, 'code' | 'kind'>): MethodMark {
  if (m.code === PAYMENT_MOKILIZINGAS) return 'leasing';
  if (m.kind === 'cash_on_delivery') return 'cash';
  if (m.kind === 'online') return 'online';
  return 'transfer';
}

/** The dictionary key of a payment method's line of what to expect (none for other offline methods). */
export function paymentNoteKey(m: Pick<PaymentMethod, 'code' | 'kind'>) {
  const mark = paymentMark(m);
  if (mark === 'leasing') return 'checkout.payNote.leasing' as const;
  if (mark === 'cash') return 'checkout.payNote.cash_on_delivery' as const;
  if (mark === 'online') return 'checkout.payNote.online' as const;
  return m.kind === 'bank_transfer' ? ('checkout.payNote.bank_transfer' as const) : null;
}
