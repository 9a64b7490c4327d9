/**
 * The pickup points (roles staff and admin): search (id, name, address, city, postcode), filters by
 * carrier, country and on/off, paging; a point is disabled or enabled from its row (the checkout
 * stops or starts offering it at once), opened to edit, added, downloaded as CSV, or a file of
 * points uploaded (pickup-points-import.tsx). Built on the back office's list component.
 */
import { Form, redirect, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/pickup-points';
import { AdminList, type ListColumn } from '../../admin/AdminList';
import { adminPath, adminT } from '../../admin/i18n';
import { formFields, listPage, staffApi, toLogin } from '../../admin/staff-api.server';

const FILTERS = ['q', 'carrier', 'country', 'status', 'page'] as const;

export type PickupPoint = {
  id: string;
  carrier_code: string;
  name: string;
  address: string;
  city: string;
  postcode: string;
  country_id: string;
  is_active: boolean;
  opening_hours: Record<string, string | null> | null;
  latitude: number | null;
  longitude: number | null;
};
type PointsPage = {
  items: PickupPoint[];
  total: number;
  page: number;
  size: number;
  carriers: string[];
  countries: string[];
};

export async function loader(args: Route.LoaderArgs) {
  return listPage<PointsPage>(args, '/pickup-points', FILTERS);
}

/** a row's disable / enable button */
export async function action(args: Route.ActionArgs) {
  const f = await formFields(args.request);
  const answer = await staffApi(args, `/pickup-points/${encodeURIComponent(f.id ?? '')}`, {
    method: 'POST',
    body: { point: { is_active: f.active === 'true' } },
  });
  if (!answer.ok && answer.status === 401) throw toLogin(args.request);
  if (!answer.ok) throw new Response(answer.message, { status: answer.status });
  // back to the same page of the same list
  return redirect(`${new URL(args.request.url).pathname}${new URL(args.request.url).search}`);
}

export default function AdminPickupPoints() {
  const { lang, error, list } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = adminT(lang);
  const columns: ListColumn<PickupPoint>[] = [
    {
      key: 'name',
      header: t('pickup.name'),
      cell: (p) => <Link to={adminPath(lang, `/pickup-points/${encodeURIComponent(p.id)}`)}>{p.name}</Link>,
    },
    { key: 'id', header: t('pickup.id'), cell: (p) => <code>{p.id}</code> },
    { key: 'carrier', header: t('pickup.carrier'), cell: (p) => p.carrier_code },
    { key: 'address', header: t('pickup.address'), cell: (p) => p.address },
    { key: 'city', header: t('pickup.city'), cell: (p) => p.city },
    { key: 'postcode', header: t('pickup.postcode'), cell: (p) => p.postcode },
    { key: 'country', header: t('pickup.country'), cell: (p) => p.country_id },
    {
      key: 'status',
      header: t('pickup.status'),
      cell: (p) => (
        <Form method="post" reloadDocument>
          <input type="hidden" name="id" value={p.id} />
          <input type="hidden" name="active" value={p.is_active ? 'false' : 'true'} />
          {p.is_active ? t('pickup.active') : t('pickup.disabled')}{' '}
          <button
            type="submit"
            className="secondary"
            aria-label={t(p.is_active ? 'pickup.disable' : 'pickup.enable', { name: p.name })}
          >
            {p.is_active ? t('pickup.off') : t('pickup.on')}
          </button>
        </Form>
      ),
    },
  ];
  return (
    <AdminList
      t={t}
      title={t('area.pickupPoints')}
      search={{ name: 'q', label: t('pickup.search') }}
      filters={[
        {
          kind: 'select',
          name: 'carrier',
          label: t('pickup.carrier'),
          options: (list?.carriers ?? []).map((c) => ({ value: c, label: c })),
        },
        {
          kind: 'select',
          name: 'country',
          label: t('pickup.country'),
          options: (list?.countries ?? []).map((c) => ({ value: c, label: c })),
        },
        {
          kind: 'select',
          name: 'status',
          label: t('pickup.status'),
          options: [
            { value: 'active', label: t('pickup.active') },
            { value: 'disabled', label: t('pickup.disabled') },
          ],
        },
      ]}
      columns={columns}
      rows={list?.items ?? null}
      rowKey={(p) => p.id}
      total={list?.total ?? 0}
      page={list?.page ?? 1}
      size={list?.size ?? 50}
      query={search}
      resetHref={adminPath(lang, '/pickup-points')}
      actions={
        <>
          <Link to={adminPath(lang, '/pickup-points/new')}>{t('pickup.add')}</Link>
          <Link to={adminPath(lang, '/pickup-points/import')}>{t('pickup.import')}</Link>
          <a href={`/vsbridge/staff/pickup-points.csv?storeCode=${lang}`} download>
            {t('pickup.download')}
          </a>
        </>
      }
      error={error}
    />
  );
}
