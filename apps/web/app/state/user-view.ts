import { loadAllMessages } from '@vitrina/domain';
import { setBrowserAuth } from '../api-client/api';
import type { CustomerProfile, HistoryOrder } from '../lib/types';
import { onDemand } from '../lib/on-demand';
import { wantEngines } from './cart-view';
import { createStore, useStore, type Store } from './store';
import type { UserStore } from './user';

/** The customer session (accounts-checkout-routes.md §3 "User", §4 "User session"). */
export interface UserState {
  token: string | null;
  refreshToken: string | null;
  /**
   * The customer's group and its signed token (§3 "User": groupToken, groupId; price tiers when
   * GROUP_PRICING is on, else groupToken stays null). Catalogue reads in the browser send them.
   */
  groupToken: string | null;
  groupId: number | null;
  current: CustomerProfile | null;
  ordersHistory: HistoryOrder[];
  ordersTotal: number;
  sessionStartedAt: number | null;
  /** The persisted session has been read in this tab (the spec's local-data-loaded flag). */
  loaded: boolean;
}

export const initialUser: UserState = {
  token: null,
  refreshToken: null,
  groupToken: null,
  groupId: null,
  current: null,
  ordersHistory: [],
  ordersTotal: 0,
  sessionStartedAt: null,
  loaded: false,
};

export const serializeUser = ({ loaded: _loaded, ...rest }: UserState) => rest;

/** The session's state, persisted in IndexedDB under `persistKey` and shared with other tabs. */
export function createUserSessionStore(persistKey?: string): Store<UserState> {
  const store = createStore<UserState>(initialUser, {
    persistKey,
    serialize: serializeUser,
    deserialize: (raw, init) => {
      const r = (raw ?? {}) as Partial<UserState>;
      return {
        ...init,
        token: typeof r.token === 'string' ? r.token : null,
        refreshToken: typeof r.refreshToken === 'string' ? r.refreshToken : null,
        groupToken: typeof r.groupToken === 'string' ? r.groupToken : null,
        groupId: typeof r.groupId === 'number' ? r.groupId : null,
        current: r.current ?? null,
        ordersHistory: Array.isArray(r.ordersHistory) ? r.ordersHistory : [],
        ordersTotal: typeof r.ordersTotal === 'number' ? r.ordersTotal : 0,
        sessionStartedAt: typeof r.sessionStartedAt === 'number' ? r.sessionStartedAt : null,
        loaded: true,
      };
    },
  });
  void store.whenRead.then(() => {
    if (!store.get().loaded) store.set((s) => ({ ...s, loaded: true }));
  });

  return store;
}

/**
 * What every page needs of the session before the shopper touches it: whether someone is logged
 * in (the header's account button), the customer group's token (prices), the token the API
 * sends. The engine (state/user.ts: login, token refresh, profile and orders, logout clearing the
 * cart, checkout and lists) is a chunk of its own, loaded when a session is persisted on the
 * device (components/AccountBoot.tsx) or when the shopper asks for an account action.
 */
export const userSession = createUserSessionStore('user');

// with every message: its notices (a session ended, a login refused) name ones no first screen shows
const userEngine = onDemand(() => Promise.all([import('./user'), loadAllMessages()]).then(([m]) => m.user));
/** The session engine; a first call loads its chunk (with the cart engine it imports). */
export function loadUser(): Promise<UserStore> {
  wantEngines();
  return userEngine();
}

// Until the engine loads, the API sends the persisted session's tokens; a refused token loads the
// engine, whose refresh answers (state/user.ts sets its own auth when it loads).
setBrowserAuth({
  token: () => userSession.get().token,
  refresh: (failed) => loadUser().then((u) => u.auth.refresh(failed)),
  group: () => {
    const { groupToken, groupId } = userSession.get();
    return { groupToken, groupId };
  },
});

export function useUser<T = UserState>(select?: (s: UserState) => T): T {
  return useStore(userSession, select);
}

export const isLoggedIn = (s: UserState) => Boolean(s.token);
