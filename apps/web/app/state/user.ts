import { translateMessage, type StoreCode } from '@vitrina/domain';
import { currentBrowserApi, setBrowserAuth, type Api } from '../api-client/api';
import {
  createTokenRefresher,
  refreshDelay,
  tokenExpiry,
  webLock,
  type RefreshFailure,
} from '../api-client/token-refresh';
import type { CustomerProfile, TokenPair } from '../lib/types';
import { cart as appCart, type CartStore } from './cart';
import {
  checkout as appCheckout,
  initialCheckout,
  withPersonalDetails,
  withSavedAddress,
  type CheckoutState,
} from './checkout';
import { idbGet, idbSet } from '../lib/idb';
import { notifications as appNotifications, type NotificationStore } from './notifications';
import type { Store } from './store';
import {
  createUserSessionStore,
  initialUser,
  serializeUser as serialize,
  userSession,
  type UserState,
} from './user-view';
import { ui as appUi, type AuthElem } from './ui';
import { wishlist as appWishlist } from './wishlist';
import { syncQueue } from '../sync/queue';
import { TOKEN_PLACEHOLDER } from '../sync/task';
import { compare as appCompare } from './compare';

import { wantEngines } from './cart-view';

export { initialUser, isLoggedIn, useUser, type UserState } from './user-view';

export interface UserStoreDeps {
  persistKey?: string;
  /** The session's state to build on (the app's, state/user-view.ts, which pages read before this engine loads); else one of its own with `persistKey`. */
  store?: Store<UserState>;
  cart: CartStore;
  checkout: Store<CheckoutState>;
  notifications: NotificationStore;
  /** Opens the login/sign-up modal. */
  openAuth: (elem: AuthElem) => void;
  /** The store view for messages (the current one in the browser). */
  storeCode: () => StoreCode;
  /** The cross-tab lock of the token refresh. */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
  /**
   * The API client the session calls, asked once per action (default: the browser's client for the
   * store view shown now, api-client/api.ts `currentBrowserApi`): the store is bound to its API, so
   * its callers do not pass one; its own calls (refresh, logout) go there too.
   */
  api?: () => Api;
  /** The other per-customer lists logout empties (the wish list and compare; §4 "User session"). */
  clearOnLogout?: (() => void)[];
  /** A failed token refresh: the ended session's untransmitted sync tasks are cleared (§4 "Token refresh"). */
  clearSessionTasks?: () => Promise<void>;
}

export function createUserStore(deps: UserStoreDeps) {
  const { persistKey } = deps;
  const store = deps.store ?? createUserSessionStore(persistKey);

  const apiOf = deps.api ?? currentBrowserApi;

  /**
   * The login an answer belongs to (its start time; null: logged out), shared with the other tabs
   * through the persisted session. An answer asked for under one login (the profile with the group
   * token, the orders, a refreshed token, a profile edit) is applied only while that login is still
   * on: a profile answering after logout brought the ended session's group token back, and every
   * page then showed the group's prices to a logged-out visitor.
   */
  const loginOf = (s: UserState) => (s.token ? (s.sessionStartedAt ?? 0) : null);
  /** `update` applied only while the login `asked` (loginOf when the request went out) is still on */
  const setForLogin = (asked: number | null, update: (s: UserState) => UserState) =>
    store.set((s) => (asked !== null && loginOf(s) === asked ? update(s) : s));
  /** the login the token refresh in flight belongs to */
  let refreshingFor: number | null = null;

  /** Writes the session now (the refresh lock is released only after the other tabs can read it). */
  const persist = async () => {
    if (persistKey) await idbSet(persistKey, serialize(store.get()));
  };

  const refresher = createTokenRefresher({
    lock: deps.lock ?? webLock,
    /**
     * This tab's session; when another tab refreshed the same session meanwhile (its newer token is
     * persisted, the broadcast may still be on its way) that token is adopted.
     */
    async session() {
      const mem = store.get();
      if (persistKey && mem.token) {
        const raw = (await idbGet<Partial<UserState>>(persistKey)) ?? null;
        const now = store.get();
        if (
          raw &&
          now.token === mem.token &&
          typeof raw.token === 'string' &&
          typeof raw.refreshToken === 'string' &&
          raw.token !== mem.token &&
          raw.sessionStartedAt === mem.sessionStartedAt &&
          (tokenExpiry(raw.token) ?? 0) > (tokenExpiry(mem.token) ?? 0)
        ) {
          const { token, refreshToken } = raw;
          store.set((s) => ({ ...s, token, refreshToken }));
        }
      }
      const { token, refreshToken } = store.get();
      refreshingFor = loginOf(store.get());
      return { token, refreshToken };
    },
    refresh(refreshToken) {
      return apiOf().user.refresh(refreshToken);
    },
    async save(pair: TokenPair) {
      // logged out (or in again) while the refresh was out: the ended session stays ended
      if (loginOf(store.get()) !== refreshingFor) return;
      store.set((s) => ({
        ...s,
        token: pair.token,
        refreshToken: pair.refreshToken ?? s.refreshToken,
        ...groupOf(pair, s),
      }));
      await persist();
      schedule();
    },
    async fail(reason: RefreshFailure) {
      await logout({ silent: true, remote: false });
      deps.openAuth('login');
      await deps.clearSessionTasks?.().catch((e: unknown) => console.error('sync tasks', e));
      if (reason !== 'rejected') {
        const key =
          reason === 'unauthorized' ? 'error.tokenRefreshUnauthorized' : 'error.tokenRefreshInternal';
        deps.notifications.add({ type: 'error', message: translateMessage(key, deps.storeCode()) });
      }
    },
  });

  // ---- proactive refresh: shortly before the access token expires ----
  let timer: ReturnType<typeof setTimeout> | null = null;
  function schedule() {
    if (timer) clearTimeout(timer);
    timer = null;
    const { token } = store.get();
    const delay = refreshDelay(token);
    if (!token || delay === null || typeof window === 'undefined') return;
    timer = setTimeout(
      () => {
        timer = null;
        void refresher.refresh(token);
      },
      Math.min(delay, 2 ** 31 - 1),
    );
  }

  /** The group of a login/refresh answer (a group change shows here); without tiers, none. */
  const groupOf = (pair: TokenPair, s: UserState) => ({
    groupToken: pair.groupToken ?? null,
    groupId: pair.groupId ?? s.current?.group_id ?? null,
  });
  /** The profile with the group of `/user/me` (`group_token` only when tiers are on). */
  const withProfile = (s: UserState, current: CustomerProfile): UserState => ({
    ...s,
    current,
    groupToken: current.group_token ?? null,
    groupId: current.group_id ?? null,
  });

  /** Profile and order history (the first page). */
  async function loadSession(a: Api): Promise<void> {
    const asked = loginOf(store.get());
    await refreshProfile(a);
    // logged out meanwhile: nothing more to ask for the ended session
    if (loginOf(store.get()) !== asked) return;
    await refreshOrders(a).catch((e: unknown) => console.error('order history', e));
  }

  async function refreshProfile(a: Api): Promise<void> {
    const asked = loginOf(store.get());
    const current = await a.user.me();
    setForLogin(asked, (s) => withProfile(s, current));
  }

  async function refreshOrders(a: Api, page = 1): Promise<void> {
    const asked = loginOf(store.get());
    const history = await a.user.orderHistory(undefined, page);
    if (page === 1)
      setForLogin(asked, (s) => ({ ...s, ordersHistory: history.items, ordersTotal: history.total_count }));
  }

  /**
   * After login: checkout personal details from the profile, and the delivery fields from the saved
   * default delivery address (a login from checkout goes on with the saved details);
   * only empty fields are filled.
   */
  function prefillCheckout(profile: CustomerProfile) {
    const saved = (profile.addresses ?? []).find((a) => a.default_shipping) ?? profile.addresses?.[0];
    // the shipping names follow the personal ones (state/checkout.ts withPersonalDetails)
    deps.checkout.set((s) =>
      withSavedAddress(
        withPersonalDetails(s, {
          firstName: s.personalDetails.firstName || profile.firstname,
          lastName: s.personalDetails.lastName || profile.lastname,
          emailAddress: s.personalDetails.emailAddress || profile.email,
        }),
        saved,
      ),
    );
  }

  /**
   * The guest cart joins the customer's: `POST /cart/create` with the token answers the customer's
   * cart; the guest lines (without the guest cart's line ids) are pushed into it and the customer's
   * other lines pulled (the cart store's sync runs the domain's mergeCart).
   */
  async function mergeCart(a: Api): Promise<void> {
    const cartId = await a.cart.create();
    await deps.cart.moveTo(cartId);
  }

  async function startSession(a: Api, pair: TokenPair): Promise<void> {
    refresher.reset();
    store.set((s) => ({
      ...s,
      token: pair.token,
      refreshToken: pair.refreshToken,
      ...groupOf(pair, s),
      sessionStartedAt: Date.now(),
    }));
    schedule();
    try {
      await loadSession(a);
    } catch (e) {
      // "if the session fails to start the current user is cleared"
      store.set((s) => ({ ...initialUser, loaded: s.loaded }));
      throw e;
    }
    const profile = store.get().current;
    if (profile) prefillCheckout(profile);
    await mergeCart(a).catch((e: unknown) => console.error('cart merge', e));
  }

  /**
   * Logout (accounts-checkout-routes.md §4 "User session"): ends the session (server too, unless
   * `remote: false`), clears the cart, the user's data, the wish list and compare (`clearOnLogout`),
   * the checkout details, the order history and the refresh token; "You're logged out" unless silent.
   */
  async function logout(opts: { silent?: boolean; remote?: boolean } = {}): Promise<void> {
    const { token, refreshToken } = store.get();
    if (timer) clearTimeout(timer);
    timer = null;
    // Cleared first: a request answered 401 meanwhile must not try to refresh the ended session.
    store.set((s) => ({ ...initialUser, loaded: s.loaded }));
    deps.cart.clear();
    deps.checkout.set(initialCheckout);
    for (const clear of deps.clearOnLogout ?? []) clear();
    await persist();
    const a = apiOf();
    if (opts.remote !== false && (token || refreshToken)) {
      await a.user.logout(refreshToken, token).catch(() => undefined);
    }
    if (!opts.silent) {
      deps.notifications.add({
        type: 'success',
        message: translateMessage('user.loggedOut', deps.storeCode()),
      });
    }
  }

  return {
    store,
    refresher,
    /** The fetch layer's view of the session (api-client/api.ts ApiAuth). */
    auth: {
      token: () => store.get().token,
      refresh: (failed: string) => refresher.refresh(failed),
      group: () => {
        const { groupToken, groupId } = store.get();
        return { groupToken, groupId };
      },
    },
    /**
     * At start: the cached profile and token load; with a token the profile and order history
     * refresh; without one the state stays not authorised.
     */
    async init(): Promise<void> {
      const a = apiOf();
      await store.ready;
      if (!store.get().token) return;
      schedule();
      const asked = loginOf(store.get());
      await loadSession(a).catch((e: unknown) => {
        // refused because the shopper logged out meanwhile (its token ended): nothing went wrong
        if (loginOf(store.get()) === asked) console.error('user session', e);
      });
    },
    async login(email: string, password: string): Promise<void> {
      const a = apiOf();
      const pair = await a.user.login(email.trim(), password);
      await startSession(a, pair);
    },
    async register(input: {
      firstname: string;
      lastname: string;
      email: string;
      password: string;
    }): Promise<void> {
      const a = apiOf();
      const { password, ...customer } = input;
      await a.user.create({ ...customer, email: customer.email.trim() }, password);
      const pair = await a.user.login(customer.email.trim(), password);
      await startSession(a, pair);
    },
    logout,
    /** The order history (a page of it). */
    refreshOrders: (page = 1) => refreshOrders(apiOf(), page),
    /** The profile (and its group) again. */
    refreshProfile: () => refreshProfile(apiOf()),
    /** Profile edit (a new e-mail with the current password): answers the server's message ("Account data has successfully been updated"). */
    async updateProfile(
      customer: Parameters<Api['user']['updateMe']>[0],
      currentPassword?: string,
    ): Promise<string | null> {
      const a = apiOf();
      const asked = loginOf(store.get());
      const { profile, message } = await a.user.updateMe(customer, currentPassword);
      setForLogin(asked, (s) => ({ ...s, current: profile }));
      return message;
    },
    /** Test helper. */
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;

const currentStoreCode = (): StoreCode => {
  if (typeof window === 'undefined') return 'lt';
  const seg = window.location.pathname.split('/')[1];
  return seg === 'en' || seg === 'ru' ? seg : 'lt';
};

/** The app's session, persisted in IndexedDB and shared with other tabs. */
export const user = createUserStore({
  // the key the session is persisted under, which the refresh reads and writes (user-view.ts's)
  persistKey: 'user',
  store: userSession,
  cart: appCart,
  checkout: appCheckout,
  notifications: appNotifications,
  openAuth: (elem) => appUi.openAuth(elem),
  storeCode: currentStoreCode,
  clearOnLogout: [appWishlist.clear, appCompare.clear],
  // §4 "Token refresh ... untransmitted tasks cleared": the tasks bound to the ended session (their URL
  // carries the token). Queued orders are not: they go out with or without a session (an
  // order placed offline is created exactly once), so clearing them would lose a placed order.
  clearSessionTasks: async () => {
    for (const task of await syncQueue.list())
      if (!task.transmited && task.url.includes(TOKEN_PLACEHOLDER)) await syncQueue.discard(task.task_id);
  },
});
setBrowserAuth(user.auth);
// The session engine loads only for an account action, a persisted session or an account or checkout
// page, never ahead of need: the sync queue (root.tsx) starts with it, as it did when importing the
// cart engine started it (the cart engine itself now loads at idle, state/cart-view.ts).
wantEngines();
