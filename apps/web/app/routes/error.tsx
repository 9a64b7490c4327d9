import { data } from 'react-router';
import type { Route } from './+types/error';
import { ServerError } from '../components/ServerError';
import { getT } from '../i18n';
import type { RouteHandle } from '../lib/handle';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';

/** /error: the 500 page as a route of its own (accounts-checkout-routes.md §2 route table). */
export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return data({ storeCode, seo: seoForRequest(request, storeCode) }, { status: 500 });
}

export const handle: RouteHandle = { layout: 'minimal' };

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = getT(data.storeCode);
  return pageMeta({
    title: `${t('error.title')} | ${t('site.name')}`,
    description: t('error.pageDescription'),
    seo: data.seo,
    robots: 'noindex',
  });
};

export default function ErrorPage() {
  return <ServerError />;
}
