import type { Route } from './+types/my-account-orders';
import { privateMeta } from '../components/account/meta';
import { AccountOrders } from '../features/account';
import { privatePageLoader } from '../lib/seo.server';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.orders');

/** The order history: features/account. */
export default function MyAccountOrders() {
  return <AccountOrders />;
}
