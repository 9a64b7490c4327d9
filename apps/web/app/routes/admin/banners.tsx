/**
 * The banners and the home slider (roles catalog and admin), a tab of the content area: every banner
 * and slide of the `banners` table (the import fills the same table), with its image, where it is
 * shown, its date window and store views, and whether the home page shows it now (domain
 * bannerShown, the storefront's own rule).
 */
import { bannerShown, formatDateTime } from '@vitrina/domain';
import { NavLink, useLoaderData, useSearchParams } from 'react-router';
import { Link } from '../../lib/link';
import { imageUrl } from '../../lib/urls';
import type { Route } from './+types/banners';
import { CONTENT_KINDS } from '../../admin/content-kinds';
import { adminPath, adminT, type AdminKey, type AdminLang } from '../../admin/i18n';
import { langOf, resultOrThrow, staffApi } from '../../admin/staff-api.server';

export type AdminBanner = {
  id: number;
  kind: string;
  position: number;
  image: string;
  title: Record<string, string>;
  cta: Record<string, string>;
  link: Record<string, string>;
  category_id: number | null;
  starts_at: string | null;
  ends_at: string | null;
  store_codes: ('lt' | 'en' | 'ru')[];
  active: boolean;
  updated_at: string;
};

export async function loader(args: Route.LoaderArgs) {
  const answer = await staffApi<{ items: AdminBanner[] }>(args, '/banners');
  return {
    lang: langOf(args.request),
    items: resultOrThrow(answer, args.request).items,
    now: new Date().toISOString(),
  };
}

/** the content area's tabs: pages, blocks, news and the banners */
export function ContentTabs({ lang }: { lang: AdminLang }) {
  const t = adminT(lang);
  return (
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
  );
}

export default function AdminBanners() {
  const { lang, items, now } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const t = adminT(lang);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '…');
  const shownIn = (b: AdminBanner) =>
    (['lt', 'en', 'ru'] as const).some((s) => bannerShown({ ...b }, s, new Date(now)));
  return (
    <>
      <ContentTabs lang={lang} />
      <h1>{t('banners.title')}</h1>
      {params.get('deleted') ? (
        <p className="admin-note" role="status">
          {t('banners.deleted')}
        </p>
      ) : null}
      <p className="admin-hint">{t('banners.help')}</p>
      <p>
        <Link to={adminPath(lang, '/content/banners/new')}>{t('banners.new')}</Link>
      </p>
      {items.length === 0 ? (
        <p>{t('banners.none')}</p>
      ) : (
        <div className="admin-scroll" role="region" aria-labelledby="banners-caption" tabIndex={0}>
          <table className="admin-banner-table">
            <caption id="banners-caption" className="admin-caption">
              {t('banners.title')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('banners.image')}</th>
                <th scope="col">{t('content.title')}</th>
                <th scope="col">{t('banners.kind')}</th>
                <th scope="col" className="num">
                  {t('banners.position')}
                </th>
                <th scope="col">{t('banners.window')}</th>
                <th scope="col">{t('banners.views')}</th>
                <th scope="col">{t('common.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.id}>
                  <td>
                    <img
                      src={imageUrl(b.image, 150, 150) ?? ''}
                      width={120}
                      height={45}
                      alt=""
                      loading="lazy"
                    />
                  </td>
                  <th scope="row">
                    <Link to={adminPath(lang, `/content/banners/${b.id}`)}>
                      {b.title[lang] || b.title.lt || `#${b.id}`}
                    </Link>
                  </th>
                  <td>{t(`banners.kind.${b.kind}` as AdminKey)}</td>
                  <td className="num">{b.position}</td>
                  <td>
                    {b.starts_at || b.ends_at
                      ? `${when(b.starts_at)} – ${when(b.ends_at)}`
                      : t('banners.always')}
                  </td>
                  <td>
                    {b.store_codes.length
                      ? b.store_codes.map((s) => s.toUpperCase()).join(', ')
                      : t('banners.allViews')}
                  </td>
                  <td>
                    {!b.active
                      ? t('banners.inactive')
                      : shownIn(b)
                        ? t('banners.shownNow')
                        : t('banners.notShown')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
