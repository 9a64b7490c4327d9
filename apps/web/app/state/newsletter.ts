import { currentBrowserApi, type Api } from '../api-client/api';
import { createStore, useStore } from './store';

/** Newsletter (accounts-checkout-routes.md §3 "Newsletter", §4): persisted and shared with other tabs. */
export interface NewsletterState {
  isSubscribed: boolean;
  email: string | null;
  /** The 10 % popup has been shown (it is shown once). */
  popupSeen: boolean;
}

export const initialNewsletter: NewsletterState = { isSubscribed: false, email: null, popupSeen: false };

export interface NewsletterStoreOptions {
  persistKey?: string;
  /**
   * The API client the store calls, asked once per action (default: the browser's client for the
   * store view shown now, api-client/api.ts `currentBrowserApi`): the store is bound to its API, so
   * its callers do not pass one.
   */
  api?: () => Api;
}

export function createNewsletterStore(options: NewsletterStoreOptions = {}) {
  const apiOf = options.api ?? currentBrowserApi;
  const store = createStore<NewsletterState>(initialNewsletter, { persistKey: options.persistKey });
  return {
    store,
    /** "Subscribe sets subscribed and stores the e-mail" at once; the server sends the confirmation e-mail. */
    async subscribe(email: string): Promise<void> {
      const api = apiOf();
      const clean = email.trim();
      store.set((s) => ({ ...s, isSubscribed: true, email: clean }));
      try {
        await api.newsletter.subscribe(clean);
      } catch (e) {
        store.set((s) => ({ ...s, isSubscribed: false }));
        throw e;
      }
    },
    /** "Unsubscribe acts only if subscribed." */
    async unsubscribe(email: string): Promise<void> {
      const api = apiOf();
      if (!store.get().isSubscribed) return;
      await api.newsletter.unsubscribe(email.trim());
      store.set((s) => ({ ...s, isSubscribed: false }));
    },
  };
}

export type NewsletterStore = ReturnType<typeof createNewsletterStore>;

export const newsletter = createNewsletterStore({ persistKey: 'newsletter' });

export function useNewsletter(): NewsletterState {
  return useStore(newsletter.store);
}
