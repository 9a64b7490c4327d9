/** Status labels of the back office, from the domain's message catalogue, resolved on the server. */
import { ORDER_STATUSES, isMessageKey, translateMessage } from '@vitrina/domain';
import type { AdminLang } from './i18n';

/** the payment statuses an order can have (payment/provider.ts, order/unpaid.ts and the lifecycle) */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refund_due', 'refunded'] as const;

export function orderStatusLabel(status: string, lang: AdminLang): string {
  const key = `orderStatus.${status}`;
  return isMessageKey(key) ? translateMessage(key, lang) : status;
}

export function paymentStatusLabel(status: string, lang: AdminLang): string {
  const key = `paymentStatus.${status}`;
  return isMessageKey(key) ? translateMessage(key, lang) : orderStatusLabel(status, lang);
}

/** every label a page may need, as one small map (the page renders without the catalogue) */
export function statusLabels(lang: AdminLang) {
  return {
    order: Object.fromEntries(ORDER_STATUSES.map((s) => [s, orderStatusLabel(s, lang)])) as Record<string, string>,
    payment: Object.fromEntries(PAYMENT_STATUSES.map((s) => [s, paymentStatusLabel(s, lang)])) as Record<string, string>,
  };
}
