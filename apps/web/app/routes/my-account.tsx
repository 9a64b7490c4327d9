import { localizedPath } from '@vitrina/domain';
import { Link } from 'react-router';
import type { Route } from './+types/my-account';
import { getT, useT } from '../i18n';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';

/** The account area needs login; login is not part of this skeleton yet. */
export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${t('account.title')} | ${t('site.name')}`,
    description: t.msg('user.loginRequired'),
    seo: data.seo,
    robots: 'noindex',
  });
};

export default function MyAccount() {
  const t = useT();
  return (
    <section className="narrow">
      <h1>{t('account.title')}</h1>
      <p>{t.msg('user.loginRequired')}</p>
      <p>
        <Link to={localizedPath(t.storeCode, '/')}>{t('common.backHome')}</Link>
      </p>
    </section>
  );
}
