import { localizedPath } from '@vitrina/domain';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { AccountKey } from '../../i18n/account';
import { useAccountT } from '../../i18n/account';
import { useStoreCode } from '../../lib/store';
import { ui } from '../../state/ui';
import { user, useUser } from '../../state/user';
import { LoginForm } from './forms';

const NAV: { path: string; label: AccountKey; end?: boolean }[] = [
  { path: '/my-account', label: 'account.dashboard', end: true },
  { path: '/my-account/details', label: 'account.details' },
  { path: '/my-account/shipping-details', label: 'account.shipping' },
  { path: '/my-account/newsletter', label: 'account.newsletter' },
  { path: '/my-account/orders', label: 'account.orders' },
  { path: '/my-account/recently-viewed', label: 'account.recentlyViewed' },
  { path: '/special-offers', label: 'offers.title' },
];

/** The account area's navigation (and log out). */
function AccountNav() {
  const t = useAccountT();
  const storeCode = useStoreCode();
  return (
    <nav className="account-nav" aria-label={t('account.nav')}>
      <ul>
        {NAV.map((n) => (
          <li key={n.path}>
            <NavLink to={localizedPath(storeCode, n.path)} end={n.end}>
              {t(n.label)}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className="btn-link" onClick={() => void user.logout()}>
            {t('auth.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

/**
 * A page of the account area. Its data is private: rendered in the browser only, after the
 * persisted session loaded; without a session: "You need to be logged in to see this page" and
 * the login form. `requireLogin: false` shows the page to guests too (recently viewed).
 */
export function AccountLayout({
  title,
  children,
  requireLogin = true,
}: {
  title: string;
  children: ReactNode;
  requireLogin?: boolean;
}) {
  const t = useAccountT();
  const loaded = useUser((s) => s.loaded);
  const loggedIn = useUser((s) => Boolean(s.token));
  let body: ReactNode;
  if (!requireLogin) body = children;
  else if (!loaded) body = <p aria-busy="true">{t('common.loading')}</p>;
  else if (!loggedIn)
    body = (
      <div className="account-login">
        <p role="alert">{t.msg('user.loginRequired')}</p>
        <p>{t('account.loginPrompt')}</p>
        <LoginForm idPrefix="page-login" onSwitch={(to) => ui.openAuth(to)} />
      </div>
    );
  else body = children;
  return (
    <section className="account">
      <h1>{title}</h1>
      <div className="account-grid">
        {loggedIn ? <AccountNav /> : null}
        <div className="account-main">{body}</div>
      </div>
    </section>
  );
}
