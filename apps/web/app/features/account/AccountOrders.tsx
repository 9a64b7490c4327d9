import { useAccountT } from '../../i18n/account';
import { AccountPage } from './AccountPage';
import { OrderHistory } from './components/OrderHistory';
import { useOrderHistory } from './hooks/use-order-history';

/** The account's order history (`/my-account/orders`). */
export function AccountOrders() {
  const t = useAccountT();
  return (
    <AccountPage title={t('account.orders')}>
      <History />
    </AccountPage>
  );
}

/** Mounted once logged in: the page of orders is asked for then. */
function History() {
  return <OrderHistory model={useOrderHistory()} />;
}
