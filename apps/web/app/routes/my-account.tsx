import type { Route } from './+types/my-account';
import { privateMeta } from '../components/account/meta';
import { AccountDashboard } from '../features/account';
import { privatePageLoader } from '../lib/seo.server';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

/** The account area (login required): private data is fetched in the browser only. */
export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.title');

/** The account's dashboard: features/account. */
export default function MyAccount() {
  return <AccountDashboard />;
}
