/**
 * The content lists (roles catalog and admin): CMS pages, CMS blocks and news, each searchable and
 * filtered by published or not, on the back office's list component (AdminList). The kind is part of
 * the path; the filters live in the URL.
 */
import { formatDateTime } from '@vitrina/domain';
import { NavLink, useLoaderData, useLocation } from 'react-router';
import { Link } from '../../lib/link';
import type { Route } from './+types/content';
import { AdminList, type ListColumn } from '../../admin/AdminList';
import { CONTENT_KINDS, contentKindOf } from '../../admin/content-kinds';
import { adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { listPage } from '../../admin/staff-api.server';

const FILTERS = ['q', 'status', 'page'] as const;

type Item = {
  id: number;
  identifier: string | null;
  slug: string;
  title: string;
  active: boolean;
  published_at: string | null;
  updated_at: string | null;
};
type ContentPage = { items: Item[]; total: number; page: number; size: number };

export async function loader(args: Route.LoaderArgs) {
  const kind = contentKindOf(args.params.kind);
  return { kind, ...(await listPage<ContentPage>(args, `/content/${kind}`, FILTERS)) };
}

export default function AdminContent() {
  const { lang, kind, error, list } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const t = adminT(lang);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');
  const columns: ListColumn<Item>[] = [
    {
      key: 'title',
      header: t('content.title'),
      cell: (c) => (
        <Link to={adminPath(lang, `/content/${kind}/${c.id}`)}>
          {c.title || c.identifier || c.slug || `#${c.id}`}
        </Link>
      ),
    },
    ...(kind === 'news'
      ? []
      : [{ key: 'identifier', header: t('content.identifier'), cell: (c: Item) => c.identifier ?? '' }]),
    ...(kind === 'blocks' ? [] : [{ key: 'slug', header: t('content.slug'), cell: (c: Item) => c.slug }]),
    {
      key: 'status',
      header: t('common.status'),
      cell: (c) => (c.active ? t('content.published') : t('content.unpublished')),
    },
    kind === 'news'
      ? { key: 'when', header: t('content.publishedAt'), cell: (c) => when(c.published_at) }
      : { key: 'when', header: t('content.updated'), cell: (c) => when(c.updated_at) },
  ];
  return (
    <>
      <nav aria-label={t('content.kinds')}>
        <ul className="admin-tabs">
          {CONTENT_KINDS.map((k) => (
            <li key={k}>
              <NavLink to={adminPath(lang, `/content/${k}`)}>{t(`content.${k}` as AdminKey)}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to={adminPath(lang, '/content/banners')}>{t('banners.tab')}</NavLink>
          </li>
        </ul>
      </nav>
      <AdminList
        t={t}
        title={t(`content.${kind}` as AdminKey)}
        search={{ name: 'q', label: t('content.search') }}
        filters={[
          {
            kind: 'select',
            name: 'status',
            label: t('common.status'),
            options: [
              { value: 'published', label: t('content.published') },
              { value: 'unpublished', label: t('content.unpublished') },
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
        resetHref={adminPath(lang, `/content/${kind}`)}
        actions={<Link to={adminPath(lang, `/content/${kind}/new`)}>{t('content.new')}</Link>}
        error={error}
      />
    </>
  );
}
