/**
 * The overview (roles staff and admin; their landing page): today's, 7 and 30 days' orders and
 * revenue (net, VAT, gross, average), split by payment and shipping method, the best sellers, what
 * waits for the staff (each count links to the list it is about) and the products running low.
 * The figures are the API's (staff/dashboard.ts): this page only lays them out.
 */
import { formatPrice } from '@vitrina/domain';
import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/overview';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { langOf, resultOrThrow, staffApi } from '../../admin/staff-api.server';

type Money = { gross: number; vat: number; net: number };
type Method = Money & { code: string; orders: number };
type Top = { sku: string; name: string; units: number; revenue: number };
type Period = {
  period: 'today' | '7d' | '30d';
  first_day: string;
  last_day: string;
  orders: number;
  revenue: Money;
  average_order: number;
  by_payment: Method[];
  by_shipping: Method[];
  top_by_units: Top[];
  top_by_revenue: Top[];
};
type Dashboard = {
  periods: Period[];
  todos: Record<
    'to_confirm' | 'to_ship' | 'unpaid_transfers' | 'refunds_due' | 'returns_open' | 'messages_open',
    number
  >;
  low_stock: { threshold: number; items: { sku: string; name: string; qty: number }[] };
};
type MethodTitles = {
  payment: { code: string; title: string }[];
  shipping: { code: string; title: string }[];
};

export async function loader(args: Route.LoaderArgs) {
  const [board, orders] = await Promise.all([
    staffApi<Dashboard>(args, '/dashboard'),
    // the methods' titles in the staff's language (the orders list answers them with a one-row page)
    staffApi<{ methods: MethodTitles }>(args, '/orders?size=1'),
  ]);
  return {
    lang: langOf(args.request),
    board: resultOrThrow(board, args.request),
    methods: orders.ok ? orders.result.methods : { payment: [], shipping: [] },
  };
}

export default function AdminOverview() {
  const { lang, board, methods } = useLoaderData<typeof loader>();
  const t = adminT(lang);
  const money = (cents: number) => formatPrice(cents, lang);
  const periodName = (p: Period) => t(`overview.${p.period}` as AdminKey);
  const ordersOf = (p: Period) => adminPath(lang, `?from=${p.first_day}&to=${p.last_day}`);
  const title = (list: { code: string; title: string }[], code: string) =>
    list.find((m) => m.code === code)?.title ?? code;
  const month = board.periods.find((p) => p.period === '30d') ?? board.periods[board.periods.length - 1];
  const todos: { key: keyof Dashboard['todos']; label: AdminKey; href: string }[] = [
    { key: 'to_confirm', label: 'overview.toConfirm', href: adminPath(lang, '?status=new') },
    { key: 'to_ship', label: 'overview.toShip', href: adminPath(lang, '?status=pending') },
    {
      key: 'unpaid_transfers',
      label: 'overview.unpaidTransfers',
      href: adminPath(lang, '?payment_method=banktransfer&payment_status=pending'),
    },
    { key: 'refunds_due', label: 'overview.refundsDue', href: adminPath(lang, '?payment_status=refund_due') },
    { key: 'returns_open', label: 'overview.returnsOpen', href: adminPath(lang, '/returns') },
    { key: 'messages_open', label: 'overview.messagesOpen', href: adminPath(lang, '/messages') },
  ];
  return (
    <>
      <h1>{t('overview.title')}</h1>
      <section>
        <h2 id="todo">{t('overview.todo')}</h2>
        <ul className="admin-tiles">
          {todos.map((d) => (
            <li key={d.key}>
              <Link to={d.href}>
                <strong>{board.todos[d.key]}</strong> <span>{t(d.label)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section>
        <h2 id="periods">{t('overview.periods')}</h2>
        <p className="admin-hint">{t('overview.cancelledNote')}</p>
        <ScrollRegion label={t('overview.periods')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col" className="num">
                  {t('overview.orders')}
                </th>
                <th scope="col" className="num">
                  {t('overview.net')}
                </th>
                <th scope="col" className="num">
                  {t('overview.vat')}
                </th>
                <th scope="col" className="num">
                  {t('overview.gross')}
                </th>
                <th scope="col" className="num">
                  {t('overview.average')}
                </th>
              </tr>
            </thead>
            <tbody>
              {board.periods.map((p) => (
                <tr key={p.period}>
                  <th scope="row">
                    <Link
                      to={ordersOf(p)}
                      aria-label={t('overview.ordersOfPeriod', { period: periodName(p) })}
                    >
                      {periodName(p)}
                    </Link>
                    <div className="admin-hint">
                      {p.first_day === p.last_day
                        ? p.last_day
                        : t('overview.days', { from: p.first_day, to: p.last_day })}
                    </div>
                  </th>
                  <td className="num">{p.orders}</td>
                  <td className="num">{money(p.revenue.net)}</td>
                  <td className="num">{money(p.revenue.vat)}</td>
                  <td className="num">{money(p.revenue.gross)}</td>
                  <td className="num">{money(p.average_order)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <p className="admin-actions">
          {month ? (
            <a
              href={`/vsbridge/staff/orders.csv?from=${month.first_day}&to=${month.last_day}&storeCode=${lang}`}
              download
            >
              {t('overview.exportCsv')}
            </a>
          ) : null}
        </p>
      </section>

      {board.periods.map((p) => (
        <section key={p.period}>
          <h2 id={`period-${p.period}`}>{periodName(p)}</h2>
          {p.orders === 0 ? (
            <p>{t('overview.noSales')}</p>
          ) : (
            <div className="admin-grid">
              {(
                [
                  ['overview.byPayment', p.by_payment, methods.payment],
                  ['overview.byShipping', p.by_shipping, methods.shipping],
                ] as const
              ).map(([caption, list, titles]) => (
                <ScrollRegion key={caption} label={t(caption, { period: periodName(p) })}>
                  <table>
                    <caption className="admin-caption">{t(caption, { period: periodName(p) })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('overview.method')}</th>
                        <th scope="col" className="num">
                          {t('overview.orders')}
                        </th>
                        <th scope="col" className="num">
                          {t('overview.gross')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {list.map((m) => (
                        <tr key={m.code}>
                          <th scope="row">{title(titles, m.code)}</th>
                          <td className="num">{m.orders}</td>
                          <td className="num">{money(m.gross)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              ))}
              {(
                [
                  ['overview.topUnits', p.top_by_units],
                  ['overview.topRevenue', p.top_by_revenue],
                ] as const
              ).map(([caption, list]) => (
                <ScrollRegion key={caption} label={t(caption, { period: periodName(p) })}>
                  <table>
                    <caption className="admin-caption">{t(caption, { period: periodName(p) })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('overview.product')}</th>
                        <th scope="col" className="num">
                          {t('overview.units')}
                        </th>
                        <th scope="col" className="num">
                          {t('overview.revenue')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {list.map((x) => (
                        <tr key={x.sku}>
                          <th scope="row">
                            {x.name} <span className="admin-hint">{x.sku}</span>
                          </th>
                          <td className="num">{x.units}</td>
                          <td className="num">{money(x.revenue)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              ))}
            </div>
          )}
        </section>
      ))}

      <section>
        <h2 id="low-stock">{t('overview.lowStock', { threshold: board.low_stock.threshold })}</h2>
        {board.low_stock.items.length === 0 ? (
          <p>{t('overview.noLowStock')}</p>
        ) : (
          <ScrollRegion label={t('overview.lowStock', { threshold: board.low_stock.threshold })}>
            <table>
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">{t('overview.product')}</th>
                  <th scope="col" className="num">
                    {t('overview.qty')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {board.low_stock.items.map((x) => (
                  <tr key={x.sku}>
                    <td>{x.sku}</td>
                    <td>{x.name}</td>
                    <td className="num">{x.qty}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>
    </>
  );
}
