import { formatDateTime } from '@vitrina/domain';
import type { AdminT } from '../i18n';
import type { OrderLabels, StaffOrder } from './types';

/** the order at a glance: date, statuses, payment and delivery, tracking, the customer */
export function OrderSummary({ t, order, labels }: { t: AdminT; order: StaffOrder; labels: OrderLabels }) {
  return (
    <section>
      <h2>{t('order.summary')}</h2>
      <dl>
        <dt>{t('common.date')}</dt>
        <dd>{formatDateTime(order.created_at)}</dd>
        <dt>{t('orders.status')}</dt>
        <dd>{order.status_label ?? labels.order[order.status] ?? order.status}</dd>
        <dt>{t('orders.paymentStatus')}</dt>
        <dd>{labels.payment[order.payment_status] ?? order.payment_status}</dd>
        <dt>{t('orders.payment')}</dt>
        <dd>{order.payment_method_title}</dd>
        <dt>{t('orders.shipping')}</dt>
        <dd>{order.shipping_method_title}</dd>
        {order.tracking_number ? (
          <>
            <dt>{t('order.tracking')}</dt>
            <dd>
              {order.carrier ? `${order.carrier}: ` : ''}
              {order.tracking_url ? (
                <a href={order.tracking_url}>{order.tracking_number}</a>
              ) : (
                order.tracking_number
              )}
            </dd>
          </>
        ) : null}
        {order.cancel_reason ? (
          <>
            <dt>{t('order.cancelReason')}</dt>
            <dd>{order.cancel_reason}</dd>
          </>
        ) : null}
        <dt>{t('order.customer')}</dt>
        <dd>
          {order.name} &lt;{order.email}&gt; ({order.store_code})
        </dd>
      </dl>
    </section>
  );
}
