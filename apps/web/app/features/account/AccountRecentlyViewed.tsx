import { useAccountT } from '../../i18n/account';
import { AccountPage } from './AccountPage';
import { RecentlyViewedList } from './components/RecentlyViewedList';
import { useRecentlyViewedList } from './hooks/use-recently-viewed-list';

/** Recently viewed products (`/my-account/recently-viewed`): shown to guests too, as this browser keeps them. */
export function AccountRecentlyViewed() {
  const t = useAccountT();
  const model = useRecentlyViewedList();
  return (
    <AccountPage title={t('account.recentlyViewed')} requireLogin={false}>
      <RecentlyViewedList model={model} />
    </AccountPage>
  );
}
