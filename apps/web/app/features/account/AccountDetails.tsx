import { useAccountT } from '../../i18n/account';
import { AccountPage } from './AccountPage';
import { PasswordForm } from './components/PasswordForm';
import { PrivacySection } from './components/PrivacySection';
import { ProfileForm } from './components/ProfileForm';
import { usePasswordForm } from './hooks/use-password-form';
import { useProfileForm } from './hooks/use-profile-form';

/** The account's details (`/my-account/details`): the profile, the password change, and the personal data. */
export function AccountDetails() {
  const t = useAccountT();
  return (
    <AccountPage title={t('account.details')}>
      <Profile />
      <Password />
      <PrivacySection />
    </AccountPage>
  );
}

/** Each form keeps its own values (mounted once logged in). */
function Profile() {
  return <ProfileForm model={useProfileForm()} />;
}

function Password() {
  return <PasswordForm model={usePasswordForm()} />;
}
