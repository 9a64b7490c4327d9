import type { Route } from './+types/checkout';
import { Checkout } from '../features/checkout';
import { getT } from '../i18n';
import { checkoutT } from '../i18n/checkout';
import type { RouteHandle } from '../lib/handle';
import { pageMeta } from '../lib/seo';
import { seoForRequest } from '../lib/seo.server';
import { storeCodeOfRequest } from '../lib/store';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

export const handle: RouteHandle = { layout: 'minimal' };

export function loader({ request }: Route.LoaderArgs) {
  const storeCode = storeCodeOfRequest(request);
  return { storeCode, seo: seoForRequest(request, storeCode) };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const t = checkoutT(getT(data.storeCode));
  return pageMeta({
    title: `${t('checkout.title')} | ${t('site.name')}`,
    description: t('checkout.description'),
    seo: data.seo,
    robots: 'noindex',
  });
};

/** The checkout screen: features/checkout. */
export default function CheckoutRoute() {
  return <Checkout />;
}
