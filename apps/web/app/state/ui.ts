import { SUBMENU_CLOSE_DELAY_MS } from '@vitrina/domain';
import { createStore, useStore } from './store';

/** Overlays that turn the shared backdrop on (accounts-checkout-routes.md §2 "Overlays"). */
export const BACKDROP_OVERLAYS = [
  'microcart',
  'wishlist',
  'searchpanel',
  'sidebar',
  'productSidebar',
] as const;
export type BackdropOverlay = (typeof BACKDROP_OVERLAYS)[number];
export type Overlay = BackdropOverlay | 'newsletterPopup';
/** Which form the login/sign-up modal shows (the spec's authElem, default login). */
export type AuthElem = 'login' | 'register' | 'forgot-pass';

export interface UiState {
  microcart: boolean;
  wishlist: boolean;
  searchpanel: boolean;
  sidebar: boolean;
  productSidebar: boolean;
  newsletterPopup: boolean;
  /** The login/sign-up modal and its form. */
  authModal: boolean;
  authElem: AuthElem;
  /** The shared backdrop. */
  overlay: boolean;
  loader: boolean;
  submenu: { depth: number; path: string[] };
}

export const initialUi: UiState = {
  microcart: false,
  wishlist: false,
  searchpanel: false,
  sidebar: false,
  productSidebar: false,
  newsletterPopup: false,
  authModal: false,
  authElem: 'login',
  overlay: false,
  loader: false,
  submenu: { depth: 0, path: [] },
};

const isBackdropOverlay = (name: Overlay): name is BackdropOverlay =>
  (BACKDROP_OVERLAYS as readonly string[]).includes(name);

/**
 * The UI store: per tab and not persisted (an open drawer must not open in other tabs).
 * Rules: opening one of the five backdrop overlays closes the other four and turns the backdrop
 * on; closing one turns it off. The newsletter popup does not touch the backdrop.
 */
export function createUiStore(delayMs: number = SUBMENU_CLOSE_DELAY_MS) {
  const store = createStore<UiState>(initialUi);
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const setOverlay = (name: Overlay, open: boolean) => {
    store.set((s) => {
      if (!isBackdropOverlay(name)) return { ...s, [name]: open };
      const next: UiState = { ...s, [name]: open, overlay: open };
      if (open) for (const other of BACKDROP_OVERLAYS) if (other !== name) next[other] = false;
      if (name === 'sidebar' && !open) next.submenu = { depth: 0, path: [] };
      return next;
    });
  };

  return {
    store,
    open: (name: Overlay) => setOverlay(name, true),
    close: (name: Overlay) => setOverlay(name, false),
    toggle: (name: Overlay) => setOverlay(name, !store.get()[name]),
    /** Closes every overlay (the backdrop was clicked, or Escape pressed). */
    closeAll: () =>
      store.set((s) => ({
        ...s,
        microcart: false,
        wishlist: false,
        searchpanel: false,
        sidebar: false,
        productSidebar: false,
        overlay: false,
      })),
    /** Opens the login/sign-up modal on one of its forms. */
    openAuth: (authElem: AuthElem = 'login') => store.set((s) => ({ ...s, authModal: true, authElem })),
    closeAuth: () => store.set((s) => (s.authModal ? { ...s, authModal: false } : s)),
    setLoader: (loader: boolean) => store.set((s) => (s.loader === loader ? s : { ...s, loader })),
    /** Opens a submenu of the side menu: its id is appended to the path. */
    openSubmenu: (id: string) =>
      store.set((s) => ({ ...s, submenu: { depth: s.submenu.depth + 1, path: [...s.submenu.path, id] } })),
    /** Closes the deepest submenu; its path entry is removed after 300 ms (so it can animate out). */
    closeSubmenu: () => {
      const { depth, path } = store.get().submenu;
      if (!path.length) return;
      store.set((s) => ({ ...s, submenu: { ...s.submenu, depth: Math.max(0, depth - 1) } }));
      const timer = setTimeout(() => {
        timers.delete(timer);
        store.set((s) => ({ ...s, submenu: { ...s.submenu, path: s.submenu.path.slice(0, -1) } }));
      }, delayMs);
      timers.add(timer);
    },
    /** Test helper: cancels pending submenu timers. */
    dispose: () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

export type UiStore = ReturnType<typeof createUiStore>;

/** The app's UI store. */
export const ui = createUiStore();

export function useUi<T>(select: (s: UiState) => T): T {
  return useStore(ui.store, select);
}
