import type { AccountKey } from '../../../i18n/account';

/** The account area's navigation: its pages, and the customer's special offers. */
export const ACCOUNT_NAV: readonly { path: string; label: AccountKey; end?: boolean }[] = [
  { path: '/my-account', label: 'account.dashboard', end: true },
  { path: '/my-account/details', label: 'account.details' },
  { path: '/my-account/shipping-details', label: 'account.shipping' },
  { path: '/my-account/newsletter', label: 'account.newsletter' },
  { path: '/my-account/orders', label: 'account.orders' },
  { path: '/my-account/recently-viewed', label: 'account.recentlyViewed' },
  { path: '/special-offers', label: 'offers.title' },
];
