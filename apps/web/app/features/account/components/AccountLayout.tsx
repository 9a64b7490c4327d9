import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { LoginForm } from '../../../components/account/forms';
import { useAccountT } from '../../../i18n/account';
import type { AccountLayoutModel } from '../hooks/use-account-layout';

/** The account area's navigation (and log out). */
function AccountNav({ model }: { model: AccountLayoutModel }) {
  const t = useAccountT();
  return (
    <nav className="account-nav" aria-label={t('account.nav')}>
      <ul>
        {model.nav.map((n) => (
          <li key={n.path}>
            <NavLink to={n.to} end={n.end}>
              {t(n.label)}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className="btn-link" onClick={model.logout}>
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
  model,
  title,
  children,
  requireLogin = true,
}: {
  model: AccountLayoutModel;
  title: string;
  children: ReactNode;
  requireLogin?: boolean;
}) {
  const t = useAccountT();
  const { loaded, loggedIn } = model;
  let body: ReactNode;
  if (!requireLogin) body = children;
  else if (!loaded) body = <p aria-busy="true">{t('common.loading')}</p>;
  else if (!loggedIn)
    body = (
      <div className="account-login">
        <p role="alert">{t.msg('user.loginRequired')}</p>
        <p>{t('account.loginPrompt')}</p>
        <LoginForm idPrefix="page-login" onSwitch={model.openAuth} />
      </div>
    );
  else body = children;
  return (
    <section className="account">
      <h1>{title}</h1>
      <div className="account-grid">
        {loggedIn ? <AccountNav model={model} /> : null}
        <div className="account-main">{body}</div>
      </div>
    </section>
  );
}
