import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useApi } from '../api-client/use-api';
import { withWholeSheet } from '../inline-styles';
import { useStoreCode } from '../lib/store';
import { newsletter } from '../state/newsletter';
import { ui, useUi } from '../state/ui';
import { useGroupPriceRefresh } from '../state/group-prices';
import { loadUser, userSession, useUser } from '../state/user-view';

const AuthModal = lazy(() => withWholeSheet(import('./AuthModal')).then((m) => ({ default: m.AuthModal })));
const NewsletterPopup = lazy(() =>
  withWholeSheet(import('./NewsletterPopup')).then((m) => ({ default: m.NewsletterPopup })),
);

/** The newsletter popup appears once, after this long on the shop's pages (not in checkout or account). */
export const NEWSLETTER_POPUP_DELAY_MS = 60_000;

/**
 * The customer session at start (cached profile and token load; with a token the profile and order
 * history refresh), the login/sign-up modal and the newsletter popup. The modal and the popup are
 * code-split: their JavaScript loads the first time one opens.
 */
export function AccountBoot() {
  const api = useApi();
  const authModal = useUi((s) => s.authModal);
  const popup = useUi((s) => s.newsletterPopup);
  const { pathname } = useLocation();
  const quiet = /\/(checkout|my-account|newsletter|reset-password|review)(\/|$)/.test(pathname);

  // the session asks for the API of the store view shown at each call; another store view starts it again
  const storeCode = useStoreCode();
  // the session's engine (state/user.ts) is loaded only when a session is persisted on the device
  useEffect(() => {
    void userSession.ready
      .then(() => (userSession.get().token ? loadUser().then((user) => user.init()) : undefined))
      .catch((e: unknown) => console.error('user session', e));
  }, [storeCode]);

  // the customer group's prices (SSR pages are base-priced: they are shared): re-priced through
  // the render list after login or a group change, back to base on logout
  const groupToken = useUser((s) => s.groupToken);
  useGroupPriceRefresh(api.products.renderList, groupToken);

  useEffect(() => {
    if (quiet) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void newsletter.store.ready.then(() => {
        const s = newsletter.store.get();
        if (cancelled || s.popupSeen || s.isSubscribed || userSession.get().token) return;
        newsletter.store.set((n) => ({ ...n, popupSeen: true }));
        ui.open('newsletterPopup');
      });
    }, NEWSLETTER_POPUP_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [quiet]);

  return (
    <Suspense fallback={null}>
      {authModal ? <AuthModal /> : null}
      {popup && !quiet ? <NewsletterPopup /> : null}
    </Suspense>
  );
}
