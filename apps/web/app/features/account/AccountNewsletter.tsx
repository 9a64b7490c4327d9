import { useAccountT } from '../../i18n/account';
import { AccountPage } from './AccountPage';
import { NewsletterChoice } from './components/NewsletterChoice';
import { useNewsletterChoice } from './hooks/use-newsletter-choice';

/** The account's newsletter page (`/my-account/newsletter`). */
export function AccountNewsletter() {
  const t = useAccountT();
  return (
    <AccountPage title={t('account.newsletter')}>
      <Choice />
    </AccountPage>
  );
}

/** Mounted once logged in: the subscription's status is asked for then. */
function Choice() {
  return <NewsletterChoice model={useNewsletterChoice()} />;
}
