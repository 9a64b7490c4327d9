/**
 * One order in the back office: lines with options and grades, prices and VAT per rate,
 * addresses, legal-person data, pickup point, payment attempts and history; and the actions its
 * status allows (forms posted to this route's action, which asks the API to run the lifecycle). A
 * refusal (409: the order moved on meanwhile) comes back as a message.
 */
import { CARRIER_TRACKING_URLS, formatPrice, orderStatusLabelKey, translateMessage } from '@vitrina/domain';
import { useActionData, useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/order';
import { adminPath, adminT } from '../../admin/i18n';
import { paymentStatusLabel, statusLabels } from '../../admin/labels.server';
import { langOf, resultOrThrow, staffApi } from '../../admin/staff-api.server';
import { orderFormAction } from '../../admin/order/forms.server';
import { OrderActions } from '../../admin/order/OrderActions';
import { OrderAddress } from '../../admin/order/OrderAddress';
import { OrderHistory } from '../../admin/order/OrderHistory';
import { OrderLines } from '../../admin/order/OrderLines';
import { OrderMoney } from '../../admin/order/OrderMoney';
import { OrderPayments } from '../../admin/order/OrderPayments';
import { OrderReturns } from '../../admin/order/OrderReturns';
import { OrderSummary } from '../../admin/order/OrderSummary';
import { OrderTotals } from '../../admin/order/OrderTotals';
import type { OrderReturns as Returns, StaffOrder } from '../../admin/order/types';

export async function loader(args: Route.LoaderArgs) {
  const lang = langOf(args.request);
  const order = resultOrThrow(
    await staffApi<StaffOrder>(args, `/orders/${encodeURIComponent(args.params.id)}`),
    args.request,
  );
  const labels = statusLabels(lang);
  // the order's returns and what each line may still return (the return form below)
  const returns = await staffApi<Returns>(args, `/orders/${encodeURIComponent(args.params.id)}/returns`);
  return {
    lang,
    returns: returns.ok ? returns.result : null,
    // a pickup order's `shipped` reads "shipped / ready to pick up" (the domain's label key)
    order: {
      ...order,
      status_label: translateMessage(orderStatusLabelKey(order.status, order.is_pickup ?? false), lang),
    },
    carriers: Object.entries(CARRIER_TRACKING_URLS).map(([code, c]) => ({ code, name: c.name })),
    labels: {
      ...labels,
      payments: Object.fromEntries(order.payments.map((p) => [p.status, paymentStatusLabel(p.status, lang)])),
    },
  };
}

/** the forms of the page (admin/order/forms.server.ts) */
export async function action(args: Route.ActionArgs) {
  return orderFormAction(args);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? adminT(data.lang)('order.title', { number: data.order.number }) : 'Order' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function AdminOrder() {
  const { lang, order, labels, carriers, returns } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = adminT(lang);
  const money = (cents: number) => formatPrice(cents, lang);
  return (
    <>
      <p>
        <Link to={adminPath(lang)}>{t('common.back')}</Link>
      </p>
      <h1>{t('order.title', { number: order.number })}</h1>
      <p>
        {/* the API's staff route (the session cookie goes with it): the same PDF the shopper downloads */}
        <a href={`/vsbridge/staff/orders/${order.id}/invoice`} download>
          {t('order.invoice')}
        </a>
      </p>
      {result?.message ? (
        <p className="admin-alert" role="alert">
          {result.message}
        </p>
      ) : result?.ok ? (
        <p className="admin-note" role="status">
          {t('common.done')}
        </p>
      ) : null}
      <div className="admin-grid">
        <OrderSummary t={t} order={order} labels={labels} />
        <OrderAddress t={t} title={t('order.shippingAddress')} a={order.shipping_address} />
        <OrderAddress t={t} title={t('order.billingAddress')} a={order.billing_address} />
      </div>

      <h2>{t('order.actionsTitle')}</h2>
      <OrderActions t={t} order={order} carriers={carriers} />
      <OrderReturns t={t} lang={lang} data={returns} />
      <OrderLines t={t} order={order} money={money} />
      <OrderTotals t={t} order={order} money={money} />
      <OrderPayments t={t} order={order} labels={labels} money={money} />
      <OrderMoney t={t} order={order} money={money} />
      <OrderHistory t={t} order={order} labels={labels} />
    </>
  );
}
