/**
 * The customer account's public face: the rest of the app imports only this (the
 * account's routes, routes/my-account*.tsx, and the special offers' page, which the account's
 * navigation frames). Inside: rules/ (pure: the navigation, the profile's and the address's values,
 * the history's pages, the newsletter's statuses), hooks/ (the session, calls and forms: a hook per
 * screen returning its view model), components/ (render only); each screen (a file here) wires a
 * hook to its component inside the account's frame, AccountPage. What the rest of the app shows too
 * stays in components/account/: the login, registration and reset forms with their rules (the login
 * modal, the reset page, the contact and stock alert forms), the form hook, the private pages' meta,
 * and an order's progress and status labels (the thank-you page).
 */
export { AccountPage } from './AccountPage';
export { AccountDashboard } from './AccountDashboard';
export { AccountDetails } from './AccountDetails';
export { AccountShipping } from './AccountShipping';
export { AccountNewsletter } from './AccountNewsletter';
export { AccountOrders } from './AccountOrders';
export { AccountOrder } from './AccountOrder';
export { AccountRecentlyViewed } from './AccountRecentlyViewed';
