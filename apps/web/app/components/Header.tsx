import { localizedPath } from '@vitrina/domain';
import { lazy, memo, Suspense, type ReactNode } from 'react';
import { Form } from 'react-router';
import { Link } from '../lib/link';
import { withWholeSheet } from '../inline-styles';
import { GlobalLoader } from './GlobalLoader';
import { useT } from '../i18n';
import type { MenuItem } from './navigation/menu';
import { useStoreCode } from '../lib/store';
import { useCartCount } from '../state/cart-view';
import { useCompare } from '../state/compare';
import { searchQuery, useSearchedWords } from '../state/search-query';
import { closeSearchPanelOnFocusOut } from './search-panel-focus';
import { ui, useUi } from '../state/ui';
import { useWishlist } from '../state/wishlist';
import { useUser } from '../state/user-view';
import { CategoryNav } from './CategoryNav';
import { HydrateLater } from './ui/HydrateLater';
import { LanguageSwitch } from './LanguageSwitch';
import { Logo } from './ui/Logo';
import { useShopInfo } from '../lib/shop-info';

/** An outlined header icon; hidden from screen readers (its control is labelled). */
function strokeIcon(size: number, d: string, extra: ReactNode = null) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" />
      {extra}
    </svg>
  );
}

/** The number on a header icon; the control's label already reads it out. */
function CountBadge({ count }: { count: number }) {
  return (
    <span className={count ? 'cart-count' : 'cart-count cart-count-0'} aria-hidden="true">
      {count}
    </span>
  );
}

const CART_ICON = strokeIcon(
  24,
  'M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.8a1 1 0 0 0 1-.8L20 7H6.2',
  <>
    <circle cx="9" cy="19" r="1.6" fill="currentColor" />
    <circle cx="17" cy="19" r="1.6" fill="currentColor" />
  </>,
);
const HEART_ICON = strokeIcon(
  22,
  'M12 21s-7.5-4.6-9.5-9.2C1 8.3 3.2 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.6 0 5.8 3.8 4.3 7.3C19.5 16.4 12 21 12 21z',
);
const COMPARE_ICON = strokeIcon(22, 'M5 20V10M12 20V4M19 20v-7');
const ACCOUNT_ICON = strokeIcon(
  24,
  'M4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
  <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />,
);
const SEARCH_ICON = strokeIcon(
  20,
  'm20 20-4.5-4.5',
  <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />,
);

/** The header's overlay toggles: what differs between the cart's and the wish list's. */
const TOGGLES = {
  microcart: { className: 'cart-btn', label: 'header.cartCount', icon: CART_ICON },
  wishlist: { className: 'wishlist-btn', label: 'header.wishlistCount', icon: HEART_ICON },
} as const;

/**
 * A header button that opens an overlay dialog (the cart, the wish list): an icon, a count badge, and
 * a label that reads the count out; aria-expanded follows the overlay.
 */
function OverlayToggle({ overlay, count }: { overlay: keyof typeof TOGGLES; count: number }) {
  const { className, label, icon } = TOGGLES[overlay];
  const open = useUi((s) => s[overlay]);
  const t = useT();
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={t(label, { count })}
      onClick={() => ui.open(overlay)}
    >
      {icon}
      <CountBadge count={count} />
    </button>
  );
}

/** Opens the mini cart; the count is of the cart's items. */
function CartButton() {
  const count = useCartCount();
  return <OverlayToggle overlay="microcart" count={count} />;
}

/** Opens the wish list overlay; the count is of this device's list. */
function WishlistButton() {
  const count = useWishlist().length;
  return <OverlayToggle overlay="wishlist" count={count} />;
}

/** The search panel's code loads the first time it opens. */
const SearchPanel = lazy(() =>
  withWholeSheet(import('./SearchPanel')).then((m) => ({ default: m.SearchPanel })),
);

/** The compare page, with the number of products chosen on this device. */
function CompareLink() {
  const storeCode = useStoreCode();
  const count = useCompare().length;
  const t = useT();
  return (
    <Link
      to={localizedPath(storeCode, '/compare')}
      // on a phone it shows only once something is compared (the bar has room for one more icon)
      className={count ? 'compare-link has-items' : 'compare-link'}
      aria-label={t('header.compareCount', { count })}
    >
      {COMPARE_ICON}
      <CountBadge count={count} />
    </Link>
  );
}

/** My account; with a session it greets the customer by first name. */
function AccountLink() {
  const storeCode = useStoreCode();
  const t = useT();
  const firstname = useUser((s) => (s.token ? (s.current?.firstname ?? '') : null));
  return (
    <Link to={localizedPath(storeCode, '/my-account')} className="account-link">
      {ACCOUNT_ICON}
      {/* the words show on a desktop; on a phone the icon stands for them (still read out) */}
      <span className="account-text">
        {firstname ? t('account.hello', { name: firstname }) : t('header.account')}
      </span>
    </Link>
  );
}

/**
 * The header's search field, a component of its own: it keeps the words of the search page shown,
 * which it reads from the location, so a navigation renders it again, not the whole header.
 */
function SearchField({ panelOpen, placeholder }: { panelOpen: boolean; placeholder: string }) {
  const searched = useSearchedWords();
  return (
    <input
      // a new search's words replace the field's (its own typing between searches stays)
      key={searched}
      id="search-q"
      name="q"
      type="search"
      defaultValue={searched}
      placeholder={placeholder}
      autoComplete="off"
      // aria-expanded is not allowed on a search field (axe aria-allowed-attr): the panel is a
      // region the field controls, announced through its polite status line
      aria-controls={panelOpen ? 'search-panel' : undefined}
      // focused: the panel offers the main categories until words are typed (then results)
      onFocus={(e) => {
        // the searched words it keeps are the panel's words too
        searchQuery.set(e.currentTarget.value);
        if (!ui.store.get().searchpanel) ui.open('searchpanel');
      }}
      onChange={(e) => {
        // results as you type: the panel opens with the first characters (from 3 it searches)
        searchQuery.set(e.target.value);
        if (e.target.value.trim() && !ui.store.get().searchpanel) ui.open('searchpanel');
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') ui.close('searchpanel');
        // Arrow down moves from the field to the first result
        if (e.key === 'ArrowDown') {
          const first = document.querySelector<HTMLElement>('#search-panel a');
          if (first) {
            e.preventDefault();
            first.focus();
          }
        }
      }}
    />
  );
}

/**
 * Memoised: the root layout renders again at every change of the router's state (its `useMatches`),
 * a navigation's start included; the header follows the location and its stores through its own hooks,
 * so that render has nothing for it (under 4× CPU slowdown it was a share of a filter's cost).
 */
export const Header = memo(function Header({
  menu,
  minimal = false,
}: {
  menu: MenuItem[];
  minimal?: boolean;
}) {
  const storeCode = useStoreCode();
  const t = useT();
  const sidebar = useUi((s) => s.sidebar);
  const searchPanel = useUi((s) => s.searchpanel);
  const home = localizedPath(storeCode, '/');
  const shop = useShopInfo();
  return (
    <header className={searchPanel ? 'site-header search-open' : 'site-header'}>
      {/* inside the banner landmark (axe "region"): it is fixed to the top of the window anyway */}
      <GlobalLoader />
      <a className="skip-link" href="#main">
        {t('header.skip')}
      </a>
      <div className="header-bar container">
        {minimal ? null : (
          <button
            type="button"
            className="menu-btn"
            aria-haspopup="dialog"
            aria-expanded={sidebar}
            onClick={() => ui.open('sidebar')}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
              <path d="M2 5h16M2 10h16M2 15h16" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span className="sr-only">{t('header.menu')}</span>
          </button>
        )}
        <Link to={home} className="logo" aria-label={t('header.home')}>
          <Logo name={shop?.name} src={shop?.logo_url} />
        </Link>
        {minimal ? null : (
          <Form
            method="get"
            action={localizedPath(storeCode, '/search')}
            role="search"
            className="search-form"
            // the field and its button: the focus leaving both (and the panel) closes the panel
            onBlur={closeSearchPanelOnFocusOut}
          >
            <label htmlFor="search-q" className="sr-only">
              {t('header.searchLabel')}
            </label>
            <SearchField panelOpen={searchPanel} placeholder={t('header.searchPlaceholder')} />
            <button type="submit" className="btn">
              {SEARCH_ICON}
              <span className="sr-only">{t('header.search')}</span>
            </button>
          </Form>
        )}
        <LanguageSwitch />
        {minimal ? null : (
          <>
            <AccountLink />
            <CompareLink />
            <WishlistButton />
            <CartButton />
          </>
        )}
      </div>
      {searchPanel && !minimal ? (
        <Suspense fallback={null}>
          <SearchPanel />
        </Suspense>
      ) : null}
      {minimal || menu.length === 0 ? null : (
        // The desktop's category bar is not shown on a phone (styles.css), where it was half of the
        // header's elements in the first screen's hydration. It hydrates on its own once it is seen
        // (at once on a desktop, after the first screen), at a click in it, or at the first idle moment.
        <HydrateLater idle>
          <CategoryNav menu={menu} />
        </HydrateLater>
      )}
    </header>
  );
});
