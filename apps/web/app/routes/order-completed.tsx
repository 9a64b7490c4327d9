import { localizedPath } from '@vitrina/domain';
import { Link } from 'react-router';
import type { Route } from './+types/order-completed';
import { getT, useT } from '../i18n';
import type { RouteHandle } from '../lib/handle';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';

export const handle: RouteHandle = { layout: 'minimal' };

export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  const number = new URL(request.url).searchParams.get('number')?.slice(0, 64) ?? null;
  return { storeCode, number, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${t('thankYou.title')} | ${t('site.name')}`,
    description: t('thankYou.text'),
    seo: data.seo,
    robots: 'noindex',
  });
};

export default function OrderCompleted({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <section className="narrow thank-you">
      <h1>{t('thankYou.title')}</h1>
      {loaderData.number ? (
        <p className="order-number">{t('thankYou.number', { number: loaderData.number })}</p>
      ) : null}
      <p>{t('thankYou.text')}</p>
      <p>
        <Link to={localizedPath(t.storeCode, '/')} className="btn btn-primary">
          {t('common.continueShopping')}
        </Link>
      </p>
    </section>
  );
}
