import type { Route } from './+types/my-account-details';
import { privateMeta } from '../components/account/meta';
import { AccountDetails } from '../features/account';
import { privatePageLoader } from '../lib/seo.server';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.details');

/** The profile and the password change: features/account. */
export default function MyAccountDetails() {
  return <AccountDetails />;
}
