import { formatDateTime, formatPrice } from '@vitrina/domain';
import { Link } from '../../../lib/link';
import { statusLabel } from '../../../components/account/order-labels';
import { useAccountT } from '../../../i18n/account';
import type { OrderHistoryModel } from '../hooks/use-order-history';

/** The history's table of orders (each linked to its page), and the pages' links. */
export function OrderHistory({ model: { list, page, pages, base } }: { model: OrderHistoryModel }) {
  const t = useAccountT();
  if (!list) return <p aria-busy="true">{t('common.loading')}</p>;
  if (list.length === 0) return <p>{t('account.noOrders')}</p>;
  return (
    <>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('account.orderNumber')}</th>
            <th scope="col">{t('account.date')}</th>
            <th scope="col">{t('account.orderStatus')}</th>
            <th scope="col">{t('account.total')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={`${base}/${o.id}`} aria-label={t('account.viewOrder', { number: o.increment_id })}>
                  {o.increment_id}
                </Link>
              </td>
              <td className="order-date">
                <OrderDate at={o.created_at} />
              </td>
              <td>{statusLabel(t, o.status)}</td>
              <td>{formatPrice(o.grand_total, t.storeCode)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav className="pagination" aria-label={t('listing.pagination')}>
          {page > 1 ? <Link to={`${base}?page=${page - 1}`}>{t('listing.previous')}</Link> : null}
          <span>{t('account.page', { page, pages })}</span>
          {page < pages ? <Link to={`${base}?page=${page + 1}`}>{t('listing.next')}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

/**
 * The day and the time, each kept whole: a phone's narrow column wraps between them, not inside the
 * day ("2026-" / "11-29" / "02:52" before).
 */
function OrderDate({ at }: { at: string }) {
  const [day, time] = formatDateTime(at).split(' ');
  return (
    <time dateTime={at}>
      <span>{day}</span> <span>{time}</span>
    </time>
  );
}
