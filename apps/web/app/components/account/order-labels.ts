import { isMessageKey } from '@vitrina/domain';
import type { Translator } from '../../i18n';

/** The spec's order status labels (awaiting_payment, cancelled, …); payment and shipping statuses too. */
export function statusLabel(t: Translator, status: string | null | undefined): string {
  if (!status) return '—';
  const key = `orderStatus.${status}`;
  return isMessageKey(key) ? t.msg(key) : status;
}

/** A payment status (pending, paid, cancelled, failed) in the shopper's language. */
export function paymentStatusLabel(t: Translator, status: string | null | undefined): string {
  const key = `paymentStatus.${status}`;
  return status && isMessageKey(key) ? t.msg(key) : statusLabel(t, status);
}
