import { formatDateTime } from '@vitrina/domain';
import { ScrollRegion } from '../ScrollRegion';
import type { OrderLabels, OrderSectionProps } from './types';

/** the order's payment attempts */
export function OrderPayments({ t, order, labels, money }: OrderSectionProps & { labels: OrderLabels }) {
  return (
    <>
      <h2>{t('order.payments')}</h2>
      {order.payments.length === 0 ? (
        <p>{t('common.none')}</p>
      ) : (
        <ScrollRegion label={t('order.payments')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('order.provider')}</th>
                <th scope="col">{t('common.status')}</th>
                <th scope="col">{t('order.reference')}</th>
                <th scope="col" className="num">
                  {t('order.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.payments.map((p) => (
                <tr key={p.id}>
                  <td>{formatDateTime(p.created_at)}</td>
                  <td>{p.provider}</td>
                  <td>{labels.payments[p.status] ?? p.status}</td>
                  <td>{[p.external_id, p.reference, p.received_on].filter(Boolean).join(' · ')}</td>
                  <td className="num">{money(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </>
  );
}
