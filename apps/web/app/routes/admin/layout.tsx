/**
 * The back office's frame: the signed-in staff member (or the login page), the
 * sections their role may open, the language switch and logout. Every page under it is
 * server-rendered, `noindex` (meta and X-Robots-Tag), never stored, under the shop's CSP.
 */
import { Form, NavLink, Outlet, isRouteErrorResponse, redirect, useLoaderData, useLocation } from 'react-router';
import { staffAreas, type StaffRole } from '@vitrina/domain';
import type { Route } from './+types/layout';
import adminCss from '../../admin/admin.css?url';
import { adminLangOf, adminPath, adminT, type AdminKey } from '../../admin/i18n';
import { ADMIN_HEADERS, langOf, resultOrThrow, staffApi } from '../../admin/staff-api.server';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminCss }];
export const handle = { layout: 'bare' };
export const headers: Route.HeadersFunction = () => ADMIN_HEADERS;

export const meta: Route.MetaFunction = ({ location }) => {
  const t = adminT(adminLangOf(location.pathname));
  return [{ title: t('admin.title') }, { name: 'robots', content: 'noindex, nofollow' }];
};

const AREA_PATHS = {
  overview: '/overview',
  orders: '',
  customers: '/customers',
  reviews: '/reviews',
  messages: '/messages',
  subscribers: '/subscribers',
  accounts: '/accounts',
  products: '/products',
  content: '/content/pages',
  settings: '/settings',
  promotions: '/promotions',
} as const;

type ShopStatus = {
  missing_invoice_fields: string[];
  seller_is_demo: boolean;
  bank_transfer_offered: boolean;
  demo_catalog: boolean;
};
const SELLER_FIELD_LABELS: Record<string, AdminKey> = {
  companyName: 'settings.companyName',
  companyCode: 'settings.companyCode',
  vatCode: 'settings.vatCode',
  address: 'settings.address',
};

export async function loader(args: Route.LoaderArgs) {
  const [meAnswer, statusAnswer] = await Promise.all([
    staffApi<{ email: string; role: StaffRole; two_factor_required?: boolean }>(args, '/me'),
    staffApi<ShopStatus>(args, '/shop-status'),
  ]);
  const me = resultOrThrow(meAnswer, args.request);
  // STAFF_2FA_REQUIRED: an admin without a two-factor login sets it up before anything else
  if (me.two_factor_required && !/\/admin\/two-factor$/.test(new URL(args.request.url).pathname))
    throw redirect(adminPath(langOf(args.request), '/two-factor'));
  // a role without the orders (catalog) starts at its first section instead of a refusal; the
  // others keep the orders list as /admin (bookmarks, journeys) and find the overview first in the menu
  const first = staffAreas(me.role)[0];
  if (first && !staffAreas(me.role).includes('orders') && /^(\/en)?\/admin\/?$/.test(new URL(args.request.url).pathname))
    throw redirect(adminPath(langOf(args.request), AREA_PATHS[first]));
  // what every staff member is warned of (the seller's details an invoice needs); no banner when it cannot be read
  const status = statusAnswer.ok ? statusAnswer.result : null;
  return { me, status, lang: langOf(args.request), areas: staffAreas(me.role).map((area) => ({ area, path: AREA_PATHS[area] })) };
}

/** the other language's address of the page shown (the same path and query) */
function otherLanguage(pathname: string, search: string): string {
  return (pathname.startsWith('/en/') ? pathname.slice(3) : `/en${pathname}`) + search;
}

export default function AdminLayout() {
  const { me, lang, areas, status } = useLoaderData<typeof loader>();
  const { pathname, search } = useLocation();
  const t = adminT(lang);
  return (
    <div className="admin">
      <a className="admin-skip" href="#main">
        {t('admin.skip')}
      </a>
      <header className="admin-top">
        <strong>{t('admin.title')}</strong>
        <nav className="admin-nav" aria-label={t('admin.nav')}>
          <ul>
            {areas.map(({ area, path }) => (
              <li key={area}>
                <NavLink to={adminPath(lang, path)} end={path === ''}>
                  {t(`area.${area}` as AdminKey)}
                </NavLink>
              </li>
            ))}
            {/* returns and personal-data requests belong to the orders area */}
            {/* the delivery and payment methods: every role that works with orders sees them, admin changes them */}
            {areas.some((a) => a.area === 'orders') ? (
              <li>
                <NavLink to={adminPath(lang, '/delivery')}>{t('area.delivery')}</NavLink>
              </li>
            ) : null}
            {/* the category tree and the attributes (filters, facts, comparison rows, the product form's
                values) belong to the products area; the pickup points to the people who hand over parcels */}
            {areas.some((a) => a.area === 'products')
              ? (['categories', 'attributes'] as const).map((p) => (
                  <li key={p}>
                    <NavLink to={adminPath(lang, `/${p}`)}>{t(`area.${p}`)}</NavLink>
                  </li>
                ))
              : null}
            {areas.some((a) => a.area === 'orders') ? (
              <li>
                <NavLink to={adminPath(lang, '/pickup-points')}>{t('area.pickupPoints')}</NavLink>
              </li>
            ) : null}
            {areas.some((a) => a.area === 'orders')
              ? (['returns', 'privacy'] as const).map((p) => (
                  <li key={p}>
                    <NavLink to={adminPath(lang, `/${p}`)}>{t(`area.${p}`)}</NavLink>
                  </li>
                ))
              : null}
            {/* the shop's integrations and VAT rates are the administrator's, as its settings are */}
            {areas.some((a) => a.area === 'settings')
              ? (['tax', 'webhooks'] as const).map((p) => (
                  <li key={p}>
                    <NavLink to={adminPath(lang, `/${p}`)}>{t(`area.${p}`)}</NavLink>
                  </li>
                ))
              : null}
          </ul>
        </nav>
        <div className="admin-who">
          <span>{t('admin.signedInAs', { email: me.email, role: t(`role.${me.role}` as AdminKey) })}</span>
          <NavLink to={adminPath(lang, '/two-factor')}>{t('twofa.link')}</NavLink>
          <a href={otherLanguage(pathname, search)} lang={lang === 'en' ? 'lt' : 'en'}>
            {t('admin.otherLanguage')}
          </a>
          <Form method="post" action={adminPath(lang, '/logout')} reloadDocument>
            <button type="submit">{t('admin.logout')}</button>
          </Form>
        </div>
      </header>
      <main className="admin-main" id="main">
        {status?.missing_invoice_fields.length ? (
          <p className="admin-alert admin-banner" role="alert">
            <span>
              {t('banner.sellerMissing', {
                fields: status.missing_invoice_fields.map((f) => (SELLER_FIELD_LABELS[f] ? t(SELLER_FIELD_LABELS[f]) : f)).join(', '),
              })}
            </span>
            {me.role === 'admin' ? <a href={adminPath(lang, '/settings')}>{t('banner.toSettings')}</a> : null}
          </p>
        ) : null}
        {status && !status.bank_transfer_offered ? (
          <p className="admin-alert admin-banner">
            <span>{t('banner.noTransfer')}</span>
            {me.role === 'admin' ? <a href={adminPath(lang, '/settings')}>{t('banner.toSettings')}</a> : null}
          </p>
        ) : null}
        {status?.demo_catalog ? (
          <p className="admin-alert admin-banner">
            <span>{t('banner.demo')}</span>
            {me.role === 'admin' ? <a href={adminPath(lang, '/demo')}>{t('banner.toDemo')}</a> : null}
          </p>
        ) : null}
        <Outlet />
      </main>
    </div>
  );
}

/** a refusal inside the back office (403: the role may not open it; 404: no such order) in its own plain frame */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const lang = adminLangOf(pathname);
  const t = adminT(lang);
  const message = isRouteErrorResponse(error) ? `${error.status}: ${typeof error.data === 'string' ? error.data : error.statusText}` : t('admin.error');
  return (
    <div className="admin">
      <main className="admin-main" id="main">
        <h1>{t('admin.title')}</h1>
        <p className="admin-alert" role="alert">
          {message}
        </p>
        <p>
          <a href={adminPath(lang)}>{t('common.back')}</a>
        </p>
      </main>
    </div>
  );
}
