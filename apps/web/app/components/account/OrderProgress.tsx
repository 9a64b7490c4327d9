import { formatDateTime } from '@vitrina/domain';
import { useCheckoutT } from '../../i18n/checkout';
import type { OrderHistoryEntry, OrderProgressFields } from '../../lib/types';
import { PAYMENT_TIMEOUT, paymentStatusLabel, statusLabel } from './order-labels';

type Props = {
  order: Partial<OrderProgressFields> & { status: string; cancel_reason?: string | null | undefined };
  /** the heading's level in the page (the thank-you page: 2, the account's order page: 3) */
  headingLevel?: 2 | 3;
  /** false where the page already lists the status (the account's order facts) */
  showStatus?: boolean;
};

/**
 * An order's progress: its status now (the spec's labels; "shipped" reads "shipped / ready
 * to pick up" for pickup orders), the parcel's carrier, tracking number and tracking link, the
 * staff's reason for a cancellation, and each change, oldest first. On the thank-you / order-token
 * page and the account's order page.
 */
export function OrderProgress({ order, headingLevel = 2, showStatus = true }: Props) {
  const t = useCheckoutT();
  const pickup = order.is_pickup ?? false;
  const history = order.history ?? [];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // the sweep's own reason is told by cancellationNotes; the staff's reason is the customer's to read
  const reason =
    order.status === 'cancelled' && order.cancel_reason && order.cancel_reason !== PAYMENT_TIMEOUT
      ? order.cancel_reason
      : null;
  /** a change of the payment alone (the status stayed) reads as the payment's label */
  const labelOf = (h: OrderHistoryEntry, i: number) =>
    i > 0 && history[i - 1]?.to_status === h.to_status
      ? paymentStatusLabel(t, h.payment_status)
      : statusLabel(t, h.to_status, pickup);
  return (
    <section aria-labelledby="order-progress-title" className="order-progress" data-testid="order-progress">
      <Heading id="order-progress-title">{t('orderProgress.title')}</Heading>
      {showStatus ? (
        <p>
          {t('orderProgress.status')}:{' '}
          <strong data-testid="order-status">{statusLabel(t, order.status, pickup)}</strong>
        </p>
      ) : null}
      {order.tracking_number ? (
        <p className="order-tracking" data-testid="order-tracking">
          {order.carrier ? `${order.carrier}. ` : ''}
          {t('orderProgress.trackingNumber', { number: order.tracking_number })}
          {order.tracking_url ? (
            <>
              {' '}
              <a href={order.tracking_url} rel="noopener noreferrer">
                {t('orderProgress.trackLink', { carrier: order.carrier ?? '' })}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {reason ? <p data-testid="order-cancel-reason">{t('orderProgress.cancelReason', { reason })}</p> : null}
      {history.length ? (
        <ol className="order-history">
          {history.map((h, i) => (
            <li key={`${h.created_at}-${i}`}>
              <time dateTime={h.created_at}>{formatDateTime(h.created_at)}</time> <span>{labelOf(h, i)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
