import type { Route } from './+types/my-account-order';
import { privateMeta } from '../components/account/meta';
import { AccountOrder } from '../features/account';
import { privatePageLoader } from '../lib/seo.server';
import { checkoutAccountLinks } from '../checkout-account-styles';

export const links = checkoutAccountLinks;

export const loader = privatePageLoader;

export const meta: Route.MetaFunction = ({ data }) => privateMeta(data, 'account.orders');

/** One order of the history: features/account. */
export default function MyAccountOrder({ params }: Route.ComponentProps) {
  return <AccountOrder orderId={params.orderId} />;
}
