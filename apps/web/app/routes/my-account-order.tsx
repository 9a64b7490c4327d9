import { formatDateTime, localizedPath } from '@vitrina/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/my-account-order';
import { AccountLayout } from '../components/account/AccountLayout';
import { privateMeta } from '../components/account/meta';
import { OrderProgress } from '../components/account/OrderProgress';
import {
  cancellationNotes,
  paymentStatusLabel,
  shippingStatusLabel,
  statusLabel,
} from '../components/account/order-labels';
import { InvoiceLink } from '../components/InvoiceLink';
import { OrderLinesTable } from '../components/OrderLinesTable';
import { useAccountT } from '../i18n/account';
import { privatePageLoader } from '../lib/seo.server';
import type { HistoryOrder } from '../lib/types';
import { useApi } from '../api-client/use-api';
import { user, useUser } from '../state/user';

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.orders');

const LOOKUP_PAGE_SIZE = 100;
const LOOKUP_MAX_PAGES = 10;

/** One order of the customer: from the cached first page, else looked up in the history. */
function OrderView({ orderId }: { orderId: string }) {
  const t = useAccountT();
  const api = useApi();
  const loggedIn = useUser((s) => Boolean(s.token));
  const [order, setOrder] = useState<HistoryOrder | null | undefined>(() =>
    user.store.get().ordersHistory.find((o) => String(o.id) === orderId),
  );

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    void (async () => {
      for (let page = 1; page <= LOOKUP_MAX_PAGES; page++) {
        const h = await api.user.orderHistory(LOOKUP_PAGE_SIZE, page);
        const found = h.items.find((o) => String(o.id) === orderId);
        if (found || page * LOOKUP_PAGE_SIZE >= h.total_count) return found ?? null;
      }
      return null;
    })().then(
      (o) => live && setOrder(o),
      () => live && setOrder((prev) => prev ?? null),
    );
    return () => {
      live = false;
    };
  }, [api, orderId, loggedIn]);

  if (order === undefined) return <p aria-busy="true">{t('common.loading')}</p>;
  if (order === null) return <p role="alert">{t.msg('order.notFound')}</p>;
  const a = order.shipping_address;
  return (
    <article>
      <h2>{t('account.orderTitle', { number: order.increment_id })}</h2>
      <dl className="order-facts">
        <dt>{t('account.date')}</dt>
        <dd>{formatDateTime(order.created_at)}</dd>
        <dt>{t('account.orderStatus')}</dt>
        <dd>{statusLabel(t, order.status, order.is_pickup ?? false)}</dd>
        <dt>{t('account.paymentStatus')}</dt>
        <dd>{paymentStatusLabel(t, order.payment_status)}</dd>
        <dt>{t('account.shippingStatus')}</dt>
        <dd>{shippingStatusLabel(t, order.shipping_status)}</dd>
      </dl>
      {cancellationNotes(t, order).map((n) => (
        <p key={n} role="status" className="order-cancelled">
          {n}
        </p>
      ))}
      <OrderProgress order={order} headingLevel={3} showStatus={false} />
      {a ? (
        <section aria-labelledby="order-ship-to">
          <h3 id="order-ship-to">{t('account.shipTo')}</h3>
          <address>
            {[a.firstname, a.lastname].filter(Boolean).join(' ')}
            <br />
            {(a.street ?? []).join(' ')}
            <br />
            {[a.postcode, a.city, a.countryId].filter(Boolean).join(', ')}
          </address>
        </section>
      ) : null}
      <OrderLinesTable
        className="data-table"
        items={order.items}
        grandTotal={order.grand_total}
        caption={t('account.products')}
      />
      <InvoiceLink
        number={order.increment_id}
        orderToken={order.orderToken}
        status={order.status}
        payment_status={order.payment_status}
        payment_method_code={order.payment_method_code}
      />
      <p>
        <Link to={localizedPath(t.storeCode, '/my-account/orders')}>{t('account.backToOrders')}</Link>
      </p>
    </article>
  );
}

export default function MyAccountOrder({ params }: Route.ComponentProps) {
  const t = useAccountT();
  return (
    <AccountLayout title={t('account.orders')}>
      <OrderView orderId={params.orderId} />
    </AccountLayout>
  );
}
