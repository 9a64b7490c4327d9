/**
 * The orders list: filters by status, payment status, date range, payment and shipping
 * method, a search over number, e-mail, name, phone and company code, and paging. A GET form: the
 * filters are in the URL, so a list can be bookmarked and works without JavaScript.
 */
import { formatDateTime, formatPrice } from '@vitrina/domain';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/orders';
import { Pager } from '../../admin/Pager';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT } from '../../admin/i18n';
import { statusLabels } from '../../admin/labels.server';
import { listPage } from '../../admin/staff-api.server';

const FILTERS = [
  'status',
  'payment_status',
  'payment_method',
  'shipping_method',
  'from',
  'to',
  'q',
  'page',
] as const;

type OrderRow = {
  id: number;
  number: string;
  created_at: string;
  status: string;
  payment_status: string;
  email: string;
  name: string;
  company: string | null;
  payment_method: string;
  shipping_method: string;
  grand_total: number;
};
type Method = { code: string; title: string };
type OrdersPage = {
  items: OrderRow[];
  total: number;
  page: number;
  size: number;
  methods: { payment: Method[]; shipping: Method[] };
};

export async function loader(args: Route.LoaderArgs) {
  const page = await listPage<OrdersPage>(args, '/orders', FILTERS);
  return { ...page, labels: statusLabels(page.lang) };
}

/** the filters of the list's address, without its page, for the CSV export */
function csvQuery(q: URLSearchParams, lang: string): string {
  const out = new URLSearchParams();
  for (const key of FILTERS) if (key !== 'page' && q.get(key)) out.set(key, q.get(key) as string);
  out.set('storeCode', lang);
  return out.toString();
}

export default function AdminOrders() {
  const { lang, error, list, labels } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = adminT(lang);
  const q = new URLSearchParams(search);
  const select = (name: string, label: string, options: { value: string; label: string }[]) => (
    <label>
      {label}
      <select name={name} defaultValue={q.get(name) ?? ''}>
        <option value="">{t('common.any')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      <h1>{t('area.orders')}</h1>
      <p className="admin-actions">
        {/* the list's own filters, every page of it, as a spreadsheet */}
        <a href={`/vsbridge/staff/orders.csv?${csvQuery(q, lang)}`} download>
          {t('orders.exportCsv')}
        </a>
      </p>
      <form method="get" className="admin-filters" role="search" aria-label={t('area.orders')}>
        <label className="admin-wide">
          {t('orders.search')}
          <input type="search" name="q" defaultValue={q.get('q') ?? ''} />
        </label>
        {select(
          'status',
          t('orders.status'),
          Object.entries(labels.order).map(([value, label]) => ({ value, label })),
        )}
        {select(
          'payment_status',
          t('orders.paymentStatus'),
          Object.entries(labels.payment).map(([value, label]) => ({ value, label })),
        )}
        {select(
          'payment_method',
          t('orders.paymentMethod'),
          (list?.methods.payment ?? []).map((m) => ({ value: m.code, label: m.title })),
        )}
        {select(
          'shipping_method',
          t('orders.shippingMethod'),
          (list?.methods.shipping ?? []).map((m) => ({ value: m.code, label: m.title })),
        )}
        <label>
          {t('orders.from')}
          <input type="date" name="from" defaultValue={q.get('from') ?? ''} />
        </label>
        <label>
          {t('orders.to')}
          <input type="date" name="to" defaultValue={q.get('to') ?? ''} />
        </label>
        <button type="submit">{t('common.filter')}</button>
        <a href={adminPath(lang)}>{t('common.reset')}</a>
      </form>
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
      {list && list.items.length === 0 ? <p>{t('common.none')}</p> : null}
      {list && list.items.length > 0 ? (
        <>
          <ScrollRegion label={t('area.orders')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('orders.number')}</th>
                  <th scope="col">{t('common.date')}</th>
                  <th scope="col">{t('orders.customer')}</th>
                  <th scope="col">{t('orders.status')}</th>
                  <th scope="col">{t('orders.paymentStatus')}</th>
                  <th scope="col">{t('orders.payment')}</th>
                  <th scope="col">{t('orders.shipping')}</th>
                  <th scope="col" className="num">
                    {t('orders.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <Link to={adminPath(lang, `/orders/${o.id}`)}>{o.number}</Link>
                    </td>
                    <td>{formatDateTime(o.created_at)}</td>
                    <td>
                      {o.name}
                      {o.company ? ` (${o.company})` : ''}
                      <br />
                      {o.email}
                    </td>
                    <td>{labels.order[o.status] ?? o.status}</td>
                    <td>{labels.payment[o.payment_status] ?? o.payment_status}</td>
                    <td>
                      {list.methods.payment.find((m) => m.code === o.payment_method)?.title ??
                        o.payment_method}
                    </td>
                    <td>
                      {list.methods.shipping.find((m) => m.code === o.shipping_method)?.title ??
                        o.shipping_method}
                    </td>
                    <td className="num">{formatPrice(o.grand_total, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager t={t} page={list.page} size={list.size} total={list.total} search={search} />
        </>
      ) : null}
    </>
  );
}
