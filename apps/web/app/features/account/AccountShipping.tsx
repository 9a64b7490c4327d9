import { useAccountT } from '../../i18n/account';
import { AccountPage } from './AccountPage';
import { ShippingForm } from './components/ShippingForm';
import { useShippingForm } from './hooks/use-shipping-form';

/**
 * The account's shipping details (`/my-account/shipping-details`): the default shipping address. Its
 * form lives as long as the page (filled from the profile whenever it loads).
 */
export function AccountShipping() {
  const t = useAccountT();
  const model = useShippingForm();
  return (
    <AccountPage title={t('account.shipping')}>
      <ShippingForm model={model} />
    </AccountPage>
  );
}
