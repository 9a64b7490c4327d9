/**
 * The coupons (roles catalog and admin): searched by code, filtered on/off, paged; each with its
 * discount, window, limits and uses (orders not cancelled, distinct customers). Built on the back
 * office's list component (AdminList), the filters in the URL.
 */
import { formatDate, formatPrice } from '@vitrina/domain';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/promotions';
import { AdminList, type ListColumn } from '../../admin/AdminList';
import { adminPath, adminT } from '../../admin/i18n';
import { listPage } from '../../admin/staff-api.server';

const FILTERS = ['q', 'status', 'page'] as const;

export type CouponItem = {
  code: string;
  type: 'percent' | 'fixed';
  value: number;
  from_date: string | null;
  to_date: string | null;
  min_subtotal_cents: number | null;
  uses_per_coupon: number | null;
  uses_per_customer: number | null;
  times_used: number;
  is_active: boolean;
  version: number;
  orders: number;
  customers: number;
  most_by_one_customer: number;
};
type CouponsPage = { items: CouponItem[]; total: number; page: number; size: number };

export async function loader(args: Route.LoaderArgs) {
  return listPage<CouponsPage>(args, '/coupons', FILTERS);
}

export default function AdminPromotions() {
  const { lang, error, list } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = adminT(lang);
  const columns: ListColumn<CouponItem>[] = [
    {
      key: 'code',
      header: t('promo.code'),
      cell: (c) => <Link to={adminPath(lang, `/promotions/${encodeURIComponent(c.code)}`)}>{c.code}</Link>,
    },
    {
      key: 'status',
      header: t('promo.status'),
      cell: (c) => (c.is_active ? t('promo.active') : t('promo.inactive')),
    },
    {
      key: 'discount',
      header: t('promo.discount'),
      num: true,
      cell: (c) =>
        c.type === 'percent' ? `${c.value} %` : `${formatPrice(c.value, lang)} ${t('promo.exclVat')}`,
    },
    {
      key: 'min',
      header: t('promo.minSubtotal'),
      num: true,
      cell: (c) =>
        c.min_subtotal_cents === null ? t('promo.noLimit') : formatPrice(c.min_subtotal_cents, lang),
    },
    {
      key: 'window',
      header: t('promo.window'),
      cell: (c) =>
        [
          c.from_date ? t('promo.from', { date: formatDate(c.from_date) }) : '',
          c.to_date ? t('promo.to', { date: formatDate(c.to_date) }) : '',
        ]
          .filter(Boolean)
          .join(' ') || t('promo.always'),
    },
    {
      key: 'limits',
      header: t('promo.limits'),
      cell: (c) =>
        [
          c.uses_per_coupon === null ? '' : t('promo.perCoupon', { n: c.uses_per_coupon }),
          c.uses_per_customer === null ? '' : t('promo.perCustomer', { n: c.uses_per_customer }),
        ]
          .filter(Boolean)
          .join(', ') || t('promo.noLimit'),
    },
    { key: 'orders', header: t('promo.uses'), num: true, cell: (c) => String(c.orders) },
    { key: 'customers', header: t('promo.customers'), num: true, cell: (c) => String(c.customers) },
  ];
  return (
    <>
      <AdminList
        t={t}
        title={t('area.promotions')}
        search={{ name: 'q', label: t('promo.search') }}
        filters={[
          {
            kind: 'select',
            name: 'status',
            label: t('promo.status'),
            options: [
              { value: 'active', label: t('promo.active') },
              { value: 'inactive', label: t('promo.inactive') },
            ],
          },
        ]}
        columns={columns}
        rows={list?.items ?? null}
        rowKey={(c) => c.code}
        total={list?.total ?? 0}
        page={list?.page ?? 1}
        size={list?.size ?? 50}
        query={search}
        resetHref={adminPath(lang, '/promotions')}
        actions={<Link to={adminPath(lang, '/promotions/new')}>{t('promo.new')}</Link>}
        error={error}
      />
      <p>{t('promo.netNote')}</p>
    </>
  );
}
