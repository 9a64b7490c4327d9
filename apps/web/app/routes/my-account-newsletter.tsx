import type { Route } from './+types/my-account-newsletter';
import { privateMeta } from '../components/account/meta';
import { AccountNewsletter } from '../features/account';
import { privatePageLoader } from '../lib/seo.server';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.newsletter');

/** The newsletter choice: features/account. */
export default function MyAccountNewsletter() {
  return <AccountNewsletter />;
}
