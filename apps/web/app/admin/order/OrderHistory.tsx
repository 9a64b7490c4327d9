import { formatDateTime } from '@vitrina/domain';
import { ScrollRegion } from '../ScrollRegion';
import type { AdminKey, AdminT } from '../i18n';
import type { OrderLabels, StaffOrder } from './types';

/** who changed the order when no staff e-mail is recorded: the kind of actor (lifecycle.ts OrderActor) */
const ACTOR_KINDS = ['staff', 'admin_token', 'customer', 'guest', 'payment', 'system'];

/** the order's changes: when, who, from which status to which, the payment status, a note */
export function OrderHistory({ t, order, labels }: { t: AdminT; order: StaffOrder; labels: OrderLabels }) {
  return (
    <>
      <h2>{t('order.history')}</h2>
      {!order.history || order.history.length === 0 ? (
        <p>{t('order.noHistory')}</p>
      ) : (
        <ScrollRegion label={t('order.history')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('order.who')}</th>
                <th scope="col">{t('order.change')}</th>
                <th scope="col">{t('orders.paymentStatus')}</th>
                <th scope="col">{t('order.note')}</th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((h, i) => (
                <tr key={i}>
                  <td>{formatDateTime(h.at)}</td>
                  <td>
                    {h.who ??
                      (ACTOR_KINDS.includes(h.actor_kind)
                        ? t(`actor.${h.actor_kind}` as AdminKey)
                        : h.actor_kind)}
                  </td>
                  <td>
                    {h.from_status ? `${labels.order[h.from_status] ?? h.from_status} → ` : ''}
                    {labels.order[h.to_status] ?? h.to_status}
                  </td>
                  <td>{labels.payment[h.payment_status] ?? h.payment_status}</td>
                  <td>{h.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
