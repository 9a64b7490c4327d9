/**
 * The cart feature's public face: the rest of the app imports only this (the app
 * shell's lazy overlay, root.tsx). Inside: rules/ (pure: a line's link and edit mode, the edited
 * line, when totals can be computed), hooks/ (the cart store's actions and the drawer's state: the
 * view models), components/ (render only). The store itself is state/cart.ts; the pieces the
 * checkout shows too (totals, summary lines, the sync-disabled notice) are in components/, below
 * both features.
 */
export { MiniCart } from './MiniCart';
