import type { Route } from './+types/my-account-recently-viewed';
import { privateMeta } from '../components/account/meta';
import { AccountRecentlyViewed } from '../features/account';
import { privatePageLoader } from '../lib/seo.server';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.recentlyViewed');

/** Recently viewed products: features/account. */
export default function MyAccountRecentlyViewed() {
  return <AccountRecentlyViewed />;
}
