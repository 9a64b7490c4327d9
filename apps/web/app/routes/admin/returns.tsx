/** Returns in the back office (docs/legal.md): newest first, by state; each opens its page. */
import { formatDateTime, RETURN_STATES } from '@vitrina/domain';
import { useLoaderData, useLocation } from 'react-router';
import type { Route } from './+types/returns';
import { Link } from '../../lib/link';
import { Pager } from '../../admin/Pager';
import { ScrollRegion } from '../../admin/ScrollRegion';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { langOf, resultOrThrow, staffApi } from '../../admin/staff-api.server';

type ReturnRow = {
  id: number;
  order_id: number;
  number: string;
  email: string;
  reason: string;
  state: string;
  grade: string | null;
  units: number;
  created_by: string;
  created_at: string;
};

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const state = url.searchParams.get('state') ?? '';
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const query = new URLSearchParams({ page: String(page), size: '50', ...(state ? { state } : {}) });
  const list = resultOrThrow(
    await staffApi<{ total: number; items: ReturnRow[] }>(args, `/returns?${query}`),
    args.request,
  );
  return { lang: langOf(args.request), list, page, state };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? adminT(data.lang)('area.returns') : 'Returns' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export default function AdminReturns() {
  const { lang, list, page, state } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = adminT(lang);
  return (
    <>
      <h1>{t('area.returns')}</h1>
      <form method="get" className="admin-filters" aria-label={t('area.returns')}>
        <label>
          {t('returns.state')}
          <select name="state" defaultValue={state}>
            <option value="">{t('common.any')}</option>
            {RETURN_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`returns.state.${s}` as AdminKey)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{t('common.filter')}</button>
      </form>
      {list.items.length === 0 ? (
        <p>{t('returns.none')}</p>
      ) : (
        <ScrollRegion label={t('area.returns')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('common.date')}</th>
                <th scope="col">{t('returns.title', { id: '' }).replace(/\s*$/, '')}</th>
                <th scope="col">{t('returns.order')}</th>
                <th scope="col">{t('returns.reason')}</th>
                <th scope="col">{t('returns.state')}</th>
                <th scope="col" className="num">
                  {t('returns.units')}
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>
                    <Link to={adminPath(lang, `/returns/${r.id}`)}>{t('returns.title', { id: r.id })}</Link>
                  </td>
                  <td>
                    <Link to={adminPath(lang, `/orders/${r.order_id}`)}>{r.number}</Link>
                    <br />
                    {r.email}
                  </td>
                  <td>{t(`returns.reason.${r.reason}` as AdminKey)}</td>
                  <td>{t(`returns.state.${r.state}` as AdminKey)}</td>
                  <td className="num">{r.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager t={t} page={page} size={50} total={list.total} search={search} />
    </>
  );
}
