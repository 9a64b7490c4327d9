import { useAccountT } from '../../i18n/account';
import { AccountPage } from './AccountPage';
import { Engagement } from './components/Engagement';
import { useEngagement, useFirstName } from './hooks/use-engagement';

/** The account's dashboard (`/my-account`): a greeting, the loyalty card and the customer's reviews. */
export function AccountDashboard() {
  const t = useAccountT();
  const firstname = useFirstName();
  return (
    <AccountPage title={t('account.title')}>
      {firstname ? <p className="lead">{t('account.hello', { name: firstname })}</p> : null}
      <EngagementSection />
    </AccountPage>
  );
}

/** Mounted once logged in: its claims and reviews are asked for then. */
function EngagementSection() {
  return <Engagement model={useEngagement()} />;
}
