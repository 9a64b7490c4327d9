import { localizedPath } from '@vitrina/domain';
import { useStoreCode } from '../../../lib/store';
import { ui } from '../../../state/ui';
import { user, useUser } from '../../../state/user';
import { ACCOUNT_NAV } from '../rules/nav';

/**
 * The account area's frame (spec §2 "Layouts"): the session's state (its data is private: shown
 * after the persisted session loaded, and only with one), the navigation's links in the store view,
 * log out, and the login form's switch to the other forms of the login modal.
 */
export function useAccountLayout() {
  const storeCode = useStoreCode();
  const loaded = useUser((s) => s.loaded);
  const loggedIn = useUser((s) => Boolean(s.token));
  return {
    loaded,
    loggedIn,
    nav: ACCOUNT_NAV.map((n) => ({ ...n, to: localizedPath(storeCode, n.path) })),
    logout: () => void user.logout(),
    openAuth: ui.openAuth,
  };
}

export type AccountLayoutModel = ReturnType<typeof useAccountLayout>;
