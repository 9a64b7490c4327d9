import { useAccountT } from '../../i18n/account';
import { AccountPage } from './AccountPage';
import { OrderDetails } from './components/OrderDetails';
import { useAccountOrder } from './hooks/use-account-order';

/** One order of the account's history (`/my-account/orders/:orderId`). */
export function AccountOrder({ orderId }: { orderId: string }) {
  const t = useAccountT();
  return (
    <AccountPage title={t('account.orders')}>
      <Order orderId={orderId} />
    </AccountPage>
  );
}

/** Mounted once logged in: the order is looked up then. */
function Order({ orderId }: { orderId: string }) {
  return <OrderDetails model={useAccountOrder(orderId)} />;
}
