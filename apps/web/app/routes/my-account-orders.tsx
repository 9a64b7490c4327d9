import { ORDER_HISTORY_PAGE_SIZE, formatDateTime, formatPrice, localizedPath } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/my-account-orders';
import { AccountLayout } from '../components/account/AccountLayout';
import { privateMeta } from '../components/account/meta';
import { statusLabel } from '../components/account/order-labels';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import type { HistoryOrder } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { useUser } from '../state/user';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.orders');

/** The order history, 20 per page (`?page=`), newest first. */
function Orders() {
  const t = useAccountT();
  const api = useApi();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const cached = useUser((s) => (page === 1 ? s.ordersHistory : null));
  const cachedTotal = useUser((s) => s.ordersTotal);
  const loggedIn = useUser((s) => Boolean(s.token));
  const [orders, setOrders] = useState<HistoryOrder[] | null>(null);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    api.user.orderHistory(ORDER_HISTORY_PAGE_SIZE, page).then(
      (h) => {
        if (!live) return;
        setOrders(h.items);
        setTotal(h.total_count);
      },
      () => live && setOrders(cached ?? []),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, page, loggedIn]);

  const list = orders ?? cached;
  const count = orders ? total : cachedTotal;
  if (!list) return <p aria-busy="true">{t('common.loading')}</p>;
  if (list.length === 0) return <p>{t('account.noOrders')}</p>;
  const pages = Math.max(1, Math.ceil(count / ORDER_HISTORY_PAGE_SIZE));
  const base = localizedPath(t.storeCode, '/my-account/orders');
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
              <td>{formatDateTime(o.created_at)}</td>
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

export default function MyAccountOrders() {
  const t = useAccountT();
  return (
    <AccountLayout title={t('account.orders')}>
      <Orders />
    </AccountLayout>
  );
}
