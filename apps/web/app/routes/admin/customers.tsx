/**
 * The customers (roles staff and admin): search over name, e-mail and the address book's phones,
 * a filter by account state, paging. Built on the back office's list component (AdminList).
 */
import { formatDate } from '@vitrina/domain';
import { useLoaderData, useLocation } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/customers';
import { AdminList, type ListColumn } from '../../admin/AdminList';
import { adminPath, adminT } from '../../admin/i18n';
import { listPage } from '../../admin/staff-api.server';

const FILTERS = ['q', 'state', 'page'] as const;

type Item = {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  created_at: string;
  disabled: boolean;
  orders: number;
};
type CustomersPage = { items: Item[]; total: number; page: number; size: number };

export async function loader(args: Route.LoaderArgs) {
  return listPage<CustomersPage>(args, '/customers', FILTERS);
}

export default function AdminCustomers() {
  const { lang, error, list } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = adminT(lang);
  const columns: ListColumn<Item>[] = [
    {
      key: 'name',
      header: t('customers.name'),
      cell: (c) => <Link to={adminPath(lang, `/customers/${c.id}`)}>{c.name || c.email}</Link>,
    },
    { key: 'email', header: t('common.email'), cell: (c) => c.email },
    { key: 'phone', header: t('customers.phone'), cell: (c) => c.phone ?? '' },
    { key: 'since', header: t('customers.since'), cell: (c) => formatDate(c.created_at) },
    { key: 'orders', header: t('customers.orders'), num: true, cell: (c) => c.orders },
    {
      key: 'state',
      header: t('customers.state'),
      cell: (c) => (c.disabled ? t('customers.disabled') : t('customers.active')),
    },
  ];
  return (
    <AdminList
      t={t}
      title={t('area.customers')}
      search={{ name: 'q', label: t('customers.search') }}
      filters={[
        {
          kind: 'select',
          name: 'state',
          label: t('customers.state'),
          options: [
            { value: 'active', label: t('customers.active') },
            { value: 'disabled', label: t('customers.disabled') },
          ],
        },
      ]}
      columns={columns}
      rows={list?.items ?? null}
      rowKey={(c) => c.id}
      total={list?.total ?? 0}
      page={list?.page ?? 1}
      size={list?.size ?? 50}
      query={search}
      resetHref={adminPath(lang, '/customers')}
      error={error}
    />
  );
}
