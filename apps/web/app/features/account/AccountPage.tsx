import type { ReactNode } from 'react';
import { AccountLayout } from './components/AccountLayout';
import { useAccountLayout } from './hooks/use-account-layout';

/**
 * A page of the account area, framed (components/AccountLayout.tsx): what it shows mounts only when
 * it may be shown (logged in, unless `requireLogin: false`), so each screen wires its content to its
 * hook inside this, and a page's state starts afresh after a login.
 */
export function AccountPage(props: { title: string; children: ReactNode; requireLogin?: boolean }) {
  return <AccountLayout model={useAccountLayout()} {...props} />;
}
