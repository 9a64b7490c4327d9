import type { Route } from './+types/my-account-shipping';
import { privateMeta } from '../components/account/meta';
import { AccountShipping } from '../features/account';
import { privatePageLoader } from '../lib/seo.server';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.shipping');

/** The default shipping address: features/account. */
export default function MyAccountShipping() {
  return <AccountShipping />;
}
