import type { Api } from '../api-client/api';
import { createStore, useStore } from './store';

/** Newsletter (accounts-checkout-routes.md §3 "Newsletter", §4): persisted and shared with other tabs. */
export interface NewsletterState {
  isSubscribed: boolean;
  email: string | null;
  /** The 10 % popup has been shown (it is shown once). */
  popupSeen: boolean;
}

export const initialNewsletter: NewsletterState = { isSubscribed: false, email: null, popupSeen: false };

export const newsletter = createStore<NewsletterState>(initialNewsletter, { persistKey: 'newsletter' });

/** "Subscribe sets subscribed and stores the e-mail" at once; the server sends the confirmation e-mail. */
export async function subscribe(api: Api, email: string): Promise<void> {
  const clean = email.trim();
  newsletter.set((s) => ({ ...s, isSubscribed: true, email: clean }));
  try {
    await api.newsletter.subscribe(clean);
  } catch (e) {
    newsletter.set((s) => ({ ...s, isSubscribed: false }));
    throw e;
  }
}

/** "Unsubscribe acts only if subscribed." */
export async function unsubscribe(api: Api, email: string): Promise<void> {
  if (!newsletter.get().isSubscribed) return;
  await api.newsletter.unsubscribe(email.trim());
  newsletter.set((s) => ({ ...s, isSubscribed: false }));
}

export function useNewsletter(): NewsletterState {
  return useStore(newsletter);
}
